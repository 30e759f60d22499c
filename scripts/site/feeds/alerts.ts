/**
 * What makes an alert (scripts/docs/configuration.md, "Alert feeds"): from a resort's history, the days
 * its new snow in 24 hours reached the threshold, and the days it opened or closed for the season. Pure.
 *
 * The season's state is read from the report's open flag: 1 Open and 4 Weekends only are open, 2 Closed
 * and 6 Permanently Closed are closed. 3 Temporarily Closed (a storm, a lift fault) and 5 No Report
 * Available say nothing about the season, nor does a day without a flag: they are passed over, so open,
 * temporarily closed, open is no event. An opening is the first point open after one closed, a closing the
 * first point closed after one open; the first point of a history opens nothing (what came before is not
 * known), and a gap of days between two points changes nothing.
 */
import type { HistoryDay } from '../../api/schemas/history.ts';

/** The three kinds of entry: `powder`, `open` (for the season), `close` (for the season). */
export type AlertKind = 'powder' | 'open' | 'close';

export interface Alert {
  resort: number;
  kind: AlertKind;
  /** The report's date, `YYYY-MM-DD`. */
  date: string;
  /** The day's point, for the entry's figures. */
  day: HistoryDay;
}

/** Whether an open flag says the season is on (`true`), over (`false`), or nothing (`undefined`). */
export function seasonOpen(state: HistoryDay['state']): boolean | undefined {
  if (state === 1 || state === 4) return true;
  if (state === 2 || state === 6) return false;
  return undefined;
}

/**
 * The alerts of one resort's days (any order; one point per date, the last of a date kept), oldest first:
 * powder when `newSnow24h` is at least `newSnowCm`, and the season's openings and closings.
 */
export function alertsOf(resort: number, days: readonly HistoryDay[], newSnowCm: number): Alert[] {
  const alerts: Alert[] = [];
  let season: boolean | undefined;
  for (const day of inOrder(days)) {
    const date = day.date;
    const open = seasonOpen(day.state);
    if (open !== undefined) {
      if (season !== undefined && open !== season)
        alerts.push({ resort, kind: open ? 'open' : 'close', date, day });
      season = open;
    }
    if (day.newSnow24h !== null && day.newSnow24h >= newSnowCm)
      alerts.push({ resort, kind: 'powder', date, day });
  }
  return alerts;
}

/** The days by date, one per date (the last of a date kept): as they are when they already are (a history's seasons). */
function inOrder(days: readonly HistoryDay[]): readonly HistoryDay[] {
  if (days.every((day, i) => i === 0 || days[i - 1]!.date < day.date)) return days;
  const byDate = new Map<string, HistoryDay>();
  for (const day of days) byDate.set(day.date, day);
  return [...byDate.keys()].sort().map((date) => byDate.get(date)!);
}

/** Entries' order in a feed: newest first; on one date by resort, then closing, opening, powder. */
const KIND_ORDER: Record<AlertKind, number> = { close: 0, open: 1, powder: 2 };
export const newestFirst = (a: Alert, b: Alert) =>
  (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
  a.resort - b.resort ||
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind];

/** The most entries a feed keeps: the newest. */
export const FEED_ENTRIES = 50;

/** A feed's alerts: one per resort, kind and date, the newest `FEED_ENTRIES` first. */
export function feedAlerts(alerts: Iterable<Alert>): Alert[] {
  const unique = new Map<string, Alert>();
  for (const alert of alerts) unique.set(`${alert.resort}/${alert.kind}/${alert.date}`, alert);
  return [...unique.values()].sort(newestFirst).slice(0, FEED_ENTRIES);
}
