/**
 * The demo page (scripts/site/demo.ts) and the region it lists (scripts/site/extras.ts, `largestRegion`):
 * every resort as a card, the largest region's `<resort-conditions-list>` with its snippet and its
 * pre-rendered versions when the list is built, and every name from the data escaped.
 */
import { describe, expect, it } from 'vitest';
import type { ExtraFile } from '../../scripts/snapshot/release/release.ts';
import { demoPage, listSnippet } from '../../scripts/site/demo.ts';
import { siteFiles, type SiteOptions } from '../../scripts/site/extras.ts';
import { runtimeBundle } from '../../scripts/site/runtime.ts';
import { LIST_SHEET, largestRegion, resortsRowsCss } from '../../scripts/site/lists.ts';

const HOSTILE = `<img src=x onerror="alert(1)">&'`;
const RESORTS = [
  { id: 20, name: HOSTILE },
  { id: 25, name: 'Alpine Meadows' },
];

/** What a `<section>` of the page holds, as text between its tags. */
const section = (html: string) => /<section>([\s\S]*?)<\/section>/.exec(html)?.[1];

/** Every file the site makes, in order (it makes them one at a time). */
async function collect<T>(files: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const f of files) out.push(f);
  return out;
}

/** Stands in for the bundled locale switcher. */
const SWITCHER = 'switch();';

describe('demoPage', () => {
  it('escapes the names of the data in the cards and the link to the pre-rendered card', () => {
    const html = demoPage(RESORTS, ['en-US', 'de-DE'], true, undefined, SWITCHER);
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '<resort-conditions resort="20"><p>&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39;: loading the snow report…</p></resort-conditions>',
    );
    expect(html).toContain(
      '<a href="./cards/en-US/20.html">&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39; as a pre-rendered card</a>',
    );
    expect(html).toContain('<option value="en-US">en-US</option><option value="de-DE">de-DE</option>');
    expect(html).toContain('<h1>Snow conditions — sample data, fictional resorts</h1>');
  });

  it('has no list, its sheet or its script without a region to list', () => {
    const html = demoPage(RESORTS, ['en-US'], false, undefined, SWITCHER);
    expect(section(html)).toBeUndefined();
    expect(html).not.toContain('<resort-conditions-list');
    expect(html).not.toContain('resort-conditions-list.js');
    expect(html).not.toContain('resort-conditions-list.css');
    expect(html).toContain('<h1>Snow conditions</h1>');
  });

  it("shows the region's list with its rows, the snippet escaped as text, and the list's page and include", () => {
    const html = demoPage(RESORTS, ['de-DE', 'en-US'], true, { region: 429, rows: 8 }, SWITCHER);
    expect(html).toContain(
      '<link rel="stylesheet" href="./resort-conditions-list.css">\n  <script type="module" async src="./resort-conditions-list.js"></script>',
    );
    const list = section(html)!;
    expect(list).toContain(
      '<resort-conditions-list region="429"><p>Snow report of 8 resorts: loading…</p></resort-conditions-list>',
    );
    expect(list).toContain(
      '<pre tabindex="0"><code>&#60;link rel=&#34;stylesheet&#34; href=&#34;https://your-cdn.example/resort-conditions-list.css&#34;&#62;\n' +
        '&#60;script type=&#34;module&#34; async src=&#34;https://your-cdn.example/resort-conditions-list.js&#34;&#62;&#60;/script&#62;\n' +
        '&#60;resort-conditions-list region=&#34;429&#34; href-pattern=&#34;https://partner.example/resorts/{id}&#34;&#62;&#60;/resort-conditions-list&#62;</code></pre>',
    );
    expect(list).toContain('<a href="./lists/de-DE/region-429.html">the list as a page</a>');
    expect(list).toContain('<a href="./lists/de-DE/region-429.include.html">as a server-side include</a>');
    expect(html).toContain(`<script>${SWITCHER}</script>`);
  });

  it('switches the locale of the cards and of the list, with the bundled switcher', async () => {
    const switcher = await runtimeBundle('demo-locale');
    expect(switcher).toContain('resort-conditions, resort-conditions-list');
    expect(switcher).not.toMatch(/<\/script/i);
  });

  it('gives a snippet with the host it is told', () => {
    expect(listSnippet(7, 'https://cdn.partner.example')).toBe(
      '<link rel="stylesheet" href="https://cdn.partner.example/resort-conditions-list.css">\n' +
        '<script type="module" async src="https://cdn.partner.example/resort-conditions-list.js"></script>\n' +
        '<resort-conditions-list region="7" href-pattern="https://partner.example/resorts/{id}"></resort-conditions-list>',
    );
  });
});

describe('largestRegion', () => {
  it.each([
    { groups: [], expected: undefined },
    { groups: [{ name: 'all', ids: [1, 2, 3] }], expected: undefined },
    {
      groups: [
        { name: 'all', ids: [1, 2, 3] },
        { name: 'region-5', ids: [1] },
        { name: 'region-9', ids: [2, 3] },
      ],
      expected: { region: 9, rows: 2 },
    },
    // a tie goes to the lowest id, whatever the order of the groups
    {
      groups: [
        { name: 'region-9', ids: [2, 3] },
        { name: 'region-4', ids: [5, 6] },
      ],
      expected: { region: 4, rows: 2 },
    },
    // a name that is not `region-<id>` is no region
    {
      groups: [
        { name: 'region-x"><script>', ids: [1, 2, 3, 4] },
        { name: 'region-2', ids: [1] },
      ],
      expected: { region: 2, rows: 1 },
    },
  ])('finds $expected in $groups', ({ groups, expected }) => {
    expect(largestRegion(groups)).toEqual(expected);
  });
});

describe('siteFiles: the demo page', () => {
  const groups = [
    { name: 'all', ids: [20, 25, 36] },
    { name: 'region-251', ids: [20] },
    { name: 'region-429', ids: [25, 36] },
  ];
  const bundle = (withList: boolean) => async (): Promise<ExtraFile[]> => [
    { path: 'resort-conditions.js', bytes: Buffer.from('') },
    ...(withList
      ? [{ path: LIST_SHEET, bytes: Buffer.from(':where(resort-conditions-list){--rc-rows:1}\n') }]
      : []),
  ];
  const options = (over: Partial<SiteOptions>): SiteOptions => ({
    scope: { resorts: RESORTS, groups, emptyRegions: [] },
    files: [],
    locales: ['en-US'],
    sample: true,
    ...over,
  });
  const page = async (over: Partial<SiteOptions>) => {
    const files = await collect(siteFiles(options(over)));
    return Buffer.from(files.find((f) => f.path === 'index.html')!.bytes).toString('utf8');
  };

  it('lists the region with the most resorts when the list is built', async () => {
    const html = await page({ widget: bundle(true) });
    expect(section(html)).toContain(
      '<resort-conditions-list region="429"><p>Snow report of 2 resorts: loading…</p></resort-conditions-list>',
    );
  });

  it('lists no region in the widget profile, which publishes no group files', async () => {
    expect(section(await page({ widget: bundle(true), profile: 'widget' }))).toBeUndefined();
  });

  it("lists no region when the bundle has no list's sheet", async () => {
    expect(section(await page({ widget: bundle(false) }))).toBeUndefined();
  });

  it("completes the sheet with each region's rows from the scope when no file can be read, and the ids' rows", async () => {
    const files = await collect(siteFiles(options({ widget: bundle(true) })));
    const sheet = Buffer.from(files.find((f) => f.path === LIST_SHEET)!.bytes).toString('utf8');
    expect(sheet).toBe(
      `:where(resort-conditions-list){--rc-rows:1}${resortsRowsCss([20, 25, 36])}:where(resort-conditions-list[region='251']){--rc-rows:1}:where(resort-conditions-list[region='429']){--rc-rows:2}\n`,
    );
  });
});
