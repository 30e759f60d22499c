import { access, mkdtemp, readdir, readlink, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../scripts/api/request.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { checkBudget } from '../../scripts/snapshot/plan/budget.ts';
import { parseConfig, type SnapshotConfig } from '../../scripts/snapshot/config.ts';
import { SnapshotError } from '../../scripts/snapshot/errors.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { runSnapshot, type SnapshotResult } from '../../scripts/snapshot/run.ts';
import { countriesInScope } from '../../scripts/snapshot/discover/discover.ts';
import { subregionIds } from '../../scripts/snapshot/discover/scope.ts';
import type { Source } from '../../scripts/snapshot/source/source.ts';
import type { State } from '../../scripts/snapshot/store/state.ts';
import { releasesDir } from '../../scripts/snapshot/store/writer.ts';
import { BASIC, fakeCollection, FROZEN_NOW, FULL, sample } from '../helpers.ts';

const MINUTE = 60_000;
const T = FROZEN_NOW;
const iso = (ms: number) => new Date(ms).toISOString();
/** Two resorts with overviews in English, two without (60: German only, 101: none), three with webcams. */
const RESORTS = [20, 25, 60, 101];

let dataset: Dataset;
let root: string;
beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-refresh-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The build's clock: a variable each test moves forward. */
let clock = T;
const now = () => clock;

const config = (out: string, extra: Record<string, unknown> = {}): SnapshotConfig =>
  parseConfig({ out: join(root, out), locales: ['en-US', 'fr-FR'], resorts: RESORTS, ...extra }, 'test');

/** The embedded service with every request it answers counted by endpoint. */
function countingSource(source: Source): Source & { calls: ApiRequest[] } {
  const calls: ApiRequest[] = [];
  return {
    ...source,
    calls,
    fetch(request) {
      calls.push(request);
      return source.fetch(request);
    },
  };
}
const byEndpoint = (calls: readonly ApiRequest[]) => {
  const counts: Record<string, number> = {};
  for (const c of calls) counts[c.endpoint] = (counts[c.endpoint] ?? 0) + 1;
  return counts;
};

/** Runs one build at `at` with a fresh counting source. */
async function buildAt(
  at: number,
  cfg: SnapshotConfig,
  refresh: 'all' | 'due',
  options: { account?: string; withoutAccountRecord?: boolean } = {},
): Promise<{ result: SnapshotResult; calls: ApiRequest[] }> {
  clock = at;
  const local = localSource(dataset, { account: options.account ?? FULL.email, now });
  // without the account record the plan cannot leave out what the account lacks: the service answers 403
  const { account: _record, ...withoutRecord } = local;
  const base: Source = options.withoutAccountRecord ? withoutRecord : local;
  const source = countingSource(base);
  const result = await runSnapshot({ config: cfg, source, families: new Set(['A', 'B']), now, refresh });
  return { result, calls: source.calls };
}

/** Inode of every file the release's state lists, keyed by its path under `api/`. */
async function inodes(out: string, state: State): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (const file of Object.keys(state.files)) map.set(file, (await stat(join(out, 'api', file))).ino);
  return map;
}

describe('runSnapshot with refresh: due', () => {
  it('fetches nothing when no collection is due, and publishes every file carried over unchanged', async () => {
    const cfg = config('nothing-due');
    const first = await buildAt(T, cfg, 'all');
    const before = await inodes(cfg.out, first.result.state!);
    const link = await readlink(cfg.out);

    const { result, calls } = await buildAt(T + 30 * MINUTE, cfg, 'due');

    expect(calls).toEqual([]);
    expect(result.state!.requests).toEqual({ made: 0, saved: before.size, lowerBound: 0, byEndpoint: {} });
    // today a run with nothing due still publishes: a new release whose only new file is the manifest
    expect(result.published).toBe(true);
    expect(result.summary.written).toBe(1);
    expect(await readlink(cfg.out)).not.toBe(link);
    expect(result.manifest?.builtAt).toBe(iso(T + 30 * MINUTE));
    expect(result.state!.files).toEqual(first.result.state!.files);
    expect(new Set(Object.values(result.state!.files).map((f) => f.fetchedAt))).toEqual(new Set([iso(T)]));
    expect(result.state!.absent).toEqual(first.result.state!.absent);
    for (const [file, ino] of before) expect((await stat(join(cfg.out, 'api', file))).ino, file).toBe(ino);
  });

  it('refetches only the combined reports and webcams an hour and a half later', async () => {
    const cfg = config('hourly');
    const first = await buildAt(T, cfg, 'all');
    const before = await inodes(cfg.out, first.result.state!);
    const later = T + 90 * MINUTE;

    const { result, calls } = await buildAt(later, cfg, 'due');

    // 2 locales × 8 combined-report variants, and one webcams request per locale
    expect(result.state!.requests.byEndpoint).toEqual({ 'multi.combinedreport': 16, 'multi.webcams': 2 });
    expect(byEndpoint(calls)).toEqual({ 'multi.combinedreport': 16, 'multi.webcams': 2 });
    expect(result.state!.requests.made).toBe(18);
    expect(Object.keys(result.state!.files).sort()).toEqual([...before.keys()].sort());

    const hourly = /^(en-US|fr-FR) multi\.(combinedreport|webcams)( |$)/;
    const refreshed = Object.entries(result.state!.files).filter(([, f]) => hourly.test(f.collection));
    const kept = Object.entries(result.state!.files).filter(([, f]) => !hourly.test(f.collection));
    expect(refreshed.map(([, f]) => f.fetchedAt)).toEqual(refreshed.map(() => iso(later)));
    expect(kept.map(([, f]) => f.fetchedAt)).toEqual(kept.map(() => iso(T)));
    const refreshedFiles = refreshed.map(([file]) => file);
    // links and profile are derived from the combined report, so they are refreshed with it
    for (const file of [
      'en-US/externalservice/resort/20/combinedreport.json',
      'fr-FR/externalservice/resort/20/links.json',
      'en-US/externalservice/resort/25/profile.json',
      'en-US/externalservice/resort/20/webcams.json',
    ]) {
      expect(refreshedFiles, file).toContain(file);
    }
    for (const file of [
      'en-US/externalservice/resort/20/snowreport.json',
      'en-US/externalservice/resort/20/overview.json',
      'fr-FR/externalservice/region/countries/list.json',
      'en-US/resort/20/snowreport.json',
    ]) {
      expect(result.state!.files[file]?.fetchedAt, file).toBe(iso(T));
    }
    // what was not due is the previous release's very file
    for (const [file] of kept)
      expect((await stat(join(cfg.out, 'api', file))).ino, file).toBe(before.get(file));
  });

  it('remembers an overview that answered 404 as absent and asks again only after its interval', async () => {
    const cfg = config('absent-404', { locales: ['en-US'], refresh: { static: '2h' } });
    const overviews = (calls: ApiRequest[]) =>
      calls
        .filter((c) => c.endpoint === 'overview')
        .map((c) => c.params!.resortId)
        .sort();

    const first = await buildAt(T, cfg, 'all');
    expect(overviews(first.calls)).toEqual(['101', '20', '25', '60']);
    // 60 has an overview in German only, 101 none at all
    expect(first.result.state!.absent).toEqual({
      'en-US overview resort=101': iso(T),
      'en-US overview resort=60': iso(T),
    });
    expect(first.result.state!.files['en-US/externalservice/resort/20/overview.json']?.fetchedAt).toBe(
      iso(T),
    );

    const early = await buildAt(T + 90 * MINUTE, cfg, 'due');
    expect(overviews(early.calls)).toEqual([]);
    expect(early.result.state!.absent).toEqual({
      'en-US overview resort=101': iso(T),
      'en-US overview resort=60': iso(T),
    });

    const due = await buildAt(T + 150 * MINUTE, cfg, 'due');
    expect(overviews(due.calls)).toEqual(['101', '20', '25', '60']);
    expect(due.result.state!.requests.byEndpoint.overview).toBe(4);
    expect(due.result.state!.absent).toEqual({
      'en-US overview resort=101': iso(T + 150 * MINUTE),
      'en-US overview resort=60': iso(T + 150 * MINUTE),
    });
    expect(due.result.state!.files['en-US/externalservice/resort/20/overview.json']?.fetchedAt).toBe(
      iso(T + 150 * MINUTE),
    );
  });

  it('remembers what the basic account is refused (403) as absent and asks again only after its interval', async () => {
    const cfg = config('absent-403', { locales: ['en-US'] });
    const forecasts = (calls: ApiRequest[]) => calls.filter((c) => c.endpoint === 'multi.forecast').length;
    const build = (at: number, refresh: 'all' | 'due') =>
      buildAt(at, cfg, refresh, { account: BASIC.email, withoutAccountRecord: true });

    const first = await build(T, 'all');
    expect(forecasts(first.calls)).toBe(2);
    expect(
      Object.keys(first.result.state!.files).filter((f) => /forecast(\/|\.json)|webcams|overview/.test(f)),
    ).toEqual([]);
    const refused = [
      'en-US multi.forecast forecast_only=false',
      'en-US multi.forecast forecast_only=true',
      'en-US multi.webcams',
      'en-US overview resort=101',
      'en-US overview resort=20',
      'en-US overview resort=25',
      'en-US overview resort=60',
    ];
    for (const key of refused) expect(first.result.state!.absent[key], key).toBe(iso(T));

    // an hour and a half on, the hourly webcams are asked again, the 3-hourly forecasts are not
    const early = await build(T + 90 * MINUTE, 'due');
    expect(forecasts(early.calls)).toBe(0);
    expect(early.calls.filter((c) => c.endpoint === 'overview')).toEqual([]);
    expect(early.result.state!.absent['en-US multi.forecast forecast_only=true']).toBe(iso(T));
    expect(early.result.state!.absent['en-US multi.webcams']).toBe(iso(T + 90 * MINUTE));

    const later = await build(T + 181 * MINUTE, 'due');
    expect(forecasts(later.calls)).toBe(2);
    expect(later.result.state!.absent['en-US multi.forecast forecast_only=true']).toBe(iso(T + 181 * MINUTE));
    expect(later.result.state!.absent['en-US overview resort=20']).toBe(iso(T));
  });

  it("adds up the month's requests in the ledger and starts again in a new month", async () => {
    const cfg = config('ledger');
    const first = await buildAt(T, cfg, 'all');
    const second = await buildAt(T + 90 * MINUTE, cfg, 'due');
    const made = [first.result.state!.requests.made, second.result.state!.requests.made];
    expect(made).toEqual([first.calls.length, 18]);
    expect(first.result.state!.ledger).toEqual({ month: '2026-02', requests: made[0] });
    expect(second.result.state!.ledger).toEqual({ month: '2026-02', requests: made[0]! + made[1]! });

    const march = await buildAt(Date.parse('2026-03-01T00:30:00Z'), cfg, 'due');
    // more than a week on, everything is due again
    expect(march.result.state!.requests.made).toBe(first.result.state!.requests.made);
    expect(march.result.state!.ledger).toEqual({
      month: '2026-03',
      requests: march.result.state!.requests.made,
    });
  });
});

describe('the request budget', () => {
  const budgetInput = (enforce: boolean, extra: Record<string, unknown> = { allowance: 1000 }) => ({
    // two hourly requests, 24 runs a day: 2 × 744 = 1488 a month
    collections: [fakeCollection('multi.combinedreport', 2)],
    config: parseConfig({ schedule: { runsPerDay: 24 }, ...extra }, 'test'),
    refresh: 'due' as const,
    isDue: () => true,
    account: { hasWeather: true, hasOverviews: true, hasCams: true, maxPerMonth: 500 },
    ledger: undefined,
    month: '2026-02',
    enforce,
  });

  it('refuses a projection over config.allowance with a budget error that names it and --force', () => {
    const error = (() => {
      try {
        checkBudget(budgetInput(true));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).code).toBe('budget');
    expect((error as SnapshotError).message).toContain(
      'the plan projects 1488 requests per month, over the allowance of 1000 (config.allowance)',
    );
    expect((error as SnapshotError).message).toContain('--force');
  });

  it("takes the account record's allowance when the config sets none", () => {
    expect(() => checkBudget(budgetInput(true, {}))).toThrow(
      'over the allowance of 500 (the account record)',
    );
  });

  it('answers the projection instead of refusing when not enforced', () => {
    const budget = checkBudget(budgetInput(false));
    expect(budget.allowance).toBe(1000);
    expect(budget.projection.monthly).toBe(1488);
    expect(budget.projection.thisRun).toBe(2);
    expect(budget.text).toContain('OVER the allowance');
  });

  it('stops a real upstream over its allowance after discovery, before any resort request or write', async () => {
    const cfg = config('over-budget', { allowance: 10 });
    const remote = countingSource({ ...localSource(dataset, { account: FULL.email, now }), kind: 'remote' });
    clock = T;
    const error = await runSnapshot({
      config: cfg,
      source: remote,
      families: new Set(['A', 'B']),
      now,
      refresh: 'all',
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).code).toBe('budget');
    expect((error as SnapshotError).message).toContain('over the allowance of 10 (config.allowance)');
    // asked for: one preflight probe per family before anything else (Family B's attribution, Family A's
    // snow report list for the first configured resort), then what the scope needs — the first locale's
    // countries list and the lists of the states and regions of the countries that hold a configured
    // resort — and none of the plan's collections (the other locale's lists included)
    const countries = JSON.parse(
      (await localSource(dataset, { now }).fetch({ endpoint: 'region.countries', locale: 'en-US' })).body,
    );
    const subregions = subregionIds(countriesInScope(cfg, countries)).length;
    expect(subregions).toBe(6);
    expect(byEndpoint(remote.calls)).toEqual({
      attribution: 1,
      'a.snowreport': 1,
      'region.countries': 1,
      'region.list': subregions,
    });
    expect(remote.calls.slice(0, 2).map((c) => c.endpoint)).toEqual(['attribution', 'a.snowreport']);
    expect(remote.calls.find((c) => c.endpoint === 'a.snowreport')?.ids).toEqual([20]);
    expect(remote.calls.every((c) => c.locale === 'en-US')).toBe(true);
    await expect(access(cfg.out)).rejects.toThrow();
    await expect(access(releasesDir(cfg.out))).rejects.toThrow();
  });

  it('publishes a real upstream over its allowance with force', async () => {
    const cfg = config('forced', { allowance: 10 });
    const remote = countingSource({ ...localSource(dataset, { account: FULL.email, now }), kind: 'remote' });
    clock = T;
    const result = await runSnapshot({
      config: cfg,
      source: remote,
      families: new Set(['A', 'B']),
      now,
      refresh: 'all',
      force: true,
    });

    expect(result.published).toBe(true);
    expect(result.manifest?.source.kind).toBe('remote');
    expect(result.projection.monthly).toBeGreaterThan(10);
    expect(result.state!.requests.made).toBe(remote.calls.length);
    expect(result.state!.requests.byEndpoint['multi.combinedreport']).toBe(16);
    expect((await readdir(join(cfg.out, 'api'))).sort()).toEqual(['en-US', 'fr-FR', 'manifest.json']);
  });
});
