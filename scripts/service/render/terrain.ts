/**
 * Counts both families derive from a resort's lifts and runs. A lift or run that is open only to the mid
 * station counts as open.
 */
import type { DatasetResort, DatasetRun } from '../../dataset/schema.ts';

export const isOpen = (status: number) => status === 1 || status === 5;
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
export const lengthKm = (runs: DatasetRun[]) => sum(runs.map((r) => r.lengthKm));

export interface TerrainCounts {
  liftsTotal: number;
  liftsOpen: number;
  runsTotal: number;
  runsOpen: number;
  totalKm: number;
  openKm: number;
  longestRunKm: number;
  /** Runs by difficulty 1 (beginner) to 4 (expert); difficulty 0 is counted in the totals only. */
  byDifficulty: Array<{ difficulty: 1 | 2 | 3 | 4; runs: DatasetRun[]; open: DatasetRun[] }>;
}

export function terrainCounts(resort: DatasetResort): TerrainCounts {
  const openRuns = resort.runs.filter((r) => isOpen(r.status));
  return {
    liftsTotal: resort.lifts.length,
    liftsOpen: resort.lifts.filter((l) => isOpen(l.status)).length,
    runsTotal: resort.runs.length,
    runsOpen: openRuns.length,
    totalKm: lengthKm(resort.runs),
    openKm: lengthKm(openRuns),
    longestRunKm: Math.max(0, ...resort.runs.map((r) => r.lengthKm)),
    byDifficulty: ([1, 2, 3, 4] as const).map((difficulty) => ({
      difficulty,
      runs: resort.runs.filter((r) => r.difficulty === difficulty),
      open: openRuns.filter((r) => r.difficulty === difficulty),
    })),
  };
}
