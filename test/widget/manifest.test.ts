import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { customElementsManifest } from '../../scripts/site/manifest-cem.ts';

describe('the custom-elements manifest', () => {
  it('is current with the element\'s JSDoc (regenerate with npx tsx scripts/generate-cem.ts)', async () => {
    const source = await readFile('widget/resort-conditions.ts', 'utf8');
    const committed = JSON.parse(await readFile('widget/custom-elements.json', 'utf8'));
    expect(committed).toEqual(customElementsManifest(source));
  });

  it('lists every attribute the element observes and every part its templates use', async () => {
    const manifest = JSON.parse(await readFile('widget/custom-elements.json', 'utf8'));
    const declaration = manifest.modules[0].declarations[0];
    const source = await readFile('widget/resort-conditions.ts', 'utf8');
    const props = /static override properties = \{([\s\S]*?)\n  \};/.exec(source)![1]!;
    const observed = [...props.matchAll(/^\s+(\w+): \{([^}]*)\}/gm)]
      .filter(([, , options]) => !options!.includes('state: true'))
      .map(([, name, options]) => /attribute: '([^']+)'/.exec(options!)?.[1] ?? name);
    expect(declaration.attributes.map((a: any) => a.name).sort()).toEqual(observed.sort());
    const templates = (await Promise.all(['states', 'snow', 'forecast', 'attribution'].map((f) => readFile(`widget/render/${f}.ts`, 'utf8')))).join('\n') + source;
    const used = new Set([...templates.matchAll(/part="(\w+)"/g)].map((m) => m[1]));
    expect(new Set(declaration.cssParts.map((p: any) => p.name))).toEqual(used);
  });
});
