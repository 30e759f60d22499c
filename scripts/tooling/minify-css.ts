/**
 * The element's style sheets are `.css` files under `widget/` that its modules import as text
 * (`import card from './card.css?raw'`), and, where a sheet is computed (the frames' heights from their
 * geometry, a rule for a selector given: `widget/card/geometry.ts`, `widget/card/reservation.ts`), template
 * literals marked `/* css *\/`. No bundler minifies either: lightningcss does, here, for the vite build of the
 * bundle and of the package (`minifyStyleSheets`, a vite plugin) and for `resort-conditions.css`
 * (`minifyCss`), so a page loads the same small sheet however it gets the element.
 *
 * A computed piece may hold `${…}` pieces of others: in place of a selector (`${frame} {`), of
 * declarations (`${DARK}` inside a rule) or of rules (`${FRAME_GEOMETRY}`). Each stands in as a
 * placeholder of the same kind while lightningcss reads the piece, and is put back after. A piece it
 * cannot read that way (an interpolation inside a value) stays as it is written.
 */
import { readFileSync } from 'node:fs';
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

/**
 * The engines the sheets are minified for: vite's default build target (Baseline widely available). With
 * targets, lightningcss keeps the fallbacks those engines need (`width: -moz-available`,
 * `-webkit-fill-available` before `stretch`) instead of keeping the last declaration only.
 */
const TARGETS = {
  chrome: 111 << 16,
  edge: 111 << 16,
  firefox: 114 << 16,
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
};

/** A whole style sheet, minified. */
export function minifyCss(text: string, filename = 'style.css'): string {
  return transform({ filename, code: Buffer.from(text), minify: true, targets: TARGETS }).code.toString();
}

/** The placeholder of interpolation `index`, by where it stands. */
const SLOT = {
  selector: (index: number) => `.rc-slot-${index}`,
  declarations: (index: number) => `--rc-slot-${index}:0`,
  rules: (index: number) => `.rc-slot-${index}{--rc-slot:${index}}`,
};

/** A rule around a piece that holds declarations only (`--_bg: …; --_fg: …`), so that it reads as a sheet. */
const WRAPPER = '.rc-piece';

/** One `/* css *\/` piece, minified with its interpolations kept; undefined where lightningcss cannot read it. */
function minifyPiece(body: string): string | undefined {
  const expressions: string[] = [];
  const declarationsOnly = !/[{}]/.test(body.replace(/\$\{[^}]*\}/g, ''));
  let depth = 0;
  let sheet = '';
  let at = 0;
  for (const match of body.matchAll(/\$\{[^}]*\}/g)) {
    const text = body.slice(at, match.index);
    for (const char of text) depth += char === '{' ? 1 : char === '}' ? -1 : 0;
    at = match.index + match[0].length;
    const index = expressions.push(match[0]) - 1;
    sheet += text;
    if (/^\s*\{/.test(body.slice(at))) sheet += SLOT.selector(index);
    else if (depth > 0 || declarationsOnly) sheet += `${SLOT.declarations(index)};`;
    else sheet += SLOT.rules(index);
  }
  sheet += body.slice(at);
  let out: string;
  try {
    out = minifyCss(declarationsOnly ? `${WRAPPER}{${sheet}}` : sheet);
  } catch {
    return undefined;
  }
  if (declarationsOnly) {
    if (!out.startsWith(`${WRAPPER}{`) || !out.endsWith('}')) return undefined;
    // ends with its semicolon, so the declaration pasted after the piece stays a declaration of its own
    out = out.slice(WRAPPER.length + 1, -1);
    if (out && !out.endsWith(';')) out += ';';
  }
  // longest first: `.rc-slot-1` must not take the start of `.rc-slot-10`
  for (let index = expressions.length - 1; index >= 0; index--) {
    const kinds = [SLOT.rules(index), SLOT.declarations(index), SLOT.selector(index)];
    const kind = kinds.find((slot) => out.split(slot).length === 2);
    if (!kind) return undefined;
    out = out.replace(kind, () => expressions[index]!);
  }
  return out;
}

/** Each `/* css *\/ \`…\`` piece of a module, minified in place (the marker goes too). */
export function minifyStyleSheet(code: string): string {
  return code.replace(/\/\* css \*\/ `([^`]*)`/g, (whole, body: string) => {
    const minified = minifyPiece(body);
    return minified === undefined ? whole : `\`${minified}\``;
  });
}

/** A style sheet of the element's that a module imports as its text: `import css from './x.css?raw'`. */
const SHEET = /\/widget\/[\w/-]+\.css\?raw$/;

/**
 * The vite plugin: the element's style sheets minified, the `.css` files a module imports as text
 * (`?raw`, which vite's own CSS pipeline leaves alone) and the pieces of sheets in modules, before the
 * TypeScript transform strips their markers.
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
    transform(code, id) {
      return /\/widget\/[\w/-]+\.ts$/.test(id) && code.includes('/* css */ `')
        ? minifyStyleSheet(code)
        : undefined;
    },
  };
}
