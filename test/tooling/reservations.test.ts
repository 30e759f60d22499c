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
} from '../../scripts/tooling/reservations.ts';

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
    expect(frame).toMatch(/height:round\(up, calc\([^;]*\) - \.01px, 1px\)/);
  });
});
