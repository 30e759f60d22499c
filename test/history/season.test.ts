import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HistoryIndex, SeasonHistory, seasonOf, type HistoryDay } from '../../scripts/api/schemas/history.ts';
import {
  checkIndex,
  checkSeason,
  contractSeason,
  indexInWindow,
  isSeasonName,
  MAX_SEASON_BYTES,
  newSeason,
  reportPoint,
  seasonBytes,
  seasonHolds,
  seasonInWindow,
  seasonSpan,
  spliceDay,
  withDay,
} from '../../scripts/history/season.ts';
import { recordWindow } from '../../scripts/api/window.ts';
import { FROZEN_NOW } from '../helpers.ts';

/** A combined report as the service publishes it, in the unit of `locale`. */
const combined = (report: Record<string, unknown>, latitude = 46.5) => ({
  resortId: 25,
  resortName: 'Elk Ridge',
  info: { lifts: { numLifts: 7 }, terrain: { numRuns: 15 }, location: { latitude } },
  report: {
    openflag: 1,
    snowQuality: { onSlope: { lowerDepth: 80, upperDepth: 117 } },
    liftsReport: { liftsOpen: 2 },
    terrainReport: { trailsOpen: 5 },
    snowfall: { snowReportedDate: '2026-01-10', snow24h: 21 },
    ...report,
  },
});

const day = (date: string, base: number): HistoryDay => ({
  date,
  base,
  summit: base + 40,
  newSnow24h: 0,
  liftsOpen: 1,
  liftsTotal: 7,
  runsOpen: 2,
  runsTotal: 15,
  state: 1,
});

describe('reportPoint', () => {
  it('makes a point of a metric combined report, on the day the resort reported', () => {
    expect(reportPoint({ combined: { body: combined({}), locale: 'de-DE' } })).toEqual({
      day: {
        date: '2026-01-10',
        base: 80,
        summit: 117,
        newSnow24h: 21,
        liftsOpen: 2,
        liftsTotal: 7,
        runsOpen: 5,
        runsTotal: 15,
        state: 1,
      },
      season: '2025-26',
      latitude: 46.5,
    });
  });

  it('converts en-US inches to whole centimetres', () => {
    const body = combined({
      snowQuality: { onSlope: { lowerDepth: 31, upperDepth: 46 } },
      snowfall: { snowReportedDate: '2026-01-10', snow24h: 8.3 },
    });
    const point = reportPoint({ combined: { body, locale: 'en-US' } })!;
    expect([point.day.base, point.day.summit, point.day.newSnow24h]).toEqual([79, 117, 21]);
  });

  it.each([
    { latitude: 46.5, date: '2026-01-10', season: '2025-26' },
    { latitude: 46.5, date: '2025-07-01', season: '2025-26' },
    { latitude: 46.5, date: '2025-06-30', season: '2024-25' },
    { latitude: -36.4, date: '2026-08-01', season: '2026' },
    { latitude: -36.4, date: '2026-01-10', season: '2026' },
    { latitude: -45.0, date: '2025-12-31', season: '2025' },
  ])('names the season of $date at latitude $latitude $season', ({ latitude, date, season }) => {
    const body = combined({ snowfall: { snowReportedDate: date, snow24h: 0 } }, latitude);
    expect(reportPoint({ combined: { body, locale: 'fr-FR' } })!.season).toBe(season);
    expect(seasonOf(date, latitude)).toBe(season);
  });

  it('leaves what the report does not give, or gives impossibly, as null', () => {
    const body = combined({
      snowQuality: { onSlope: { lowerDepth: '', upperDepth: null } },
      liftsReport: { liftsOpen: 2.5 },
      terrainReport: {},
      snowfall: { snowReportedDate: '2026-01-10', snow24h: -3 },
      openflag: 9,
    });
    const point = reportPoint({ combined: { body, locale: 'de-DE' } })!;
    expect(point.day).toEqual({
      date: '2026-01-10',
      base: null,
      summit: null,
      newSnow24h: null,
      liftsOpen: null,
      liftsTotal: 7,
      runsOpen: null,
      runsTotal: 15,
      state: null,
    });
  });

  it('makes no point of a report without a date, nor of an impossible one', () => {
    expect(reportPoint({ combined: { body: combined({ snowfall: {} }), locale: 'de-DE' } })).toBeUndefined();
    const feb30 = combined({ snowfall: { snowReportedDate: '2026-02-30' } });
    expect(reportPoint({ combined: { body: feb30, locale: 'de-DE' } })).toBeUndefined();
  });

  it("falls back to Family A's record, its day the date of updatedAt and its new snow that day's", () => {
    const familyA = {
      status: { openFlag: 2 },
      depth: { base: 40, summit: 90 },
      lifts: { total: 6, open: 0 },
      terrain: { runs: { total: 12, open: 0 } },
      recent: [
        { date: '2026-03-01', snow: 4 },
        { date: '2026-03-02', snow: 12 },
      ],
      updatedAt: '2026-03-02T18:00:00-07:00',
    };
    expect(reportPoint({ familyA: { body: familyA, locale: 'en-US' } })).toEqual({
      day: {
        date: '2026-03-02',
        base: 40,
        summit: 90,
        newSnow24h: 12,
        liftsOpen: 0,
        liftsTotal: 6,
        runsOpen: 0,
        runsTotal: 12,
        state: 2,
      },
      season: '2025-26',
      latitude: undefined,
    });
  });
});

describe('withDay', () => {
  it('adds a day in date order and replaces the same day, filling no gap', () => {
    let season = newSeason(25, '2025-26');
    season = withDay(season, day('2026-01-12', 100));
    season = withDay(season, day('2026-01-10', 90));
    season = withDay(season, day('2026-01-12', 105));
    expect(season.days.map((d) => [d.date, d.base])).toEqual([
      ['2026-01-10', 90],
      ['2026-01-12', 105],
    ]);
  });
});

describe('spliceDay, on the bytes of a season file', () => {
  const text = (season: SeasonHistory) => seasonBytes(season).toString('latin1');
  const splice = (season: SeasonHistory, d: HistoryDay) =>
    spliceDay(text(season), season.resort, season.season, d.date, JSON.stringify(d));

  it('gives the bytes seasonBytes writes of withDay: a day added first, between, last, or replaced', () => {
    const empty = newSeason(25, '2025-26');
    const held = [day('2026-01-10', 90), day('2026-01-12', 100), day('2026-01-14', 110)].reduce(
      withDay,
      empty,
    );
    const cases = [
      [empty, day('2026-01-11', 95)],
      [held, day('2025-12-01', 40)],
      [held, day('2026-01-11', 95)],
      [held, day('2026-01-13', 105)],
      [held, day('2026-01-15', 115)],
      [held, day('2026-01-10', 91)],
      [held, day('2026-01-12', 101)],
      [held, day('2026-01-14', 111)],
      [held, { ...day('2026-01-16', 0), base: null, newSnow24h: null, state: null }],
    ] as const;
    for (const [season, d] of cases) expect(splice(season, d)).toBe(text(withDay(season, d)));
    // the same point again leaves the bytes as they were
    expect(splice(held, day('2026-01-12', 100))).toBe(text(held));
  });

  it('gives up on bytes seasonBytes did not write for that resort and season (the caller reads them whole)', () => {
    const held = withDay(newSeason(25, '2025-26'), day('2026-01-10', 90));
    const d = day('2026-01-11', 95);
    const at = (bytes: string, resort = 25, season = '2025-26') =>
      spliceDay(bytes, resort, season, d.date, JSON.stringify(d));
    expect(at(text(held), 26)).toBeUndefined();
    expect(at(text(held), 25, '2024-25')).toBeUndefined();
    expect(at(JSON.stringify(held, null, 1))).toBeUndefined();
    expect(at(text(held).replace('"base":90', '"base":"90"'))).toBeUndefined();
    expect(at(text(held).replace('"base":90,', ''))).toBeUndefined();
    expect(at(text(held).replace('}]}', '},"x"]}'))).toBeUndefined();
    expect(at(text(held).trimEnd())).toBeUndefined();
  });
});

describe('seasons', () => {
  it.each([
    ['2025-26', '2025-07-01', true],
    ['2025-26', '2026-06-30', true],
    ['2025-26', '2026-07-01', false],
    ['2025-26', '2025-06-30', false],
    ['2026', '2026-12-31', true],
    ['2026', '2025-12-31', false],
    ['2025-27', '2026-01-01', false],
  ])('%s holds %s: %s', (season, date, holds) => {
    expect(seasonHolds(season, date)).toBe(holds);
  });

  it('knows a season name from a pattern that only looks like one', () => {
    expect([isSeasonName('2099-00'), isSeasonName('2099-01'), isSeasonName('2025-27')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  // the contract names every member of every day: 366 days are about 50 KB as written, and hosts send JSON
  // compressed (scripts/docs/snapshot.md, "The season's history")
  it('keeps a worst-case season of one resort (366 days, every member at its widest) under 20 KB compressed', () => {
    let season = newSeason(1_234_567_890, '2027-28');
    const start = Date.parse('2027-07-01T00:00:00Z');
    // four-digit depths and three-digit counts that differ every day: the least a compressor can save
    let seed = 7;
    const wide = (from: number) => from + ((seed = (seed * 16_807) % 2_147_483_647) % (from * 9));
    for (let i = 0; i < 366; i++) {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      season = withDay(season, {
        date,
        base: wide(1000),
        summit: wide(1000),
        newSnow24h: wide(1000),
        liftsOpen: wide(100),
        liftsTotal: wide(100),
        runsOpen: wide(100),
        runsTotal: wide(100),
        state: ((i % 6) + 1) as HistoryDay['state'],
      });
    }
    expect(season.days).toHaveLength(366);
    expect(SeasonHistory.parse(season)).toEqual(season);
    const bytes = seasonBytes(season);
    expect(bytes.byteLength).toBeLessThan(MAX_SEASON_BYTES);
    expect(gzipSync(bytes).byteLength).toBeLessThan(20 * 1024);
  });
});

describe('contractSeason, the schema by hand for the files a build reads each run', () => {
  const good = withDay(withDay(newSeason(25, '2025-26'), day('2025-12-01', 50)), day('2025-12-02', 60));
  const first = good.days[0]!;

  it('answers what the schema answers for a season in the contract order', () => {
    const body = JSON.parse(seasonBytes(good).toString()) as unknown;
    expect(contractSeason(body)).toEqual(SeasonHistory.parse(body));
    const nulls = { ...good, days: [{ ...first, base: null, liftsOpen: null, state: null }] };
    expect(contractSeason(nulls)).toEqual(SeasonHistory.parse(nulls));
  });

  it.each([
    ['members in another order', { days: good.days, unit: 'cm', season: '2025-26', resort: 25 }],
    [
      'a day with members in another order',
      { ...good, days: [Object.fromEntries(Object.entries(first).reverse())] },
    ],
    ['a member it does not know', { ...good, extra: 1 }],
    ['a day member missing', { ...good, days: [{ ...first, state: undefined }] }],
    ['a resort that is not a whole number', { ...good, resort: 2.5 }],
    ['another unit', { ...good, unit: 'in' }],
    ['a season name that is none', { ...good, season: '25-26' }],
    ['a date that is not a day', { ...good, days: [{ ...first, date: '2025-02-30' }] }],
    ['a depth over 10,000 cm', { ...good, days: [{ ...first, summit: 10_001 }] }],
    ['a negative depth', { ...good, days: [{ ...first, base: -1 }] }],
    ['a count that is not whole', { ...good, days: [{ ...first, runsOpen: 1.5 }] }],
    ['a depth as text', { ...good, days: [{ ...first, base: '50' }] }],
    ['an open flag it does not know', { ...good, days: [{ ...first, state: 7 }] }],
    ['367 days', { ...good, days: Array.from({ length: 367 }, () => first) }],
  ])('leaves %s to the schema', (_, body) => {
    expect(contractSeason(JSON.parse(JSON.stringify(body)))).toBeUndefined();
  });

  it('leaves the schema to say why, and to take a valid season in another order', () => {
    const reordered = Buffer.from(
      JSON.stringify({ days: good.days, unit: 'cm', season: '2025-26', resort: 25 }),
    );
    expect(checkSeason(reordered, 25, '2025-26')).toEqual({ season: good });
    const late = Buffer.from(JSON.stringify({ ...good, days: [{ ...first, date: '2025-02-30' }] }));
    expect(checkSeason(late, 25, '2025-26')).toEqual({ refused: 'breaks the contract at $.days.0.date' });
  });
});

describe('seasons and the window of report dates (scripts/api/README.md, "Dates")', () => {
  // 2006-02-14 to 2027-02-14
  const window = recordWindow(FROZEN_NOW);

  it.each([
    { season: '2025-26', span: { from: '2025-07-01', to: '2026-06-30' }, inside: true },
    { season: '2026', span: { from: '2026-01-01', to: '2026-12-31' }, inside: true },
    { season: '2005-06', span: { from: '2005-07-01', to: '2006-06-30' }, inside: true },
    { season: '2004-05', span: { from: '2004-07-01', to: '2005-06-30' }, inside: false },
    { season: '2026-27', span: { from: '2026-07-01', to: '2027-06-30' }, inside: true },
    { season: '2027', span: { from: '2027-01-01', to: '2027-12-31' }, inside: true },
    { season: '2027-28', span: { from: '2027-07-01', to: '2028-06-30' }, inside: false },
    { season: '2099-00', span: { from: '2099-07-01', to: '2100-06-30' }, inside: false },
    { season: '0999-00', span: { from: '0999-07-01', to: '1000-06-30' }, inside: false },
    { season: '999-00', span: undefined, inside: false },
  ])('$season runs $span.from to $span.to, inside the window: $inside', ({ season, span, inside }) => {
    expect(seasonSpan(season)).toEqual(span);
    expect(seasonInWindow(season, window)).toBe(inside);
  });

  it('leaves the seasons outside the window out of an index, and answers which', () => {
    const index = {
      resorts: [
        { resort: 20, seasons: ['0999-00', '2025-26', '2099-00'] },
        { resort: 25, seasons: ['2099'] },
        { resort: 60, seasons: ['2024-25', '2025-26'] },
      ],
    };
    expect(indexInWindow(index, window)).toEqual({
      index: {
        resorts: [
          { resort: 20, seasons: ['2025-26'] },
          { resort: 60, seasons: ['2024-25', '2025-26'] },
        ],
      },
      outside: [
        { resort: 20, season: '0999-00' },
        { resort: 20, season: '2099-00' },
        { resort: 25, season: '2099' },
      ],
    });
  });

  it('refuses a season read back with a day outside the window, given one', () => {
    const late = withDay(withDay(newSeason(25, '2026-27'), day('2027-02-14', 50)), day('2027-02-15', 60));
    expect(checkSeason(seasonBytes(late), 25, '2026-27', window)).toEqual({
      refused:
        "$.days[1].date is outside the window of report, update and season dates (2006-02-14 to 2027-02-14, around the build's clock)",
    });
    expect(checkSeason(seasonBytes(late), 25, '2026-27')).toEqual({ season: late });
  });
});

describe('checkSeason, of a file read from anywhere', () => {
  const good = withDay(withDay(newSeason(25, '2025-26'), day('2025-12-01', 50)), day('2025-12-02', 60));
  const bytes = (v: unknown) => Buffer.from(JSON.stringify(v));

  it('accepts a season of the resort and season asked for', () => {
    expect(checkSeason(seasonBytes(good), 25, '2025-26')).toEqual({ season: good });
  });

  it.each([
    ['another resort', good, 26, 'names resort 25, not 26'],
    ['another season', good, 25, 'names season 2025-26, not 2024-25'],
    ['a day outside its season', { ...good, days: [day('2026-07-01', 1)] }, 25, 'is not in season'],
    ['days out of order', { ...good, days: [...good.days].reverse() }, 25, 'is not after the day before it'],
    ['a day twice', { ...good, days: [good.days[0], good.days[0]] }, 25, 'is not after the day before it'],
    ['a member it does not know', { ...good, extra: '<script>' }, 25, 'breaks the contract'],
    ['a negative depth', { ...good, days: [{ ...good.days[0], base: -1 }] }, 25, 'breaks the contract'],
    ['a date that is not a day', { ...good, days: [{ ...good.days[0], date: '2025-13-01' }] }, 25, 'breaks'],
  ])('refuses %s', (_, body, resort, reason) => {
    const season = reason.startsWith('names season') ? '2024-25' : '2025-26';
    const result = checkSeason(bytes(body), resort as number, season);
    expect('refused' in result && result.refused).toContain(reason);
  });

  it('refuses what is not JSON, or is too large, without quoting it', () => {
    expect(checkSeason(Buffer.from('<html>secret</html>'), 25, '2025-26')).toEqual({ refused: 'not JSON' });
    expect(checkSeason(Buffer.alloc(70_000, 32), 25, '2025-26')).toEqual({
      refused: 'larger than 65536 bytes',
    });
  });

  it('refuses an index that names a resort twice, a season twice or no season', () => {
    const index = (resorts: unknown) => Buffer.from(JSON.stringify({ resorts }));
    expect(checkIndex(index([{ resort: 1, seasons: ['2025-26'] }]))).toEqual({
      index: HistoryIndex.parse({ resorts: [{ resort: 1, seasons: ['2025-26'] }] }),
    });
    expect(
      checkIndex(
        index([
          { resort: 1, seasons: [] },
          { resort: 1, seasons: [] },
        ]),
      ),
    ).toEqual({
      refused: '$.resorts[1] names resort 1 twice',
    });
    expect(checkIndex(index([{ resort: 1, seasons: ['2026', '2026'] }]))).toEqual({
      refused: '$.resorts[0].seasons names a season twice',
    });
    expect(checkIndex(index([{ resort: 1, seasons: ['2025-27'] }]))).toEqual({
      refused: '$.resorts[0].seasons names no season',
    });
    expect(checkIndex(index([{ resort: -1, seasons: [] }]))).toMatchObject({
      refused: /breaks the contract/,
    });
  });
});
