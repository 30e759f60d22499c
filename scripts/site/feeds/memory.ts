/**
 * Each resort's alerts for the feeds, and what the next build needs to add its day to them (the private
 * state's `alerts`, `AlertMemory`): a resort the previous release remembered, whose history this release
 * continues, gets this build's point added to its record (`withPoint`); every other resort's record is made
 * from its whole history, read back from the tree being released (`readHistories`). Both give the alerts
 * `alertsOf` gives of the published history, the newest a feed keeps.
 */
import type { HistoryCarry } from '../../snapshot/store/staging.ts';
import type { AlertMemory } from '../../snapshot/store/state.ts';
import { recordOf, withPoint, type Alert, type AlertRecord } from './alerts.ts';
import { readHistories, type TreeReader } from './history.ts';

export interface ResortAlerts {
  /** Each resort's alerts that a feed may show, oldest first. */
  alerts: Map<number, Alert[]>;
  /** The records of every resort of the scope with a history, for the next build. */
  memory: AlertMemory;
  /** Resorts whose history was read whole: without a record, or with one the point could not follow. */
  read: number;
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
  // a memory made with another threshold holds other alerts
  const memory = history?.memory?.newSnowCm === newSnowCm ? history.memory : undefined;
  const records = new Map<number, AlertRecord>();
  const unread = new Set<number>();
  for (const { id } of options.resorts) {
    const held = history?.broken?.has(id) ? undefined : memory?.resorts[String(id)];
    const day = history?.days.get(id);
    const record = held && recordFrom(id, held);
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
    remembered[String(id)] = {
      last: record.last,
      ...(record.before === undefined ? {} : { before: record.before }),
      ...(record.open === undefined ? {} : { open: record.open }),
      alerts: record.alerts.map(({ kind, day }) => ({ kind, day })),
    };
  }
  return { alerts, memory: { newSnowCm, resorts: remembered }, read: unread.size };
}

/** A resort's record as the memory holds it. */
function recordFrom(resort: number, held: AlertMemory['resorts'][string]): AlertRecord {
  return {
    last: held.last,
    before: held.before,
    open: held.open,
    alerts: held.alerts.map(({ kind, day }) => ({ resort, kind, date: day.date, day })),
  };
}
