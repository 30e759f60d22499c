/**
 * Numbers, dates and relative times through Intl, units written out, in the unit system of the files:
 * imperial for en-US, metric for every other locale. Wind comes in m/s in metric files and is shown in km/h.
 */
import type { Units } from './i18n/en.ts';
import { isImperial } from './locale.ts';

export interface Formatter {
  depth(value: number): string;
  snowfall(value: number): string;
  temperature(value: number): string;
  /** Wind from the files' unit (mph for en-US, m/s elsewhere), shown in mph or km/h. */
  wind(value: number): string;
  number(value: number): string;
  /** Short weekday of a `YYYY-MM-DD` date: "Sat" (at most four letters: pt-PT's "segunda" is "seg."). */
  weekday(date: string): string;
  /** A snowfall figure without its unit, for the chart: "9.8". */
  snowNumber(value: number): string;
  /** The unit of snowfall figures: "cm", "in". */
  snowUnit: string;
  /** Short weekday and day of the month: "Sat 14". */
  day(date: string): string;
  /** Day and month: "December 12". */
  date(date: string): string;
  relative(ms: number, now: number): string;
}

const IMPERIAL: Units = [' in', '°F', ' mph'];

const cache = new Map<string, Formatter>();

/** The formatter of `locale`, whose language writes metric units as `units` (its strings' `units`). */
export function formatter(locale: string, units: Units): Formatter {
  const key = `${locale} ${units.join()}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const imperial = isImperial(locale);
  const [depthUnit, temperatureUnit, windUnit] = imperial ? IMPERIAL : units;
  // a number and its unit; `Intl`'s `format` getters answer functions bound to their format, passed as they are
  const unit = (suffix: string, digits: number) => {
    const figure = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format;
    return (v: number) => figure(v) + suffix;
  };
  const wind = unit(windUnit, 0);
  const dates = (options: Intl.DateTimeFormatOptions, tag = locale) =>
    new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...options });
  const weekday = dates({ weekday: 'short' });
  // a few locales' short weekdays are whole words (pt-PT "segunda"): cut those to three letters and a dot
  const long = [0, 1, 2, 3, 4, 5, 6].some((i) => weekday.format(Date.UTC(2026, 0, 4 + i)).length > 5);
  const shorten = (parts: Intl.DateTimeFormatPart[]) =>
    parts
      .map((p) => (p.type === 'weekday' && long ? p.value.replace(/^(\p{L}{3})\p{L}+\.?/u, '$1.') : p.value))
      .join('');
  // en-US's pattern for a weekday with its day is "22 Sun", an order American readers do not use; en-GB's
  // names the same days "Sun 22"
  const day = dates({ weekday: 'short', day: 'numeric' }, locale === 'en-US' ? 'en-GB' : locale);
  const date = dates({ day: 'numeric', month: 'long' });
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const noon = (d: string) => new Date(`${d}T12:00:00Z`);
  const f: Formatter = {
    depth: unit(depthUnit, 0),
    snowfall: unit(depthUnit, imperial ? 1 : 0),
    temperature: unit(temperatureUnit, imperial ? 0 : 1),
    wind: (v) => wind(imperial ? v : Math.round(v * 3.6)),
    number: new Intl.NumberFormat(locale).format,
    weekday: (d) => shorten(weekday.formatToParts(noon(d))),
    day: (d) => shorten(day.formatToParts(noon(d))).replace(/,(?= \d)/, ''),
    snowNumber: new Intl.NumberFormat(locale, { maximumFractionDigits: imperial ? 1 : 0 }).format,
    snowUnit: depthUnit.trim(),
    date: (d) => date.format(noon(d)),
    relative(ms, now) {
      // a reader's clock behind the snapshot's must not date a report in the future
      const minutes = Math.round((Math.min(ms, now) - now) / 60_000);
      if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
      const hours = Math.round(minutes / 60);
      if (Math.abs(hours) < 48) return rtf.format(hours, 'hour');
      return rtf.format(Math.round(hours / 24), 'day');
    },
  };
  cache.set(key, f);
  return f;
}

export { safeUrl } from '../scripts/api/browser.ts';

/** A finite number, else undefined: early reports send `null` or `""` (scripts/api/README.md, "Records"). */
export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
