/**
 * A feed's key: a digest of everything its two files are made from, so that a build can link the previous
 * release's files of a feed whose key has not changed instead of making them again (scripts/docs/snapshot.md,
 * "The season's history"). Made in a few microseconds where the files take a hundred times that.
 *
 * What goes in: the locale, the subject, its name, the threshold, where the release is served and what it
 * links to, and each entry's alert (resort, kind, date, the day's figures) with its resort's name. What the
 * code makes of them goes in as its own output: the two files of a fixed feed in the locale (`canary`), whose
 * entries take each kind and each branch of the figures, made with the same functions. A change of the
 * feeds' code or of the runtime's `Intl` data (a Node.js upgrade) changes that output, and so every key.
 */
import { createHash } from 'node:crypto';
import type { HistoryDay } from '../api/schemas/history.ts';
import { alertText, type Alert } from './alerts.ts';
import type { FeedPlace } from './entries.ts';

/** An alert in a key: its resort and its text (kind, date, the day's figures: `alertText`). */
const token = (alert: Alert) => `\n${alert.resort}/${alertText(alert)}`;

/** The canary's days: each figure present, missing (`null`) and zero; a name with markup and a control character. */
const CANARY_DAYS: HistoryDay[] = [
  {
    date: '2025-12-01',
    base: 120,
    summit: 210,
    newSnow24h: 31,
    liftsOpen: 9,
    liftsTotal: 12,
    runsOpen: 40,
    runsTotal: 52,
    state: 1,
  },
  {
    date: '2026-04-20',
    base: null,
    summit: 75,
    newSnow24h: 0,
    liftsOpen: 0,
    liftsTotal: 0,
    runsOpen: null,
    runsTotal: 52,
    state: 2,
  },
  {
    date: '2026-11-05',
    base: 12.5,
    summit: null,
    newSnow24h: null,
    liftsOpen: 1,
    liftsTotal: 1,
    runsOpen: 1,
    runsTotal: 1,
    state: 4,
  },
];

/** The alerts of the canary feed: powder, closing and opening. */
export const CANARY_ALERTS: readonly Alert[] = [
  { resort: 7, kind: 'open', date: CANARY_DAYS[2]!.date, day: CANARY_DAYS[2]! },
  { resort: 7, kind: 'close', date: CANARY_DAYS[1]!.date, day: CANARY_DAYS[1]! },
  { resort: 8, kind: 'powder', date: CANARY_DAYS[0]!.date, day: CANARY_DAYS[0]! },
];
export const CANARY_NAMES = new Map([
  [7, 'A & <b>Peak</b>\u0007 '],
  [8, 'Ösel-Tal "Nord"'],
]);

/** What a feed's key is made of, besides the canary's files. */
export interface FeedKeyInputs {
  /** `feeds/en-US/resort-25`: the feed's paths without their format. */
  name: string;
  title: string;
  newSnowCm: number;
  place: FeedPlace;
  alerts: readonly Alert[];
  names: ReadonlyMap<number, string>;
}

/** A digest of the locale's canary files (made with the feeds' place and threshold) and of the runtime's `Intl` data. */
export function canaryDigest(canary: string): string {
  return createHash('sha256')
    .update(`${process.versions.node} ${process.versions.icu ?? ''}\n${canary}`)
    .digest('base64url');
}

/** The feed's key, with its locale's `canaryDigest`. */
export function feedKey(inputs: FeedKeyInputs, canary: string): string {
  let text = `${canary}\n${JSON.stringify([inputs.name, inputs.title, inputs.newSnowCm, inputs.place])}\n`;
  const resorts = new Set<number>();
  for (const alert of inputs.alerts) {
    text += token(alert);
    resorts.add(alert.resort);
  }
  // the name of each resort the entries name, as they name it
  for (const resort of resorts) text += `\n${resort}\u0000${inputs.names.get(resort) ?? ''}`;
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
