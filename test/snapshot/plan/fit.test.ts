import { beforeAll, describe, expect, it } from 'vitest';
import { requestTarget } from '../../../scripts/api/request.ts';
import type { RegionList } from '../../../scripts/api/schemas/regions.ts';
import type { Dataset } from '../../../scripts/dataset/schema.ts';
import { project } from '../../../scripts/snapshot/plan/budget.ts';
import {
  DEFAULT_INTERVALS,
  intervals,
  parseConfig,
  type SnapshotConfig,
} from '../../../scripts/snapshot/config.ts';
import { countriesCollection, regionListCollection } from '../../../scripts/snapshot/discover/discover.ts';
import {
  fitPlan,
  formatFit,
  STRETCH_CAP,
  STRETCH_ORDER,
  type Fit,
} from '../../../scripts/snapshot/plan/fit.ts';
import { resortCollections } from '../../../scripts/snapshot/plan/plan.ts';
import { scopeOf } from '../../../scripts/snapshot/discover/scope.ts';
import { sample } from '../../helpers.ts';
import type { Collection } from '../../../scripts/snapshot/model.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

let dataset: Dataset;
beforeAll(async () => {
  dataset = await sample();
});

/** A region's list as the service renders it, reduced to what the scope reads: its id and its resorts. */
function regionList(region: Dataset['regions'][number]): RegionList {
  const resorts = dataset.resorts
    .filter((r) => r.countryId === region.id || r.stateId === region.id || r.regionIds.includes(region.id))
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ id: r.id, resortName: r.name }));
  return {
    id: region.id,
    regionName: region.name,
    regionType: region.type,
    resorts,
    restSnowReport: '',
    restRegionProfile: '',
    restCombinedReport: '',
    resortQueryParam: '',
  };
}

/**
 * Every collection a build of the embedded sample plans, as `runSnapshot` gathers them: the countries
 * list and each state's and region's list in every locale (discovery), then the resorts' collections,
 * for the demo account (every feature) and both families.
 */
function collectionsFor(config: SnapshotConfig): Collection[] {
  const lists = dataset.regions.map(regionList);
  const scope = scopeOf(config, lists);
  const subregions = dataset.regions.filter((r) => r.type !== 'COUNTRY').map((r) => r.id);
  const demo = dataset.accounts.find((a) => a.email === 'demo@example.com')!;
  const ctx = {
    config,
    families: new Set(['A', 'B'] as const),
    target: (r: Parameters<typeof requestTarget>[0]) => requestTarget(r, { token: 'x'.repeat(48) }),
    permissions: demo,
    publishedGroups: new Set(scope.groups.map((g) => g.name)),
  };
  return [
    ...config.locales.map((locale) => countriesCollection(locale, config)),
    ...config.locales.flatMap((locale) => subregions.map((id) => regionListCollection(locale, id, config))),
    ...resortCollections(ctx, scope),
  ];
}

const DEMO_ALLOWANCE = 100_000;
const monthlyOf = (collections: readonly Collection[], config: SnapshotConfig) =>
  project(collections, {
    intervals: intervals(config),
    schedule: config.schedule,
    refresh: 'due',
    due: () => true,
  }).monthly;

describe('fitPlan over the embedded sample', () => {
  it('builds the plan --plan shows for the default config: 36 resorts, 16 locales, 144240 requests a month', () => {
    const config = parseConfig({}, 'test');
    const collections = collectionsFor(config);
    expect(config.locales).toHaveLength(16);
    expect(new Set(collections.flatMap((c) => c.resorts)).size).toBe(36);
    expect(collections).toHaveLength(1360);
    expect(monthlyOf(collections, config)).toBe(144_240);
  });

  it('fits the default plan into 90 % of the demo allowance by stretching, the combined report last and least', () => {
    const config = parseConfig({}, 'test');
    const fit = fitPlan({ collections: collectionsFor(config), config, allowance: DEMO_ALLOWANCE });
    expect(fit.fits).toBe(true);
    expect(fit.projection.monthly).toBeLessThanOrEqual(90_000);
    expect(fit.projection.runsPerMonth).toBe(744);
    expect(fit.dropped).toEqual([]);
    expect(fit.variants).toEqual(config.variants);
    // the combined report keeps the shortest interval of all classes, and no class passes its cap
    for (const f of STRETCH_ORDER) {
      expect(fit.intervals.conditions).toBeLessThanOrEqual(fit.intervals[f]);
      expect(fit.intervals[f]).toBeLessThanOrEqual(Math.max(STRETCH_CAP[f], DEFAULT_INTERVALS[f]));
      expect(fit.intervals[f]).toBeGreaterThanOrEqual(DEFAULT_INTERVALS[f]);
    }
    expect(fit.intervals).toEqual({
      static: 14 * DAY,
      daily: 2 * DAY,
      webcams: 2 * HOUR,
      snow: 6 * HOUR,
      forecast: 4 * HOUR,
      conditions: 2 * HOUR,
    });
    // every change is a listed step, in round-robin order
    expect(fit.steps.map((s) => s.split(':')[0])).toEqual([
      'stretch static from 7 d to 14 d',
      'stretch daily from 1 d to 2 d',
      'stretch webcams from 1 h to 2 h',
      'stretch snow from 4 h to 6 h',
      'stretch forecast from 3 h to 4 h',
      'stretch conditions from 1 h to 2 h',
    ]);
    const changed = STRETCH_ORDER.filter((f) => fit.intervals[f] !== DEFAULT_INTERVALS[f]);
    expect(changed.every((f) => fit.steps.some((s) => s.startsWith(`stretch ${f} `)))).toBe(true);
    // the projection is the fitted config's own
    const applied = parseConfig({ refresh: fit.intervals, variants: fit.variants }, 'test');
    expect(monthlyOf(collectionsFor(applied), applied)).toBe(fit.projection.monthly);
    // thisRun is the run right after applying it: everything due
    expect(fit.projection.thisRun).toBe(fit.projection.perRefresh);
  });

  it('returns a plan that already fits unchanged: no steps, the config’s own intervals and variants', () => {
    const config = parseConfig({ schedule: { runsPerDay: 2 }, refresh: { static: '3d' } }, 'test');
    const collections = collectionsFor(config);
    const fit = fitPlan({ collections, config, allowance: DEMO_ALLOWANCE });
    expect(fit.fits).toBe(true);
    expect(fit.steps).toEqual([]);
    expect(fit.dropped).toEqual([]);
    expect(fit.intervals).toEqual({ ...DEFAULT_INTERVALS, static: 3 * DAY });
    expect(fit.variants).toEqual(config.variants);
    expect(fit.projection.monthly).toBe(monthlyOf(collections, config));
  });

  it('skips rungs that save nothing: with 2 runs a day, the hourly classes go straight to 24 h', () => {
    const config = parseConfig({ schedule: { runsPerDay: 2 } }, 'test');
    const fit = fitPlan({ collections: collectionsFor(config), config, allowance: 20_000 });
    const why = '(shorter intervals change nothing with a run every 12 h)';
    expect(fit.steps).toEqual([
      'stretch static from 7 d to 14 d: 34128 → 32976 requests per month',
      'stretch daily from 1 d to 2 d: 32976 → 24576 requests per month',
      `stretch webcams from 1 h to 1 d ${why}: 24576 → 24080 requests per month`,
      `stretch snow from 4 h to 1 d ${why}: 24080 → 22592 requests per month`,
      `stretch forecast from 3 h to 1 d ${why}: 22592 → 21600 requests per month`,
      `stretch conditions from 1 h to 1 d ${why}: 21600 → 17632 requests per month`,
    ]);
    expect(fit.fits).toBe(true);
    expect(fit.projection).toMatchObject({ monthly: 17632, runsPerMonth: 62 });
  });

  it('drops non-default variants, least-watched first, when stretching every class to its cap is not enough', () => {
    const config = parseConfig({}, 'test');
    const collections = collectionsFor(config);
    // every class at its cap projects 10896 a month; 8,000 keeps 7,200 free of the margin
    const fit = fitPlan({ collections, config, allowance: 8_000 });
    expect(fit.intervals).toEqual(STRETCH_CAP);
    expect(fit.steps).toHaveLength(29);
    expect(fit.steps.slice(-3)).toEqual([
      'stretch conditions from 12 h to 1 d: 14864 → 10896 requests per month',
      'drop the links=false variant (64 collections): 10896 → 8912 requests per month',
      'drop the forecast_only=true variant (64 collections): 8912 → 6928 requests per month',
    ]);
    expect(fit.variants).toEqual({
      links: [true],
      forecast_only: [false],
      forecast: [false, true],
      days: [0, 1, 2, 3, 4, 5],
    });
    expect(fit.fits).toBe(true);
    expect(fit.projection.monthly).toBe(6928);
    // a default variant is never dropped
    const byKey = new Map(collections.map((c) => [c.key, c]));
    const dropped = fit.dropped.map((k) => byKey.get(k)!);
    expect(dropped).toHaveLength(128);
    expect(dropped.every((c) => c.derivation.kind === 'multi' && !c.derivation.isDefault)).toBe(true);
    const defaults = collections.filter((c) => c.derivation.kind === 'multi' && c.derivation.isDefault);
    expect(defaults).toHaveLength(16 * 4);
    expect(defaults.some((c) => fit.dropped.includes(c.key))).toBe(false);
    // the fitted config plans exactly the collections kept
    const applied = parseConfig({ refresh: fit.intervals, variants: fit.variants }, 'test');
    const replanned = collectionsFor(applied);
    expect(replanned.map((c) => c.key).sort()).toEqual(
      collections
        .filter((c) => !fit.dropped.includes(c.key))
        .map((c) => c.key)
        .sort(),
    );
    expect(monthlyOf(replanned, applied)).toBe(fit.projection.monthly);
  });

  it('returns fits: false with the most-cut plan when nothing can fit', () => {
    const config = parseConfig({}, 'test');
    const collections = collectionsFor(config);
    for (const allowance of [10, 2_000]) {
      const fit = fitPlan({ collections, config, allowance });
      expect(fit.fits).toBe(false);
      expect(fit.intervals).toEqual(STRETCH_CAP);
      expect(fit.variants).toEqual({
        links: [true],
        forecast_only: [false],
        forecast: [false],
        days: [0, 1, 2, 3, 4, 5],
      });
      // 16 locales of region lists, overviews and default variants, each at its longest interval
      expect(fit.projection.monthly).toBe(6432);
      expect(fit.steps.at(-1)).toBe(
        'drop the forecast=true variant (16 collections): 6928 → 6432 requests per month',
      );
      expect(fit.dropped).toHaveLength(144);
    }
  });

  it('fits a tiny allowance in a smaller snapshot by dropping variants', () => {
    const config = parseConfig({ locales: ['en-US', 'de-DE'] }, 'test');
    const fit = fitPlan({ collections: collectionsFor(config), config, allowance: 1_200 });
    expect(fit.fits).toBe(true);
    expect(fit.projection.monthly).toBeLessThanOrEqual(1_080);
    expect(fit.dropped.length).toBeGreaterThan(0);
    expect(fit.steps.some((s) => s.startsWith('drop the links=false variant'))).toBe(true);
  });

  it('never drops a parameter’s only value, nor a variant the config does not publish', () => {
    const config = parseConfig(
      { variants: { links: [false], forecast_only: [false], forecast: [false, true] } },
      'test',
    );
    const fit = fitPlan({ collections: collectionsFor(config), config, allowance: 10 });
    expect(fit.fits).toBe(false);
    expect(fit.steps.filter((s) => s.startsWith('drop'))).toEqual([
      'drop the forecast=true variant (16 collections): 6928 → 6432 requests per month',
    ]);
    expect(fit.variants.links).toEqual([false]);
    expect(fit.variants.forecast_only).toEqual([false]);
    expect(fit.variants.forecast).toEqual([false]);
  });

  it('gives a larger allowance never longer intervals nor fewer variants than a smaller one', () => {
    const config = parseConfig({}, 'test');
    const collections = collectionsFor(config);
    const allowances = [10, 2_000, 8_000, 10_000, 20_000, 50_000, 80_000, 100_000, 150_000, 200_000];
    const fits = allowances.map((allowance) => fitPlan({ collections, config, allowance }));
    const table = fits.map((f, i) => [
      allowances[i],
      f.fits,
      f.intervals.conditions / HOUR,
      f.steps.length,
      f.dropped.length,
      f.projection.monthly,
    ]);
    expect(table).toEqual([
      // allowance, fits, conditions (h), steps, dropped, monthly
      [10, false, 24, 30, 144, 6432],
      [2_000, false, 24, 30, 144, 6432],
      [8_000, true, 24, 29, 128, 6928],
      [10_000, true, 24, 28, 64, 8912],
      [20_000, true, 12, 25, 0, 15360],
      [50_000, true, 3, 15, 0, 44624],
      [80_000, true, 2, 8, 0, 69424],
      [100_000, true, 2, 6, 0, 76160],
      [150_000, true, 1, 2, 0, 134688],
      [200_000, true, 1, 0, 0, 144240],
    ]);
    for (let i = 1; i < fits.length; i++) {
      const [smaller, larger] = [fits[i - 1]!, fits[i]!];
      for (const f of STRETCH_ORDER)
        expect(larger.intervals[f], `${f} at ${allowances[i]}`).toBeLessThanOrEqual(smaller.intervals[f]);
      expect(larger.dropped.every((k) => smaller.dropped.includes(k))).toBe(true);
      // the larger allowance's steps are the first steps of the smaller one's
      expect(smaller.steps.slice(0, larger.steps.length)).toEqual(larger.steps);
    }
  });

  it('keeps the margin free: with no margin the same allowance needs fewer cuts', () => {
    const config = parseConfig({}, 'test');
    const collections = collectionsFor(config);
    const strict = fitPlan({ collections, config, allowance: 80_000 });
    const loose = fitPlan({ collections, config, allowance: 80_000, margin: 0 });
    expect([strict.steps.length, strict.projection.monthly]).toEqual([8, 69424]);
    expect([loose.steps.length, loose.projection.monthly]).toEqual([6, 76160]);
    expect(() => fitPlan({ collections, config, allowance: 80_000, margin: 1 })).toThrow(/margin/);
    expect(() => fitPlan({ collections, config, allowance: 0 })).toThrow(/allowance/);
  });
});

describe('formatFit', () => {
  let fit: Fit;
  beforeAll(() => {
    const config = parseConfig({}, 'test');
    fit = fitPlan({ collections: collectionsFor(config), config, allowance: DEMO_ALLOWANCE });
  });

  it('lists the steps, the month against the allowance, and the config to paste', () => {
    const text = formatFit(fit, DEMO_ALLOWANCE);
    expect(text).toContain('  1. stretch static from 7 d to 14 d');
    expect(text).toContain(
      `Projected after fitting: ${fit.projection.monthly} of 100000 requests per month (${(fit.projection.monthly / 1000).toFixed(1)} %).`,
    );
    expect(text).toContain(
      '"refresh": {"conditions":"2h","forecast":"4h","snow":"6h","webcams":"2h","daily":"2d","static":"14d"},',
    );
    expect(text).toContain(
      '"variants": {"forecast_only":[false,true],"forecast":[false,true],"links":[true,false],"days":[0,1,2,3,4,5]}',
    );
    expect(text).toContain('"budget": "fit"');
  });

  it('pastes a refresh block the config accepts as the fitted intervals', () => {
    const text = formatFit(fit, DEMO_ALLOWANCE);
    const refresh = JSON.parse(/"refresh": (\{.*\}),/.exec(text)![1]!);
    const variants = JSON.parse(/"variants": (\{.*\})/.exec(text)![1]!);
    const applied = parseConfig({ refresh, variants }, 'test');
    expect(intervals(applied)).toEqual(fit.intervals);
    expect(applied.variants).toEqual(fit.variants);
  });

  it('says when the plan does not fit, and what else to cut', () => {
    const config = parseConfig({}, 'test');
    const text = formatFit(fitPlan({ collections: collectionsFor(config), config, allowance: 10 }), 10);
    expect(text).toContain('does not fit');
    expect(text).toMatch(/fewer locales/);
  });

  it('says a plan that fits needs no change', () => {
    const config = parseConfig({}, 'test');
    const text = formatFit(
      fitPlan({ collections: collectionsFor(config), config, allowance: 200_000 }),
      200_000,
    );
    expect(text).toMatch(/^Fit: the plan fits as configured/);
  });
});
