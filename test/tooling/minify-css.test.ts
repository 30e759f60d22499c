import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minifyCss, minifyStyleSheet } from '../../scripts/tooling/minify-css.ts';

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

  it.each(['widget/card/styles.ts', 'widget/card/reservation.ts'])(
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

describe('minifyCss', () => {
  it('keeps the fallbacks the targeted engines need', () => {
    expect(minifyCss('a { width: 100%; width: -moz-available; width: stretch; }')).toBe(
      'a{width:100%;width:-moz-available;width:stretch}',
    );
  });
});
