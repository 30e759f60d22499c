import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { customElementsJson, ELEMENT_MODULE } from '../../scripts/site/cem.ts';

const read = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');

interface Named {
  name: string;
  description?: string;
}

/** The element's entry in the committed manifest. */
async function committedElement() {
  const manifest = JSON.parse(await read('widget/custom-elements.json'));
  expect(manifest.modules.map((m: { path: string }) => m.path)).toEqual([ELEMENT_MODULE]);
  const elements = manifest.modules[0].declarations.filter((d: { customElement?: boolean }) => d.customElement);
  expect(elements).toHaveLength(1);
  return elements[0] as {
    name: string;
    tagName: string;
    attributes: (Named & { fieldName: string })[];
    events: Named[];
    slots: Named[];
    cssParts: Named[];
    cssProperties: Named[];
  };
}

describe('the custom-elements manifest', () => {
  it('is what the analyzer makes of the element now (regenerate with npx tsx scripts/generate-cem.ts)', async () => {
    const generated = await customElementsJson();
    expect(await read('widget/custom-elements.json')).toBe(generated);
    expect(generated.endsWith('}\n')).toBe(true);
    expect(await customElementsJson()).toBe(generated);
  });

  it('lists every attribute the element observes and every part its templates use', async () => {
    const element = await committedElement();
    const source = await read(ELEMENT_MODULE);
    const list = /static observedAttributes = \[([^\]]*)\];/.exec(source)![1]!;
    const observed = [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!).sort();
    expect(observed.sort()).toEqual(['days', 'locale', 'outdated-after', 'resort', 'src', 'theme']);
    expect(element.attributes.map((a) => a.name).sort()).toEqual(observed);
    expect(element.attributes.find((a) => a.name === 'outdated-after')).toMatchObject({
      fieldName: 'outdatedAfter',
      type: { text: 'number' },
      default: '48',
      description: 'Hours after which the report is flagged as outdated.',
    });
    const templates =
      (await Promise.all(['card', 'report', 'states', 'snow', 'forecast', 'attribution'].map((f) => read(`widget/render/${f}.ts`)))).join('\n') +
      source;
    const used = new Set([...templates.matchAll(/part="(\w+)"/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(0);
    expect(new Set(element.cssParts.map((p) => p.name))).toEqual(used);
    expect(element.cssParts.every((p) => p.description)).toBe(true);
  });

  it('names the tag and documents the events, the slot and every custom property the styles read', async () => {
    const element = await committedElement();
    expect(element).toMatchObject({ kind: 'class', name: 'ResortConditions', tagName: 'resort-conditions', customElement: true });
    expect(element.events.map(({ name, description }) => [name, description])).toEqual([
      ['load', 'The report is shown. `detail: { resort, locale }`'],
      ['error', 'The files could not be loaded, or the resort is not in them. `detail: { resort, reason }`'],
    ]);
    expect(element.slots).toEqual([
      { name: '', description: "Shown before the script loads, while loading, and in place of an error message's extras." },
    ]);
    const styled = new Set([...(await read('widget/styles.ts')).matchAll(/var\((--rc-[\w-]+)/g)].map((m) => m[1]));
    expect(styled.size).toBeGreaterThan(0);
    expect(new Set(element.cssProperties.map((p) => p.name))).toEqual(styled);
    expect(element.cssProperties.every((p) => p.description)).toBe(true);
  });
});
