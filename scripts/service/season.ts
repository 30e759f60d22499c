/**
 * A resort as its report stands on a date: the dataset's resort with the day's snow (`snowpack.ts`), open
 * flag, lifts, runs, parks and trails. Both families render this one record, so they agree in every locale
 * and unit. The dataset's report gives each resort its character: its open flag is how it runs in the season
 * (1 open, 2 waits for natural snow, 3 closes on storm days and weeks of repairs, 4 weekends only but over
 * the holidays, 5 open without a report, 6 closed for good), its lifts' and runs' statuses how they stand
 * when everything runs (scripts/api/README.md, "The embedded service").
 */
import type { DatasetLift, DatasetReport, DatasetResort, DatasetRun } from '../dataset/schema.ts';
import { localMidnightUtc } from './clock.ts';
import { isOpen } from './render/terrain.ts';
import { DAY_MS, draw, snowOn, STREAM, type SnowDay } from './snowpack.ts';

/** Days before the opening and after the closing a resort reports (closed); beyond them it reports nothing. */
const REPORTS_BEFORE = 28;
const REPORTS_AFTER = 21;
/** The holidays, in days from the start of the season's year: 20 December to 7 January in the north. */
const HOLIDAYS = [172, 190] as const;

/** The local day a resort's report describes: the day of its last update, at its own offset. */
export function reportDay(resort: DatasetResort, now: number): number {
  const updated = now - (resort.report?.updatedMinutesAgo ?? 0) * 60_000;
  return localMidnightUtc(updated, resort.utcOffsetHours) / DAY_MS;
}

/** Whether the resort makes snow: where some run has snowmaking, unless it is the kind that waits for snow. */
const makesSnow = (resort: DatasetResort, character: number) =>
  character !== 2 && resort.runs.some((r) => r.snowmaking);

/** The open flag on the day: the resort's character, the season's dates, the snow. */
function openFlagOn(character: number, snow: SnowDay, id: number): number {
  const { day, frame } = snow;
  if (character === 6) return 6;
  if (!snow.skiable) return 2;
  const s = day - frame.start;
  const holidays = s >= HOLIDAYS[0] && s <= HOLIDAYS[1];
  switch (character) {
    case 3: {
      // closed on a day of 30 cm and more (wind, avalanche work) and through about one week in three of repairs
      const repairs = draw(STREAM.hold, id, Math.floor(day / 7)) < 0.3;
      return snow.recentCm[6]! >= 30 || repairs ? 3 : 1;
    }
    case 4:
      return holidays ? 1 : 4;
    case 5:
      return 5;
    default:
      return 1;
  }
}

/**
 * The share of lifts and runs running: a third on the opening day and all three weeks on, fewer on a thin
 * base, fewer again in the last two weeks.
 */
function runningShare(snow: SnowDay): number {
  const { day, frame } = snow;
  const ramp = 0.35 + (day - frame.opening) / 30;
  const depth = (snow.baseCm - 10) / 40;
  const late = 0.5 + (frame.closing - day) / 28;
  return Math.max(0.2, Math.min(1, ramp, depth, late));
}

/**
 * The first `share` of `items` run as the dataset says and the rest are closed: those the dataset has
 * running first, in the resort's own `order`, so a resort that opens has something running.
 */
function running<T extends DatasetLift | DatasetRun>(
  items: readonly T[],
  share: number,
  order: (item: T, j: number) => number,
): T[] {
  const count = share === 0 ? 0 : Math.max(1, Math.ceil(items.length * share));
  const ranks = items
    .map((item, j) => ({ j, key: (isOpen(item.status) ? 0 : 10) + order(item, j) }))
    .sort((a, b) => a.key - b.key || a.j - b.j);
  const open = new Set(ranks.slice(0, count).map((r) => r.j));
  return items.map((item, j) => (open.has(j) ? item : { ...item, status: 2 }));
}

/** The resort on the day `now` falls in at the resort (its report's day): what both families render. */
export function resortOn(resort: DatasetResort, now: number): DatasetResort {
  // a resort the dataset gives no report has none all season (scripts/api/README.md, "Endpoints")
  if (!resort.report) return resort;
  const character = resort.report.openFlag;
  const snow = snowOn(resort, reportDay(resort, now), makesSnow(resort, character));
  const { day, frame } = snow;
  const reporting = day >= frame.opening - REPORTS_BEFORE && day <= frame.closing + REPORTS_AFTER;
  const openFlag = reporting ? openFlagOn(character, snow, resort.id) : 5;
  const weekend = [0, 6].includes(new Date(day * DAY_MS).getUTCDay());
  const runs = openFlag === 1 || openFlag === 5 || (openFlag === 4 && weekend);
  const share = runs ? runningShare(snow) : 0;
  // beginner and intermediate runs open first, then the steeper ones
  const lifts = running(resort.lifts, share, (_, j) => draw(STREAM.lifts, resort.id, j));
  const runsOn = running(
    resort.runs,
    share,
    (r, j) => (r.difficulty >= 3 ? 1 : 0) + draw(STREAM.runs, resort.id, j),
  );
  const closedForGood = character === 6;
  const recentCm = closedForGood ? [0, 0, 0, 0, 0, 0, 0] : snow.recentCm;
  const report: DatasetReport | null = reporting
    ? {
        ...resort.report,
        openFlag: openFlag as DatasetReport['openFlag'],
        depthCm: depths(resort.report, closedForGood ? 0 : snow.baseCm, closedForGood ? 0 : snow.summitCm),
        recentCm,
        ...(resort.report.reportedWeather
          ? { reportedWeather: { ...resort.report.reportedWeather, snowfallCm: recentCm[6]! } }
          : {}),
      }
    : null;
  const closedParks = (p: { total: number; open: number }) => ({ total: p.total, open: runs ? p.open : 0 });
  return {
    ...resort,
    lifts,
    runs: runsOn,
    parks: {
      ...resort.parks,
      parks: closedParks(resort.parks.parks),
      pipes: closedParks(resort.parks.pipes),
      tubes: closedParks(resort.parks.tubes),
    },
    nordic: resort.nordic && { ...resort.nordic, openKm: runs ? resort.nordic.openKm : 0 },
    report,
  };
}

/** The day's depths; a middle station, where the resort has one, halfway between. */
function depths(report: DatasetReport, base: number, summit: number): DatasetReport['depthCm'] {
  return {
    base,
    summit,
    ...(report.depthCm.middle === undefined ? {} : { middle: Math.round((base + summit) / 2) }),
  };
}
