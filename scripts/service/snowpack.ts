/**
 * The sample's snow over a season, a pure function of (resort, day): storms that cross a state on the same
 * days and fall on each of its resorts by the resort's own measure, new snow settling, midwinter thaws and
 * the spring melt, snowmaking before the opening. Nothing is drawn at run time: every draw is a hash of ids
 * and the day, so a build on a given day answers the same whatever ran before it, and the last 7 days of a
 * day's report are those days' own new snow.
 */
import type { DatasetResort } from '../dataset/schema.ts';
import { seasonDates } from './clock.ts';

export const DAY_MS = 86_400_000;

/** fmix32 of MurmurHash3: every bit of the input moves every bit of the output. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A fraction in [0, 1) drawn from whole numbers: the same keys, the same fraction, on every machine. */
export function draw(...keys: number[]): number {
  let h = 0x2545f491;
  for (const key of keys) h = mix(h ^ mix(key + 0x9e3779b9));
  return h / 4294967296;
}

/** The streams of draws, apart so that no two draws of one day share their keys. */
export const STREAM = {
  stormStart: 1,
  stormDays: 2,
  stormSize: 3,
  local: 4,
  shower: 5,
  thaw: 6,
  factor: 7,
  hold: 8,
  lifts: 9,
  runs: 10,
} as const;

/** The day number (days since 1970-01-01) of a `YYYY-MM-DD`. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Where a day falls in the resort's season: days since the season's year began, the opening and closing. */
export interface SeasonFrame {
  /** Day number of 1 July (northern hemisphere) or 1 January (southern) that starts the season's year. */
  start: number;
  opening: number;
  closing: number;
}

/** The frame of the season `day` falls in (scripts/api/schemas/history.ts names seasons the same way). */
export function seasonFrame(resort: DatasetResort, day: number): SeasonFrame {
  const dates = seasonDates(
    day * DAY_MS,
    resort.season.opening,
    resort.season.closing,
    resort.location.latitude,
  );
  const year = Number(dates.opening.slice(0, 4));
  return {
    start: Date.UTC(year, resort.location.latitude < 0 ? 0 : 6, 1) / DAY_MS,
    opening: dayNumber(dates.opening),
    closing: dayNumber(dates.closing),
  };
}

/** Day number of the start of the season's year `day` falls in (`seasonFrame`'s `start`, without strings). */
function seasonStart(resort: DatasetResort, day: number): number {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  if (resort.location.latitude < 0) return Date.UTC(year, 0, 1) / DAY_MS;
  return Date.UTC(date.getUTCMonth() >= 6 ? year : year - 1, 6, 1) / DAY_MS;
}

/**
 * How stormy the season's `s`th day is, from 0 to 1: a bell over the winter, highest about 190 days into
 * the season's year (early January in the north, early July in the south).
 */
const storminess = (s: number) => Math.exp(-(((s - 190) / 80) ** 2));

/** Base-station melt in cm a day, before the resort's elevation: the autumn's last warmth and the spring. */
const warmth = (s: number) => Math.max(0, (112 - s) / 8) + Math.max(0, (s - 235) / 25);

/** A resort's snowfall measure: its state's storms, more on the higher and the luckier mountains. */
function snowFactor(resort: DatasetResort): number {
  const relief = (resort.elevationM.top - resort.elevationM.base) / 5000;
  return 0.6 + 0.6 * draw(STREAM.factor, resort.id) + 0.3 * draw(STREAM.factor, resort.stateId) + relief;
}

/** Whole centimetres of new snow in the 24 hours of `day` at the resort's snow plot. */
export function newSnowOn(resort: DatasetResort, day: number, factor = snowFactor(resort)): number {
  const start = seasonStart(resort, day);
  let storm = 0;
  // a storm that started on this day or either of the two before can still be snowing
  for (let lag = 0; lag < 3; lag++) {
    const first = day - lag;
    if (draw(STREAM.stormStart, resort.stateId, first) >= 0.16 * storminess(first - start)) continue;
    const days = 1 + Math.floor(draw(STREAM.stormDays, resort.stateId, first) * 3);
    if (lag >= days) continue;
    // sizes fall off as an exponential: most storms bring a few centimetres, some a foot and more
    const size = -Math.log(1 - draw(STREAM.stormSize, resort.stateId, first)) * 11;
    storm += size * [1, 0.6, 0.3][lag]!;
  }
  const local = storm * factor * (0.6 + 0.8 * draw(STREAM.local, resort.id, day));
  const shower = draw(STREAM.shower, resort.id, day) < 0.12 * storminess(day - start) ? 1 + (day % 4) : 0;
  // no day brings much more than 80 cm, however the storms add up
  return Math.round(90 * Math.tanh((local + shower) / 90));
}

/** The snow on `day`: new snow of the last 7 days (oldest first) and the depths at the base and summit. */
export interface SnowDay {
  day: number;
  frame: SeasonFrame;
  recentCm: number[];
  baseCm: number;
  summitCm: number;
  /** Whether the snow lets the resort run: always in its season where it makes snow, else on enough natural snow. */
  skiable: boolean;
}

/** Settled snow and the new snow still settling, at one elevation. */
interface Pack {
  fresh: number;
  settled: number;
}

/** A day at one elevation: new snow, then a day's settling (fresh snow to half its height), then melt. */
function age(pack: Pack, snow: number, melt: number): void {
  pack.fresh += snow;
  const settling = pack.fresh * 0.3;
  pack.fresh -= settling;
  pack.settled = pack.settled * 0.996 + settling * 0.45;
  const fromFresh = Math.min(pack.fresh, melt);
  pack.fresh -= fromFresh;
  pack.settled = Math.max(0, pack.settled - (melt - fromFresh));
}

const depth = (pack: Pack) => pack.fresh + pack.settled;

/**
 * Base depths a resort that makes no snow opens at and closes under; snowmaking builds the base to the
 * lower one plus a margin.
 */
export const NATURAL_OPENING_CM = 80;
export const NATURAL_CLOSING_CM = 40;

/** The resort's snow on `day`, simulated from the start of the season's year; `makesSnow` at the resort. */
export function snowOn(resort: DatasetResort, day: number, makesSnow: boolean): SnowDay {
  const frame = seasonFrame(resort, day);
  const factor = snowFactor(resort);
  // low base stations melt sooner; summits a third as fast
  const lowness = Math.max(0.5, 1.4 - resort.elevationM.base / 2500);
  const base: Pack = { fresh: 0, settled: 0 };
  const summit: Pack = { fresh: 0, settled: 0 };
  const recentCm: number[] = [];
  let natural = false;
  for (let d = frame.start; d <= day; d++) {
    const s = d - frame.start;
    const snow = newSnowOn(resort, d, factor);
    // a thaw week now and then: rain low down, the base melting
    const thaw = draw(STREAM.thaw, resort.stateId, Math.floor(d / 7)) < 0.1 ? 1.5 : 0;
    const melt = (warmth(s) + thaw) * lowness;
    age(base, snow * (thaw > 0 ? 0.3 : 0.8) * Math.max(0.3, 1 - melt / 4), melt);
    age(summit, snow * 1.15, melt / 3);
    // snowmaking in the three cold weeks before the opening and while the base is thin in the season
    if (makesSnow && melt < 1 && d >= frame.opening - 21 && d <= frame.closing - 30) {
      for (const pack of [base, summit]) if (depth(pack) < NATURAL_CLOSING_CM + 20) pack.settled += 2.5;
    }
    if (d >= frame.opening && d <= frame.closing) {
      if (depth(base) >= NATURAL_OPENING_CM) natural = true;
      else if (depth(base) < NATURAL_CLOSING_CM) natural = false;
    }
    if (d > day - 7) recentCm.push(snow);
  }
  while (recentCm.length < 7) recentCm.unshift(newSnowOn(resort, day - recentCm.length, factor));
  const inSeason = day >= frame.opening && day <= frame.closing;
  return {
    day,
    frame,
    recentCm,
    baseCm: Math.round(depth(base)),
    summitCm: Math.round(depth(summit)),
    skiable: inSeason && (makesSnow || natural),
  };
}
