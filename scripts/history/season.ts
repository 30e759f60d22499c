/**
 * The season's history of each resort (scripts/README.md, "Static file layout", `history/`): the point a
 * published report makes for its own day, a season with that day's point replaced or added, and the
 * checks a season file read from anywhere must pass. Pure; the contract is `scripts/api/schemas/history.ts`.
 *
 * A point is what one report says, never an estimate: a member the report does not give is `null`, and a
 * day without a build is no point at all.
 */
import { unitSystem } from '../api/locales.ts';
import { inWindow, outside, type DayWindow } from '../api/window.ts';
import { HistoryIndex, IsoDay, SeasonHistory, seasonOf, type HistoryDay } from '../api/schemas/history.ts';

/** The most bytes a season file may have when it is read (a season of 366 full days is about 40 KB at most). */
export const MAX_SEASON_BYTES = 64 * 1024;
/** The most bytes the index may have when it is read back (about 40 bytes a season of a resort). */
export const MAX_INDEX_BYTES = 4 * 1024 * 1024;
/** The most seasons of one resort read back from a published tree, the newest kept. */
export const MAX_SEASONS_READ = 20;

/** What a point is made from: a resort's published report files, as parsed JSON, and their locales. */
export interface ReportFiles {
  /** Family B's combined report of the resort (its default variant), if published. */
  combined?: { body: unknown; locale: string };
  /** Family A's record of the resort, if published (metric in every locale). */
  familyA?: { body: unknown; locale: string };
}

/** One resort's point for its report's own day, and the latitude that names its season. */
export interface ReportPoint {
  day: HistoryDay;
  season: string;
  latitude: number | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const member = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), v);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (`2026-02-30` does not). */
const isDay = (v: unknown): v is string =>
  typeof v === 'string' && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** A count the contract takes: a whole number from 0, else `null`. */
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000 ? v : null;
/** Centimetres from a depth or a snowfall in the file's unit (inches in en-US), whole; `null` when absent or impossible. */
function centimetres(v: unknown, inches: boolean): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
  const cm = Math.round(inches ? v * 2.54 : v);
  return cm <= 10_000 ? cm : null;
}
const flag = (v: unknown): HistoryDay['state'] =>
  v === 1 || v === 2 || v === 3 || v === 4 || v === 5 || v === 6 ? v : null;
const latitudeOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= -90 && v <= 90 ? v : undefined;

/**
 * The point of a resort's report (scripts/docs/snapshot.md, "The season's history"). Family B's combined
 * report, when published, makes it: its day is `report.snowfall.snowReportedDate`, the calendar day the
 * resort gives its report in its own time; Family A's record otherwise, its day the date of `updatedAt` as
 * written (in the offset the upstream wrote it with). Undefined when neither names a day: a report without
 * a date makes no point.
 */
export function reportPoint(files: ReportFiles): ReportPoint | undefined {
  const b = files.combined;
  const report = b && member(b.body, 'report');
  const reported = member(report, 'snowfall', 'snowReportedDate');
  if (b && isObject(report) && isDay(reported)) {
    const inches = unitSystem(b.locale) === 'imperial';
    const onSlope = member(report, 'snowQuality', 'onSlope');
    const latitude = latitudeOf(member(b.body, 'info', 'location', 'latitude'));
    return {
      day: {
        date: reported,
        base: centimetres(member(onSlope, 'lowerDepth'), inches),
        summit: centimetres(member(onSlope, 'upperDepth'), inches),
        newSnow24h: centimetres(member(report, 'snowfall', 'snow24h'), inches),
        liftsOpen: count(member(report, 'liftsReport', 'liftsOpen')),
        liftsTotal: count(member(b.body, 'info', 'lifts', 'numLifts')),
        runsOpen: count(member(report, 'terrainReport', 'trailsOpen')),
        runsTotal: count(member(b.body, 'info', 'terrain', 'numRuns')),
        state: flag(member(report, 'openflag')),
      },
      season: seasonOf(reported, latitude),
      latitude,
    };
  }
  const a = files.familyA?.body;
  const updated = member(a, 'updatedAt');
  const date = typeof updated === 'string' ? updated.slice(0, 10) : undefined;
  if (!isDay(date)) return undefined;
  const recent = member(a, 'recent');
  const today = Array.isArray(recent) ? recent.find((r) => member(r, 'date') === date) : undefined;
  return {
    day: {
      date,
      base: centimetres(member(a, 'depth', 'base'), false),
      summit: centimetres(member(a, 'depth', 'summit'), false),
      newSnow24h: centimetres(member(today, 'snow'), false),
      liftsOpen: count(member(a, 'lifts', 'open')),
      liftsTotal: count(member(a, 'lifts', 'total')),
      runsOpen: count(member(a, 'terrain', 'runs', 'open')),
      runsTotal: count(member(a, 'terrain', 'runs', 'total')),
      state: flag(member(a, 'status', 'openFlag')),
    },
    season: seasonOf(date, undefined),
    latitude: undefined,
  };
}

/** `season` with `day` in its place: the day's earlier point replaced, the days in date order. */
export function withDay(season: SeasonHistory, day: HistoryDay): SeasonHistory {
  const days = season.days.filter((d) => d.date !== day.date);
  days.push(day);
  days.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  return { ...season, days };
}

/** The bytes that open a season file of `resort` and `season` as `seasonBytes` writes it, up to its first day. */
const seasonHead = (resort: number, season: string) =>
  `{"resort":${resort},"season":${JSON.stringify(season)},"unit":"cm","days":[`;
const SEASON_TAIL = ']}\n';
const DAY_START = '{"date":"';
/** One day as `seasonBytes` writes it: its members in the contract's order, whole numbers or null. */
const CANONICAL_DAY =
  /^\{"date":"\d{4}-\d{2}-\d{2}","base":(?:\d+|null),"summit":(?:\d+|null),"newSnow24h":(?:\d+|null),"liftsOpen":(?:\d+|null),"liftsTotal":(?:\d+|null),"runsOpen":(?:\d+|null),"runsTotal":(?:\d+|null),"state":(?:[1-6]|null)\}$/;

/**
 * `withDay` on the bytes of a season file `seasonBytes` wrote, without reading the season: `day` (as
 * `seasonBytes` writes a day) spliced in at its date, the point of the same date replaced. The bytes are the
 * same as `seasonBytes(withDay(season, day))` of the season they hold. Undefined when they are not a file
 * `seasonBytes` wrote for `resort` and `season` as far as the splice looks (its opening, its end, the days
 * around the day's place): the caller reads the season and checks it whole instead.
 */
export function spliceDay(
  text: string,
  resort: number,
  season: string,
  date: string,
  dayText: string,
): string | undefined {
  const head = seasonHead(resort, season);
  if (!text.startsWith(head) || !text.endsWith(SEASON_TAIL)) return undefined;
  const end = text.length - SEASON_TAIL.length;
  if (end === head.length) return `${head}${dayText}${SEASON_TAIL}`;
  // from the last day back to the first one not after `date`: [at, next) is that day, `next` the one after it
  let next = end;
  for (;;) {
    const at = text.lastIndexOf(DAY_START, next - 1);
    if (at < head.length || (at > head.length && text[at - 1] !== ',')) return undefined;
    const close = next === end ? end : next - 1;
    const held = text.slice(at, close);
    if (!CANONICAL_DAY.test(held)) return undefined;
    const heldDate = held.slice(DAY_START.length, DAY_START.length + 10);
    if (heldDate === date) return `${text.slice(0, at)}${dayText}${text.slice(close)}`;
    if (heldDate < date) return `${text.slice(0, close)},${dayText}${text.slice(close)}`;
    if (at === head.length) return `${head}${dayText},${text.slice(at)}`;
    next = at;
  }
}

/** Days `IsoDay` took: a season's days are a few hundred dates, each checked once. */
const realDays = new Set<string>();
const SEASON_MEMBERS = ['resort', 'season', 'unit', 'days'];
const DAY_MEMBERS = [
  'date',
  'base',
  'summit',
  'newSnow24h',
  'liftsOpen',
  'liftsTotal',
  'runsOpen',
  'runsTotal',
  'state',
];
const CM_MEMBERS = ['base', 'summit', 'newSnow24h'] as const;
const COUNT_MEMBERS = ['liftsOpen', 'liftsTotal', 'runsOpen', 'runsTotal'] as const;
const SEASON_NAME = /^(\d{4}-\d{2}|\d{4})$/;

/** Whether `value` is a plain object with exactly `members`, in that order. */
function hasMembers(value: unknown, members: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  let i = 0;
  for (const key in value) if (key !== members[i++]) return false;
  return i === members.length;
}

/**
 * The season of parsed JSON that keeps the contract (`SeasonHistory`) with its members in the contract's
 * order, as `seasonBytes` writes them: checked by hand, several times faster than the schema, for the
 * files a build reads on every run. Undefined for anything else, valid in another order or not: the
 * caller checks that against the schema, which answers why. What it answers is what
 * `SeasonHistory.parse` would.
 */
export function contractSeason(body: unknown): SeasonHistory | undefined {
  if (!hasMembers(body, SEASON_MEMBERS)) return undefined;
  const { resort, season, unit, days } = body;
  if (!Number.isSafeInteger(resort) || (resort as number) <= 0) return undefined;
  if (typeof season !== 'string' || !SEASON_NAME.test(season) || unit !== 'cm') return undefined;
  if (!Array.isArray(days) || days.length > 366) return undefined;
  for (const day of days as unknown[]) {
    if (!hasMembers(day, DAY_MEMBERS)) return undefined;
    const date = day.date;
    if (typeof date !== 'string') return undefined;
    if (!realDays.has(date)) {
      if (!IsoDay.safeParse(date).success) return undefined;
      realDays.add(date);
    }
    for (const key of CM_MEMBERS) {
      const cm = day[key];
      if (cm !== null && !(typeof cm === 'number' && cm >= 0 && cm <= 10_000)) return undefined;
    }
    for (const key of COUNT_MEMBERS) {
      const n = day[key];
      if (n !== null && !(Number.isSafeInteger(n) && (n as number) >= 0)) return undefined;
    }
    const state = day.state;
    if (
      state !== null &&
      !(state === 1 || state === 2 || state === 3 || state === 4 || state === 5 || state === 6)
    )
      return undefined;
  }
  return body as unknown as SeasonHistory;
}

/** An empty season of `resort`. */
export const newSeason = (resort: number, season: string): SeasonHistory => ({
  resort,
  season,
  unit: 'cm',
  days: [],
});

/** Whether `season` is a season's name: `2025-26` (two years in a row) or `2026`. */
export const isSeasonName = (season: string): boolean =>
  /^\d{4}$/.test(season) ||
  (/^\d{4}-\d{2}$/.test(season) &&
    season.slice(5) === String((Number(season.slice(0, 4)) + 1) % 100).padStart(2, '0'));

/** Whether `date` falls within `season` (`2025-26`: 1 July 2025 to 30 June 2026; `2026`: the calendar year). */
export function seasonHolds(season: string, date: string): boolean {
  if (!isSeasonName(season)) return false;
  if (season.length === 4) return date.slice(0, 4) === season;
  const start = Number(season.slice(0, 4));
  return date >= `${start}-07-01` && date <= `${start + 1}-06-30`;
}

/** The first and last day of `season` (as `seasonHolds` says), or undefined for a name that is no season's. */
export function seasonSpan(season: string): { from: string; to: string } | undefined {
  if (!isSeasonName(season)) return undefined;
  if (season.length === 4) return { from: `${season}-01-01`, to: `${season}-12-31` };
  const start = Number(season.slice(0, 4));
  return { from: `${season.slice(0, 4)}-07-01`, to: `${String(start + 1).padStart(4, '0')}-06-30` };
}

/** Whether `season` can hold a day of `window` (scripts/api/README.md, "Dates"): else no point of it can be true. */
export function seasonInWindow(season: string, window: DayWindow): boolean {
  const span = seasonSpan(season);
  return span !== undefined && span.to >= window.from && span.from <= window.to;
}

/**
 * `index` without its seasons outside `window` (from a build whose clock was wrong, or poisoned where it is
 * published: no point of theirs can be true), and those it left out.
 */
export function indexInWindow(
  index: HistoryIndex,
  window: DayWindow,
): { index: HistoryIndex; outside: Array<{ resort: number; season: string }> } {
  const outside: Array<{ resort: number; season: string }> = [];
  const resorts = index.resorts.map(({ resort, seasons }) => ({
    resort,
    seasons: seasons.filter((season) => seasonInWindow(season, window) || !outside.push({ resort, season })),
  }));
  return { index: { resorts: resorts.filter((r) => r.seasons.length > 0) }, outside };
}

/** The bytes of a season file: one JSON document and a final newline, as every file of the tree. */
export const seasonBytes = (season: SeasonHistory): Buffer => Buffer.from(`${JSON.stringify(season)}\n`);

/** The bytes of the index. */
export const indexBytes = (index: HistoryIndex): Buffer => Buffer.from(`${JSON.stringify(index)}\n`);

/** Seasons oldest first: by the year they start, a calendar year after a season of the same start. */
export const bySeason = (x: string, y: string) =>
  Number(x.slice(0, 4)) - Number(y.slice(0, 4)) || x.length - y.length;

/** Bytes of at most `max` that are JSON keeping `schema`; why not, without quoting them. */
function parseFile<T>(
  bytes: Uint8Array,
  max: number,
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[] }> } };
  },
  /** The same answer as the schema's for the common case, faster; undefined: ask the schema. */
  fast?: (body: unknown) => T | undefined,
): { data: T } | { refused: string } {
  if (bytes.byteLength > max) return { refused: `larger than ${max} bytes` };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    return { refused: 'not JSON' };
  }
  const quick = fast?.(body);
  if (quick) return { data: quick };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { data: parsed.data };
  return { refused: `breaks the contract at $.${parsed.error.issues[0]!.path.map(String).join('.')}` };
}

/**
 * A season file's bytes read from anywhere (a previous release, the published site, a bucket), checked as a
 * hostile body: its size, the contract, the resort and season it must be of, and days that are real, in
 * that season, in order, each once and, given the build's `window` of report dates, within it. Answers the
 * season, or why it was refused (no byte of it quoted).
 */
export function checkSeason(
  bytes: Uint8Array,
  resort: number,
  season: string,
  window?: DayWindow,
): { season: SeasonHistory } | { refused: string } {
  const parsed = parseFile(bytes, MAX_SEASON_BYTES, SeasonHistory, contractSeason);
  if ('refused' in parsed) return parsed;
  const history = parsed.data;
  if (history.resort !== resort) return { refused: `names resort ${history.resort}, not ${resort}` };
  if (history.season !== season) return { refused: `names season ${history.season}, not ${season}` };
  for (const [i, day] of history.days.entries()) {
    if (!seasonHolds(season, day.date)) return { refused: `$.days[${i}].date is not in season ${season}` };
    if (i > 0 && day.date <= history.days[i - 1]!.date)
      return { refused: `$.days[${i}].date is not after the day before it` };
    if (window && !inWindow(day.date, window)) return { refused: `$.days[${i}].date is ${outside(window)}` };
  }
  return { season: history };
}

/** The index's bytes checked as a hostile body: size, contract, each resort and season once. */
export function checkIndex(bytes: Uint8Array): { index: HistoryIndex } | { refused: string } {
  const parsed = parseFile(bytes, MAX_INDEX_BYTES, HistoryIndex);
  if ('refused' in parsed) return parsed;
  const seen = new Set<number>();
  for (const [i, entry] of parsed.data.resorts.entries()) {
    if (entry.resort > 9_999_999_999) return { refused: `$.resorts[${i}].resort is not an id` };
    if (seen.has(entry.resort)) return { refused: `$.resorts[${i}] names resort ${entry.resort} twice` };
    seen.add(entry.resort);
    if (new Set(entry.seasons).size !== entry.seasons.length)
      return { refused: `$.resorts[${i}].seasons names a season twice` };
    if (!entry.seasons.every(isSeasonName)) return { refused: `$.resorts[${i}].seasons names no season` };
  }
  return { index: parsed.data };
}
