// @vitest-environment happy-dom
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { clearCache } from '../../widget/data.ts';
import '../../widget/card/define.ts';
import type { ResortConditions } from '../../widget/card/resort-conditions.ts';
import { loadSeason, parseSeason } from '../../widget/season/chart.ts';
import { FROZEN_NOW, FULL, sample, folderFetch } from '../helpers.ts';
import { DAYS, seasonHistory, writeHistory } from './season-history.ts';

const SITE = 'https://files.test/';
const BASE = `${SITE}api/`;
let root: string;
const calls: string[] = [];

/** Serves the published tree in `root` from https://files.test/, `override` answering first. */
const files = (override?: (path: string) => Response | undefined): typeof fetch =>
  folderFetch(SITE, () => root, calls, override);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-season-'));
  const dataset = await sample();
  const now = () => FROZEN_NOW;
  await runSnapshot({
    config: parseConfig({ out: root, locales: ['en-US', 'de-DE'] }, 'test'),
    source: localSource(dataset, { account: FULL.email, now }),
    families: new Set(['A', 'B']),
    now,
    refresh: 'all',
  });
  await writeHistory(root, [25]);
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => {
  document.body.innerHTML = '';
  calls.length = 0;
  clearCache();
});

const good = () => structuredClone(seasonHistory(25)) as unknown as { days: Record<string, unknown>[] };

describe('a season file, checked by hand in the chart’s chunk', () => {
  it('reads the contract’s body: each day in order, the days open marked', () => {
    const body = seasonHistory(25);
    const season = parseSeason(body, 25, '2025-26')!;
    expect(season.days).toHaveLength(body.days.length);
    expect(season.days.map((d) => d.date)).toEqual(body.days.map((d) => d.date));
    expect(season.days.filter((d) => d.open)).toHaveLength(body.days.filter((d) => d.state === 1).length);
    expect(season.days.at(-1)).toMatchObject({ date: '2026-01-29', base: 140, summit: 248, snow: 2 });
    // a gap is a gap: the next point is days later
    expect(season.days[5]!.day - season.days[4]!.day).toBe(2);
  });

  it.each([
    ['another resort', (b: any) => (b.resort = 26)],
    ['another season', (b: any) => (b.season = '2024-25')],
    ['inches', (b: any) => (b.unit = 'in')],
    ['no days', (b: any) => (b.days = [])],
    ['days not a list', (b: any) => (b.days = { 0: b.days[0] })],
    ['a depth over 10,000 cm', (b: any) => (b.days[3].base = 10_001)],
    ['a negative depth', (b: any) => (b.days[3].summit = -1)],
    ['an infinite depth', (b: any) => (b.days[3].base = Infinity)],
    ['a depth as text', (b: any) => (b.days[3].base = '120')],
    ['new snow missing', (b: any) => delete b.days[3].newSnow24h],
    ['a fraction of a lift', (b: any) => (b.days[3].liftsOpen = 1.5)],
    ['an unknown state', (b: any) => (b.days[3].state = 7)],
    ['no such day', (b: any) => (b.days[3].date = '2025-11-31')],
    ['a date with a time', (b: any) => (b.days[3].date = '2025-12-04T00:00:00Z')],
    ['a day twice', (b: any) => (b.days[4].date = b.days[3].date)],
    ['days out of order', (b: any) => b.days.reverse()],
    ['a day that is no object', (b: any) => (b.days[3] = null)],
    ['a span over a year', (b: any) => (b.days.at(-1).date = '2026-12-02')],
    [
      '367 days',
      (b: any) =>
        (b.days = Array.from({ length: 367 }, (_, i) => ({
          ...b.days[0],
          date: new Date(Date.UTC(2025, 6, 1 + i)).toISOString().slice(0, 10),
        }))),
    ],
  ])('is no season with %s', (_, edit) => {
    const body = good();
    edit(body);
    expect(parseSeason(body, 25, '2025-26')).toBeUndefined();
  });

  it('is read from the index’s latest season of the resort, beside api/, and a season name that is no name goes nowhere', async () => {
    const season = await loadSeason(BASE, 25, files());
    expect(season?.season).toBe('2025-26');
    expect(calls).toEqual([`${SITE}history/index.json`, `${SITE}history/25/2025-26.json`]);
    clearCache();
    calls.length = 0;
    const index = (seasons: string[]) => () =>
      new Response(JSON.stringify({ resorts: [{ resort: 25, seasons }] }));
    const hostile = files((p) => (p === 'history/index.json' ? index(['2025-26', '../../x'])() : undefined));
    expect(await loadSeason(BASE, 25, hostile)).toBeUndefined();
    expect(calls).toEqual([`${SITE}history/index.json`]);
    expect(await loadSeason(BASE, 26, files())).toBeUndefined();
  });
});

async function mount(attributes: Record<string, string>, fetcher = files()) {
  const el = document.createElement('resort-conditions') as ResortConditions;
  el.fetcher = fetcher;
  el.now = () => FROZEN_NOW;
  for (const [k, v] of Object.entries({ src: BASE, resort: '25', ...attributes })) el.setAttribute(k, v);
  const loaded = new Promise((resolve) => el.addEventListener('load', resolve));
  document.body.append(el);
  await loaded;
  // the chart's chunk and its two files, then its render
  for (let i = 0; i < 20 && el.shadowRoot!.querySelector('.season:not(figure)'); i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  await el.updateComplete;
  return el;
}

describe('<resort-conditions season>', () => {
  it('adds the season’s chart in the part `season`, whose text reads the latest depths, in inches for en-US', async () => {
    const el = await mount({ season: '', locale: 'en-US' });
    const part = el.shadowRoot!.querySelector('[part=season]')!;
    expect(part.tagName).toBe('FIGURE');
    expect(part.getAttribute('aria-label')).toBe('Season 2025-26');
    expect(part.querySelector('svg')!.getAttribute('viewBox')).toBe(`0 0 ${DAYS} 100`);
    expect(part.querySelector('.visually-hidden')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      '52 days recorded, December 1 to January 29. Open on 47 days. On January 29: 55 in at the base, 98 in at the summit.',
    );
    // one area of the base per run of days without a gap, bars of the new snow, the days open
    const base = part.querySelector('.base')!.getAttribute('d')!;
    expect(base.match(/M/g)).toHaveLength(7);
    expect(part.querySelector('.open')!.getAttribute('d')!.match(/M/g)).toHaveLength(47);
    expect(el.season).toBe(true);
  });

  it('says it in the reader’s language and units: centimetres in German', async () => {
    const el = await mount({ season: '', locale: 'de-DE' });
    const part = el.shadowRoot!.querySelector('[part=season]')!;
    expect(part.getAttribute('aria-label')).toBe('Saison 2025-26');
    expect(part.querySelector('.visually-hidden')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      '52 Tage erfasst, 1. Dezember bis 29. Januar. An 47 Tagen geöffnet. Am 29. Januar: 140 cm im Tal, 248 cm am Berg.',
    );
  });

  it('reads no history without the attribute', async () => {
    const el = await mount({ locale: 'en-US' });
    expect(el.shadowRoot!.querySelector('[part=season]')).toBeNull();
    expect(calls.some((url) => url.includes('history'))).toBe(false);
  });

  it.each([
    ['missing', () => new Response('not found', { status: 404 })],
    ['not a season', () => new Response(JSON.stringify({ ...seasonHistory(25), unit: 'in' }))],
    ['not JSON', () => new Response('<html>')],
  ])('shows the card whole, without a chart, when the file is %s', async (_, answer) => {
    const el = await mount(
      { season: '', locale: 'en-US' },
      files((p) => (p === 'history/25/2025-26.json' ? answer() : undefined)),
    );
    expect(el.shadowRoot!.querySelector('[part=season]')).toBeNull();
    expect(el.shadowRoot!.querySelector('.frame.open h2')!.textContent).toBe('Elk Ridge');
  });
});
