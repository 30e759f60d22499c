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
import {
  CARD_SHEET,
  LIST_SHEET,
  STRIP_SHEET,
  cardSheet,
  listSheet,
  stripSheet,
  writtenSheets,
} from '../../scripts/tooling/geometry.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import {
  STRIP_ATTRIBUTION,
  STRIP_LINES,
  STRIP_STEPS,
  stripHeight,
} from '../../widget/card/compact-geometry.ts';
import { CARD, lineHeight } from '../../widget/card/geometry.ts';
import { LIST } from '../../widget/list/geometry.ts';
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
    expect(Object.keys(sheets)).toEqual([CARD_SHEET, STRIP_SHEET, LIST_SHEET]);
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

  it("writes the card's table: its widest frame, a rule for each number of tiles, each narrower step after the wider", () => {
    const css = minifyCss(cardSheet());
    expect(css).toContain(
      '.frame{--n:4;--_cols:var(--n);--_rows:1;--_rh:7.2em;--_base:35.5em;--_links:1;height:calc(var(--_base) + var(--_rows)*(var(--_rh) + .4em) - .4em + var(--_links)*max(0px,24px - 1.1375em) + 2*max(0px,24px - 1.12em) + var(--_season,0px));font-size:max(10px,min(1em,4.68751cqi))}',
    );
    expect(css).toContain('[data-n="1"]{--n:1}');
    expect(css).toContain(
      '[data-n="6"]{--n:6}@container (width<60em){.frame{--_base:41.2em;--_links:2}[data-n="6"]{--_cols:3;--_rows:2}}',
    );
    expect(css).toContain(
      '@container (width<26.6666em){.frame{--_base:52.7em;--_cols:1;--_rows:var(--n);--_rh:2.9em}}',
    );
    expect([...css.matchAll(/@container \(width<([\d.]+)em\)/g)].map((m) => Number(m[1]))).toEqual(
      CARD.steps.map((s) => s.below),
    );
    // the cascade is the table's order: a step after a narrower one that sets what it sets would lose to it
    const [w60, w37, w32, w42, ...rest] = CARD.steps;
    expect(() => cardSheet({ ...CARD, steps: [w37, w60, w32, w42, ...rest] })).toThrow(
      "the card's step under 60em sets --_base after the narrower step under 37.3333em, which would lose to it",
    );
    expect(() => cardSheet({ ...CARD, steps: [w60, w37, w32, ...rest, w42] })).toThrow(
      "the card's step under 42.6666em sets --_cols after the narrower step under 26.6666em, which would lose to it",
    );
    // the forecast's step under 640 px sets nothing the two before it set: after them, or before, the same rules
    expect(minifyCss(cardSheet({ ...CARD, steps: [w60, w42, w37, w32, ...rest] })).length).toBe(css.length);
  });

  it("writes the list's table: its narrowest frame, then each wider step, the table's from TABLE_FROM", () => {
    const css = minifyCss(listSheet());
    expect(css).toContain(
      '.frame{--_hr:1;--_head:calc(var(--_hr)*24px + .5em);--_row:9.6em;--_af:.7333em;--_ta:2;--_tb:2;height:calc(2px + 1.5em + 2em + var(--_head) + var(--_n,var(--rc-rows,1))*var(--_row) + .3em + 4px + var(--_ta)*1.1667*var(--_af) + var(--_tb)*24px);font-size:max(10px,min(1em,4.68751cqi))}',
    );
    expect(css).toContain(
      '@container (width>=30em){.frame{--_af:.8em}}@container (width>=40em){.frame{--_ta:1;--_tb:1}}',
    );
    expect(css).toContain('@container (width>=60em){.frame{--_head:2.75em;--_row:3em}}');
    expect(() => listSheet({ ...LIST, steps: [...LIST.steps].reverse() })).toThrow(
      "the list's step from 40em is not wider than the one before it",
    );
  });

  // a change of the one source, and each sheet that holds the layout's height: the element's (its shadow
  // root's, which is the source's sheet) and every page's, changed by that change and by nothing else
  it.each([
    {
      layout: 'card',
      path: CARD_SHEET,
      change: 'its widest base',
      written: () => cardSheet({ ...CARD, widest: { ...CARD.widest, base: 36.5 } }),
      from: '--_base: 35.5em',
      to: '--_base: 36.5em',
    },
    {
      layout: 'list',
      path: LIST_SHEET,
      change: 'its narrowest row',
      written: () => listSheet({ ...LIST, narrowestStep: { ...LIST.narrowestStep, row: 9.7 } }),
      from: '--_row: 9.6em',
      to: '--_row: 9.7em',
    },
  ])(
    "carries a change of the $layout's table ($change) to the element's sheet and to every page's",
    ({ path, written, from, to }) => {
      const source = readFileSync(new URL(`../../widget/${path}`, import.meta.url), 'utf8');
      expect(source).toContain(from);
      const css = written();
      expect(css).toContain(to);
      const edited = changed(path, css);
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

/**
 * The bodies of `selector`'s rules in a sheet of `widget/`, minified: at the top level, or in
 * `@container (condition)` as the minifier writes it.
 */
function rulesOf(path: string, selector: string, condition?: string): string[][] {
  const css = widget(path);
  const bodies: string[][] = [];
  const rules = (block: string) => {
    for (const [, sel, body] of block.matchAll(/([^{}]+)\{([^{}]*)\}/g))
      if (sel === selector) bodies.push(body!.split(';'));
  };
  let top = '';
  for (const part of css.split(/(@container \([^)]*\)\{(?:[^{}]*\{[^{}]*\})*\})/))
    if (!part.startsWith('@container')) top += part;
    else if (condition !== undefined && part.startsWith(`@container (${condition}){`))
      rules(part.slice(`@container (${condition}){`.length, -1));
  if (condition === undefined) rules(top);
  return bodies;
}

/** `declaration` as the minifier writes it. */
const minified = (declaration: string) => minifyCss(`a{${declaration}}`).slice(2, -1);

describe("the line heights a layout's own style sheets set", () => {
  // each: the sheet, the rule's selector (and its container query), and the declaration the table asks of it
  const strip = STRIP_LINES;
  const em = (line: { em?: readonly number[] }) => line.em!.reduce((a, b) => a * b, 1);
  const round = (n: number) => Math.round(n * 1e4) / 1e4;
  const header = (text: number, line: number) => round(text * line);
  it.each([
    // the strip's groups: their heights, their rows, their items' lines (compact.css)
    ['card/compact.css', '.compact header', `height: calc(var(--_g1) * ${em(strip.g1)}em)`],
    ['card/compact.css', '.compact .vals', `height: calc(var(--_g2) * ${em(strip.g2)}em)`],
    [
      'card/compact.css',
      '.compact .vals',
      `grid: auto-flow minmax(${em(strip.g2)}em, auto) / repeat(3, max-content)`,
    ],
    ['card/compact.css', '.compact .vals', `grid: ${em(strip.g2)}em / auto-flow max-content`, 'width>=48em'],
    ['card/compact.css', '.compact .skeleton .ph', `height: ${em(strip.g2)}em`],
    [
      'card/compact.css',
      '.compact .attribution',
      `height: calc(var(--_ta) * ${STRIP_ATTRIBUTION.line}em + var(--_tb) * ${strip.tb.px}px + 4px)`,
    ],
    [
      'card/compact.css',
      '.compact .attribution',
      `font: ${STRIP_ATTRIBUTION.text}em / ${STRIP_ATTRIBUTION.line} system-ui, sans-serif !important`,
    ],
    // the card's: the forecast's rows and their gap, a line of links and of the attribution, the targets
    ['card/content.css', '.days', `gap: ${CARD.rowGap}em`],
    ['card/content.css', '.days', 'grid: auto-flow var(--_rh) / repeat(var(--_cols), minmax(0, 1fr))'],
    ['card/content.css', '.links ul', `font-size: ${CARD.linksLine.text}em`],
    ['card/card.css', '.frame', `line-height: ${CARD.linksLine.line}`],
    [
      'attribution.css',
      '.attribution',
      `font: max(12px, ${CARD.attribution.text}em) / ${CARD.attribution.line} system-ui, sans-serif !important`,
    ],
    ['card/content.css', '.links a,.attribution a', `min-height: ${CARD.target}px`],
    // the list's: its frame, caption, header and rows, foot and attribution
    ['list/list.css', '.frame', `padding: ${LIST.padding}em 1em`],
    ['list/list.css', '.frame', `border: ${LIST.border}px solid var(--_line)`],
    ['list/list.css', 'caption', `height: ${LIST.caption}em`],
    ['list/list.css', 'thead tr', 'height: var(--_head)'],
    ['list/list.css', 'tbody tr', 'height: var(--_row)'],
    ['list/list.css', '.foot', `margin-top: ${LIST.foot}em`],
    [
      'list/list-narrow.css',
      '.attribution',
      `height: calc(var(--_ta) * ${LIST.attributionLine}em + var(--_tb) * ${LIST.target}px + ${2 * LIST.attributionPadding}px)`,
    ],
    ['list/list-narrow.css', '.attribution', `padding: ${LIST.attributionPadding}px 0.5em`],
    [
      'list/list-narrow.css',
      '.attribution',
      `font: var(--_af) / ${LIST.attributionLine} system-ui, sans-serif !important`,
    ],
  ] as const)('are the table’s: %s, %s { %s }', (path, selector, declaration, condition?: string) => {
    const rules = rulesOf(path, selector, condition);
    expect(rules.length, `widget/${path} has no rule ${selector}`).toBeGreaterThan(0);
    expect(
      rules.some((body) => body.includes(minified(declaration))),
      `widget/${path}: ${selector} does not set ${declaration}, which its layout's table counts`,
    ).toBe(true);
  });

  it("are what the tables' lines of text add up to, to the 4 decimals each writes", () => {
    // the strip's attribution: 0.7333em in lines of 1.2727 is its line of 0.9333em
    expect(header(STRIP_ATTRIBUTION.text, STRIP_ATTRIBUTION.line)).toBe(em(strip.ta));
    // the strip's name, state and update each centred in a line of the first group (compact.css)
    for (const [selector, text, condition] of [
      ['.compact h2', 1.1],
      ['.compact .status', 0.875],
      ['.compact time', 0.8125],
      ['.compact :is(.status,time)', 0.8, 'width<32em'],
    ] as const) {
      const line = rulesOf('card/compact.css', selector, condition)
        .flat()
        .find((d) => d.startsWith('line-height:'));
      expect(header(text, Number(line!.split(':')[1])), selector).toBe(em(strip.g1));
    }
    // the strip's figures centred in a line of the second group
    const figures = rulesOf('card/compact.css', '.compact .strip>div,.compact .note').flat();
    expect(figures).toContain(minified('font-size: 0.9375em'));
    const line = figures.find((d) => d.startsWith('line-height:'))!;
    expect(header(0.9375, Number(line.split(':')[1]))).toBe(em(strip.g2));
    // the card's lines of links and of attribution, as its sheet writes them
    expect([lineHeight(CARD.linksLine), lineHeight(CARD.attribution)]).toEqual([1.1375, 1.12]);
    expect(cardSheet()).toContain('max(0px, 24px - 1.1375em)');
  });
});
