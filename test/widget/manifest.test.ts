/**
 * The custom-elements manifest (`widget/custom-elements.json`): what @custom-elements-manifest/analyzer
 * makes of the elements with the project's config (`widget/custom-elements-manifest.config.mjs`), and what it
 * says of `<resort-conditions>`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CEM = join(ROOT, 'node_modules', '@custom-elements-manifest', 'analyzer', 'cem.js');
const ELEMENT_MODULE = 'widget/resort-conditions.ts';

const read = (path: string) => readFile(join(ROOT, path), 'utf8');

/** `npm run manifest`, written to a folder of its own: the manifest as the analyzer makes it now. */
async function analyzed(): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'rc-cem-'));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        CEM,
        'analyze',
        '--config',
        join('widget', 'custom-elements-manifest.config.mjs'),
        '--quiet',
        '--outdir',
        relative(ROOT, out),
      ],
      { cwd: ROOT },
    );
    return await readFile(join(out, 'custom-elements.json'), 'utf8');
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

interface Named {
  name: string;
  description?: string;
}

interface Declaration {
  name: string;
  customElement?: boolean;
  tagName?: string;
}

/** `<resort-conditions>` in the committed manifest. */
async function committedElement() {
  const manifest = JSON.parse(await read('widget/custom-elements.json')) as {
    modules: Array<{ path: string; declarations: Declaration[] }>;
  };
  // every module it keeps declares an element
  for (const module of manifest.modules)
    expect(
      module.declarations.some((d) => d.customElement),
      module.path,
    ).toBe(true);
  const module = manifest.modules.find((m) => m.path === ELEMENT_MODULE)!;
  const elements = module.declarations.filter((d) => d.customElement);
  expect(elements.map((e) => e.tagName)).toEqual(['resort-conditions']);
  return elements[0] as unknown as {
    name: string;
    tagName: string;
    attributes: (Named & { fieldName: string })[];
    members: (Named & { kind: string; reflects?: boolean })[];
    events: Named[];
    slots: Named[];
    cssParts: Named[];
    cssProperties: Named[];
  };
}

describe('the custom-elements manifest', () => {
  it('is what the analyzer makes of the elements now (regenerate with npm run manifest)', async () => {
    const generated = await analyzed();
    expect(await read('widget/custom-elements.json')).toBe(generated);
    expect(generated.endsWith('}\n')).toBe(true);
  }, 60_000);

  it('lists every attribute the element observes and every part its templates use', async () => {
    const element = await committedElement();
    const source = await read(ELEMENT_MODULE);
    const list = /static observedAttributes = \[([^\]]*)\];/.exec(source)![1]!;
    const observed = [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!).sort();
    expect(observed.sort()).toEqual(['days', 'layout', 'locale', 'outdated-after', 'resort', 'src', 'theme']);
    expect(element.attributes.map((a) => a.name).sort()).toEqual(observed);
    // `@reflect` on a property: its attribute follows its value
    expect(
      element.members
        .filter((m) => m.reflects)
        .map((m) => m.name)
        .sort(),
    ).toEqual(['resort', 'theme']);
    expect(element.attributes.find((a) => a.name === 'outdated-after')).toMatchObject({
      fieldName: 'outdatedAfter',
      type: { text: 'number' },
      default: '48',
      description: 'Hours after which the report is flagged as outdated.',
    });
    const templates =
      (
        await Promise.all(
          ['card', 'report', 'states', 'snow', 'forecast', 'attribution', 'compact'].map((f) =>
            read(`widget/render/${f}.ts`),
          ),
        )
      ).join('\n') + source;
    const used = new Set([...templates.matchAll(/part="(\w+)"/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(0);
    expect(new Set(element.cssParts.map((p) => p.name))).toEqual(used);
    expect(element.cssParts.every((p) => p.description)).toBe(true);
  });

  it('names the tag and documents the events, the slot and every custom property the styles read', async () => {
    const element = await committedElement();
    expect(element).toMatchObject({
      kind: 'class',
      name: 'ResortConditions',
      tagName: 'resort-conditions',
      customElement: true,
    });
    expect(element.events.map(({ name, description }) => [name, description])).toEqual([
      ['load', 'The report is shown. `detail: { resort, locale }`'],
      ['error', 'The files could not be loaded, or the resort is not in them. `detail: { resort, reason }`'],
    ]);
    expect(element.slots).toEqual([
      {
        name: '',
        description:
          "Shown before the script loads, while loading, and in place of an error message's extras.",
      },
    ]);
    const styled = new Set(
      [...(await read('widget/styles.ts')).matchAll(/var\((--rc-[\w-]+)/g)].map((m) => m[1]),
    );
    expect(styled.size).toBeGreaterThan(0);
    expect(new Set(element.cssProperties.map((p) => p.name))).toEqual(styled);
    expect(element.cssProperties.every((p) => p.description)).toBe(true);
  });
});
