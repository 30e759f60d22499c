/**
 * Where a build finds the history published before it (scripts/docs/snapshot.md, "The season's history"):
 * the previous release on disk, or, when the private state is gone, the published site over HTTP
 * (`publicUrl`) — and the bucket, which `npm run build` reads through the deploy's store. Each answers a
 * file's bytes, nothing when there is no such file, and throws when it cannot be read; what it answers is
 * checked by `history.ts` as a hostile body. `baseOf` picks the index the history continues, without the
 * seasons outside the window of report dates (scripts/api/README.md, "Dates").
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { ResortConditionsError } from '../api/errors.ts';
import { HISTORY_INDEX_PATH, historyPath, type HistoryIndex } from '../api/schemas/history.ts';
import { outside as outsideOf, type DayWindow } from '../api/window.ts';
import { BodyTooLarge, get, upstreamAgent } from '../shared/http.ts';
import { MAX_INDEX_BYTES, checkIndex, indexInWindow } from './season.ts';

export interface HistoryOrigin {
  /** Where, in messages: `the previous release`, `https://snow.example/`, `s3://bucket/prefix/`. */
  name: string;
  /** The file at `path` (relative to the tree's root), undefined when there is none; throws when it cannot be read. */
  read(path: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Lets go of connections. */
  close?(): Promise<void>;
}

/** A published tree in a folder (the previous release). */
export function folderOrigin(root: string, name: string): HistoryOrigin {
  const base = resolve(root);
  return {
    name,
    async read(path, maxBytes) {
      const file = resolve(base, path);
      if (!file.startsWith(base + sep)) return undefined;
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : undefined),
        () => undefined,
      );
      if (size === undefined) return undefined;
      if (size > maxBytes) throw new BodyTooLarge(maxBytes);
      return readFile(file);
    },
  };
}

export interface SiteOriginOptions {
  /** Milliseconds for one file's headers and body together (the config's `request.timeout`). */
  timeoutMs: number;
  /** Files read at once. */
  connections: number;
  /** Ends every request when aborted (a stopped run, the build's deadline). */
  signals?: ReadonlyArray<AbortSignal | undefined>;
}

/**
 * The published site at `publicUrl` (the folder that holds `api/`), read with the project's HTTP client and
 * its bounds: a deadline per file, a size limit enforced while reading, no redirect followed. 404 and 410
 * mean "no such file"; any other answer but 200 is a failure.
 */
export function siteOrigin(publicUrl: string, options: SiteOriginOptions): HistoryOrigin {
  const dispatcher = upstreamAgent({ connections: options.connections });
  return {
    name: publicUrl,
    async read(path, maxBytes) {
      const response = await get(new URL(path, publicUrl).href, {
        dispatcher,
        timeoutMs: options.timeoutMs,
        maxBytes,
        headers: { accept: 'application/json' },
        ...(options.signals ? { signals: options.signals } : {}),
      });
      if (response.status === 200) return response.body;
      if (response.status === 404 || response.status === 410) return undefined;
      throw new Error(
        response.status >= 300 && response.status < 400
          ? `HTTP ${response.status}, a redirect, which is not followed`
          : `HTTP ${response.status}`,
      );
    },
    close: () => dispatcher.close(),
  };
}

/** The history held before this build: where it is, and its index. */
export interface Base {
  origin: HistoryOrigin;
  index: HistoryIndex;
  /** The previous release: seasons this build adds nothing to are linked, not read. */
  local: boolean;
}

/** What the history held before is looked for with: the previous release, the origins, and notes. */
export interface Recall {
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
  note(line: string): void;
}

/**
 * The history held before: the previous release's index; without one, the first of the site and the
 * bucket that answers with a valid one, its seasons outside `window` left out (`broken`: their resorts).
 * Says which, or why a new history starts.
 */
export async function baseOf(job: Recall, window: DayWindow, broken: Set<number>): Promise<Base | undefined> {
  if (job.previous) {
    const found = await indexAt(job.previous, job);
    if (found) return inWindowOf({ origin: job.previous, index: found, local: true }, window, job, broken);
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
      return inWindowOf({ origin, index: index.index, local: false }, window, job, broken);
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
async function indexAt(origin: HistoryOrigin, job: Recall): Promise<HistoryIndex | undefined> {
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
 * `base` without its seasons outside the window of report dates, said, their resorts `broken` (their history
 * lost a season): a season the previous release holds is not carried, one of the site or the bucket not read.
 */
function inWindowOf(base: Base, window: DayWindow, job: Recall, broken: Set<number>): Base {
  const { index, outside } = indexInWindow(base.index, window);
  if (outside.length === 0) return base;
  for (const { resort } of outside) broken.add(resort);
  const [n, paths] = [outside.length, outside.slice(0, 5).map((o) => historyPath(o.resort, o.season))];
  job.note(
    `history: ${n} season${n === 1 ? '' : 's'} of ${base.origin.name} ${n === 1 ? 'is' : 'are'} ${outsideOf(window)}, so ${n === 1 ? 'it is' : 'they are'} left out: ${paths.join(', ')}${n > 5 ? ', …' : ''}`,
  );
  return { ...base, index };
}

/** Why a read failed, in a few words and without a URL: `HTTP 503`, `timeout after 30000 ms`, `ECONNREFUSED`. */
export function readFailure(error: unknown): string {
  if (error instanceof BodyTooLarge) return `larger than ${error.limit} bytes`;
  // the project's own errors (the bucket's store) say what failed and what to do, without a secret
  if (error instanceof ResortConditionsError) return error.message;
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError') return e.message ?? 'timeout';
  if (e.name === 'AbortError') return 'stopped';
  if (typeof e.message === 'string' && /^HTTP \d{3}/.test(e.message)) return e.message;
  return e.code ?? e.name ?? 'error';
}
