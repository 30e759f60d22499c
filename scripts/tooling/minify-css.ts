/**
 * The element's style sheets are `.css` files under `widget/` that its modules import as text
 * (`import card from './card.css?raw'`). No bundler minifies them: lightningcss does, here, for the vite
 * build of the bundle and of the package (`minifyStyleSheets`, a vite plugin) and for the pages' own sheets
 * (`minifyCss`: `resort-conditions.css` and its siblings, reservations.ts), so a page loads the same small
 * sheet however it gets the element.
 */
import { readFileSync } from 'node:fs';
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

/**
 * The engines the sheets are minified for: vite's default build target (Baseline widely available). With
 * targets, lightningcss keeps the fallbacks those engines need (`width: -moz-available`,
 * `-webkit-fill-available` before `stretch`) instead of keeping the last declaration only.
 */
export const TARGETS = {
  chrome: 111 << 16,
  edge: 111 << 16,
  firefox: 114 << 16,
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
};

/** A whole style sheet, minified. */
export function minifyCss(text: string, filename = 'style.css'): string {
  return tighterMath(
    transform({ filename, code: Buffer.from(text), minify: true, targets: TARGETS }).code.toString(),
  );
}

/** Where in `css` the parenthesis opened at `open` closes (the end of `css` when it never does). */
export function closingParenthesis(css: string, open: number): number {
  let depth = 0;
  let end = open;
  for (; end < css.length; end++) {
    if (css[end] === '(') depth++;
    else if (css[end] === ')' && --depth === 0) break;
  }
  return end;
}

/**
 * `css` without the white space around `*`, `/` and after `,` in each math function (`calc()`, `min()`,
 * `max()`, `clamp()`, `round()`, `pow()`), which CSS does not need there (around `+` and `-` it does) and lightningcss
 * keeps as written where the function holds a `var()`: the geometry's heights are such sums of products.
 */
export function tighterMath(css: string): string {
  let out = '';
  let at = 0;
  for (const match of css.matchAll(/(?<![\w-])(?:calc|min|max|clamp|round|pow)\(/g)) {
    if (match.index < at) continue;
    const end = closingParenthesis(css, match.index + match[0].length - 1);
    out +=
      css.slice(at, match.index) +
      css
        .slice(match.index, end + 1)
        .replace(/\s*([*/])\s*/g, '$1')
        .replace(/,\s+/g, ',');
    at = end + 1;
  }
  return out + css.slice(at);
}

/** A style sheet of the element's that a module imports as its text: `import css from './x.css?raw'`. */
const SHEET = /\/widget\/[\w/-]+\.css\?raw$/;

/**
 * The vite plugin: each of the element's style sheets, minified, as the text its module imports (`?raw`,
 * which vite's own CSS pipeline leaves alone).
 */
export function minifyStyleSheets(): Plugin {
  return {
    name: 'minify-style-sheets',
    enforce: 'pre',
    load(id) {
      if (!SHEET.test(id)) return undefined;
      const file = id.slice(0, -'?raw'.length);
      return `export default ${JSON.stringify(minifyCss(readFileSync(file, 'utf8'), file))};`;
    },
  };
}
