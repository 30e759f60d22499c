/**
 * Numbers, units, dates and relative times through Intl, in the unit system of the files.
 */
import { isImperial } from './locale.ts';

export interface Formatter {
  depth(value: number): string;
  snowfall(value: number): string;
  temperature(value: number): string;
  wind(value: number): string;
  number(value: number): string;
  day(date: string): string;
  date(date: string): string;
  relative(ms: number, now: number): string;
}

const cache = new Map<string, Formatter>();

export function formatter(locale: string): Formatter {
  const cached = cache.get(locale);
  if (cached) return cached;
  const imperial = isImperial(locale);
  const unit = (unit: string, digits = 0) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits });
  const depth = unit(imperial ? 'inch' : 'centimeter');
  const snow = unit(imperial ? 'inch' : 'centimeter', imperial ? 1 : 0);
  const temperature = unit(imperial ? 'fahrenheit' : 'celsius', imperial ? 0 : 1);
  const wind = unit(imperial ? 'mile-per-hour' : 'meter-per-second', imperial ? 0 : 1);
  const number = new Intl.NumberFormat(locale);
  const utc = { timeZone: 'UTC' } as const;
  const day = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'short' });
  const date = new Intl.DateTimeFormat(locale, { ...utc, day: 'numeric', month: 'long' });
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const f: Formatter = {
    depth: (v) => depth.format(v),
    snowfall: (v) => snow.format(v),
    temperature: (v) => temperature.format(v),
    wind: (v) => wind.format(v),
    number: (v) => number.format(v),
    day: (d) => day.format(new Date(`${d}T12:00:00Z`)),
    date: (d) => date.format(new Date(`${d}T12:00:00Z`)),
    relative(ms, now) {
      const minutes = Math.round((ms - now) / 60_000);
      if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
      const hours = Math.round(minutes / 60);
      if (Math.abs(hours) < 48) return rtf.format(hours, 'hour');
      return rtf.format(Math.round(hours / 24), 'day');
    },
  };
  cache.set(locale, f);
  return f;
}

/** Only http: and https: URLs reach a page; anything else (javascript:, data:) is dropped. */
export function safeUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A finite number or undefined: early-season reports send `null` or `""` (upstream-facts.md). */
export const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
