/**
 * The pages' own style sheets are the element's rules for the page's selectors (scripts/tooling/reservations.ts):
 * each rule of a sheet of the shadow root, written for another selector, and nothing else changed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minifyCss } from '../../scripts/tooling/minify-css.ts';
import {
  frameReservation,
  listReservation,
  reservation,
  retarget,
  type SheetReader,
} from '../../scripts/tooling/reservations.ts';
import { STRIP_SHEET, stripSheet, writtenSheets } from '../../scripts/tooling/geometry.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { STRIP_LINES, STRIP_STEPS, stripHeight } from '../../widget/card/compact-geometry.ts';
import { styles } from '../../widget/card/styles.ts';
import { listStyles } from '../../widget/list/styles.ts';

const widget = (path: string) =>
  minifyCss(readFileSync(new URL(`../../widget/${path}`, import.meta.url), 'utf8'));

describe('retarget', () => {
  it("writes each rule of an element's sheet for the page's selector, and nothing else", () => {
    const strip = minifyCss(
      retarget('card/compact-geometry.css', { '.compact': 'x-strip:not(:defined)::before' }),
    );
    expect(strip).toMatch(/^x-strip:not\(:defined\):before\{--_g1:1;/);
    expect(strip.split('x-strip:not(:defined):before').join('.compact')).toBe(
      widget('card/compact-geometry.css'),
    );
  });

  it('refuses a sheet with a selector the map does not name, naming the sheet', () => {
    expect(() => retarget('card/geometry.css', { '.frame': 'x-card' })).toThrow(
      /widget\/card\/geometry\.css has selectors with no page's selector: .*"data-n"/,
    );
    expect(() => retarget('host-box.css', { ':host': 'a, b' })).toThrow(/"a, b" is not one selector/);
  });
});

describe("the pages' sheets", () => {
  it("give an undefined card and list the host's box, as weightless as the shadow root's :host", () => {
    const box = widget('host-box.css').replace(/^:host\{|\}$/g, '');
    for (const [sheet, element] of [
      [reservation(), 'resort-conditions'],
      [listReservation(), 'resort-conditions-list'],
    ] as const) {
      const rule = new RegExp(`:where\\(${element}:not\\(:defined\\)\\)\\{([^}]*)\\}`).exec(minifyCss(sheet));
      expect(rule, element).not.toBeNull();
      const declarations = new Set(rule![1]!.split(';'));
      for (const declaration of [...box.split(';'), 'display:block', 'contain:layout'])
        expect(declarations, `${element}: ${declaration}`).toContain(declaration);
    }
  });

  it("hold the card's geometry for the page's selectors, rescaled in an iframe", () => {
    const card = minifyCss(reservation());
    expect(card).toMatch(
      /:where\(resort-conditions:not\(:defined\)\)\[resort\]:before\{[^}]*;--n:4;[^}]*height:calc/,
    );
    expect(card).toContain(':where(resort-conditions:not(:defined))[days="5"]:before{--n:6}');
    expect(card).toContain(':where(resort-conditions:not(:defined))[season]:before{--_season:10.4em}');
    const frame = minifyCss(frameReservation());
    // 60em of the card's text is 56.25em of the reader's
    expect(frame).toContain(
      '@container (width<56.25em){.resort-conditions-frame:not([data-layout=list])>iframe{',
    );
    expect(frame).toContain('font-size:max(10px,min(.9375em,');
    expect(frame).toMatch(/height:round\(up,calc\([^;]*\) - \.01px,1px\)/);
  });
});

/** The element's sheets as `widget/` holds them, but `path`'s, which is `css`. */
const changed =
  (path: string, css: string): SheetReader =>
  (p) =>
    p === path ? css : readFileSync(new URL(`../../widget/${p}`, import.meta.url), 'utf8');

describe("each layout's one source of its height", () => {
  it('is the table a written sheet is written from: the sheet as written is the table’s (npm run geometry)', async () => {
    const sheets = await writtenSheets();
    expect(Object.keys(sheets)).toEqual([STRIP_SHEET]);
    for (const [path, css] of Object.entries(sheets))
      expect(
        readFileSync(new URL(`../../widget/${path}`, import.meta.url), 'utf8'),
        `widget/${path} is not its table's: npm run geometry writes it`,
      ).toBe(css);
  });

  it("writes each of a table's lines and steps into the strip's sheet, and its height is the table's", () => {
    const css = minifyCss(stripSheet());
    expect(css).toContain(
      '.compact{--_g1:1;--_g2:1;--_ta:0;--_tb:1;height:calc(1.4em + 32px + var(--_g1)*1.45em + var(--_g2)*1.4em + var(--_ta)*.9333em + var(--_tb)*24px)}',
    );
    expect(css).toContain('@container (width<36em){.compact{--_g1:2;--_ta:2;--_tb:2}}');
    // the widest step at the default 15 px: 21 + 32 + 21.75 + 21 + 0 + 24
    expect(stripHeight(STRIP_STEPS[0], 15)).toBeCloseTo(119.75, 4);
  });

  // a change of the one source, and each sheet that holds the layout's height: the element's (its shadow
  // root's, which is the source's text) and every page's, changed by that change and by nothing else
  it.each([
    { layout: 'card', path: 'card/geometry.css', from: '--_base: 35.5em', to: '--_base: 36.5em' },
    { layout: 'list', path: 'list/geometry.css', from: '--_row: 9.6em', to: '--_row: 9.7em' },
  ])(
    "carries a change of the $layout's $path to the element's sheet and to every page's",
    ({ path, from, to }) => {
      const source = readFileSync(new URL(`../../widget/${path}`, import.meta.url), 'utf8');
      expect(source).toContain(from);
      const edited = changed(path, source.replace(from, to));
      const [was, now] = [minifyCss(`a{${from}}`), minifyCss(`a{${to}}`)].map((r) => r.slice(2, -1));
      const element = path.startsWith('list') ? listStyles : styles;
      expect(element).toContain(minifyCss(source));
      const pages = path.startsWith('list')
        ? [listReservation, frameReservation]
        : [reservation, frameReservation];
      for (const page of pages) {
        const before = minifyCss(page());
        const after = minifyCss(page(edited));
        expect(after, page.name).not.toBe(before);
        expect(after.split(now!).join(was!), page.name).toBe(before);
      }
    },
  );

  it("carries a change of the strip's table to its sheet and to every page's", () => {
    const taller = { ...STRIP_LINES, tb: { px: 26 } };
    const steps = STRIP_STEPS.map((s) => (s.from === 48 ? { ...s, g2: 2 } : s));
    expect(stripHeight(steps[1]!, 15, taller)).toBeCloseTo(stripHeight(STRIP_STEPS[1], 15) + 2 + 21, 4);
    const edited = changed(STRIP_SHEET, stripSheet(steps, taller));
    for (const page of [reservation, frameReservation]) {
      const before = minifyCss(page());
      const after = minifyCss(page(edited));
      expect(after, page.name).toContain('var(--_tb)*26px');
      expect(after.replace('var(--_tb)*26px', 'var(--_tb)*24px'), page.name).not.toBe(before);
    }
    expect(minifyCss(stripSheet(steps, taller))).toContain(
      '@container (width<68em){.compact{--_g2:2;--_ta:1}}',
    );
    expect(styles).toContain(minifyCss(stripSheet()));
  });

  it('is what the bundle publishes: the pages’ sheets in lib/browser/bundle/ are the sources’ as they are', async () => {
    const files = await elementFiles();
    const published = (name: string) =>
      Buffer.from(files.find((f) => f.path === name)!.bytes).toString('utf8');
    expect(published('resort-conditions.css')).toBe(`${minifyCss(reservation())}\n`);
    expect(published('resort-conditions-list.base.css')).toBe(`${minifyCss(listReservation())}\n`);
    expect(published('resort-conditions-frame.css')).toBe(`${minifyCss(frameReservation())}\n`);
  });
});
