// @vitest-environment happy-dom
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multiEndpoint } from '../../scripts/api/endpoints.ts';
import { filePath } from '../../scripts/api/paths.ts';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { COUNTED_IDS, resortsRowsCss } from '../../scripts/embeds/lists.ts';
import { clearCache } from '../../widget/data.ts';
import '../../widget/list/define.ts';
import type { ResortConditionsList } from '../../widget/list/resort-conditions-list.ts';
import { linkPattern } from '../../widget/list/render.ts';
import { groupFile, selectionOf } from '../../widget/list/rows.ts';
import { englishList, hyphenated, listStrings } from '../../widget/list/strings.ts';
import { loadStrings } from '../../widget/i18n/index.ts';
import { TABLE_FROM } from '../../widget/list/geometry.ts';
import { listStyles } from '../../widget/list/styles.ts';
import { FROZEN_NOW, FULL, sample, folderFetch, urlOf } from '../helpers.ts';

const BASE = 'https://files.test/api/';
const DAY = 86_400_000;
/** The sample's largest region: the United States, 8 resorts. */
const REGION = 429;
let root: string;
const calls: string[] = [];

const filesFrom = (override?: (path: string) => Response | undefined): typeof fetch =>
  folderFetch(BASE, () => join(root, 'api'), calls, override);

const published = async (path: string) => JSON.parse(await readFile(join(root, 'api', path), 'utf8'));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-list-'));
  const now = () => FROZEN_NOW;
  const config = parseConfig({ out: root, locales: ['en-US', 'de-DE', 'fr-FR'] }, 'test');
  await runSnapshot({
    config,
    source: localSource(await sample(), { account: FULL.email, now }),
    families: new Set(['A', 'B']),
    now,
    refresh: 'all',
  });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => {
  document.body.innerHTML = '';
  calls.length = 0;
  clearCache();
});

async function shown(
  attributes: Record<string, string>,
  options: { now?: number; fetcher?: typeof fetch } = {},
) {
  const el = document.createElement('resort-conditions-list') as ResortConditionsList;
  el.fetcher = options.fetcher ?? filesFrom();
  el.now = () => options.now ?? FROZEN_NOW;
  el.setAttribute('src', BASE);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  const settled = new Promise<string>((resolve) => {
    el.addEventListener('load', () => resolve('load'));
    el.addEventListener('error', (e) => resolve(`error ${e.detail.code}: ${e.detail.reason}`));
  });
  document.body.append(el);
  const event = await settled;
  await el.updateComplete;
  const shadow = el.shadowRoot!;
  const rows = [...shadow.querySelectorAll('tbody tr:not(.message)')];
  const cells = (row: Element) =>
    [...row.querySelectorAll('th, td')].map((c) =>
      (c.querySelector('.fig, .clamp') ?? c).textContent!.replace(/\s+/g, ' ').trim(),
    );
  return { el, event, shadow, rows, names: rows.map((r) => cells(r)[0]), cells };
}

describe('<resort-conditions-list>', () => {
  it('shows a region from its one group file: a row per resort, by name, with its figures in the locale', async () => {
    const group = await published(`en-US/externalservice/resort/combinedreport/group=region-${REGION}.json`);
    const { event, shadow, rows, names, cells } = await shown({ region: String(REGION), locale: 'en-US' });
    expect(event).toBe('load');
    const records = Object.values(group) as any[];
    expect(rows).toHaveLength(8);
    expect(names).toEqual(records.map((r) => r.resortName).sort((a, b) => a.localeCompare(b)));
    // one file for the rows, beside the index and the attribution
    expect(calls.map((u) => u.slice(BASE.length))).toEqual([
      'manifest.json',
      `en-US/externalservice/resort/combinedreport/group=region-${REGION}.json`,
      'en-US/externalservice/myaccount/attribution.json',
    ]);
    const record = records.find((r) => r.report?.openflag === 1 && r.report.snowfall)!;
    const row = rows.find((r) => r.getAttribute('data-id') === String(record.resortId))!;
    const s = record.report;
    expect(cells(row)).toEqual([
      record.resortName,
      'Open',
      new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
        Date.parse(`${s.snowfall.snowReportedDate}T12:00:00Z`),
      ) + (cells(row)[2]!.endsWith('Outdated') ? ' Outdated' : ''),
      `${s.snowfall.snow24h} in`,
      `${s.snowfall.snow48h} in`,
      `${s.snowfall.snow72h} in`,
      `${s.snowQuality.onSlope.lowerDepth} in`,
      `${s.snowQuality.onSlope.upperDepth} in`,
      `${s.liftsReport.liftsOpen}/${record.info.lifts.numLifts}`,
      `${s.terrainReport.trailsOpen}/${record.info.terrain.numRuns}`,
    ]);
    expect(row.querySelectorAll('td')[7]!.getAttribute('aria-label')).toBe(
      `${s.liftsReport.liftsOpen} of ${record.info.lifts.numLifts} open`,
    );
    expect(shadow.querySelector('caption')!.textContent).toBe('Snow report');
    expect(shadow.querySelector('th[aria-sort]')!.textContent).toContain('Resort');
    expect(shadow.querySelector('th[aria-sort]')!.getAttribute('aria-sort')).toBe('ascending');
    expect(shadow.querySelectorAll('.attribution')).toHaveLength(1);
    expect(shadow.querySelector('.frame')!.getAttribute('style')).toContain('--_n: 8');
  });

  it('speaks German in metric units', async () => {
    const group = await published(`de-DE/externalservice/resort/combinedreport/group=region-${REGION}.json`);
    const { shadow, rows, cells } = await shown({ region: String(REGION), locale: 'de-DE' });
    const record = (Object.values(group) as any[]).find((r) => r.report?.openflag === 1)!;
    const row = rows.find((r) => r.getAttribute('data-id') === String(record.resortId))!;
    expect(cells(row)[1]).toBe('Geöffnet');
    expect(cells(row)[6]).toBe(`${record.report.snowQuality.onSlope.lowerDepth} cm`);
    expect(
      [...shadow.querySelectorAll('thead button')].map((b) => b.textContent!.replace(/\s+/g, ' ').trim()),
    ).toEqual([
      'Skigebiet▲',
      'Status',
      'Stand',
      'Neuschnee 24 h',
      'Neuschnee 48 h',
      'Neuschnee 72 h',
      'Tal',
      'Berg',
      'Lifte',
      'Pisten',
    ]);
    expect(shadow.querySelector('caption')!.textContent).toBe('Schneebericht');
  });

  it('sorts by a column from its header button: figures from the most, again for the least, with aria-sort', async () => {
    const { el, shadow } = await shown({ region: String(REGION), locale: 'en-US' });
    const button = (i: number) => shadow.querySelectorAll<HTMLButtonElement>('thead button')[i]!;
    const column = (i: number) =>
      [...shadow.querySelectorAll('tbody tr')].map(
        (r) => r.querySelectorAll('th, td')[i]!.querySelector('.fig, .clamp')!.textContent!,
      );
    const figures = (i: number) => column(i).map((v) => (v === '–' ? undefined : parseFloat(v)));
    const sorts: string[] = [];
    el.addEventListener('sort', (e) => sorts.push(`${e.detail.column} ${e.detail.direction}`));
    button(6).click(); // base depth
    await el.updateComplete;
    const base = figures(6);
    const known = base.filter((v): v is number => v !== undefined);
    expect(known.length).toBeGreaterThan(3);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(base.slice(known.length).every((v) => v === undefined)).toBe(true); // no depth: last
    expect(button(6).closest('th')!.getAttribute('aria-sort')).toBe('descending');
    expect(shadow.querySelectorAll('th[aria-sort]')).toHaveLength(1);
    button(6).click();
    await el.updateComplete;
    const ascending = figures(6).filter((v): v is number => v !== undefined);
    expect(ascending).toEqual([...known].sort((a, b) => a - b));
    expect(button(6).closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    button(0).click();
    await el.updateComplete;
    expect(column(0)).toEqual([...column(0)].sort((a, b) => a.localeCompare(b)));
    expect(sorts).toEqual(['base descending', 'base ascending', 'name ascending']);
  });

  it("sorts from a phone's one control, a labelled select of every column both ways, the rows' order selected", async () => {
    const { el, shadow } = await shown({ region: String(REGION), locale: 'de-DE' });
    const select = shadow.querySelector<HTMLSelectElement>('thead .pick select')!;
    expect(select.closest('label')!.textContent).toContain('Sortieren nach');
    const options = [...select.options];
    expect(options).toHaveLength(20);
    // each column's first direction first, as its button sorts: names A–Z, figures from the most
    expect(options.slice(0, 2).map((o) => [o.value, o.textContent])).toEqual([
      ['name ascending', 'Skigebiet ▲'],
      ['name descending', 'Skigebiet ▼'],
    ]);
    expect(options.find((o) => o.value === 'snow24 descending')!.textContent).toBe('Neuschnee 24 h ▼');
    expect(options.find((o) => o.selected)!.value).toBe('name ascending');
    const sorts: string[] = [];
    el.addEventListener('sort', (e) => sorts.push(`${e.detail.column} ${e.detail.direction}`));
    select.value = 'base ascending';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(sorts).toEqual(['base ascending']);
    expect(shadow.querySelector('th[aria-sort]')!.classList).toContain('v');
    expect(shadow.querySelector('th[aria-sort]')!.getAttribute('aria-sort')).toBe('ascending');
    expect([...select.options].find((o) => o.selected)!.value).toBe('base ascending');
  });

  it("reverses a region's rows, shown by name, at the first press on the name's header", async () => {
    const { el, shadow } = await shown({ region: String(REGION), locale: 'en-US' });
    const names = () => [...shadow.querySelectorAll('tbody th')].map((c) => c.textContent!.trim());
    const before = names();
    expect(before).toEqual([...before].sort((a, b) => a.localeCompare(b)));
    expect(shadow.querySelector('thead th')!.getAttribute('aria-sort')).toBe('ascending');
    shadow.querySelector<HTMLButtonElement>('thead button')!.click();
    await el.updateComplete;
    expect(names()).toEqual([...before].reverse());
    expect(shadow.querySelector('thead th')!.getAttribute('aria-sort')).toBe('descending');
    expect(el.sort).toEqual({ column: 'name', direction: 'descending' });
  });

  it('sorts by state from open to closed for good', async () => {
    const { el, shadow } = await shown({
      resorts: '20,25,60,101,117,136,155,172,189,205,218,251',
      locale: 'en-US',
    });
    el.sortBy('status');
    await el.updateComplete;
    const states = [...shadow.querySelectorAll('tbody td.status')].map((c) => c.textContent!.trim());
    const order = [
      'Open',
      'Weekends only',
      'Temporarily closed',
      'Closed',
      'No report',
      'Out of season',
      'Permanently closed',
    ];
    expect(states.map((s) => order.indexOf(s))).toEqual(
      [...states.map((s) => order.indexOf(s))].sort((a, b) => a - b),
    );
    expect(new Set(states).size).toBeGreaterThan(1);
  });

  it('shows resorts by id in the order given from the all group, a missing id as a row that says so', async () => {
    const { rows, names, cells, shadow } = await shown({ resorts: '25, 999999,20,25,abc', locale: 'en-US' });
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['25', '999999', '20']);
    expect(names[0]).toBe('Elk Ridge');
    expect(names[1]).toBe('Resort 999999');
    expect(cells(rows[1]!)[1]).toBe('No data');
    expect(rows[1]!.className).toBe('missing');
    expect(calls.filter((u) => u.includes('combinedreport'))).toEqual([
      `${BASE}en-US/externalservice/resort/combinedreport/group=all.json`,
    ]);
    expect(shadow.querySelector('th[aria-sort]')).toBeNull();
  });

  it('marks a row whose report is older than outdated-after hours', async () => {
    const group = await published(`en-US/externalservice/resort/combinedreport/group=region-${REGION}.json`);
    const dates = (Object.values(group) as any[])
      .map((r) => r.report?.snowfall?.snowReportedDate)
      .filter(Boolean)
      .sort();
    const latest = Date.parse(`${dates.at(-1)}T23:59:59Z`);
    const fresh = await shown({ region: String(REGION), locale: 'en-US' }, { now: latest + 3_600_000 });
    expect(fresh.shadow.querySelectorAll('tr.stale').length).toBeLessThan(8);
    document.body.innerHTML = '';
    const later = await shown({ region: String(REGION), locale: 'en-US' }, { now: latest + 3 * DAY });
    const reported = (Object.values(group) as any[]).filter((r) => r.report).length;
    expect(later.shadow.querySelectorAll('tr.stale')).toHaveLength(reported);
    expect(later.shadow.querySelector('tr.stale .warning')!.textContent).toBe('Outdated');
    later.el.setAttribute('outdated-after', '1000');
    await later.el.updateComplete;
    expect(later.shadow.querySelectorAll('tr.stale')).toHaveLength(0);
  });

  it('renders hostile names and ids as text, and links only http(s) patterns with the id encoded', async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const fetcher = filesFrom((path) => {
      if (!path.includes('group=all')) return undefined;
      const body = {
        '25': { resortId: 25, resortName: hostile, info: {}, report: { openflag: 1 } },
        '<b>': { resortName: 'x', info: {} },
      };
      return new Response(JSON.stringify(body));
    });
    const { shadow, names } = await shown(
      { resorts: '25', locale: 'en-US', 'href-pattern': 'https://partner.example/resorts/{id}?from=list' },
      { fetcher },
    );
    expect(names).toEqual([hostile]);
    expect(shadow.querySelector('tbody img, tbody script, tbody [onerror]')).toBeNull();
    expect(shadow.querySelector('tbody th')!.textContent!.trim()).toBe(hostile);
    expect(shadow.querySelector('tbody a')!.getAttribute('href')).toBe(
      'https://partner.example/resorts/25?from=list',
    );
    const link = linkPattern('https://partner.example/r/{id}');
    expect(link(7)).toBe('https://partner.example/r/7');
    expect(linkPattern('javascript:alert(1)//{id}')(7)).toBeUndefined();
    expect(linkPattern(' java\tscript:alert({id})')(7)).toBeUndefined();
    expect(linkPattern('data:text/html,{id}')(7)).toBeUndefined();
    expect(linkPattern('https://partner.example/no-id')(7)).toBeUndefined();
    expect(linkPattern('/relative/{id}')(7)).toBeUndefined();
  });

  it.each([
    {
      attributes: { region: 'abc' } as Record<string, string>,
      event: 'error no-resorts: neither region nor resorts names a resort',
      message: 'No resorts to show.',
    },
    {
      attributes: { resorts: 'a,b,-1,0' },
      event: 'error no-resorts: neither region nor resorts names a resort',
      message: 'No resorts to show.',
    },
    {
      attributes: {},
      event: 'error no-resorts: neither region nor resorts names a resort',
      message: 'No resorts to show.',
    },
    {
      attributes: { region: '403' },
      event: `error unknown-region: ${BASE}en-US/externalservice/resort/combinedreport/group=region-403.json: the snapshot has no list of region 403`,
      message: 'This region is not in the snow report.',
    },
  ])('says so for $attributes', async ({ attributes, event: expected, message }) => {
    const { event, shadow, rows } = await shown({ ...attributes, locale: 'en-US' });
    expect(event).toBe(expected);
    expect(rows).toHaveLength(0);
    expect(shadow.querySelector('[part=message]')!.textContent!.trim()).toBe(message);
  });

  it('says that the index cannot be read, with its address, and offers a retry', async () => {
    const fetcher = filesFrom((path) =>
      path === 'manifest.json' ? new Response('<html>', { status: 200 }) : undefined,
    );
    const { event, shadow } = await shown({ region: String(REGION), locale: 'en-US' }, { fetcher });
    expect(event).toBe(`error index-unavailable: ${BASE}manifest.json: not JSON`);
    expect(shadow.querySelector('[part=message]')!.textContent).toContain(
      'The snow report could not be loaded.',
    );
    expect(shadow.querySelector('[part=retry]')).not.toBeNull();
  });

  it('offers a retry when the group file fails, and reads it again', async () => {
    let fail = true;
    const fetcher = filesFrom((path) =>
      fail && path.includes('combinedreport') ? new Response('', { status: 503 }) : undefined,
    );
    const { el, event, shadow } = await shown({ region: String(REGION), locale: 'en-US' }, { fetcher });
    expect(event).toMatch(/^error file-unavailable: https:\/\/files\.test\/api\/.*: HTTP 503$/);
    fail = false;
    shadow.querySelector<HTMLButtonElement>('[part=retry]')!.click();
    await new Promise((resolve) => el.addEventListener('load', resolve, { once: true }));
    await el.updateComplete;
    expect(shadow.querySelectorAll('tbody tr:not(.message)')).toHaveLength(8);
  });

  it('draws its header as an empty row while it loads, and its sort buttons with the rows', async () => {
    let asked: (answer: (response: Response) => void) => void = () => {};
    const answered = new Promise<(response: Response) => void>((resolve) => (asked = resolve));
    const base = filesFrom();
    const el = document.createElement('resort-conditions-list') as ResortConditionsList;
    el.fetcher = (input, init) =>
      urlOf(input).includes('combinedreport')
        ? new Promise<Response>((resolve) => asked(resolve))
        : base(input, init);
    el.now = () => FROZEN_NOW;
    el.setAttribute('src', BASE);
    el.setAttribute('region', String(REGION));
    el.setAttribute('locale', 'de-DE');
    document.body.append(el);
    await el.updateComplete;
    const head = () => el.shadowRoot!.querySelector('thead')!;
    expect(head().getAttribute('tabindex')).toBe('-1');
    expect(head().querySelectorAll('tr')).toHaveLength(1);
    expect(head().querySelectorAll('th')).toHaveLength(0);
    expect(head().textContent!.trim()).toBe('');
    const loaded = new Promise((resolve) => el.addEventListener('load', resolve, { once: true }));
    (await answered)(
      await base(`${BASE}de-DE/externalservice/resort/combinedreport/group=region-${REGION}.json`),
    );
    await loaded;
    await el.updateComplete;
    expect(head().querySelectorAll('th button')).toHaveLength(10);
    expect(head().querySelector('[aria-sort]')!.textContent!.trim()).toBe('Skigebiet▲');
  });

  it('holds the rows of a resorts list before its data: the frame knows them from the attribute', async () => {
    const el = document.createElement('resort-conditions-list') as ResortConditionsList;
    el.fetcher = () => new Promise<Response>(() => {});
    el.setAttribute('resorts', '20,25,36');
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector<HTMLElement>('.frame')!.style.getPropertyValue('--_n')).toBe('3');
    const region = document.createElement('resort-conditions-list') as ResortConditionsList;
    region.fetcher = el.fetcher;
    region.setAttribute('region', '429');
    document.body.append(region);
    await region.updateComplete;
    // by region: the page's --rc-rows (resort-conditions-list.css) until the data is there
    expect(region.shadowRoot!.querySelector<HTMLElement>('.frame')!.style.getPropertyValue('--_n')).toBe('');
  });

  it.each([
    { resorts: '20,25,60', rows: 3 },
    { resorts: '60, 25, 20', rows: 3 },
    { resorts: '25,20,60,25', rows: 3 },
    { resorts: '20', rows: 1 },
    { resorts: '101,36', rows: 1 },
    { resorts: '120,2,600,1010', rows: 0 },
    { resorts: '020,25.0,x', rows: 0 },
  ])(
    'counts in the style sheet, before the script, the ids of the snapshot that resorts="$resorts" names: $rows',
    ({ resorts, rows }) => {
      const known = [20, 25, 60, 101];
      const css = resortsRowsCss(known);
      const rules = [...css.matchAll(/:where\((resort-conditions-list:is\([^{]*\))\)\{--_r(\d+):1\}/g)];
      expect(rules.map((r) => Number(r[2]))).toEqual(known);
      const el = document.createElement('resort-conditions-list');
      el.setAttribute('resorts', resorts);
      expect(rules.filter((r) => el.matches(r[1]!)).length).toBe(rows);
      // as the element counts them, but for an id the snapshot does not hold
      const selection = selectionOf(null, resorts);
      expect(selection.kind === 'resorts' ? selection.ids.filter((id) => known.includes(id)).length : 0).toBe(
        rows,
      );
      expect(
        css.endsWith(
          ":where(resort-conditions-list[resorts]:is(:not([region]),[region=''])){--rc-rows:max(1,var(--_r20,0) + var(--_r25,0) + var(--_r60,0) + var(--_r101,0))}",
        ),
      ).toBe(true);
    },
  );

  it.each([
    { region: undefined, sums: true },
    { region: '', sums: true },
    { region: '429', sums: false },
  ])('sums the ids beside region=$region as the element reads the attributes: $sums', ({ region, sums }) => {
    const sum = /:where\((resort-conditions-list\[resorts\][^{]*)\)\{--rc-rows:/.exec(
      resortsRowsCss([20]),
    )![1]!;
    const el = document.createElement('resort-conditions-list');
    el.setAttribute('resorts', '20');
    if (region !== undefined) el.setAttribute('region', region);
    expect(el.matches(sum)).toBe(sums);
    expect(selectionOf(region ?? null, '20').kind).toBe(sums ? 'resorts' : 'region');
  });

  it(`counts none in a snapshot of more than ${COUNTED_IDS} resorts, whose style sheet would weigh too much`, () => {
    expect(resortsRowsCss(Array.from({ length: COUNTED_IDS }, (_, i) => i + 1))).toContain('--_r200:1');
    expect(resortsRowsCss(Array.from({ length: COUNTED_IDS + 1 }, (_, i) => i + 1))).toBe('');
  });
});

describe('the list module', () => {
  it.each(['en-US', 'de-DE', 'ja-JP'])('reads the group files the snapshot publishes (%s)', (locale) => {
    expect(groupFile(locale, { kind: 'region', region: 429 })).toBe(
      filePath({ endpoint: multiEndpoint('combinedreport').id, locale, group: 'region-429' }),
    );
    expect(groupFile(locale, { kind: 'resorts', ids: [20] })).toBe(
      filePath({ endpoint: multiEndpoint('combinedreport').id, locale, group: 'all' }),
    );
  });

  it.each([
    { region: '429', resorts: '', expected: { kind: 'region', region: 429 } },
    { region: ' 429 ', resorts: '20', expected: { kind: 'region', region: 429 } },
    { region: '0429', resorts: '', expected: { kind: 'invalid' } },
    { region: '', resorts: '20, 25 ,20,x,36', expected: { kind: 'resorts', ids: [20, 25, 36] } },
    { region: '', resorts: '', expected: { kind: 'invalid' } },
  ])('reads region "$region" and resorts "$resorts"', ({ region, resorts, expected }) => {
    expect(selectionOf(region, resorts)).toEqual(expected);
  });

  it("turns from a table to stacked rows at TABLE_FROM, where the frame's height changes too", () => {
    const css = listStyles.replace(/\s/g, '');
    expect(css).toContain(`@container(width<${TABLE_FROM})`);
    expect(css).toMatch(new RegExp(`@container\\((min-width:|width>=)${TABLE_FROM}\\)`));
  });

  it.each(SUPPORTED_LOCALES)(
    "speaks %s, in the language chunk the card reads too (English's in the list's script)",
    async (locale) => {
      const t = await loadStrings(locale);
      expect(listStrings(locale)).toBe(locale.startsWith('en') ? englishList : t.list);
      const { hyphens, ...words } = listStrings(locale);
      expect(Object.values(words).every((s) => s.length > 0)).toBe(true);
      expect(typeof hyphens).toBe('string');
    },
  );

  it.each(SUPPORTED_LOCALES)(
    "hyphenates in %s only the narrow columns' headers' words, and only where its language does",
    async (locale) => {
      const t = await loadStrings(locale);
      const headers = [listStrings(locale).updated, t.base, t.summit, t.lifts, t.runs];
      const words = new Set(headers.flatMap((h) => h.split(/\s+/)));
      const hyphens = listStrings(locale).hyphens;
      const table = hyphens ? hyphens.split(' ') : [];
      for (const entry of table) expect(words, entry).toContain(entry.replace(/\|/g, ''));
      // every word of seven letters or more has its places (Japanese breaks between any two characters)
      for (const word of words)
        if ([...word.replace(/-.*/, '')].length > 6 && !locale.startsWith('ja'))
          expect(
            table.map((e) => e.replace(/\|/g, '')),
            word,
          ).toContain(word);
      for (const header of headers) expect(hyphenated(locale, header).replace(/\u00ad/g, '')).toBe(header);
    },
  );

  it.each([
    { locale: 'fr-FR', text: 'Remontées', expected: 'Re\u00admon\u00adtées' },
    { locale: 'cs-CZ', text: 'Vleky a lanovky', expected: 'Vleky a la\u00adnov\u00adky' },
    { locale: 'fi-FI', text: 'Ala-asema', expected: 'Ala-ase\u00adma' },
    { locale: 'de-DE', text: 'Pisten', expected: 'Pisten' },
    { locale: 'ja-JP', text: 'リフト', expected: 'リフト' },
  ])('writes $text in $locale as $expected', ({ locale, text, expected }) => {
    expect(hyphenated(locale, text)).toBe(expected);
  });
});
