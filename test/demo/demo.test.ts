/**
 * The demo page (scripts/demo/page.ts) and the region it lists (scripts/embeds/lists.ts, `largestRegion`, and scripts/demo/publisher.ts):
 * every resort as a card with its id, the snippet of each layout (scripts/demo/runtime/snippets.ts), the
 * largest region's `<resort-conditions-list>` and its pre-rendered versions when the list is built, and
 * every name from the data escaped.
 */
import { describe, expect, it } from 'vitest';
import type { ExtraFile } from '../../scripts/snapshot/store/staging.ts';
import { escapeHtml } from '../../scripts/api/html.ts';
import { demoPage, type DemoOptions } from '../../scripts/demo/page.ts';
import { snippet, SNIPPET_LAYOUTS, type SnippetChoice } from '../../scripts/demo/runtime/snippets.ts';
import { releasedFiles, stepOptions } from '../cli/release-steps.ts';
import type { StepOptions } from '../../scripts/cli/publishers.ts';
import { runtimeBundle } from '../../scripts/element/browser-files.ts';
import { LIST_SHEET, LIST_SHEET_BASE, largestRegion, resortsRowsCss } from '../../scripts/embeds/lists.ts';

const HOSTILE = `<img src=x onerror="alert(1)">&'`;
const RESORTS = [
  { id: 20, name: HOSTILE },
  { id: 25, name: 'Alpine Meadows' },
];

/** What a `<section>` of the page holds, as text between its tags. */
const section = (html: string) =>
  /<section aria-labelledby="list-title">([\s\S]*?)<\/section>/.exec(html)?.[1];

/** Stands in for the bundled locale switcher. */
const SWITCHER = 'switch();';

describe('demoPage', () => {
  const page = (over: Partial<DemoOptions> = {}) =>
    demoPage({ resorts: RESORTS, locales: ['en-US', 'de-DE'], sample: true, switcher: SWITCHER, ...over });

  it('escapes the names of the data in the cards, their captions, the resort chooser and the links', () => {
    const html = page();
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '<figure><figcaption>&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39; · <code>resort="20"</code></figcaption><resort-conditions resort="20"><p>&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39;: loading the snow report…</p></resort-conditions></figure>',
    );
    expect(html).toContain(
      '<a href="./cards/en-US/20.html">&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39; as a pre-rendered card</a>',
    );
    expect(html).toContain(
      '<option value="20" data-name="&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39;">&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;&#39; (20)</option><option value="25" data-name="Alpine Meadows">Alpine Meadows (25)</option>',
    );
    expect(html).toContain('<option value="en-US">en-US</option><option value="de-DE">de-DE</option>');
    expect(html).toContain('<h1>Snow conditions — sample data, fictional resorts</h1>');
  });

  it('shows each resort with its id', () => {
    const html = page();
    expect(html).toContain('Alpine Meadows · <code>resort="25"</code>');
    expect([...html.matchAll(/<figcaption>/g)]).toHaveLength(RESORTS.length);
  });

  it('gives the snippet of each layout for the first resort in the first locale, escaped as text', () => {
    const html = page({
      locales: ['de-DE', 'en-US'],
      list: { region: 429, rows: 8 },
      regions: [{ id: 429, name: 'United States', rows: 8 }],
    });
    const code = (layout: string) =>
      new RegExp(`<pre tabindex="0"><code data-snippet="${layout}">([^<]*)</code>`)
        .exec(html)?.[1]
        ?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
    expect(code('card')).toBe(
      '<link rel="stylesheet" href="https://your-cdn.example/resort-conditions.css">\n' +
        '<script type="module" async src="https://your-cdn.example/resort-conditions.js"></script>\n' +
        `<resort-conditions resort="20" locale="de-DE"><a href="https://your-cdn.example/cards/de-DE/20.html">${escapeHtml(HOSTILE)} snow report</a></resort-conditions>`,
    );
    expect(code('compact')).toContain('<resort-conditions resort="20" locale="de-DE" layout="compact">');
    expect(code('list')).toContain('<resort-conditions-list region="429" locale="de-DE" href-pattern=');
    expect(code('iframe')).toBe(
      '<link rel="stylesheet" href="https://your-cdn.example/resort-conditions-frame.css">\n' +
        '<script async src="https://your-cdn.example/resort-conditions-frame.js"></script>\n' +
        `<div class="resort-conditions-frame"><iframe src="https://your-cdn.example/cards/de-DE/20.html" title="${escapeHtml(HOSTILE)} snow report" loading="lazy"></iframe></div>`,
    );
    expect(code('include')).toContain(
      '<!--# include virtual="/snow/cards/de-DE/20.include.html" stub="no-card" -->',
    );
    expect(html).toContain(
      '<select id="region"><option value="429" data-rows="8" selected>United States (429)</option></select>',
    );
  });

  it('has no list, its sheet, its script, its snippet or a region chooser without a region to list', () => {
    const html = page({ sample: false, locales: ['en-US'] });
    expect(section(html)).toBeUndefined();
    expect(html).not.toContain('<resort-conditions-list');
    expect(html).not.toContain('resort-conditions-list.js');
    expect(html).not.toContain('resort-conditions-list.css');
    expect(html).not.toContain('data-snippet="list"');
    expect(html).not.toContain('id="region"');
    expect(html).toContain('data-snippet="iframe"');
    expect(html).toContain('<h1>Snow conditions</h1>');
  });

  it("shows the region's list with its rows and the list's page and include", () => {
    const html = page({ locales: ['de-DE', 'en-US'], list: { region: 429, rows: 8 } });
    expect(html).toContain(
      '<link rel="stylesheet" href="./resort-conditions-list.css">\n  <script type="module" async src="./resort-conditions-list.js"></script>',
    );
    const list = section(html)!;
    expect(list).toContain(
      '<resort-conditions-list region="429"><p>Snow report of 8 resorts: loading…</p></resort-conditions-list>',
    );
    expect(list).toContain('<a href="./lists/de-DE/region-429.html">the list as a page</a>');
    expect(list).toContain('<a href="./lists/de-DE/region-429.include.html">as a server-side include</a>');
    expect(html).toContain(`<script>${SWITCHER}</script>`);
  });

  it('switches the locale of the cards and of the list, and writes the snippets, with the bundled script', async () => {
    const switcher = await runtimeBundle('demo-locale');
    expect(switcher).toContain('resort-conditions, resort-conditions-list');
    expect(switcher).toContain('resort-conditions-frame.css');
    expect(switcher).not.toMatch(/<\/script/i);
  });
});

describe('snippet', () => {
  const choice: SnippetChoice = {
    host: 'https://cdn.partner.example',
    locale: 'fr-FR',
    resort: { id: 25, name: 'Elk "Ridge" <b>' },
    region: { id: 7, rows: 3 },
  };

  it('gives the list of the chosen region, in the chosen locale, from the host it is told', () => {
    expect(snippet('list', choice)).toBe(
      '<link rel="stylesheet" href="https://cdn.partner.example/resort-conditions-list.css">\n' +
        '<script type="module" async src="https://cdn.partner.example/resort-conditions-list.js"></script>\n' +
        '<resort-conditions-list region="7" locale="fr-FR" href-pattern="https://partner.example/resorts/{id}"><a href="https://cdn.partner.example/lists/fr-FR/region-7.html">Snow report</a></resort-conditions-list>',
    );
  });

  it('gives no list without a region', () => {
    const { region: _region, ...none } = choice;
    expect(snippet('list', none)).toBeUndefined();
  });

  it.each(SNIPPET_LAYOUTS.filter((l) => l !== 'list'))(
    '%s: escapes the name of the data in the HTML to paste',
    (layout) => {
      const text = snippet(layout, choice)!;
      expect(text).not.toContain('<b>');
      expect(text).toContain('Elk &#34;Ridge&#34; &#60;b&#62; snow report');
      expect(text).toContain('fr-FR');
    },
  );
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

describe('the build’s steps: the demo page and the list’s sheet', () => {
  const groups = [
    { name: 'all', ids: [20, 25, 36] },
    { name: 'region-251', ids: [20] },
    { name: 'region-429', ids: [25, 36] },
  ];
  const bundle = (withList: boolean): ExtraFile[] => [
    { path: 'resort-conditions.js', bytes: Buffer.from('') },
    ...(withList
      ? [{ path: LIST_SHEET_BASE, bytes: Buffer.from(':where(resort-conditions-list){--rc-rows:1}\n') }]
      : []),
  ];
  type Over = Omit<Partial<StepOptions>, 'config'> & {
    profile?: 'full' | 'widget';
    files?: Iterable<string> & { read?: (path: string) => Promise<Uint8Array | undefined> };
  };
  const site = ({ profile, files, ...over }: Over) =>
    releasedFiles(stepOptions({ ...over, ...(profile ? { config: { profile } } : {}) }), {
      scope: { resorts: RESORTS, groups, emptyRegions: [] },
      files: files ?? [],
    });
  const page = async (over: Over) => {
    const files = await site(over);
    return Buffer.from(files.find((f) => f.path === 'index.html')!.bytes).toString('utf8');
  };

  it('lists the region with the most resorts when the list is built', async () => {
    const html = await page({ bundle: bundle(true) });
    expect(section(html)).toContain(
      '<resort-conditions-list region="429"><p>Snow report of 2 resorts: loading…</p></resort-conditions-list>',
    );
  });

  it('lists no region in the widget profile, which publishes no group files', async () => {
    expect(section(await page({ bundle: bundle(true), profile: 'widget' }))).toBeUndefined();
  });

  it('offers each region for the list snippet, named from the countries list, the largest first', async () => {
    const region = (id: number, regionName: string, regionType: string) => ({ id, regionName, regionType });
    const countries = [
      {
        ...region(429, 'United States', 'COUNTRY'),
        resorts: [
          { id: 25, resortName: 'Alpine Meadows' },
          { id: 36, resortName: 'Other' },
        ],
        states: [region(251, 'Colorado', 'STATE')],
        regions: [],
        restSnowReport: '',
        restRegionProfile: '',
        restCombinedReport: '',
        resortQueryParam: '',
      },
    ];
    const read = async (path: string) =>
      path === 'en-US/externalservice/region/countries/list.json'
        ? Buffer.from(JSON.stringify(countries))
        : undefined;
    const html = await page({ bundle: bundle(true), files: Object.assign([], { read }) });
    expect(html).toContain(
      '<select id="region"><option value="429" data-rows="2" selected>United States (429)</option><option value="251" data-rows="1">Colorado (251)</option></select>',
    );
  });

  it("lists no region when the bundle has no list's sheet", async () => {
    expect(section(await page({ bundle: bundle(false) }))).toBeUndefined();
  });

  it("publishes the list's sheet with its rows without the element (--no-widget), and no script or page", async () => {
    const files = await site({ bundle: bundle(true), widget: false });
    const paths = files.map((f) => f.path);
    expect(paths).toContain(LIST_SHEET);
    // the 404 page is the host's, in every tree (scripts/docs/hosting.md, "What each host does")
    expect(paths.filter((path) => !path.startsWith('_mirror/') && /\.(js|html)$/.test(path))).toEqual([
      '404.html',
    ]);
    expect(Buffer.from(files.find((f) => f.path === LIST_SHEET)!.bytes).toString('utf8')).toContain(
      `:where(resort-conditions-list[region='429']){--rc-rows:2}`,
    );
  });

  it("completes the sheet with each region's rows from the scope when no file can be read, and the ids' rows", async () => {
    const files = await site({ bundle: bundle(true) });
    // the bundle's fixed part is published only inside the sheet
    expect(files.map((f) => f.path)).not.toContain(LIST_SHEET_BASE);
    const sheet = Buffer.from(files.find((f) => f.path === LIST_SHEET)!.bytes).toString('utf8');
    expect(sheet).toBe(
      `:where(resort-conditions-list){--rc-rows:1}${resortsRowsCss([20, 25, 36])}:where(resort-conditions-list[region='251']){--rc-rows:1}:where(resort-conditions-list[region='429']){--rc-rows:2}\n`,
    );
  });
});
