import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetPath } from '../../scripts/api/assets.ts';
import { build } from '../../scripts/cli/build.ts';
import { frameLoaderSource } from '../../scripts/embeds/cards.ts';
import { DATA_DIR, FROZEN_NOW, sample } from '../helpers.ts';

let root: string;
const sink = { write: () => true };

/** Builds the sample (two locales, two resorts) with the embeds but without bundling the element. */
async function built(out: string, extra: string[] = []) {
  const code = await build({
    argv: ['--out', join(root, out), '--locales', 'en-US,fr-FR', '--resorts', '20,136', ...extra],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    widget: async () => [],
  });
  expect(code).toBe(0);
  return join(root, out);
}

let dist: string;
const read = (path: string) => readFile(join(dist, path), 'utf8');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-embeds-'));
  dist = await built('a');
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the build’s embeds', () => {
  it('copies the sample’s logo into the published tree where the element and the cards look for it', async () => {
    const { attribution } = await sample();
    const path = assetPath(attribution.logo)!;
    expect(path).toMatch(/^assets\/[0-9a-f]{8}\.svg$/);
    expect(await readFile(join(dist, path))).toEqual(
      await readFile(join(DATA_DIR, 'attribution', 'logo.svg')),
    );
    expect(await readdir(join(dist, 'assets'))).toEqual([path.slice('assets/'.length)]);
    // the API keeps the upstream's URL; the copy is found from it
    expect(
      JSON.parse(await read('api/fr-FR/externalservice/myaccount/attribution.json')).attributionLogo,
    ).toBe(attribution.logo);
  });

  it('publishes a card page and an include per resort and locale, each as the card and the compact strip, and the frame loader', async () => {
    const cards = (await readdir(join(dist, 'cards'), { recursive: true }))
      .filter((f) => f.endsWith('.html'))
      .sort();
    const shapes = (id: number) => [
      `${id}.compact.html`,
      `${id}.compact.include.html`,
      `${id}.html`,
      `${id}.include.html`,
    ];
    expect(cards).toEqual(
      ['en-US', 'fr-FR'].flatMap((locale) =>
        [...shapes(136), ...shapes(20)].map((name) => `${locale}/${name}`),
      ),
    );
    expect(await read('resort-conditions-frame.js')).toBe(await frameLoaderSource());
  });

  it('has a frame loader that takes an opaque origin only from a frame of its own origin sandboxed without allow-same-origin', async () => {
    const frame = (src: string, sandbox: string | null) => ({
      src,
      contentWindow: {},
      style: { height: '' },
      getAttribute: () => sandbox,
    });
    const frames = [
      frame('https://cdn.test/cards/en-US/25.html', 'allow-scripts'),
      frame('https://cdn.test/cards/en-US/25.html', 'allow-scripts allow-same-origin'),
      frame('https://cdn.test/cards/en-US/25.html', 'ALLOW-SAME-ORIGIN allow-scripts'),
      frame('https://elsewhere.test/cards/en-US/25.html', 'allow-scripts'),
      frame('https://cdn.test/cards/en-US/25.html', null),
    ];
    let listener: ((event: unknown) => void) | undefined;
    const context = {
      URL,
      document: {
        currentScript: { src: 'https://cdn.test/resort-conditions-frame.js' },
        getElementsByTagName: () => frames,
      },
      addEventListener: (_: string, l: (event: unknown) => void) => (listener = l),
    };
    for (const f of frames) (f.contentWindow as { postMessage?: unknown }).postMessage = () => {};
    runInNewContext(await frameLoaderSource(), context);
    for (const f of frames)
      listener!({
        origin: 'null',
        source: f.contentWindow,
        data: { type: 'resort-conditions:height', height: 321 },
      });
    expect(frames.map((f) => f.style.height)).toEqual(['321px', '', '', '', '']);
  });

  it('renders a card page that reads without JavaScript and loads nothing from elsewhere', async () => {
    const page = await read('cards/fr-FR/20.html');
    expect(page).toMatch(/^<!doctype html>\n<html lang="fr-FR">/);
    expect(page).toContain('<title>Silver Hollow : bulletin neige</title>');
    expect(page).toContain(
      '<resort-conditions resort="20" locale="fr-FR" days="3"><template shadowrootmode="open"><style>:host{',
    );
    expect(page).toMatch(/<h2 part="name">Silver Hollow<\/h2>/);
    expect(page).toContain('Hauteur de neige');
    expect(page).toMatch(/<time part="updated" datetime="[^"]+">Mis à jour \d+ févr\., \d+:\d+ UTC<\/time>/);
    expect(page).not.toContain('lit-part');
    // images from the published copy; the only script reports the height to an embedding page
    expect([...page.matchAll(/ src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `../../${assetPath((await sample()).attribution.logo)}`,
    ]);
    expect([...page.matchAll(/<script/g)]).toHaveLength(1);
    expect(page).toMatch(/postMessage\(\{type:(['"`])resort-conditions:height\1/);
  });

  it('renders an include the element can take over, with its data and its images inline', async () => {
    const include = await read('cards/fr-FR/136.include.html');
    expect(
      include.startsWith(
        '<resort-conditions resort="136" locale="fr-FR" days="3"><template shadowrootmode="open">',
      ),
    ).toBe(true);
    expect(include).toContain('Cette station a fermé définitivement.');
    expect(include).not.toMatch(/ src="(?!data:image\/svg\+xml;base64,)/);
    const json = /<script type="application\/json">([^<]*)<\/script>/.exec(include)![1]!;
    const card = JSON.parse(json);
    expect(card).toMatchObject({
      resort: 136,
      locale: 'fr-FR',
      days: 3,
      data: { combined: { resortId: 136 } },
    });
    expect(card.data.familyA.lifts.details).toBeUndefined();
    expect(include).toMatch(/<\/template><p>Glacier Lake<\/p><\/resort-conditions>\n$/);
  });

  it("publishes a list page and an include per region and locale, each with the region's rows", async () => {
    const lists = (await readdir(join(dist, 'lists'), { recursive: true }))
      .filter((f) => f.endsWith('.html'))
      .sort();
    const regions = [...new Set(lists.map((f) => /region-(\d+)\./.exec(f)![1]!))];
    expect(regions.length).toBeGreaterThan(0);
    expect(lists).toEqual(
      ['en-US', 'fr-FR']
        .flatMap((l) => regions.flatMap((r) => [`${l}/region-${r}.html`, `${l}/region-${r}.include.html`]))
        .sort(),
    );
    for (const region of regions) {
      const group = JSON.parse(
        await read(`api/fr-FR/externalservice/resort/combinedreport/group=region-${region}.json`),
      ) as Record<string, { resortName: string }>;
      const page = await read(`lists/fr-FR/region-${region}.html`);
      expect(page).toContain(`<html lang="fr-FR">`);
      expect(page).toContain(
        `<resort-conditions-list region="${region}" locale="fr-FR"><template shadowrootmode="open">`,
      );
      // the rows' count in the markup (the frame's height), a row per resort of the group file, by name
      expect(page).toContain(`style="--_n:${Object.keys(group).length}"`);
      expect(
        [...page.matchAll(/<tr part="row" role="row"[^>]* data-id="(\d+)"/g)].map((m) => m[1]).sort(),
      ).toEqual(Object.keys(group).sort());
      expect(page).toContain('<caption part="caption">Bulletin neige</caption>');
      expect(page).not.toContain('<button');
      expect(page).not.toContain('<select');
      // a phone's header line (list-narrow.css): the rows' order as text, for the select a copy has not
      expect(page).toMatch(
        /<th class="pick" role="columnheader"><span class="sort"><span>Trier par<\/span><b>Station ▲<\/b><\/span><\/th>/,
      );
      expect(page).not.toContain('rc-image:');
      expect([...page.matchAll(/<script/g)]).toHaveLength(1);
      expect(page).toMatch(/postMessage\(\{type:(['"`])resort-conditions:height\1/);
      const include = await read(`lists/fr-FR/region-${region}.include.html`);
      expect(
        include.startsWith(
          `<resort-conditions-list region="${region}" locale="fr-FR"><template shadowrootmode="open">`,
        ),
      ).toBe(true);
      expect(include).not.toMatch(/ src="(?!data:image\/svg\+xml;base64,)/);
      const data = JSON.parse(/<script type="application\/json">([^<]*)<\/script>/.exec(include)![1]!);
      expect(data).toMatchObject({ region: Number(region), locale: 'fr-FR', builtAt: FROZEN_NOW });
      expect(Object.keys(data.group).sort()).toEqual(Object.keys(group).sort());
      expect(include).toMatch(/<\/template><p>Bulletin neige[^<]*<\/p><\/resort-conditions-list>\n$/);
    }
  });

  it('renders the compact strip as a page and an include, with its own styles and the card’s data', async () => {
    const page = await read('cards/fr-FR/20.compact.html');
    expect(page).toContain(
      '<resort-conditions resort="20" locale="fr-FR" days="3" layout="compact"><template shadowrootmode="open"><style>:host{',
    );
    expect(page).toContain('.compact .vals{');
    expect(page).toMatch(
      /<article class="frame open compact" data-n="4" lang="fr-FR" dir="ltr" aria-label="Silver Hollow" data-static>/,
    );
    expect(page).toMatch(/<dl class="strip">/);
    // a page without a clock: the update's date and time, not "n hours ago"
    expect(page).toMatch(/<span class="visually-hidden">Mis à jour <\/span>\d+ févr\., \d+:\d+ UTC<\/time/);
    expect(page).not.toMatch(/class="chart"|class="days"/);
    expect([...page.matchAll(/ src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `../../${assetPath((await sample()).attribution.logo)}`,
    ]);
    const include = await read('cards/fr-FR/20.compact.include.html');
    expect(
      include.startsWith(
        '<resort-conditions resort="20" locale="fr-FR" days="3" layout="compact"><template shadowrootmode="open"><style>',
      ),
    ).toBe(true);
    expect(include).not.toMatch(/ src="(?!data:image\/svg\+xml;base64,)/);
    const card = JSON.parse(/<script type="application\/json">([^<]*)<\/script>/.exec(include)![1]!);
    expect(card).toMatchObject({
      resort: 20,
      locale: 'fr-FR',
      days: 3,
      layout: 'compact',
      data: { combined: { resortId: 20 } },
    });
    // the full card's page carries none of the strip's styles
    expect(await read('cards/fr-FR/20.html')).not.toContain('.compact .vals');
  });

  it('is byte-identical for identical data and SOURCE_DATE_EPOCH', async () => {
    const again = await built('b');
    for (const path of [
      'cards/en-US/20.html',
      'cards/fr-FR/136.include.html',
      'cards/fr-FR/20.compact.include.html',
      ...(await readdir(join(dist, 'lists', 'en-US'))).map((f) => `lists/en-US/${f}`),
    ]) {
      expect(await readFile(join(again, path), 'utf8'), path).toBe(await read(path));
    }
  });
});

describe('the build’s alert feeds', () => {
  it('publishes both formats per resort and region list in each locale, with no entry before any history', async () => {
    const feeds = (await readdir(join(dist, 'feeds'), { recursive: true }))
      .filter((f) => f.includes('.'))
      .sort();
    const regions = [...new Set(feeds.flatMap((f) => /region-(\d+)\./.exec(f)?.[1] ?? []))];
    expect(regions.length).toBeGreaterThan(0);
    expect(feeds).toEqual(
      ['en-US', 'fr-FR']
        .flatMap((l) =>
          ['resort-20', 'resort-136', ...regions.map((r) => `region-${r}`)].flatMap((f) => [
            `${l}/${f}.atom`,
            `${l}/${f}.json`,
          ]),
        )
        .sort(),
    );
    expect(JSON.parse(await read('feeds/fr-FR/resort-136.json'))).toMatchObject({
      title: 'Glacier Lake : alertes neige',
      language: 'fr-FR',
      items: [],
    });
    // a feed without entries is dated by the build's newest report, and names itself
    const atom = await read('feeds/en-US/resort-20.atom');
    expect(atom).toContain('<updated>2026-02-13T00:00:00Z</updated>');
    expect(atom).toContain('<link rel="self" type="application/atom+xml" href="resort-20.atom"/>');
  });

  it('names the resort’s feeds in the card pages, and in the includes only with publicUrl', async () => {
    const links = (html: string) => [...html.matchAll(/<link rel="alternate"[^>]*>/g)].map((m) => m[0]);
    const feedLinks = (base: string) => [
      `<link rel="alternate" type="application/atom+xml" title="Glacier Lake : alertes neige" href="${base}feeds/fr-FR/resort-136.atom">`,
      `<link rel="alternate" type="application/feed+json" title="Glacier Lake : alertes neige" href="${base}feeds/fr-FR/resort-136.json">`,
    ];
    for (const page of ['cards/fr-FR/136.html', 'cards/fr-FR/136.compact.html'])
      expect(links(await read(page))).toEqual(feedLinks('../../'));
    // an include lives on another site: without the tree's public URL it cannot name the feeds
    expect(links(await read('cards/fr-FR/136.include.html'))).toEqual([]);
    const published = await built('public', ['--public-url', 'https://snow.example.org/conditions/']);
    for (const include of ['cards/fr-FR/136.include.html', 'cards/fr-FR/136.compact.include.html'])
      expect(links(await readFile(join(published, include), 'utf8'))).toEqual(
        feedLinks('https://snow.example.org/conditions/'),
      );
    const feed = await readFile(join(published, 'feeds/fr-FR/resort-136.atom'), 'utf8');
    expect(feed).toContain('<id>https://snow.example.org/conditions/feeds/fr-FR/resort-136.atom</id>');
    expect(feed).toContain(
      '<link rel="alternate" type="text/html" href="https://snow.example.org/conditions/cards/fr-FR/136.html"/>',
    );
  });
});
