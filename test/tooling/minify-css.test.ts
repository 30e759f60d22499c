import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { minifyCss, minifyStyleSheets } from '../../scripts/tooling/minify-css.ts';

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

  it('answers every .css file under widget/, and no module of the element holds a sheet of its own', () => {
    const widget = fileURLToPath(new URL('../../widget/', import.meta.url));
    const files = readdirSync(widget, { recursive: true, encoding: 'utf8' });
    const sheets = files.filter((f) => f.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(15);
    for (const sheet of sheets)
      expect(load(`${join(widget, sheet)}?raw`), sheet).toMatch(/^export default "/);
    // no style sheet in a string: no marked template literal, no rule written in TypeScript
    for (const file of files.filter((f) => f.endsWith('.ts'))) {
      const code = readFileSync(join(widget, file), 'utf8');
      expect(code, file).not.toContain('/* css */');
      expect(code, file).not.toMatch(/`\s*[:.\w[\]='-]+\s*\{\s*[\w-]+:[^`]*\}/);
    }
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

  it('leaves no white space around * and / or after a comma in a math function, and keeps it elsewhere', () => {
    expect(
      minifyCss(
        'a > * { height: calc(var(--a) * 2em + 1px); width: max(0px, 24px - var(--b) / 2); font: var(--f, 1em / 1.4 x, y); }',
      ),
    ).toBe(
      'a>*{height:calc(var(--a)*2em + 1px);width:max(0px,24px - var(--b)/2);font:var(--f,1em / 1.4 x, y)}',
    );
    expect(minifyCss('a { --y: .2 * pow((var(--r) / 255 + .055) / 1.055, 2.4); }')).toBe(
      'a{--y:.2 * pow((var(--r)/255 + .055)/1.055,2.4)}',
    );
  });
});
