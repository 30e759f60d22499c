/**
 * How a file is placed in the staged release: where its path goes (never outside the folder), a hard link
 * to the previous release's copy when its bytes did not change, else the bytes written; its folder made
 * when the first try finds it missing, so nothing is remembered per folder (a tree of 2,000 resorts in 16
 * locales has 800,000 of them). The writer (writer.ts) places files so, and so does a thread that writes
 * beside it (`placeBeside`: the cards' thread), with what the writer hands it (`Beside`).
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { SnapshotError } from '../errors.ts';
import { assertNoSecretIn } from './secrets.ts';
import type { HistoryDay } from '../../api/schemas/history.ts';
import type { AlertMemory } from './state.ts';

/** Files the state does not list are compared byte for byte up to this size. */
const SMALL_FILE = 4 * 1024 * 1024;

/** Where another thread places files: the staging folder, the previous release, the secrets no file may hold. */
export interface Beside {
  staging: string;
  previous: string | undefined;
  secrets: readonly string[];
}

/** What placing files did: files written, files linked unchanged, and their bytes. */
export interface Placed {
  written: number;
  unchanged: number;
  bytes: number;
}

/** The absolute path of `path` (relative to the release root) in `staging`; ids from an upstream never escape it. */
export function stagedTarget(staging: string, path: string): string {
  const target = resolve(staging, path);
  if (!target.startsWith(staging + '/'))
    throw new SnapshotError('unsafe_output', `refusing to write outside the output folder: ${path}`);
  return target;
}

/** `act()`, tried again once `target`'s folder is made when it fails for want of it. */
export function inFolder<T>(target: string, act: () => T): T {
  try {
    return act();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(target), { recursive: true });
    return act();
  }
}

/** Links (or, across devices, copies) the previous release's copy of `path` to `target`; false when there is none. */
export function linkPrevious(previous: string | undefined, path: string, target: string): boolean {
  if (!previous) return false;
  const source = join(previous, path);
  try {
    // ENOENT: the target's folder is missing (made, then tried again), or, after that, the source
    inFolder(target, () => linkSync(source, target));
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK') {
      inFolder(target, () => copyFileSync(source, target));
      return true;
    }
    throw error;
  }
}

/** Whether the previous release holds `path` with exactly these bytes (files up to `SMALL_FILE`). */
export function sameAsPrevious(previous: string | undefined, path: string, bytes: Uint8Array): boolean {
  if (!previous || bytes.byteLength > SMALL_FILE) return false;
  try {
    return readFileSync(join(previous, path)).equals(bytes);
  } catch {
    return false;
  }
}

/**
 * Places one file the state does not list, in this thread, as the writer would: refused (`secret_leak`)
 * when it holds a secret, linked when the previous release has the same bytes, else written.
 */
export function placeBeside(beside: Beside, path: string, bytes: Uint8Array, placed: Placed): void {
  const target = stagedTarget(beside.staging, path);
  assertNoSecretIn(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), path, beside.secrets);
  placed.bytes += bytes.byteLength;
  if (sameAsPrevious(beside.previous, path, bytes) && linkPrevious(beside.previous, path, target))
    placed.unchanged++;
  else {
    inFolder(target, () => writeFileSync(target, bytes));
    placed.written++;
  }
}

export interface ExtraFile {
  /** Relative to the release root: `resort-conditions.js`, `index.html`, `_headers`. */
  path: string;
  bytes: Uint8Array;
}

/** A group of files beside `api/` made from the same inputs, and a digest of those inputs. */
export interface KeptGroup {
  /** Unique in the release: `feeds/en-US/resort-25`. */
  name: string;
  key: string;
  paths: readonly string[];
}

/**
 * Files beside `api/` that the site makes again every build, but that the previous release may already
 * hold as they would be made (the alert feeds): each group's key is recorded in the release's private state,
 * and the next build links the previous release's files of a group whose key is the same.
 */
export interface KeptFiles {
  /**
   * Records each group's key, and links the previous release's files of every group whose key it recorded
   * the same and whose files it holds: the names of those linked. The others are the caller's to make.
   */
  carry(groups: readonly KeptGroup[]): Promise<ReadonlySet<string>>;
  /** The history's points of this build, and what the previous release's feeds remembered of its history. */
  history?: HistoryCarry;
  /** Records what the feeds remember of the history, for the next build (the private state's `alerts`). */
  remember?(memory: AlertMemory): void;
}

/** What the history step hands the feeds (scripts/feeds/memory.ts). */
export interface HistoryCarry {
  /** The point this build added to each resort's history. */
  days: ReadonlyMap<number, HistoryDay>;
  /** The previous release's memory, where this release's history continues that release's; else absent. */
  memory?: AlertMemory;
  /** Resorts whose history this release did not continue (a season of the previous release was lost). */
  broken?: ReadonlySet<number>;
}

/** Extra files, as a list or made one by one (the cards of a large tree do not fit in memory at once). */
export type ExtraFiles = Iterable<ExtraFile> | AsyncIterable<ExtraFile>;

/**
 * Paths of a staged release's files (relative to `api/`), readable before it is published. Each iteration
 * makes the paths anew from the release's index, so a caller that does not keep them holds none.
 */
export interface StagedFiles extends Iterable<string> {
  /** The build's time (fixed by SOURCE_DATE_EPOCH). */
  builtAt: number;
  /** A staged file's bytes; undefined when there is none. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** The staged `api/` folder, for a reader in another thread (`stagedReader` reads it as `read` does). */
  dir: string;
}

/** `read` of the staged files in `dir`: a path that would leave it, or a file that is not there, is undefined. */
export function stagedReader(dir: string): (path: string) => Promise<Uint8Array | undefined> {
  // a staged file is a few kilobytes the kernel has just cached: read at once, as the writer writes, not
  // through the thread pool (a round trip per file left the build's thread idle a quarter of the time
  // while it made the cards of 2,000 resorts in 16 locales)
  return async (path) => {
    const file = resolve(dir, path);
    if (!file.startsWith(dir + sep)) return undefined;
    try {
      return readFileSync(file);
    } catch {
      return undefined;
    }
  };
}
