/**
 * Each resort's alerts for the feeds, and what the next build needs to add its day to them (the private
 * state's `alerts`, `AlertMemory`): a resort the previous release remembered, whose history this release
 * continues, gets this build's point added to its record (`withPoint`); every other resort's record is made
 * from its whole history, read back from the tree being released (`readHistories`). Both give the alerts
 * `alertsOf` gives of the published history, the newest a feed keeps.
 */
import type { HistoryCarry } from '../snapshot/store/staging.ts';
import type { AlertMemory } from '../snapshot/store/state.ts';
import type { HistoryDay } from '../api/schemas/history.ts';
import { alertText, RECORD_ALERTS, recordOf, withPoint, type Alert, type AlertRecord } from './alerts.ts';
import { readHistories, type TreeReader } from '../history/read.ts';

/**
 * What the alerts of a memory mean: what makes an alert (alerts.ts) and how a record is written. A change of
 * either takes the next number, so that a build reads every history whole once rather than trust a memory
 * made by other code: the memory is trusted as the build wrote it (a record that cannot be read is read
 * whole; one that reads is used as it is).
 */
export const MEMORY_VERSION = 1;

export interface ResortAlerts {
  /** Each resort's alerts that a feed may show, oldest first. */
  alerts: Map<number, Alert[]>;
  /** The records of every resort of the scope with a history, for the next build. */
  memory: AlertMemory;
  /** Resorts whose history was read whole: without a record, or with one the point could not follow. */
  read: number;
  /** The newest point's date of any resort, `YYYY-MM-DD`; undefined without any history. */
  newest?: string;
}

/** The alerts of `resorts`, from `history`'s memory and points where they serve, else from the tree. */
export async function resortAlerts(options: {
  read: TreeReader;
  resorts: ReadonlyArray<{ id: number }>;
  newSnowCm: number;
  history?: HistoryCarry | undefined;
  note?: ((line: string) => void) | undefined;
}): Promise<ResortAlerts> {
  const { newSnowCm, history } = options;
  // a memory made with another threshold, or by code whose alerts meant otherwise, holds other alerts
  const held = history?.memory;
  const memory = held?.version === MEMORY_VERSION && held.newSnowCm === newSnowCm ? held : undefined;
  const records = new Map<number, AlertRecord>();
  const unread = new Set<number>();
  for (const { id } of options.resorts) {
    const held = history?.broken?.has(id) ? undefined : memory?.resorts[String(id)];
    const day = history?.days.get(id);
    const record = held === undefined ? undefined : recordFrom(id, held);
    const next = record && day ? withPoint(id, record, day, newSnowCm) : record;
    if (next) records.set(id, next);
    else unread.add(id);
  }
  if (unread.size > 0)
    for (const [id, days] of await readHistories(options.read, unread, options.note)) {
      const record = recordOf(id, days, newSnowCm);
      if (record) records.set(id, record);
    }
  const alerts = new Map<number, Alert[]>();
  const remembered: AlertMemory['resorts'] = {};
  for (const { id } of options.resorts) {
    const record = records.get(id);
    if (!record) continue;
    alerts.set(id, record.alerts);
    remembered[String(id)] = recordText(record);
  }
  const newest = [...records.values()].reduce<string | undefined>(
    (max, record) => (max === undefined || record.last > max ? record.last : max),
    undefined,
  );
  return {
    alerts,
    memory: { version: MEMORY_VERSION, newSnowCm, resorts: remembered },
    read: unread.size,
    ...(newest ? { newest } : {}),
  };
}

/**
 * A record as the private state keeps it: `last|before|open|alerts`, the season's states `o` (open), `c`
 * (closed) or `-` (not known), the alerts `;`-separated as `alertText` writes them:
 * `2026-01-05|o|o|p2026-01-05,120,210,31,9,12,40,52,1`.
 */
export function recordText(record: AlertRecord): string {
  return [record.last, state(record.before), state(record.open), record.alerts.map(alertText).join(';')].join(
    '|',
  );
}

const BY_LETTER: Record<string, Alert['kind']> = { p: 'powder', o: 'open', c: 'close' };
const state = (open: boolean | undefined) => (open === undefined ? '-' : open ? 'o' : 'c');
const STATES: Record<string, boolean | undefined> = { o: true, c: false, '-': undefined };

/**
 * The alerts of a record as `recordText` writes them, each figure in its range (as `HistoryDay` has them):
 * depths and snowfall 0 to 10,000 (as JavaScript writes a number: `12.5`, `1e-7`), counts whole, the open flag
 * 1 to 6, each empty for `null`.
 */
const DEPTH = '(?:\\d{1,4}(?:\\.\\d+)?|10000|\\d(?:\\.\\d+)?e-\\d+)?';
const COUNT = '\\d{0,15}';
const ALERT = `[poc]\\d{4}-\\d{2}-\\d{2}(?:,${DEPTH}){3}(?:,${COUNT}){4},[1-6]?`;
const ALERTS = new RegExp(`^(?:${ALERT}(?:;${ALERT})*)?$`);

/** A real calendar day, `YYYY-MM-DD` (as `IsoDay`), each date checked once. */
const days = new Map<string, boolean>();
function isDay(text: string): boolean {
  let known = days.get(text);
  if (known === undefined) {
    known = /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
    if (days.size < 10_000) days.set(text, known);
  }
  return known;
}

/** An alert of the memory: its text, and its day's point read from it the first time a feed shows it. */
class RememberedAlert implements Alert {
  #day: HistoryDay | undefined;
  constructor(
    readonly resort: number,
    readonly kind: Alert['kind'],
    readonly date: string,
    readonly text: string,
  ) {}
  get day(): HistoryDay {
    if (!this.#day) {
      const [base, summit, newSnow24h, liftsOpen, liftsTotal, runsOpen, runsTotal, flag] = this.text
        .slice(12)
        .split(',')
        .map((f) => (f === '' ? null : Number(f)));
      this.#day = {
        date: this.date,
        base: base!,
        summit: summit!,
        newSnow24h: newSnow24h!,
        liftsOpen: liftsOpen!,
        liftsTotal: liftsTotal!,
        runsOpen: runsOpen!,
        runsTotal: runsTotal!,
        state: flag as HistoryDay['state'],
      };
    }
    return this.#day;
  }
}

/** A resort's record from the text `recordText` wrote; undefined for text it did not write. */
export function recordFrom(resort: number, text: string): AlertRecord | undefined {
  const [last, before, open, list, ...rest] = text.split('|');
  if (rest.length > 0 || list === undefined || !isDay(last!) || !(before! in STATES) || !(open! in STATES))
    return undefined;
  if (!ALERTS.test(list)) return undefined;
  const alerts: Alert[] = [];
  for (const item of list === '' ? [] : list.split(';')) {
    const date = item.slice(1, 11);
    if (!isDay(date)) return undefined;
    alerts.push(new RememberedAlert(resort, BY_LETTER[item.charAt(0)]!, date, item));
  }
  if (alerts.length > RECORD_ALERTS) return undefined;
  return { last: last!, before: STATES[before!], open: STATES[open!], alerts };
}
