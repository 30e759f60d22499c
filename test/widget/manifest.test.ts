/**
 * The custom-elements manifest (`widget/custom-elements.json`): what @custom-elements-manifest/analyzer
 * makes of the elements with the project's config (`widget/custom-elements-manifest.config.mjs`), and what it
 * says of `<resort-conditions>` and `<resort-conditions-list>`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { styles } from '../../widget/card/styles.ts';
import { describe, expect, it } from 'vitest';
import { listReservation } from '../../scripts/tooling/reservations.ts';
import { listStyles } from '../../widget/list/styles.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CEM = join(ROOT, 'node_modules', '@custom-elements-manifest', 'analyzer', 'cem.js');
const ELEMENT_MODULE = 'widget/card/resort-conditions.ts';
const LIST_MODULE = 'widget/list/resort-conditions-list.ts';

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

interface Element {
  name: string;
  tagName: string;
  attributes: (Named & { fieldName: string })[];
  members: (Named & { kind: string; reflects?: boolean; privacy?: string })[];
  events: Named[];
  slots: Named[];
  cssParts: Named[];
  cssProperties: Named[];
}

/** The committed manifest's element of a module and tag. */
async function committedElement(path = ELEMENT_MODULE, tag = 'resort-conditions'): Promise<Element> {
  const manifest = JSON.parse(await read('widget/custom-elements.json')) as {
    modules: Array<{ path: string; declarations: Declaration[] }>;
  };
  // every module it keeps declares an element, and there are the two elements' modules
  for (const module of manifest.modules)
    expect(
      module.declarations.some((d) => d.customElement),
      module.path,
    ).toBe(true);
  expect(manifest.modules.map((m) => m.path)).toEqual([ELEMENT_MODULE, LIST_MODULE]);
  const module = manifest.modules.find((m) => m.path === path)!;
  const elements = module.declarations.filter((d) => d.customElement);
  expect(elements.map((e) => e.tagName)).toEqual([tag]);
  return elements[0] as unknown as Element;
}

/** The `--rc-*` custom properties a style sheet's source reads. */
/** The custom properties a style sheet reads. */
const customProperties = (sheet: string) =>
  new Set([...sheet.matchAll(/var\((--rc-[\w-]+)/g)].map((m) => m[1]));

/** The attributes an element observes: those of its `defaults` (element.ts), in kebab case. */
const observedOf = (source: string) =>
  [.../static override defaults = \{([^}]*)\};/.exec(source)![1]!.matchAll(/(\w+):/g)]
    .map((m) => [m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), m[1]!])
    .sort();

/** The parts named in templates' sources. */
const partsOf = (sources: string) => new Set([...sources.matchAll(/part="([\w-]+)"/g)].map((m) => m[1]));

describe('the custom-elements manifest', () => {
  it('is what the analyzer makes of the elements now (regenerate with npm run manifest)', async () => {
    const generated = await analyzed();
    expect(await read('widget/custom-elements.json')).toBe(generated);
    expect(generated.endsWith('}\n')).toBe(true);
  }, 60_000);

  it('lists every attribute the element observes and every part its templates use', async () => {
    const element = await committedElement();
    const source = await read(ELEMENT_MODULE);
    const observed = observedOf(source).map(([attribute]) => attribute!);
    expect(observed).toEqual([
      'days',
      'layout',
      'locale',
      'outdated-after',
      'resort',
      'season',
      'src',
      'theme',
    ]);
    expect(element.attributes.map((a) => a.name).sort()).toEqual(observed);
    // `@reflect` on a property: its attribute follows its value
    expect(
      element.members
        .filter((m) => m.reflects)
        .map((m) => m.name)
        .sort(),
    ).toEqual(['resort', 'season', 'theme']);
    // a boolean attribute: there or not
    expect(element.attributes.find((a) => a.name === 'season')).toMatchObject({
      fieldName: 'season',
      type: { text: 'boolean' },
      default: 'false',
    });
    expect(element.attributes.find((a) => a.name === 'outdated-after')).toMatchObject({
      fieldName: 'outdatedAfter',
      type: { text: 'number' },
      default: '48',
      description: 'Hours after which the report is flagged as outdated.',
    });
    const templates =
      (
        await Promise.all(
          [
            'card/render',
            'card/report',
            'card/states',
            'card/messages',
            'card/snow',
            'card/forecast',
            'attribution',
            'card/compact',
          ].map((f) => read(`widget/${f}.ts`)),
        )
      ).join('\n') +
      source +
      (await read('widget/season/chart.ts'));
    const used = partsOf(templates);
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
      [
        'error',
        'The files could not be loaded, or the resort is not in them. `detail: { resort, code, reason }`',
      ],
    ]);
    expect(element.slots).toEqual([
      {
        name: '',
        description:
          "Shown before the script loads, while loading, and in place of an error message's extras.",
      },
    ]);
    // the card's style sheet as the element adopts it, whatever module each of its rules lives in
    const styled = customProperties(styles);
    expect(styled.size).toBeGreaterThan(0);
    expect(new Set(element.cssProperties.map((p) => p.name))).toEqual(styled);
    expect(element.cssProperties.every((p) => p.description)).toBe(true);
  });
});

describe('the custom-elements manifest of <resort-conditions-list>', () => {
  it('lists every attribute the list observes, as its properties, with their defaults', async () => {
    const element = await committedElement(LIST_MODULE, 'resort-conditions-list');
    expect(element).toMatchObject({
      kind: 'class',
      name: 'ResortConditionsList',
      tagName: 'resort-conditions-list',
      customElement: true,
    });
    const source = await read(LIST_MODULE);
    const observed = observedOf(source);
    expect(observed.map(([attribute]) => attribute).sort()).toEqual([
      'href-pattern',
      'locale',
      'outdated-after',
      'region',
      'resorts',
      'src',
      'theme',
    ]);
    expect(element.attributes.map((a) => [a.name, a.fieldName]).sort()).toEqual(observed.sort());
    expect(element.attributes.every((a) => a.description)).toBe(true);
    expect(element.attributes.find((a) => a.name === 'href-pattern')).toMatchObject({
      fieldName: 'hrefPattern',
      type: { text: 'string' },
      default: "''",
    });
    expect(element.attributes.find((a) => a.name === 'outdated-after')).toMatchObject({
      type: { text: 'number' },
      default: '48',
    });
    const publicMembers = element.members.filter((m) => !m.privacy && !m.name.startsWith('#'));
    expect(publicMembers.map((m) => [m.name, m.kind]).sort()).toEqual(
      [
        ['effectiveLocale', 'field'],
        ['fetcher', 'field'],
        ['hrefPattern', 'field'],
        ['locale', 'field'],
        ['now', 'field'],
        ['outdatedAfter', 'field'],
        ['region', 'field'],
        ['reload', 'method'],
        ['resorts', 'field'],
        ['sort', 'field'],
        ['sortBy', 'method'],
        ['src', 'field'],
        ['styles', 'field'],
        ['theme', 'field'],
        ['updateComplete', 'field'],
      ].sort(),
    );
  });

  it('documents its events, its slot, every part its templates use and every custom property its styles read', async () => {
    const element = await committedElement(LIST_MODULE, 'resort-conditions-list');
    expect(Object.fromEntries(element.events.map(({ name, description }) => [name, description]))).toEqual({
      load: 'The rows are shown. `detail: { region, resorts, locale }` (`region` the id or null, `resorts` the ids shown)',
      error:
        'The files could not be loaded, the region is not in them, or the attributes name nothing. `detail: { code, reason }`',
      sort: 'A column header was activated, or an order chosen in the select. `detail: { column, direction }`',
    });
    expect(element.slots.map((s) => s.name)).toEqual(['']);
    const used = partsOf(await read('widget/list/render.ts'));
    expect(used.size).toBeGreaterThan(10);
    expect(new Set(element.cssParts.map((p) => p.name))).toEqual(used);
    expect(element.cssParts.every((p) => p.description)).toBe(true);
    // what the shadow root's sheet and the page's reservation read, the card's shared rules among them
    const sheets = new Set(
      [...(listStyles + listReservation()).matchAll(/var\((--rc-[\w-]+)/g)].map((m) => m[1]!),
    );
    const documented = new Set(element.cssProperties.map((p) => p.name));
    expect([...documented].filter((p) => !sheets.has(p))).toEqual([]);
    // the card's dark theme sets its chart's and runs' colours too; the list draws neither
    expect([...sheets].filter((p) => !documented.has(p)).sort()).toEqual([
      '--rc-bar-color',
      '--rc-easy-color',
      '--rc-intermediate-color',
    ]);
    expect(listStyles).not.toMatch(/var\(--_(bar|easy|blue)\b/);
    expect(documented).toContain('--rc-font');
    expect(element.cssProperties.every((p) => p.description)).toBe(true);
  });
});
