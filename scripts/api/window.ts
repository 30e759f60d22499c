/**
 * The dates a body may hold (scripts/api/README.md, "Dates"): each date of a record lies within a window
 * around the build's clock, or the record is wrong. Report days, update times and season dates lie within
 * the record window (20 years before the build's day to one year after it); the days a weather record is
 * for, within the forecast window (7 days before to 16 days after). Both are held within the years 1001 to
 * 9998, so every day they accept has a season named by four digits (schemas/history.ts `seasonOf`). Pure.
 */

/** A window of calendar days, `YYYY-MM-DD`, both ends included. */
export interface DayWindow {
  /** What the window holds, in messages: `forecast dates`. */
  what: string;
  from: string;
  to: string;
}

export const RECORD_YEARS_BEFORE = 20;
export const RECORD_YEARS_AFTER = 1;
export const FORECAST_DAYS_BEFORE = 7;
export const FORECAST_DAYS_AFTER = 16;

/** The first and last days any window holds: a year of four digits, and its season's too. */
export const FIRST_DAY = '1001-01-01';
export const LAST_DAY = '9998-12-31';

const DAY_MS = 86_400_000;

/**
 * The UTC day of `ms` (before the year 0: `0000-00-00`; after 9999: `9999-99-99`), or undefined where a
 * `Date` cannot hold it.
 */
function dayOfMs(ms: number): string | undefined {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  const iso = new Date(ms).toISOString();
  return /^\d{4}-/.test(iso) ? iso.slice(0, 10) : iso.startsWith('-') ? '0000-00-00' : '9999-99-99';
}

/** `day` held within the years every window keeps to. */
const clamp = (day: string) => (day < FIRST_DAY ? FIRST_DAY : day > LAST_DAY ? LAST_DAY : day);

/** The build's day moved by whole years (1 March for 29 February of a year without one), in UTC. */
function yearsFrom(clock: number, years: number): string {
  const at = new Date(clock);
  if (!Number.isFinite(at.getTime())) return FIRST_DAY;
  const moved = new Date(Date.UTC(at.getUTCFullYear() + years, at.getUTCMonth(), at.getUTCDate()));
  return dayOfMs(moved.getTime()) ?? (years < 0 ? FIRST_DAY : LAST_DAY);
}

/** The window of report days, update times and season dates at the build's `clock` (ms since 1970). */
export function recordWindow(clock: number): DayWindow {
  return {
    what: 'report, update and season dates',
    from: clamp(yearsFrom(clock, -RECORD_YEARS_BEFORE)),
    to: clamp(yearsFrom(clock, RECORD_YEARS_AFTER)),
  };
}

/** The window of the days a weather record is for (today's weather, the forecast's days) at `clock`. */
export function forecastWindow(clock: number): DayWindow {
  return {
    what: 'forecast dates',
    from: clamp(dayOfMs(clock - FORECAST_DAYS_BEFORE * DAY_MS) ?? FIRST_DAY),
    to: clamp(dayOfMs(clock + FORECAST_DAYS_AFTER * DAY_MS) ?? LAST_DAY),
  };
}

/** Whether `day` (`YYYY-MM-DD`, or anything compared as text) lies within `window`. */
export const inWindow = (day: string, window: DayWindow): boolean => day >= window.from && day <= window.to;

/** How a date is written, so its day can be read: a day, an ISO date-time, the service's stamp, Unix seconds. */
export type DateFormat = 'day' | 'date-time' | 'stamp' | 'seconds';

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}/;
const STAMP_TEXT = /^\d{4}\.\d{2}\.\d{2}/;

/**
 * Whether a date value lies within `window`, by the calendar day it names as written (a date-time's day in
 * the offset it was written with, Unix seconds in UTC): undefined for a value that names no day (`""`,
 * `null`, another type: the schemas judge those). Made once per window; a date is a comparison, no `Date`.
 */
export function windowTest(window: DayWindow): (value: unknown, format: DateFormat) => boolean | undefined {
  const stamps = [window.from.replaceAll('-', '.'), window.to.replaceAll('-', '.')];
  const seconds = [Date.parse(window.from) / 1000, Date.parse(window.to) / 1000 + DAY_MS / 1000];
  return (value, format) => {
    if (format === 'seconds')
      return typeof value === 'number' ? value >= seconds[0]! && value < seconds[1]! : undefined;
    if (typeof value !== 'string') return undefined;
    const day = value.slice(0, 10);
    if (format === 'stamp') return STAMP_TEXT.test(day) ? day >= stamps[0]! && day <= stamps[1]! : undefined;
    return DAY_TEXT.test(day) ? inWindow(day, window) : undefined;
  };
}

/** The message of a date outside `window`: the window, never the value. */
export const outside = (window: DayWindow): string =>
  `outside the window of ${window.what} (${window.from} to ${window.to}, around the build's clock)`;
