/**
 * A season's history for tests, in the contract's shape (scripts/api/schemas/history.ts), before the build
 * records its own: `DAYS` days from `FIRST_DAY` with gaps (a day every eleven missed, three in a row once),
 * storms of 20 cm and more every nine days, a base that builds and settles, a summit missing on two days, the
 * first days closed. Each resort's figures differ by its id. Checked against the contract when written.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  HISTORY_INDEX_PATH,
  HistoryIndex,
  historyPath,
  SeasonHistory,
  seasonOf,
  type HistoryDay,
} from '../../scripts/api/schemas/history.ts';

export const FIRST_DAY = '2025-12-01';
/** The span of days, from the first to the last; the gaps leave fewer points. */
export const DAYS = 60;

/** One resort's season: the contract's body. */
export function seasonHistory(resort: number): SeasonHistory {
  const days: HistoryDay[] = [];
  const start = Date.parse(`${FIRST_DAY}T00:00:00Z`);
  let base = 20 + (resort % 7) * 5;
  for (let i = 0; i < DAYS; i++) {
    const storm = (i + resort) % 9 === 0;
    const snow = storm ? 20 + ((resort + i) % 4) * 6 : (i * resort) % 3;
    base = Math.max(0, base + snow * 0.6 - 0.8);
    if (i % 11 === 5 || (i >= 30 && i <= 32)) continue;
    const open = i >= 5;
    days.push({
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      base: Math.round(base),
      summit: i === 20 || i === 21 ? null : Math.round(base * 1.6 + 25),
      newSnow24h: snow,
      liftsOpen: open ? 8 : 0,
      liftsTotal: 12,
      runsOpen: open ? 30 : 0,
      runsTotal: 45,
      state: open ? 1 : 2,
    });
  }
  return SeasonHistory.parse({ resort, season: seasonOf(FIRST_DAY), unit: 'cm', days });
}

/** Writes each resort's season and the index into the published tree `dist` (beside its `api/`). */
export async function writeHistory(dist: string, resorts: number[]): Promise<void> {
  const index = HistoryIndex.parse({
    resorts: resorts.map((resort) => ({ resort, seasons: [seasonOf(FIRST_DAY)] })),
  });
  for (const resort of resorts) {
    const path = join(dist, historyPath(resort, seasonOf(FIRST_DAY)));
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, JSON.stringify(seasonHistory(resort)));
  }
  await writeFile(join(dist, HISTORY_INDEX_PATH), JSON.stringify(index));
}
