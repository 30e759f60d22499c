import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { minifyCss, minifyStyleSheet, minifyStyleSheets } from '../../scripts/tooling/minify-css.ts';

describe('minifyStyleSheet', () => {
  it('minifies each /* css */ piece, a list of declarations with its last semicolon, and keeps its interpolations where they stand', () => {
    const code = [
      'const A = /* css */ `',
      '  --a: var(--x, #ffffff);',
      '  width: 100%;',
      '  width: -webkit-fill-available;',
      '  width: stretch;',
      '`;',
      'const B = /* css */ `',
      '  ${frame} { color: red; }',
      '  :host { ${A} }',
      '  ${RULES}',
      '  @container (width < 30em) { ${frame} { --n: 2; } }',
      '`;',
    ].join('\n');
    expect(minifyStyleSheet(code)).toBe(
      [
        'const A = `--a:var(--x,#fff);width:100%;width:-webkit-fill-available;width:stretch;`;',
        'const B = `${frame}{color:red}:host{${A}}${RULES}@container (width<30em){${frame}{--n:2}}`;',
      ].join('\n'),
    );
  });

  it.each(['widget/card/geometry.ts', 'widget/card/reservation.ts'])(
    'minifies every piece of %s, none left as written',
    (file) => {
      const code = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(code).toContain('/* css */ `');
      const minified = minifyStyleSheet(code);
      expect(minified).not.toContain('/* css */');
      expect(minified.length).toBeLessThan(code.length);
    },
  );

  it('leaves a piece with an interpolation inside a value as it is written', () => {
    expect(minifyStyleSheet('const C = /* css */ `a { width: ${w}px; }`;')).toBe(
      'const C = /* css */ `a { width: ${w}px; }`;',
    );
  });
});

describe('minifyStyleSheets: a style sheet a module imports as text', () => {
  const load = (id: string) => {
    const hook = minifyStyleSheets().load as (id: string) => string | undefined;
    return hook(id);
  };

  it("answers an element's .css file minified, as a module of its text", () => {
    const file = fileURLToPath(new URL('../../widget/card/compact.css', import.meta.url));
    const module = load(`${file}?raw`);
    expect(module).toBe(`export default ${JSON.stringify(minifyCss(readFileSync(file, 'utf8'), file))};`);
    // its comments gone, its rules on one line
    expect(module).toMatch(/^export default ".compact .content\{gap:\.3em\}/);
    expect(module).not.toContain('/*');
  });

  it('leaves any other import to vite: a file outside widget/, a sheet imported as a sheet', () => {
    expect(load('/somewhere/else/style.css?raw')).toBeUndefined();
    expect(load(fileURLToPath(new URL('../../widget/card/compact.css', import.meta.url)))).toBeUndefined();
  });
});

describe('minifyCss', () => {
  it('keeps the fallbacks the targeted engines need', () => {
    expect(minifyCss('a { width: 100%; width: -moz-available; width: stretch; }')).toBe(
      'a{width:100%;width:-moz-available;width:stretch}',
    );
  });
});
