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
import type { HistoryDay } from '../api/schemas/history.ts';

/** The three kinds of entry: `powder`, `open` (for the season), `close` (for the season). */
export type AlertKind = 'powder' | 'open' | 'close';

export interface Alert {
  resort: number;
  kind: AlertKind;
  /** The report's date, `YYYY-MM-DD`: its day's. */
  date: string;
  /** The day's point, for the entry's figures. */
  day: HistoryDay;
  /** The alert as `alertText` writes it, where it came as text (the feeds' memory, memory.ts). */
  text?: string;
}

const LETTERS: Record<AlertKind, string> = { powder: 'p', open: 'o', close: 'c' };
const texts = new WeakMap<Alert, string>();

/**
 * An alert as text: its kind's letter (`p` powder, `o` open, `c` close), its date and its day's figures
 * (`base,summit,newSnow24h,liftsOpen,liftsTotal,runsOpen,runsTotal,state`, empty where `null`):
 * `p2026-01-05,120,210,31,9,12,40,52,1`. What the feeds' memory keeps (memory.ts) and a feed's key is made
 * of (keys.ts); made once for each alert.
 */
export function alertText(alert: Alert): string {
  let text = alert.text ?? texts.get(alert);
  if (text === undefined) {
    const d = alert.day;
    text = `${LETTERS[alert.kind]}${d.date},${d.base ?? ''},${d.summit ?? ''},${d.newSnow24h ?? ''},${d.liftsOpen ?? ''},${d.liftsTotal ?? ''},${d.runsOpen ?? ''},${d.runsTotal ?? ''},${d.state ?? ''}`;
    texts.set(alert, text);
  }
  return text;
}

/** Whether an open flag says the season is on (`true`), over (`false`), or nothing (`undefined`). */
export function seasonOpen(state: HistoryDay['state']): boolean | undefined {
  if (state === 1 || state === 4) return true;
  if (state === 2 || state === 6) return false;
  return undefined;
}

/** The alerts of one day, after days that left the season `season` (`seasonOpen`), oldest first. */
function dayAlerts(resort: number, day: HistoryDay, season: boolean | undefined, newSnowCm: number): Alert[] {
  const alerts: Alert[] = [];
  const open = seasonOpen(day.state);
  if (open !== undefined && season !== undefined && open !== season)
    alerts.push({ resort, kind: open ? 'open' : 'close', date: day.date, day });
  if (day.newSnow24h !== null && day.newSnow24h >= newSnowCm)
    alerts.push({ resort, kind: 'powder', date: day.date, day });
  return alerts;
}

/**
 * The alerts of one resort's days (any order; one point per date, the last of a date kept), oldest first:
 * powder when `newSnow24h` is at least `newSnowCm`, and the season's openings and closings.
 */
export function alertsOf(resort: number, days: readonly HistoryDay[], newSnowCm: number): Alert[] {
  return recordOf(resort, days, newSnowCm, Infinity)?.alerts ?? [];
}

/**
 * What the next build needs of a resort's alerts to add its day to them without reading the resort's seasons
 * (the private state's `alerts`, feeds/memory.ts): the newest alerts, the date of the newest point, the
 * season's state before that point and the one it gives (`seasonOpen`).
 */
export interface AlertRecord {
  last: string;
  before: boolean | undefined;
  open: boolean | undefined;
  /** Oldest first. */
  alerts: Alert[];
}

/**
 * The alerts a record holds: a feed's (`FEED_ENTRIES`) and the most one day makes (an opening or a closing,
 * and powder). A later build of the same day takes that day's alerts out before it adds its own, and what is
 * left is still the newest `FEED_ENTRIES` of the history.
 */
export const RECORD_ALERTS = 52;

/** The record of a resort's days (as `alertsOf` reads them), with its newest `keep` alerts; undefined without days. */
export function recordOf(
  resort: number,
  days: readonly HistoryDay[],
  newSnowCm: number,
  keep = RECORD_ALERTS,
): AlertRecord | undefined {
  const ordered = inOrder(days);
  if (ordered.length === 0) return undefined;
  const alerts: Alert[] = [];
  let season: boolean | undefined;
  let before: boolean | undefined;
  for (const [i, day] of ordered.entries()) {
    if (i === ordered.length - 1) before = season;
    alerts.push(...dayAlerts(resort, day, season, newSnowCm));
    season = seasonOpen(day.state) ?? season;
  }
  const last = ordered[ordered.length - 1]!;
  return { last: last.date, before, open: seasonOpen(last.state), alerts: alerts.slice(-keep) };
}

/**
 * `record` with `day` added, as `recordOf` would make it from the days with `day` among them: a later date
 * follows the record's last, the same date replaces that day's point (and its alerts). Undefined for an
 * earlier date, which only the whole history can place.
 */
export function withPoint(
  resort: number,
  record: AlertRecord,
  day: HistoryDay,
  newSnowCm: number,
): AlertRecord | undefined {
  if (day.date < record.last) return undefined;
  const same = day.date === record.last;
  const before = same ? record.before : (record.open ?? record.before);
  const kept = same ? record.alerts.filter((alert) => alert.date !== day.date) : record.alerts;
  return {
    last: day.date,
    before,
    open: seasonOpen(day.state),
    alerts: [...kept, ...dayAlerts(resort, day, before, newSnowCm)].slice(-RECORD_ALERTS),
  };
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

/** A feed's alerts: one per resort, kind and date (the last given), the newest `FEED_ENTRIES` first. */
export function feedAlerts(alerts: Iterable<Alert>): Alert[] {
  // a stable sort keeps alerts of one resort, kind and date in their order, side by side: the last one stays
  const sorted = [...alerts].sort(newestFirst);
  const out: Alert[] = [];
  for (const [i, alert] of sorted.entries()) {
    const next = sorted[i + 1];
    if (next && newestFirst(alert, next) === 0) continue;
    out.push(alert);
    if (out.length === FEED_ENTRIES) break;
  }
  return out;
}

/**
 * The newest `FEED_ENTRIES` of several feeds' alerts, each as `feedAlerts` gives them (newest first, one per
 * resort, kind and date) and of different resorts: a region's, from its resorts'. Takes the newest head of
 * the lists one at a time rather than sorting them all together.
 */
export function newestOf(lists: ReadonlyArray<readonly Alert[]>): Alert[] {
  const heads = lists.map(() => 0);
  const out: Alert[] = [];
  while (out.length < FEED_ENTRIES) {
    let best = -1;
    for (const [i, list] of lists.entries()) {
      const head = list[heads[i]!];
      if (head && (best < 0 || newestFirst(head, lists[best]![heads[best]!]!) < 0)) best = i;
    }
    if (best < 0) break;
    out.push(lists[best]![heads[best]!++]!);
  }
  return out;
}
