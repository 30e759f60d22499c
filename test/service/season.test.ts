import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { schemaFor } from '../../scripts/api/schemas/by-endpoint.ts';
import { ENDPOINT } from '../../scripts/api/endpoints.ts';
import type { Dataset, DatasetResort } from '../../scripts/dataset/schema.ts';
import { resortOn } from '../../scripts/service/season.ts';
import { createService } from '../../scripts/service/service.ts';
import { dayNumber, DAY_MS, newSnowOn } from '../../scripts/service/snowpack.ts';
import { terrainCounts } from '../../scripts/service/render/terrain.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let token: string;

beforeAll(async () => {
  dataset = await sample();
  token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
});

/** 07:00 UTC of a `YYYY-MM-DD`, the hour a simulated day builds at. */
const morning = (day: string) => Date.parse(`${day}T07:00:00Z`);
const days = (first: string, last: string) =>
  Array.from({ length: dayNumber(last) - dayNumber(first) + 1 }, (_, i) =>
    new Date((dayNumber(first) + i) * DAY_MS).toISOString().slice(0, 10),
  );
/** The resorts whose report follows the season: not the one without a report, not the one closed for good. */
const seasonal = (d: Dataset) => d.resorts.filter((r) => r.report && r.report.openFlag !== 6);
const SEASON = days('2025-10-01', '2026-05-31');

/** Every resort on every day of the 2025-26 season, computed once. */
let season: Map<number, DatasetResort[]>;
beforeAll(() => {
  season = new Map(dataset.resorts.map((r) => [r.id, SEASON.map((day) => resortOn(r, morning(day)))]));
});

function serviceAt(now: number) {
  const service = createService(dataset, { now: () => now, origin: 'http://svc.test' });
  return (url: string, headers: Record<string, string> = {}) => {
    const response = service({ method: 'GET', url, headers });
    expect(response.status, url).toBe(200);
    return JSON.parse(response.body) as any;
  };
}
const familyA = (get: ReturnType<typeof serviceAt>, locale = 'en-US') =>
  get('/resorts/snowreport', { 'x-api-key': FULL.apiKey, locale }) as any[];
const familyB = (get: ReturnType<typeof serviceAt>, id: number, query = '') =>
  get(`/externalservice/resort/${id}/snowreport?token=${token}${query}`);

describe('the sample over a season', () => {
  it('answers the same bodies for the same day, whatever the service answered before', () => {
    const day = morning('2026-01-10');
    const fresh = serviceAt(day);
    let clock = morning('2025-12-01');
    const used = createService(dataset, { now: () => clock, origin: 'http://svc.test' });
    used({ method: 'GET', url: '/resorts/snowreport', headers: { 'x-api-key': FULL.apiKey } });
    clock = day;
    const again = used({ method: 'GET', url: '/resorts/snowreport', headers: { 'x-api-key': FULL.apiKey } });
    expect(JSON.parse(again.body)).toEqual(familyA(fresh));
    for (const r of dataset.resorts) expect(resortOn(r, day)).toEqual(resortOn(r, day));
  });

  it('brings most resorts storm days of 20 cm and more, not all on the same days', () => {
    const stormDays = seasonal(dataset).map((r) =>
      season
        .get(r.id)!
        .flatMap((dated, i) => ((dated.report?.recentCm[6] ?? 0) >= 20 ? [SEASON[i]!] : []))
        .join(' '),
    );
    const withStorms = stormDays.filter((s) => s !== '');
    expect(withStorms.length).toBeGreaterThanOrEqual(Math.ceil(seasonal(dataset).length * 0.8));
    // resorts of one state share their storms; states do not
    expect(new Set(withStorms).size).toBe(withStorms.length);
    const perResort = withStorms.map((s) => s.split(' ').length);
    expect(Math.max(...perResort)).toBeGreaterThan(2 * Math.min(...perResort));
  });

  it('builds the base up in the winter, lets it settle between storms and melts it in the spring', () => {
    for (const r of seasonal(dataset)) {
      const base = season.get(r.id)!.map((dated) => dated.report?.depthCm.base ?? 0);
      const rises = base.filter((b, i) => i > 0 && b > base[i - 1]!).length;
      const falls = base.filter((b, i) => i > 0 && b < base[i - 1]!).length;
      expect(rises, `${r.id}`).toBeGreaterThan(10);
      expect(falls, `${r.id}`).toBeGreaterThan(10);
      const peak = Math.max(...base);
      expect(peak, `${r.id}`).toBeGreaterThan(30);
      expect(base[SEASON.indexOf('2026-05-15')], `${r.id}`).toBeLessThan(peak / 2);
    }
  });

  it('opens a resort that makes snow on its opening day and closes it the day after its closing day', () => {
    const opensOnTime = seasonal(dataset).filter(
      (r) => r.report!.openFlag === 1 && r.runs.some((run) => run.snowmaking),
    );
    expect(opensOnTime.length).toBeGreaterThan(10);
    for (const r of opensOnTime) {
      // the moment whose report is of `plus` days after `monthDay`, at noon there
      const on = (monthDay: string, year: number, plus: number) =>
        resortOn(
          r,
          (dayNumber(`${year}-${monthDay}`) + plus) * DAY_MS +
            (12 - r.utcOffsetHours) * 3_600_000 +
            r.report!.updatedMinutesAgo * 60_000,
        );
      const flag = (monthDay: string, year: number, plus: number) =>
        on(monthDay, year, plus).report?.openFlag;
      expect(flag(r.season.opening, 2025, -1), `${r.id}`).toBe(2);
      expect(flag(r.season.opening, 2025, 0), `${r.id}`).toBe(1);
      expect(flag(r.season.closing, 2026, 0), `${r.id}`).toBe(1);
      expect(flag(r.season.closing, 2026, 1), `${r.id}`).toBe(2);
      // a month before the opening and a month after the closing it reports nothing
      expect(flag(r.season.opening, 2025, -30), `${r.id}`).toBeUndefined();
      expect(flag(r.season.closing, 2026, 30), `${r.id}`).toBeUndefined();
      // lifts run from the opening, a few at first
      expect(terrainCounts(on(r.season.opening, 2025, -1)).liftsOpen).toBe(0);
      expect(terrainCounts(on(r.season.opening, 2025, 0)).liftsOpen).toBeGreaterThan(0);
    }
  });

  it('shows every open flag on the sample day, each by the resort’s character', () => {
    const flags = dataset.resorts.map((r) => resortOn(r, FROZEN_NOW).report?.openFlag ?? 5);
    expect([...new Set(flags)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps open at most the total of lifts, runs, parks and trails on every day', () => {
    for (const r of dataset.resorts) {
      for (const dated of season.get(r.id)!) {
        const c = terrainCounts(dated);
        expect(c.liftsOpen).toBeLessThanOrEqual(terrainCounts(r).liftsOpen);
        expect(c.runsOpen).toBeLessThanOrEqual(terrainCounts(r).runsOpen);
        for (const part of ['parks', 'pipes', 'tubes'] as const)
          expect(dated.parks[part].open).toBeLessThanOrEqual(dated.parks[part].total);
        if (dated.nordic) expect(dated.nordic.openKm).toBeLessThanOrEqual(dated.nordic.totalKm);
      }
    }
  });
});

describe('the families on one day', () => {
  it.each(['2025-11-20', '2026-01-02', FROZEN_NOW, '2026-04-10', '2026-07-15'])(
    'agree on %s in every locale: depths, new snow, the week, lifts, runs and the open flag',
    (day) => {
      const now = typeof day === 'number' ? day : morning(day);
      const get = serviceAt(now);
      const a = new Map(familyA(get).map((r) => [r.resort, r]));
      for (const locale of SUPPORTED_LOCALES) {
        const [language, country] = locale.split('-');
        const imperial = locale === 'en-US';
        expect(familyA(get, locale).map((r) => r.depth)).toEqual([...a.values()].map((r) => r.depth));
        for (const r of dataset.resorts) {
          const b = familyB(get, r.id, `&language=${language}&country=${country}`);
          const ra = a.get(r.id)!;
          expect(b.report.openflag, `${r.id}`).toBe(ra.status.openFlag);
          expect(schemaFor(ENDPOINT.snowreport).safeParse(b).success).toBe(true);
          if (!ra.depth) {
            expect(b.report.snowfall).toEqual({});
            continue;
          }
          const depth = (cm: number) => (imperial ? Math.round(cm / 2.54) : cm);
          const snow = (cm: number) => (imperial ? Math.round((cm / 2.54) * 10) / 10 : cm);
          const onSlope = b.report.snowQuality.onSlope;
          if (onSlope.lowerDepth !== null) expect(onSlope.lowerDepth).toBe(depth(ra.depth.base));
          if (onSlope.upperDepth !== null) expect(onSlope.upperDepth).toBe(depth(ra.depth.summit));
          if (ra.depth.middle !== undefined) expect(onSlope.middleDepth).toBe(depth(ra.depth.middle));
          const week = ra.recent.map((d: { snow: number }) => d.snow);
          expect(b.report.snowfall.snow24h).toBe(snow(week[6]));
          expect(b.report.snowfall.snow72h).toBe(snow(week[4] + week[5] + week[6]));
          expect(b.report.snowfall.snowReportedDate).toBe(ra.recent[6].date);
          expect(b.report.terrainReport.trailsOpen).toBe(ra.terrain.runs.open);
          if (b.report.liftsReport.liftsOpen !== null)
            expect(b.report.liftsReport.liftsOpen).toBe(ra.lifts.open);
        }
      }
    },
  );

  it('carries the week from day to day: a day’s last 7 days are the days before it and its own new snow', () => {
    let before = new Map(familyA(serviceAt(morning('2025-12-20'))).map((r) => [r.resort, r]));
    for (const day of days('2025-12-21', '2026-01-05')) {
      const get = serviceAt(morning(day));
      const today = new Map(familyA(get).map((r) => [r.resort, r]));
      for (const r of seasonal(dataset)) {
        const [then, now] = [before.get(r.id)!.recent, today.get(r.id)!.recent];
        if (now[6].date === then[6].date) continue; // a report days old stays as it was
        expect(now.slice(0, 6)).toEqual(then.slice(1));
        // Family B's 48 hours are yesterday's 24 and today's
        const b = familyB(get, r.id, '&language=de&country=DE').report.snowfall;
        expect(b.snow48h - b.snow24h).toBe(then[6].snow);
      }
      before = today;
    }
  });
});

describe('a resort south of the equator', () => {
  let south: DatasetResort;
  beforeAll(() => {
    const model = dataset.resorts.find(
      (r) => r.report?.openFlag === 1 && r.runs.some((run) => run.snowmaking),
    )!;
    south = {
      ...model,
      utcOffsetHours: 10,
      location: { ...model.location, latitude: -36.8, longitude: 147.3 },
      season: { ...model.season, opening: '06-07', closing: '10-04' },
    };
  });

  it('opens and closes in the same year, its storms in the austral winter', () => {
    const flag = (day: string) => resortOn(south, morning(day)).report?.openFlag;
    expect(flag('2026-06-06')).toBe(2);
    expect(flag('2026-06-07')).toBe(1);
    expect(flag('2026-10-04')).toBe(1);
    expect(flag('2026-10-05')).toBe(2);
    expect(flag('2026-01-15')).toBeUndefined();
    const snowIn = (first: string, last: string) =>
      days(first, last).reduce((sum, day) => sum + newSnowOn(south, dayNumber(day)), 0);
    expect(snowIn('2026-07-01', '2026-07-31')).toBeGreaterThan(3 * snowIn('2026-01-01', '2026-01-31'));
    const local = createService({ ...dataset, resorts: [south] }, { now: () => morning('2026-08-01') });
    const body = JSON.parse(
      local({ method: 'GET', url: `/resort/${south.id}/snowreport`, headers: { 'x-api-key': FULL.apiKey } })
        .body,
    );
    expect(body.status).toMatchObject({ openFlag: 1, openingDate: '2026-06-07', closingDate: '2026-10-04' });
    expect(body.depth.base).toBeGreaterThan(0);
  });
});

describe('the dataset\'s own depths (scripts/api/README.md, "The embedded service")', () => {
  it('are not published: the day the model makes replaces them; only a middle station counts', () => {
    const resort = seasonal(dataset).find((r) => r.report!.depthCm.middle !== undefined)!;
    const report = resort.report!;
    const at = FROZEN_NOW;
    const other = (depthCm: typeof report.depthCm) => ({ ...resort, report: { ...report, depthCm } });
    const dated = resortOn(resort, at).report!;
    expect(dated.depthCm).not.toEqual(report.depthCm);
    expect(resortOn(other({ base: 1, summit: 2, middle: 3 }), at).report!.depthCm).toEqual(dated.depthCm);
    const { middle: _middle, ...withoutMiddle } = dated.depthCm;
    expect(resortOn(other({ base: 1, summit: 2 }), at).report!.depthCm).toEqual(withoutMiddle);
    expect(dated.depthCm.middle).toBe(Math.round((dated.depthCm.base + dated.depthCm.summit) / 2));
  });
});
