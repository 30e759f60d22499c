/**
 * The history step of a release (scripts/docs/snapshot.md, "The season's history"): once every part is in,
 * each resort whose report this release publishes fresh adds the point of its report's day to its season;
 * the seasons the history held before are carried over; `history/index.json` names them all. The history
 * held before is the previous release's; without one (the private state is gone), the one the published
 * site or the bucket holds, read back and checked; when none can be read, the build says so and a new
 * history starts. Every file is checked against the contract before it is placed.
 */
import { filePath } from '../api/paths.ts';
import { unitSystem } from '../api/locales.ts';
import {
  HISTORY_INDEX_PATH,
  HistoryDay,
  HistoryIndex,
  SeasonHistory,
  historyPath,
} from '../api/schemas/history.ts';
import { dirname } from 'node:path';
import { eachInPool } from '../shared/pool.ts';
import type { StagedFiles } from '../snapshot/store/staging.ts';
import type { Scope } from '../snapshot/model.ts';
import { inWindow, outside as outsideOf, recordWindow, type DayWindow } from '../api/window.ts';
import { baseOf, folderOrigin, readFailure, type Base, type Recall } from './origins.ts';
import {
  MAX_INDEX_BYTES,
  MAX_SEASON_BYTES,
  MAX_SEASONS_READ,
  bySeason,
  checkIndex,
  checkSeason,
  indexBytes,
  newSeason,
  reportPoint,
  seasonBytes,
  spliceDay,
  withDay,
  type ReportFiles,
  type ReportPoint,
} from './season.ts';

export interface HistoryJob extends Recall {
  scope: Scope;
  /** The build's clock (ms since 1970): points and seasons keep to the window of report dates around it. */
  clock: number;
  /** The locales this release publishes, in the config's order. */
  locales: readonly string[];
  /** A staged file under `api/`: its bytes, and whether this build fetched it (`fresh`) or kept an earlier copy (`stale`). */
  file(path: string): Promise<{ bytes: Uint8Array; fresh: boolean } | undefined>;
  /** Places a file in the staged release (scanned for secrets like every other). */
  place(path: string, bytes: Uint8Array): Promise<void>;
  /** Links the previous release's copy of `path`; false when it has none. */
  carry(path: string): Promise<boolean>;
  /** Files read back at once. */
  concurrency: number;
}

export interface HistoryResult {
  /** Resorts that got this build's point. */
  points: number;
  /** Resorts of the scope that got none because this build kept their report from an earlier run (its part failed). */
  stale: number;
  /** Resorts of the scope whose report this build fetched names no day it was reported on: no point. */
  undated: number[];
  /** Resorts of the scope whose report is dated outside the window of report dates: no point. */
  outside: number[];
  /** Season files in the release. */
  seasons: number;
  /** Where the earlier history came from: its origin's name, or undefined for a new history. */
  from: string | undefined;
  /** The point this build added to each resort's history. */
  days: Map<number, HistoryDay>;
  /** Whether the history continues the previous release's (the one whose private state the build read). */
  continued: boolean;
  /** Resorts whose history lost a season the previous release held (missing, or refused): not continued. */
  broken: Set<number>;
}

/** Records this build's points and carries the rest; answers what it did. */
export async function recordHistory(job: HistoryJob): Promise<HistoryResult> {
  const { dated, stale, undated } = await pointsOf(job);
  const window = recordWindow(job.clock);
  const { points, outside } = pointsInWindow(dated, window, job);
  const broken = new Set<number>();
  const base = await baseOf(job, window, broken);
  const held = new Map<number, Set<string>>();
  const hold = (resort: number, season: string) => {
    let seasons = held.get(resort);
    if (!seasons) held.set(resort, (seasons = new Set()));
    seasons.add(season);
  };
  const listed = new Map(base?.index.resorts.map((r) => [r.resort, new Set(r.seasons)]) ?? []);

  // this build's points, each into its season as the history held it; the previous release's files read a
  // batch at a time (a read waits on the disk), placed in order
  const isListed = (resort: number, point: ReportPoint) => listed.get(resort)?.has(point.season) ?? false;
  const days = new Map<number, HistoryDay>();
  for (const batch of batches([...points], job.concurrency * 4)) {
    const held = await Promise.all(
      batch.map(async ([resort, point]) =>
        isListed(resort, point) && base!.local
          ? base!.origin.read(historyPath(resort, point.season), MAX_SEASON_BYTES).catch(() => undefined)
          : undefined,
      ),
    );
    for (const [i, [resort, point]] of batch.entries()) {
      const path = historyPath(resort, point.season);
      const day = HistoryDay.parse(point.day);
      days.set(resort, day);
      if (held[i] && (await spliced(held[i], resort, day, point.season, job))) {
        hold(resort, point.season);
        continue;
      }
      const earlier = isListed(resort, point)
        ? await readSeason(base!, resort, point.season, window, job)
        : undefined;
      if (isListed(resort, point) && !earlier) broken.add(resort);
      // the season read back was checked whole (checkSeason): the day is all that is new
      const season = withDay(earlier ?? newSeason(resort, point.season), day);
      await job.place(path, seasonBytes(season));
      hold(resort, point.season);
    }
  }

  // every other season held before: linked from the previous release, or read back for the scope's resorts
  const inScope = new Set(job.scope.resorts.map((r) => r.id));
  const reads: Array<{ resort: number; season: string }> = [];
  let outOfScope = 0;
  for (const { resort, seasons } of base?.index.resorts ?? []) {
    const rest = seasons.filter((s) => !held.get(resort)?.has(s));
    if (base!.local) {
      for (const season of rest) {
        if (await job.carry(historyPath(resort, season))) hold(resort, season);
        else {
          broken.add(resort);
          job.note(
            `history: ${historyPath(resort, season)} is named by the previous release's index but missing; it is left out`,
          );
        }
      }
    } else if (inScope.has(resort)) {
      reads.push(
        ...[...rest]
          .sort(bySeason)
          .slice(-MAX_SEASONS_READ)
          .map((season) => ({ resort, season })),
      );
    } else if (rest.length > 0) outOfScope++;
  }
  await eachInPool(reads, job.concurrency, async ({ resort, season }) => {
    const earlier = await readSeason(base!, resort, season, window, job);
    if (!earlier) return;
    await job.place(historyPath(resort, season), seasonBytes(earlier));
    hold(resort, season);
  });
  if (outOfScope > 0)
    job.note(
      `history: ${outOfScope} resort${outOfScope === 1 ? '' : 's'} of ${base!.origin.name} not in this build were not read back`,
    );

  const index = HistoryIndex.parse({
    resorts: [...held.keys()]
      .sort((a, b) => a - b)
      .map((resort) => ({ resort, seasons: [...held.get(resort)!].sort(bySeason) })),
  });
  await job.place(HISTORY_INDEX_PATH, indexBytes(index));
  return {
    points: points.size,
    stale,
    undated,
    outside,
    seasons: index.resorts.reduce((n, r) => n + r.seasons.length, 0),
    from: base?.origin.name,
    days,
    continued: base?.local === true,
    broken,
  };
}

/**
 * Each resort's point, from the report files this build fetched: Family B's combined report in the first
 * metric locale built (else en-US, converted from inches), and Family A's record in the first locale built.
 * A resort whose report this build kept stale (its part failed) gets no point, nor one whose report names no
 * day (`undated`).
 */
async function pointsOf(
  job: HistoryJob,
): Promise<{ dated: Map<number, ReportPoint>; stale: number; undated: number[] }> {
  const metricFirst = [
    ...job.locales.filter((l) => unitSystem(l) === 'metric'),
    ...job.locales.filter((l) => unitSystem(l) !== 'metric'),
  ];
  const pointOf = async (id: number): Promise<ReportPoint | 'stale' | 'undated' | undefined> => {
    const resortId = String(id);
    const files: ReportFiles = {};
    let stale = false;
    const first = async (endpoint: 'combinedreport' | 'a.resort.snowreport') => {
      for (const locale of endpoint === 'combinedreport' ? metricFirst : job.locales) {
        const file = await job.file(filePath({ endpoint, params: { resortId }, locale }));
        if (!file) continue;
        if (!file.fresh) {
          stale = true;
          return undefined;
        }
        try {
          return { body: JSON.parse(Buffer.from(file.bytes).toString('utf8')) as unknown, locale };
        } catch {
          return undefined;
        }
      }
      return undefined;
    };
    const combined = await first('combinedreport');
    if (combined) files.combined = combined;
    else if (!stale) {
      const familyA = await first('a.resort.snowreport');
      if (familyA) files.familyA = familyA;
    }
    if (stale) return 'stale';
    // no report file of either family: this build fetches none (`endpoints`), so there is nothing to say
    if (!files.combined && !files.familyA) return undefined;
    return reportPoint(files) ?? 'undated';
  };
  const dated = new Map<number, ReportPoint>();
  const undated: number[] = [];
  let kept = 0;
  // a batch of resorts at a time (a read waits on the disk), in the scope's order
  for (const batch of batches(job.scope.resorts, job.concurrency * 4)) {
    const made = await Promise.all(batch.map(({ id }) => pointOf(id)));
    for (const [i, point] of made.entries()) {
      if (point === 'stale') kept++;
      else if (point === 'undated') undated.push(batch[i]!.id);
      else if (point) dated.set(batch[i]!.id, point);
    }
  }
  return { dated, stale: kept, undated };
}

/**
 * The points dated within `window`, in the scope's order; a resort whose report is dated outside it gets
 * none (`outside`, named in a note).
 */
function pointsInWindow(
  dated: ReadonlyMap<number, ReportPoint>,
  window: DayWindow,
  job: Pick<HistoryJob, 'note'>,
): { points: Map<number, ReportPoint>; outside: number[] } {
  const points = new Map<number, ReportPoint>();
  const outside: number[] = [];
  for (const [resort, point] of dated) {
    if (inWindow(point.day.date, window)) points.set(resort, point);
    else outside.push(resort);
  }
  if (outside.length > 0) {
    const [n, ids] = [outside.length, outside.slice(0, 10).join(', ')];
    job.note(
      `history: ${n} resort${n === 1 ? '' : 's'} got no point this build: ${n === 1 ? 'its report is' : 'their reports are'} dated ${outsideOf(window)} (${n === 1 ? 'resort' : 'resorts'} ${ids}${n > 10 ? ', …' : ''})`,
    );
  }
  return { points, outside };
}

/** `items` in runs of `size`, in order. */
function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Adds `day` to its season as the previous release holds it (`bytes`), by splicing its day into them
 * (`spliceDay`): the previous release's season files are this project's own, written by `seasonBytes` (or
 * linked from a release that wrote them), so the season is not read and checked whole on every build. A file
 * whose bytes the day leaves as they were is linked, not written. False when the file cannot be spliced
 * (not as `seasonBytes` writes it): the caller reads the season and checks it whole.
 */
async function spliced(
  bytes: Uint8Array,
  resort: number,
  day: HistoryDay,
  season: string,
  job: HistoryJob,
): Promise<boolean> {
  const path = historyPath(resort, season);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const next = spliceDay(text, resort, season, day.date, JSON.stringify(day));
  if (next === undefined) return false;
  if (next === text && (await job.carry(path))) return true;
  await job.place(path, Buffer.from(next, 'latin1'));
  return true;
}

/**
 * A season the base holds, checked against the build's window; undefined (and said) when it cannot be read
 * or is refused.
 */
async function readSeason(
  base: Base,
  resort: number,
  season: string,
  window: DayWindow,
  job: HistoryJob,
): Promise<SeasonHistory | undefined> {
  const path = historyPath(resort, season);
  try {
    const bytes = await base.origin.read(path, MAX_SEASON_BYTES);
    if (!bytes) {
      job.note(
        `history: ${path} is named by ${base.origin.name}'s index but missing; the season starts anew`,
      );
      return undefined;
    }
    const result = checkSeason(bytes, resort, season, window);
    if ('season' in result) return result.season;
    job.note(
      `history: ${path} of ${base.origin.name} was refused (${result.refused}); the season starts anew`,
    );
  } catch (error) {
    job.note(
      `history: ${path} of ${base.origin.name} could not be read (${readFailure(error)}); the season starts anew`,
    );
  }
  return undefined;
}

/**
 * This build's history as staged (for the steps after it, such as the feeds): every season the staged
 * `history/index.json` names, each checked against the contract, in the index's order. Call it from
 * a publishing step that comes after the history (release/publisher.ts) with the staged files it is given.
 */
export async function stagedHistory(files: Pick<StagedFiles, 'dir'>): Promise<SeasonHistory[]> {
  const tree = folderOrigin(dirname(files.dir), 'the staged release');
  const bytes = await tree.read(HISTORY_INDEX_PATH, MAX_INDEX_BYTES);
  const index = bytes && checkIndex(bytes);
  if (!index || 'refused' in index) return [];
  const seasons: SeasonHistory[] = [];
  for (const { resort, seasons: names } of index.index.resorts)
    for (const name of names) {
      const file = await tree.read(historyPath(resort, name), MAX_SEASON_BYTES);
      const season = file && checkSeason(file, resort, name);
      if (season && 'season' in season) seasons.push(season.season);
    }
  return seasons;
}
