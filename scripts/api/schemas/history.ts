/**
 * The season's history: the project's own files, not the upstream's (scripts/README.md, "Static file layout",
 * history). Each build that publishes a resort's report records one point for the report's own date; a
 * later build of the same day replaces that day's point; a day without a build is a gap (no point is
 * invented).
 *
 * - `history/<resortId>/<season>.json`: one resort's season (`SeasonHistory`), its days in date order.
 * - `history/index.json`: the resorts and seasons held (`HistoryIndex`).
 *
 * A season is named by the hemisphere the resort lies in: north of the equator (or where the latitude is
 * unknown) it runs from 1 July to 30 June and is named by both years (`2025-26`); south of it, it is the
 * calendar year (`2026`), which holds the whole austral winter.
 */
import { z } from 'zod';
import { OpenFlag } from './enums.ts';

/** `YYYY-MM-DD`, a real calendar day. */
export const IsoDay = z.iso.date();

/** `2025-26` (northern hemisphere, July to June) or `2026` (southern hemisphere, the calendar year). */
export const SeasonName = z.string().regex(/^(\d{4}-\d{2}|\d{4})$/, 'a season: 2025-26 or 2026');

const count = z.int().min(0);
const centimetres = z.number().min(0).max(10_000);

/** One day of a resort's season: what the day's last build published, in centimetres. */
export const HistoryDay = z.strictObject({
  date: IsoDay,
  /** Snow depth at the base and at the summit; `null` when the report gave none. */
  base: centimetres.nullable(),
  summit: centimetres.nullable(),
  /** New snow in the 24 hours before the report. */
  newSnow24h: centimetres.nullable(),
  liftsOpen: count.nullable(),
  liftsTotal: count.nullable(),
  runsOpen: count.nullable(),
  runsTotal: count.nullable(),
  /** The report's open flag (1 Open … 6 Permanently Closed); `null` when it had none. */
  state: OpenFlag.nullable(),
});
export type HistoryDay = z.infer<typeof HistoryDay>;

/** `history/<resortId>/<season>.json`. */
export const SeasonHistory = z.strictObject({
  resort: z.int().positive(),
  season: SeasonName,
  /** Unit of every depth and snowfall in `days`. */
  unit: z.literal('cm'),
  days: z.array(HistoryDay).max(366),
});
export type SeasonHistory = z.infer<typeof SeasonHistory>;

/** `history/index.json`: every resort with a history, and its seasons, oldest first. */
export const HistoryIndex = z.strictObject({
  resorts: z.array(
    z.strictObject({
      resort: z.int().positive(),
      seasons: z.array(SeasonName),
    }),
  ),
});
export type HistoryIndex = z.infer<typeof HistoryIndex>;

/** The season a report dated `day` (`YYYY-MM-DD`) belongs to, at `latitude` (unknown: north). */
export function seasonOf(day: string, latitude?: number | null): string {
  const year = Number(day.slice(0, 4));
  if (latitude != null && latitude < 0) return String(year);
  const start = Number(day.slice(5, 7)) >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The path of a resort's season file in a published tree. */
export function historyPath(resort: number, season: string): string {
  return `history/${resort}/${season}.json`;
}

export const HISTORY_INDEX_PATH = 'history/index.json';
