/**
 * The history step of a release (scripts/docs/snapshot.md, "The season's history"): once every part is in,
 * each resort whose report this release publishes fresh adds the point of its report's day to its season;
 * the seasons the history held before are carried over; `history/index.json` names them all. The history
 * held before is the previous release's; without one (the private state is gone), the one the published
 * site or the bucket holds, read back and checked; when none can be read, the build says so and a new
 * history starts. Every file is checked against the contract before it is placed.
 */
import { filePath } from '../../api/paths.ts';
import { unitSystem } from '../../api/locales.ts';
import {
  HISTORY_INDEX_PATH,
  HistoryDay,
  HistoryIndex,
  SeasonHistory,
  historyPath,
  type HistoryIndex as Index,
} from '../../api/schemas/history.ts';
import { dirname } from 'node:path';
import { eachInPool } from '../fetch/pool.ts';
import type { StagedFiles } from '../store/staging.ts';
import type { Scope } from '../model.ts';
import { folderOrigin, readFailure, type HistoryOrigin } from './history-origins.ts';
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
} from './history.ts';

export interface HistoryJob {
  scope: Scope;
  /** The locales this release publishes, in the config's order. */
  locales: readonly string[];
  /** A staged file under `api/`: its bytes, and whether this build fetched it (`fresh`) or kept an earlier copy (`stale`). */
  file(path: string): Promise<{ bytes: Uint8Array; fresh: boolean } | undefined>;
  /** The previous release of the same source, if there is one. */
  previous: HistoryOrigin | undefined;
  /**
   * Without `previous`, why, in messages: `there is no previous release` (the default: a new machine, an
   * evicted cache), `the previous release has no private state`.
   */
  noPrevious?: string;
  /** The published release came from another source: its history is not this source's, and is not carried. */
  otherSource?: boolean;
  /** Where the history is read back from when the previous release holds none: the site, the bucket. */
  recall: readonly HistoryOrigin[];
  /** Places a file in the staged release (scanned for secrets like every other). */
  place(path: string, bytes: Uint8Array): Promise<void>;
  /** Links the previous release's copy of `path`; false when it has none. */
  carry(path: string): Promise<boolean>;
  note(line: string): void;
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

/** The history held before this build: where it is, and its index. */
interface Base {
  origin: HistoryOrigin;
  index: Index;
  /** The previous release: seasons this build adds nothing to are linked, not read. */
  local: boolean;
}

/** Records this build's points and carries the rest; answers what it did. */
export async function recordHistory(job: HistoryJob): Promise<HistoryResult> {
  const { points, stale, undated } = await pointsOf(job);
  const base = await baseOf(job);
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
  const broken = new Set<number>();
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
        ? await readSeason(base!, resort, point.season, job)
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
    const earlier = await readSeason(base!, resort, season, job);
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
): Promise<{ points: Map<number, ReportPoint>; stale: number; undated: number[] }> {
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
    return files.combined || files.familyA ? (reportPoint(files) ?? 'undated') : undefined;
  };
  const points = new Map<number, ReportPoint>();
  const undated: number[] = [];
  let kept = 0;
  // a batch of resorts at a time (a read waits on the disk), in the scope's order
  for (const batch of batches(job.scope.resorts, job.concurrency * 4)) {
    const made = await Promise.all(batch.map(({ id }) => pointOf(id)));
    for (const [i, point] of made.entries()) {
      if (point === 'stale') kept++;
      else if (point === 'undated') undated.push(batch[i]!.id);
      else if (point) points.set(batch[i]!.id, point);
    }
  }
  return { points, stale: kept, undated };
}

/** `items` in runs of `size`, in order. */
function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * The history held before: the previous release's index; without one, the first of the site and the
 * bucket that answers with a valid one. Says which, or why a new history starts.
 */
async function baseOf(job: HistoryJob): Promise<Base | undefined> {
  if (job.previous) {
    const found = await indexAt(job.previous, job);
    if (found) return { origin: job.previous, index: found, local: true };
  }
  const reasons: string[] = [];
  const lacking = job.previous
    ? 'the previous release holds none'
    : (job.noPrevious ?? 'there is no previous release');
  for (const origin of job.otherSource ? [] : job.recall) {
    try {
      const bytes = await origin.read(HISTORY_INDEX_PATH, MAX_INDEX_BYTES);
      if (!bytes) {
        reasons.push(`${origin.name} holds none`);
        continue;
      }
      const index = checkIndex(bytes);
      if ('refused' in index) {
        reasons.push(`${origin.name}${HISTORY_INDEX_PATH} was refused: ${index.refused}`);
        continue;
      }
      const seasons = index.index.resorts.reduce((n, r) => n + r.seasons.length, 0);
      job.note(
        `history: ${lacking}, so it was read back from ${origin.name} (${index.index.resorts.length} resorts, ${seasons} seasons)`,
      );
      return { origin, index: index.index, local: false };
    } catch (error) {
      reasons.push(`${origin.name} could not be read (${readFailure(error)})`);
    }
  }
  const where =
    job.recall.length === 0
      ? 'there is no "publicUrl" (nor deploy target) to read one back from'
      : reasons.join('; ');
  job.note(
    job.otherSource
      ? 'history: the published release came from another source or account, so its history is not carried: a new history starts'
      : `history: ${lacking} and ${where}: a new history starts`,
  );
  return undefined;
}

/** A valid index at `origin`, or undefined (said, when it is there and refused). */
async function indexAt(origin: HistoryOrigin, job: HistoryJob): Promise<Index | undefined> {
  try {
    const bytes = await origin.read(HISTORY_INDEX_PATH, MAX_INDEX_BYTES);
    if (!bytes) return undefined;
    const index = checkIndex(bytes);
    if ('index' in index) return index.index;
    job.note(`history: ${origin.name}'s ${HISTORY_INDEX_PATH} was refused: ${index.refused}`);
  } catch (error) {
    job.note(`history: ${origin.name}'s ${HISTORY_INDEX_PATH} could not be read (${readFailure(error)})`);
  }
  return undefined;
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

/** A season the base holds, checked; undefined (and said) when it cannot be read or is refused. */
async function readSeason(
  base: Base,
  resort: number,
  season: string,
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
    const result = checkSeason(bytes, resort, season);
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
