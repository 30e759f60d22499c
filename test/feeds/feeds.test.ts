/**
 * The alert feeds (scripts/feeds/): made from season histories fabricated in a real folder, the tree
 * a release stages, and read back by a real feed parser (feedsmith, for Atom and JSON Feed) after a strict
 * XML check (fast-xml-parser's validator): the threshold, the season's openings and closings, ids that
 * hold the report's date and stay the same from build to build, no duplicate, the newest 50, the locale's
 * language and units, links, and hostile names kept text.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { parseAtomFeed, parseFeed, parseJsonFeed } from 'feedsmith';
import { afterAll, describe, expect, it } from 'vitest';
import { feedPath } from '../../scripts/api/feeds.ts';
import type { HistoryDay, HistoryIndex, SeasonHistory } from '../../scripts/api/schemas/history.ts';
import { stagedReader } from '../../scripts/snapshot/store/staging.ts';
import { alertsOf, FEED_ENTRIES, seasonOpen } from '../../scripts/feeds/alerts.ts';
import { xmlEscape } from '../../scripts/feeds/atom.ts';
import { feedFiles, feedGroups, type FeedInputs, type FeedOptions } from '../../scripts/feeds/feeds.ts';
import { FEED_STRINGS } from '../../scripts/feeds/strings.ts';
import { LANGUAGES } from '../../scripts/api/locales.ts';
import { releasedFiles, stepOptions } from '../cli/release-steps.ts';

const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

/** A day of history: closed, no snow, unless told otherwise. */
const day = (date: string, over: Partial<HistoryDay> = {}): HistoryDay => ({
  date,
  base: 100,
  summit: 150,
  newSnow24h: 0,
  liftsOpen: 10,
  liftsTotal: 20,
  runsOpen: 30,
  runsTotal: 60,
  state: 1,
  ...over,
});

/** `n` consecutive dates from `start`. */
const dates = (start: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

/** A release tree with these seasons' histories (and whatever other files), in a fresh folder. */
function tree(seasons: SeasonHistory[], extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'rc-feeds-'));
  trees.push(dir);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const index: HistoryIndex = { resorts: [] };
  for (const s of seasons) {
    write(`history/${s.resort}/${s.season}.json`, JSON.stringify(s));
    const held = index.resorts.find((r) => r.resort === s.resort);
    if (held) held.seasons.push(s.season);
    else index.resorts.push({ resort: s.resort, seasons: [s.season] });
  }
  if (seasons.length) write('history/index.json', JSON.stringify(index));
  for (const [path, text] of Object.entries(extra)) write(path, text);
  return dir;
}

const season = (resort: number, days: HistoryDay[], name = '2025-26'): SeasonHistory => ({
  resort,
  season: name,
  unit: 'cm',
  days,
});

/** Every feed file of a tree, by path, as text. */
async function build(dir: string, over: Partial<FeedOptions> = {}): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const file of feedFiles({
    read: stagedReader(dir),
    locales: ['en-US'],
    resorts: [
      { id: 25, name: 'Elk Ridge' },
      { id: 20, name: 'Alpine Meadows' },
    ],
    regions: [{ id: 429, ids: [20, 25] }],
    alerts: { newSnowCm: 20 },
    publicUrl: 'https://snow.example.org/conditions/',
    pages: { cards: true, lists: true },
    ...over,
  }))
    out.set(file.path, Buffer.from(file.bytes).toString('utf8'));
  return out;
}

/** An Atom feed, checked well-formed and read by the parser. */
function atom(text: string | undefined) {
  expect(text).toBeDefined();
  expect(XMLValidator.validate(text!)).toBe(true);
  expect(parseFeed(text!).format).toBe('atom');
  return parseAtomFeed(text!);
}

/** A JSON Feed, read by the parser. */
function json(text: string | undefined) {
  expect(text).toBeDefined();
  const value = JSON.parse(text!);
  expect(parseFeed(value).format).toBe('json');
  expect(value.version).toBe('https://jsonfeed.org/version/1.1');
  return parseJsonFeed(value);
}

const resortAtom = (files: Map<string, string>, id = 25, locale = 'en-US') =>
  atom(files.get(feedPath(locale, 'resort', id, 'atom')));
const resortJson = (files: Map<string, string>, id = 25, locale = 'en-US') =>
  json(files.get(feedPath(locale, 'resort', id, 'json')));

describe('alertsOf', () => {
  it.each([
    { snow: 19, entries: 0 },
    { snow: 19.9, entries: 0 },
    { snow: 20, entries: 1 },
    { snow: 35, entries: 1 },
  ])('makes $entries powder alert(s) of $snow cm against 20 cm', ({ snow, entries }) => {
    const alerts = alertsOf(25, [day('2026-01-05', { newSnow24h: snow })], 20);
    expect(alerts.filter((a) => a.kind === 'powder')).toHaveLength(entries);
  });

  it.each([
    { state: 1, open: true },
    { state: 4, open: true },
    { state: 2, open: false },
    { state: 6, open: false },
    { state: 3, open: undefined },
    { state: 5, open: undefined },
    { state: null, open: undefined },
  ] as const)('reads open flag $state as season open: $open', ({ state, open }) => {
    expect(seasonOpen(state)).toBe(open);
  });

  it('opens and closes the season on the transitions between points, passing over flags that say nothing of it', () => {
    const states = [1, 2, 1, 3, 1, 4, 2, 5, 6, 3, 1, null, 1] as const;
    const days = dates('2025-11-20', states.length).map((date, i) => day(date, { state: states[i]! }));
    const events = alertsOf(25, days, 20).map((a) => `${a.date} ${a.kind}`);
    // the first point opens nothing; 3, 5 and a missing flag neither open nor close
    expect(events).toEqual(['2025-11-21 close', '2025-11-22 open', '2025-11-26 close', '2025-11-30 open']);
  });

  it('reads the days in date order and keeps one point per date', () => {
    const alerts = alertsOf(
      25,
      [
        day('2026-01-06', { state: 2 }),
        day('2026-01-05', { state: 1, newSnow24h: 30 }),
        day('2026-01-05', { state: 1, newSnow24h: 25 }),
      ],
      20,
    );
    expect(alerts.map((a) => [a.date, a.kind, a.day.newSnow24h])).toEqual([
      ['2026-01-05', 'powder', 25],
      ['2026-01-06', 'close', 0],
    ]);
  });
});

describe('feedFiles', () => {
  it('writes an Atom and a JSON Feed file per resort and region in each locale, with no entry without history', async () => {
    const files = await build(tree([]), { locales: ['en-US', 'de-DE'] });
    expect([...files.keys()].sort()).toEqual(
      ['en-US', 'de-DE']
        .flatMap((l) =>
          ['resort-25', 'resort-20', 'region-429'].flatMap((f) => [
            `feeds/${l}/${f}.atom`,
            `feeds/${l}/${f}.json`,
          ]),
        )
        .sort(),
    );
    const feed = resortAtom(files);
    expect(feed.entries ?? []).toHaveLength(0);
    expect(feed.updated).toBe('1970-01-01T00:00:00Z');
    expect(feed.title?.value).toBe('Elk Ridge: snow alerts');
    expect(resortJson(files).title).toBe('Elk Ridge: snow alerts');
    // JSON Feed requires `items`, empty or not (the parser leaves an empty one out)
    expect(JSON.parse(files.get('feeds/en-US/resort-25.json')!).items).toEqual([]);
  });

  it('dates a feed without entries by the newest report of the build, never 1970', async () => {
    const files = await build(tree([season(20, [day('2026-01-07', { newSnow24h: 1 })])]), {});
    expect(resortAtom(files, 25).entries ?? []).toHaveLength(0);
    expect(resortAtom(files, 25).updated).toBe('2026-01-07T00:00:00Z');
  });

  it('makes an entry for a day of 20 cm and none for a day of 19 cm, in both formats', async () => {
    const dir = tree([
      season(25, [
        day('2026-01-04', { newSnow24h: 19 }),
        day('2026-01-05', { newSnow24h: 20 }),
        day('2026-01-06'),
      ]),
    ]);
    const files = await build(dir);
    const feed = resortAtom(files);
    expect(feed.entries?.map((e) => e.id)).toEqual([
      'tag:snow.example.org,2026-01-05:conditions/en-US/resort-25/powder',
    ]);
    expect(feed.updated).toBe('2026-01-05T00:00:00Z');
    const entry = feed.entries![0]!;
    expect(entry.title?.value).toBe('Elk Ridge: 7.9 in of new snow');
    expect(entry.content?.value).toBe(
      'Elk Ridge reports 7.9 in of new snow in 24 hours (January 5, 2026). Snow depth: base 39 in, summit 59 in. Lifts open: 10 of 20. Runs open: 30 of 60.',
    );
    expect(entry.links?.[0]?.href).toBe('https://snow.example.org/conditions/cards/en-US/25.html');
    expect(entry.updated).toBe('2026-01-05T00:00:00Z');
    const items = resortJson(files).items!;
    expect(items.map((i) => [i.id, i.title, i.url, i.date_published])).toEqual([
      [
        'tag:snow.example.org,2026-01-05:conditions/en-US/resort-25/powder',
        'Elk Ridge: 7.9 in of new snow',
        'https://snow.example.org/conditions/cards/en-US/25.html',
        '2026-01-05T00:00:00Z',
      ],
    ]);
    // the other resort has no history: its feed is empty
    expect(resortAtom(files, 20).entries ?? []).toHaveLength(0);
  });

  it('follows the config’s threshold', async () => {
    const dir = tree([
      season(25, [day('2026-01-04', { newSnow24h: 12 }), day('2026-01-05', { newSnow24h: 9 })]),
    ]);
    const files = await build(dir, { alerts: { newSnowCm: 10 } });
    expect(resortAtom(files).entries?.map((e) => e.id)).toEqual([
      'tag:snow.example.org,2026-01-04:conditions/en-US/resort-25/powder',
    ]);
  });

  it('writes the same bytes in two builds of the same history, and ids that hold the report’s date', async () => {
    const days = dates('2025-12-01', 20).map((date, i) =>
      day(date, { newSnow24h: i % 3 === 0 ? 25 : 5, state: i < 2 ? 2 : 1 }),
    );
    const dir = tree([season(25, days), season(20, days)]);
    const first = await build(dir, { locales: ['en-US', 'ja-JP'] });
    const second = await build(dir, { locales: ['en-US', 'ja-JP'] });
    expect(second).toEqual(first);
    for (const entry of resortAtom(first).entries!)
      expect(entry.id).toMatch(
        /^tag:snow\.example\.org,\d{4}-\d{2}-\d{2}:conditions\/en-US\/resort-25\/(powder|open|close)$/,
      );
    expect(resortAtom(first).entries!.find((e) => e.id?.endsWith('/open'))?.id).toBe(
      'tag:snow.example.org,2025-12-03:conditions/en-US/resort-25/open',
    );
  });

  it('keeps the newest 50 entries without duplicates, also across season files and in a region’s feed', async () => {
    const days = dates('2025-10-01', 70).map((date) => day(date, { newSnow24h: 30 }));
    // the same days once more in a second file (the index lists both), and one resort in the region twice
    const dir = tree([season(25, days), season(25, days.slice(60), '2026'), season(20, days.slice(0, 10))]);
    const files = await build(dir, { regions: [{ id: 429, ids: [25, 25, 20] }] });
    const feed = resortAtom(files);
    expect(feed.entries).toHaveLength(FEED_ENTRIES);
    const ids = feed.entries!.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('tag:snow.example.org,2025-12-09:conditions/en-US/resort-25/powder');
    expect(ids.at(-1)).toBe('tag:snow.example.org,2025-10-21:conditions/en-US/resort-25/powder');
    const region = atom(files.get('feeds/en-US/region-429.atom'));
    const regionIds = region.entries!.map((e) => e.id);
    expect(regionIds).toHaveLength(FEED_ENTRIES);
    expect(new Set(regionIds).size).toBe(FEED_ENTRIES);
    // resort 20's days are older than resort 25's newest 50: only resort 25's are kept
    expect(regionIds).toEqual(ids);
    expect(json(files.get('feeds/en-US/region-429.json')).items).toHaveLength(FEED_ENTRIES);
  });

  it.each([
    { locale: 'en-US', title: 'Elk Ridge: 9.8 in of new snow', language: 'en-US' },
    { locale: 'en-GB', title: 'Elk Ridge: 25 cm of new snow', language: 'en-GB' },
    { locale: 'de-DE', title: 'Elk Ridge: 25 cm Neuschnee', language: 'de-DE' },
    { locale: 'fr-FR', title: 'Elk Ridge : 25\u202fcm de neige fraîche', language: 'fr-FR' },
    { locale: 'ja-JP', title: 'Elk Ridge：新雪25 cm', language: 'ja-JP' },
  ])('writes $locale in its language and units', async ({ locale, title, language }) => {
    const dir = tree([season(25, [day('2026-01-05', { newSnow24h: 25 })])]);
    const files = await build(dir, { locales: [locale] });
    expect(resortAtom(files, 25, locale).entries?.[0]?.title?.value).toBe(title);
    const feed = resortJson(files, 25, locale);
    expect(feed.items?.[0]?.title).toBe(title);
    expect(feed.language).toBe(language);
  });

  it('says a season opened and closed in the locale’s words', async () => {
    const dir = tree([
      season(25, [
        day('2025-11-30', { state: 2 }),
        day('2025-12-01', { state: 1 }),
        day('2026-04-20', { state: 6, liftsOpen: 0, runsOpen: 0 }),
      ]),
    ]);
    const files = await build(dir, { locales: ['de-DE'] });
    const entries = resortAtom(files, 25, 'de-DE').entries!;
    expect(entries.map((e) => [e.title?.value, e.content?.value])).toEqual([
      [
        'Elk Ridge hat die Saison beendet',
        'Elk Ridge hat die Saison beendet (20. April 2026). Schneehöhe: Tal 100 cm, Berg 150 cm. Lifte geöffnet: 0 von 20. Pisten geöffnet: 0 von 60.',
      ],
      [
        'Elk Ridge hat die Saison eröffnet',
        'Elk Ridge ist in die Saison gestartet (1. Dezember 2025). Schneehöhe: Tal 100 cm, Berg 150 cm. Lifte geöffnet: 10 von 20. Pisten geöffnet: 30 von 60.',
      ],
    ]);
  });

  it('names the resorts and regions as the locale’s files do', async () => {
    const dir = tree([season(25, [day('2026-01-05', { newSnow24h: 25 })])], {
      'api/de-DE/externalservice/resort/25/combinedreport.json': JSON.stringify({ resortName: 'Elchgrat' }),
    });
    const files = await build(dir, { locales: ['de-DE'] });
    expect(resortAtom(files, 25, 'de-DE').title?.value).toBe('Elchgrat: Schneealarm');
    expect(atom(files.get('feeds/de-DE/region-429.atom')).entries?.[0]?.title?.value).toBe(
      'Elchgrat: 25 cm Neuschnee',
    );
  });

  it('keeps hostile names text in both formats', async () => {
    const hostile = '<script>alert(1)</script> & ]]> "\'\u0001\u0008\u001f end';
    const dir = tree([season(25, [day('2026-01-05', { newSnow24h: 25 })])]);
    const files = await build(dir, { resorts: [{ id: 25, name: hostile }] });
    const text = files.get('feeds/en-US/resort-25.atom')!;
    expect(text).not.toContain('<script>');
    expect(text).not.toContain(']]>');
    // eslint-disable-next-line no-control-regex -- the control characters must be gone
    expect(text).not.toMatch(/[\u0001\u0008\u001f]/);
    const clean = '<script>alert(1)</script> & ]]> "\' end';
    expect(resortAtom(files).title?.value).toBe(`${clean}: snow alerts`);
    expect(resortAtom(files).entries?.[0]?.title?.value).toBe(`${clean}: 9.8 in of new snow`);
    const feed = resortJson(files);
    expect(feed.title).toBe(`${clean}: snow alerts`);
    expect(feed.items?.[0]?.content_text).toContain(`${clean} reports 9.8 in`);
  });

  it('links entries to the partner’s page the config names, and to nothing without it or publicUrl', async () => {
    const dir = tree([season(25, [day('2026-01-05', { newSnow24h: 25 })])]);
    const partner = await build(dir, {
      locales: ['de-DE'],
      alerts: { newSnowCm: 20, link: 'https://ski.example/{language}/resorts/{resort}?l={locale}' },
    });
    expect(resortAtom(partner, 25, 'de-DE').entries?.[0]?.links?.[0]?.href).toBe(
      'https://ski.example/de/resorts/25?l=de-DE',
    );
    expect(resortJson(partner, 25, 'de-DE').home_page_url).toBe('https://ski.example/de/resorts/25?l=de-DE');
    const bare = await build(dir, { publicUrl: undefined });
    const entry = resortAtom(bare).entries![0]!;
    expect(entry.links ?? []).toEqual([]);
    expect(entry.id).toBe('tag:resort-conditions.invalid,2026-01-05:en-US/resort-25/powder');
    expect(resortJson(bare).items?.[0]?.url).toBeUndefined();
    // the feed's own link, relative to the feed without publicUrl; JSON Feed's only under it
    expect(resortAtom(bare).links?.find((l) => l.rel === 'self')?.href).toBe('resort-25.atom');
    expect(resortJson(bare).feed_url).toBeUndefined();
    expect(resortAtom(partner, 25, 'de-DE').links?.find((l) => l.rel === 'self')?.href).toBe(
      'https://snow.example.org/conditions/feeds/de-DE/resort-25.atom',
    );
    const noCards = await build(dir, { pages: { cards: false, lists: false } });
    expect(resortAtom(noCards).entries?.[0]?.links?.[0]?.href).toBe('https://snow.example.org/conditions/');
  });

  it('leaves out a history file that breaks the contract, says so, and keeps the others', async () => {
    const dir = tree([
      season(25, [day('2026-01-05', { newSnow24h: 25 })]),
      season(20, [day('2026-01-05', { newSnow24h: 25 })]),
    ]);
    writeFileSync(
      join(dir, 'history/20/2025-26.json'),
      JSON.stringify({ ...season(20, []), days: [{ date: 'soon' }] }),
    );
    const notes: string[] = [];
    const files = await build(dir, { note: (line) => notes.push(line) });
    expect(notes).toEqual([
      expect.stringMatching(
        /^history\/20\/2025-26\.json: breaks the history's contract \(\$\.days\[0\]\.date: .*\); left out of the alert feeds$/,
      ),
    ]);
    expect(resortAtom(files, 20).entries ?? []).toHaveLength(0);
    expect(resortAtom(files, 25).entries).toHaveLength(1);
  });
});

describe('xmlEscape', () => {
  it.each([
    { input: 'a & b', expected: 'a &amp; b' },
    { input: '<script>', expected: '&lt;script&gt;' },
    { input: ']]>', expected: ']]&gt;' },
    { input: `"'`, expected: '&quot;&apos;' },
    { input: 'a\u0000b\u000bc\ud800d', expected: 'abcd' },
    { input: 'tab\tline\n', expected: 'tab\tline\n' },
  ])('writes $input as $expected', ({ input, expected }) => {
    expect(xmlEscape(input)).toBe(expected);
  });
});

describe('FEED_STRINGS', () => {
  it('has every string in each of the 15 languages, each with the placeholders of the English one', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES) {
      const strings = FEED_STRINGS[language];
      for (const [key, english] of Object.entries(FEED_STRINGS.en))
        expect([language, key, placeholders(strings[key as keyof typeof strings])]).toEqual([
          language,
          key,
          placeholders(english),
        ]);
      if (language !== 'en') expect(strings.feed).not.toBe(FEED_STRINGS.en.feed);
    }
  });
});

describe('the build’s steps', () => {
  it('writes the feeds of the release from the histories staged beside its api/ folder, with the config’s alerts', async () => {
    const dir = tree([
      season(25, [day('2026-01-04', { newSnow24h: 22 }), day('2026-01-05', { newSnow24h: 31 })]),
    ]);
    const api = join(dir, 'api');
    const made = new Map<string, string>();
    const options = stepOptions({
      widget: false,
      config: {
        locales: ['en-GB'],
        profile: 'widget',
        alerts: { newSnowCm: 25 },
        publicUrl: 'https://snow.example.org/',
      },
    });
    for (const file of await releasedFiles(options, {
      scope: {
        resorts: [{ id: 25, name: 'Elk Ridge' }],
        groups: [{ name: 'region-429', ids: [25] }],
        emptyRegions: [],
      },
      files: {
        dir: api,
        read: stagedReader(api),
        builtAt: 0,
        [Symbol.iterator]: () => [][Symbol.iterator](),
      },
    }))
      made.set(file.path, Buffer.from(file.bytes).toString('utf8'));
    expect([...made.keys()].filter((p) => p.startsWith('feeds/')).sort()).toEqual([
      'feeds/en-GB/region-429.atom',
      'feeds/en-GB/region-429.json',
      'feeds/en-GB/resort-25.atom',
      'feeds/en-GB/resort-25.json',
    ]);
    expect(
      resortAtom(made, 25, 'en-GB').entries?.map((e) => [e.id, e.title?.value, e.links?.[0]?.href]),
    ).toEqual([
      // the element is not built: the entry links to the tree itself
      [
        'tag:snow.example.org,2026-01-05:en-GB/resort-25/powder',
        'Elk Ridge: 31 cm of new snow',
        'https://snow.example.org/',
      ],
    ]);
    expect(made.get('_headers')).toContain('/feeds/:locale/*.atom');
  });
});

describe('feedGroups', () => {
  const powder = (resort: number, cm: number) => ({
    resort,
    kind: 'powder' as const,
    date: '2026-01-03',
    day: day('2026-01-03', { newSnow24h: cm }),
  });
  const inputs = (over: Partial<FeedInputs> = {}): FeedInputs => ({
    locale: 'en-US',
    resorts: [
      { id: 25, name: 'Elk Ridge' },
      { id: 20, name: 'Alpine Meadows' },
    ],
    regions: [{ id: 429, name: 'United States' }],
    alerts: new Map([
      ['resort-25', [powder(25, 30)]],
      ['region-429', [powder(25, 30)]],
    ]),
    newSnowCm: 20,
    place: { cards: true, lists: true },
    ...over,
  });
  const keys = (i: FeedInputs) => new Map(feedGroups(i).map((g) => [g.name, g.key]));

  it('names each feed by its paths and gives the same key to the same inputs', () => {
    expect(feedGroups(inputs())).toEqual([
      expect.objectContaining({
        name: 'feeds/en-US/resort-25',
        paths: ['feeds/en-US/resort-25.atom', 'feeds/en-US/resort-25.json'],
      }),
      expect.objectContaining({ name: 'feeds/en-US/resort-20' }),
      expect.objectContaining({ name: 'feeds/en-US/region-429' }),
    ]);
    expect(keys(inputs())).toEqual(keys(inputs()));
  });

  it('changes the keys of the feeds whose files change, and only theirs', () => {
    const before = keys(inputs());
    const changed = (over: Partial<FeedInputs>) => {
      const after = keys(inputs(over));
      return [...after].filter(([name, key]) => before.get(name) !== key).map(([name]) => name);
    };
    const all = [...before.keys()];
    // a figure of an entry's day: the resort's feed and its region's
    expect(
      changed({
        alerts: new Map([
          ['resort-25', [powder(25, 31)]],
          ['region-429', [powder(25, 31)]],
        ]),
      }),
    ).toEqual(['feeds/en-US/resort-25', 'feeds/en-US/region-429']);
    // a resort's name: its feed's title, and its entries in the region's
    expect(
      changed({
        resorts: [
          { id: 25, name: 'Elk Ridge Resort' },
          { id: 20, name: 'Alpine Meadows' },
        ],
      }),
    ).toEqual(['feeds/en-US/resort-25', 'feeds/en-US/region-429']);
    expect(changed({ regions: [{ id: 429, name: 'USA' }] })).toEqual(['feeds/en-US/region-429']);
    // what every feed says or links to
    expect(changed({ newSnowCm: 25 })).toEqual(all);
    expect(changed({ place: { cards: true, lists: true, publicUrl: 'https://snow.example.org/' } })).toEqual(
      all,
    );
    expect(changed({ place: { cards: true, lists: false } })).toEqual(all);
    // the build's newest data date, which only a feed without entries shows: no key, so that such a feed is
    // linked from the previous release and keeps the date it was made on
    expect(changed({ newest: '2026-01-04' })).toEqual([]);
    expect(keys(inputs({ newest: '2026-01-04' }))).toEqual(keys(inputs({ newest: '2026-01-05' })));
  });
});
