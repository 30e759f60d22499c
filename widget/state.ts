/**
 * Every state the element can be in: one discriminated union, each member with its own render function
 * and message. Derived from the files, never thrown. A report shows one state at a time, by precedence
 * (widget/README.md, "States"): permanently closed > out of season > no report > closed, temporarily closed,
 * weekends only > open.
 */
import type { WeatherRecord } from '../scripts/api/browser.ts';
import type { ResortData } from './data.ts';
import { num } from './format.ts';

export type Status =
  | 'open'
  | 'closed'
  | 'temporarily-closed'
  | 'weekends'
  | 'no-report'
  | 'permanently-closed'
  | 'out-of-season';

export interface ReportView {
  kind: 'report';
  data: ResortData;
  status: Status;
  /** The resort's calendar day at render time, `YYYY-MM-DD`: "Today" labels it. */
  today: string;
  updated?: number;
  outdated: boolean;
  season?: { opening: string; closing: string };
}

/**
 * `not-yet`: a resort the index lists whose report this build left out (a new resort or locale whose part
 * failed); `index-unavailable`: the snapshot's index cannot be read (a wrong `src`, no answer, CORS), so
 * nothing says whether the resort is in it.
 */
export type View =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'index-unavailable' }
  | { kind: 'unknown-resort' }
  | { kind: 'not-yet' }
  | ReportView;

/** Open flags 1 to 6 (scripts/api/README.md, "Records"), as states, by index; anything else is "no report". */
const BY_FLAG: readonly (Status | undefined)[] = [
  undefined,
  'open',
  'closed',
  'temporarily-closed',
  'weekends',
  'no-report',
  'permanently-closed',
];

const HOUR = 3_600_000;

/**
 * The resort's calendar day at `now`: its offset from UTC is the difference between a weather record's
 * `date` (midnight UTC of the forecast date) and `date_local` (the resort's midnight); without them, the
 * reader's own day.
 */
export function resortToday(now: number, weather: WeatherRecord | undefined): string {
  const offset = ((num(weather?.date) ?? NaN) - (num(weather?.date_local) ?? NaN)) * 1000;
  const shift = Math.abs(offset) <= 14 * HOUR ? offset : -new Date(now).getTimezoneOffset() * 60_000;
  return new Date(now + shift).toISOString().slice(0, 10);
}

/** The state of a resort at `now`, by the precedence above; season dates come from Family A. */
export function statusOf(data: ResortData, today: string): Status {
  const flagB = num(data.combined.report?.openflag);
  const flagA = num(data.familyA?.status?.openFlag);
  if (flagB === 6 || flagA === 6) return 'permanently-closed';
  const { openingDate, closingDate } = data.familyA?.status ?? {};
  if (openingDate && closingDate && (today < openingDate || today > closingDate)) return 'out-of-season';
  const flag = data.combined.report ? flagB : flagA;
  return BY_FLAG[flag ?? 5] ?? 'no-report';
}

/** The report view of loaded data at `now`; a report older than `outdatedAfterHours` is marked outdated. */
export function reportView(data: ResortData, now: number, outdatedAfterHours: number): ReportView {
  const today = resortToday(now, data.forecast?.currentWeather ?? data.combined.currentWeather);
  const status = statusOf(data, today);
  const { openingDate, closingDate } = data.familyA?.status ?? {};
  const updatedAt = data.familyA?.updatedAt;
  const updated = updatedAt ? Date.parse(updatedAt) : NaN;
  const known = Number.isFinite(updated);
  return {
    kind: 'report',
    data,
    status,
    today,
    ...(known ? { updated } : {}),
    outdated: known && now - updated > outdatedAfterHours * HOUR,
    ...(openingDate && closingDate ? { season: { opening: openingDate, closing: closingDate } } : {}),
  };
}
