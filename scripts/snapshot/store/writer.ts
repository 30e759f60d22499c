/**
 * The module that owns the output folder: it opens, stages, publishes and drops releases. Files are
 * placed in a staged release as `staging.ts` says, by this writer, its writing thread, or a thread it
 * hands the staging folder to (`beside`: the embeds' thread).
 *
 * `dist` is a symbolic link to a release folder in `.dist-releases/` beside it. A build writes a new
 * release in a staging folder there, and publishes it by renaming a new link over `dist`: one rename, so a
 * reader (or a build killed at any moment, even by SIGKILL) sees the old tree or the new one, never half of
 * one. Files whose bytes did not change are hard-linked from the previous release instead of written. The
 * next build removes whatever a killed one left behind.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import {
  claim,
  currentRelease,
  LEDGER,
  MARKER,
  releasesDir,
  removeTree,
  stateName,
  takeLock,
} from './folder.ts';
import { assertNoSecretIn, needlesOfSecrets, secretLeak } from './secrets.ts';
import { linkPrevious, sameAsPrevious, stagedTarget, type Beside, type Placed } from './staging.ts';
import { WriteThread } from './write-thread.ts';

export { currentRelease, currentStatePath, isOurs, LEDGER, MARKER, releasesDir } from './folder.ts';

/** What the manifest says of each file; the writer needs the hash to see what changed. */
export interface FileRecord {
  sha256: string;
  size: number;
}

/** The previous release's files by path (`api/en-US/…`). */
export interface PreviousFiles {
  get(path: string): FileRecord | undefined;
}

export interface ReleaseWriterOptions {
  /** The published folder, e.g. `dist`. */
  out: string;
  /** Previous manifest's files, relative to the release root (`api/en-US/…`). */
  previousFiles?: PreviousFiles;
  /** Release name; made unique by the writer. */
  name?: string;
  /** Called after each `write` with the number of files written or linked so far. */
  onWrite?: (count: number) => void;
  /** The source's credentials: a file holding one is never written (the build fails with `secret_leak`). */
  secrets?: readonly string[];
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export class ReleaseWriter {
  readonly out: string;
  readonly releases: string;
  readonly staging: string;
  readonly name: string;
  /** The folder `out` points at now, if any. */
  readonly previous: string | undefined;
  #previousFiles: PreviousFiles;
  #lock: string;
  #onWrite: ((count: number) => void) | undefined;
  #thread: WriteThread | undefined;
  #secrets: readonly string[] = [];
  written = 0;
  unchanged = 0;
  bytes = 0;

  private constructor(out: string, previous: string | undefined, name: string, previousFiles: PreviousFiles) {
    this.out = resolve(out);
    this.releases = releasesDir(out);
    this.name = name;
    this.staging = join(this.releases, `.staging-${name}`);
    this.previous = previous;
    this.#previousFiles = previousFiles;
    this.#lock = join(this.releases, '.lock');
  }

  /**
   * Checks that `out` and its releases folder are this tool's (or absent), locks the releases folder,
   * clears what killed builds left, and opens a staging folder. Refuses, touching nothing, when either
   * exists and was not made by this tool.
   */
  static async open(options: ReleaseWriterOptions): Promise<ReleaseWriter> {
    const out = resolve(options.out);
    const releases = releasesDir(out);
    await claim(out, releases);
    await takeLock(join(releases, '.lock'));
    const previous = await currentRelease(out);
    const unique = `${options.name ?? 'release'}-${process.pid}-${Date.now().toString(36)}`;
    const writer = new ReleaseWriter(out, previous, unique, options.previousFiles ?? new Map());
    writer.#onWrite = options.onWrite;
    writer.#secrets = options.secrets ?? [];
    try {
      await writer.#clearLeftovers();
      await mkdir(writer.staging, { recursive: true });
      writer.#thread = new WriteThread(needlesOfSecrets(writer.#secrets), (path, kind) =>
        secretLeak(relative(writer.staging, path), kind),
      );
    } catch (error) {
      await rm(writer.#lock, { force: true });
      throw error;
    }
    return writer;
  }

  async #clearLeftovers(): Promise<void> {
    const current = this.previous && basename(this.previous);
    const keep = new Set([current, current && stateName(current), '.lock', MARKER, LEDGER]);
    for (const entry of await readdir(this.releases)) {
      // killed builds leave staging folders and links; releases other than the published one are old
      if (!keep.has(entry)) await removeTree(join(this.releases, entry));
    }
    for (const entry of await readdir(dirname(this.out))) {
      if (entry.startsWith(`.${basename(this.out)}-next-`))
        await rm(join(dirname(this.out), entry), { force: true });
    }
  }

  // New bytes are written by a thread of its own (write-thread.ts); links and copies of the previous
  // release's files are made here, one syscall after another (staging.ts): for many small files several
  // times faster than a thread-pool round trip per call.

  /**
   * Writes `bytes` to `path` (relative to the release root), or links the previous release's copy when
   * its bytes are the same; either way only once they are found to hold no secret. Answers whether the
   * bytes changed. The bytes are used or copied before the call returns: the caller may reuse them at once.
   */
  async write(path: string, bytes: Uint8Array, hash?: string): Promise<'written' | 'unchanged'> {
    const target = stagedTarget(this.staging, path);
    this.bytes += bytes.byteLength;
    const before = this.#previousFiles.get(path);
    // hashed only to compare: the files the state does not list are compared byte for byte
    const same = before
      ? before.size === bytes.byteLength && before.sha256 === (hash ?? sha256(bytes))
      : sameAsPrevious(this.previous, path, bytes);
    if (same)
      assertNoSecretIn(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), path, this.#secrets);
    if (same && linkPrevious(this.previous, path, target)) {
      this.unchanged++;
      this.#onWrite?.(this.written + this.unchanged);
      return 'unchanged';
    }
    const queued = this.#thread!.write(target, bytes);
    this.written++;
    this.#onWrite?.(this.written + this.unchanged);
    if (queued) await queued;
    return 'written';
  }

  /** Nothing while the writing thread keeps up, else the caller's turn to make more files (write-thread.ts). */
  ready(): Promise<void> | undefined {
    return this.#thread!.ready();
  }

  /** Waits until every file written so far is on disk; throws the first write that failed. */
  flush(): Promise<void> {
    return this.#thread!.flush();
  }

  /** Keeps the previous release's copy of `path` as it is; false when there is none. */
  async carry(path: string): Promise<boolean> {
    const linked = linkPrevious(this.previous, path, stagedTarget(this.staging, path));
    // a file carried over is an unchanged file of the tree: the summary counts the whole tree
    if (linked) {
      this.unchanged++;
      this.#onWrite?.(this.written + this.unchanged);
    }
    return linked;
  }

  /** What another thread needs to place files beside this writer's (staging.ts); `placed` counts them in. */
  beside(): Beside {
    return { staging: this.staging, previous: this.previous, secrets: this.#secrets };
  }

  /** Counts files another thread placed (`beside`). */
  placed(placed: Placed): void {
    this.written += placed.written;
    this.unchanged += placed.unchanged;
    this.bytes += placed.bytes;
    this.#onWrite?.(this.written + this.unchanged);
  }

  /**
   * Publishes the staged release: its private state beside it first, then one atomic rename of a link
   * over `out`. A reader, or a build killed at any moment, sees the old release with its state or the
   * new one with its state.
   */
  async publish(state: string | Iterable<Uint8Array>): Promise<void> {
    await this.#thread!.flush();
    await this.#thread!.close();
    const release = join(this.releases, this.name);
    const stateFile = join(this.releases, stateName(this.name));
    const file = await open(`${stateFile}.tmp`, 'w');
    try {
      for (const chunk of typeof state === 'string' ? [Buffer.from(state)] : state) {
        // a chunk may be a view its producer overwrites next: all of it is written before the next is asked for
        for (let at = 0; at < chunk.byteLength;)
          at += (await file.write(chunk, at, chunk.byteLength - at)).bytesWritten;
      }
    } catch (error) {
      await file.close();
      await rm(`${stateFile}.tmp`, { force: true });
      throw error;
    }
    await file.close();
    await rename(`${stateFile}.tmp`, stateFile);
    await rename(this.staging, release);
    const next = join(dirname(this.out), `.${basename(this.out)}-next-${this.name}`);
    await symlink(relative(dirname(this.out), release), next);
    await rename(next, this.out);
    await this.#prune(release);
    await rm(this.#lock, { force: true });
  }

  /** Keeps the new release and the one before it (a reader may still be in it), with their states. */
  async #prune(current: string): Promise<void> {
    const names = [basename(current), this.previous && basename(this.previous)].filter(
      (n): n is string => !!n,
    );
    const keep = new Set([...names, ...names.map(stateName), '.lock', MARKER, LEDGER]);
    for (const entry of await readdir(this.releases)) {
      if (!keep.has(entry)) await removeTree(join(this.releases, entry));
    }
  }

  /** Drops the staged release; `out` stays exactly as it was. */
  async abort(): Promise<void> {
    // a write under way would race the removal and leave half a staging folder behind
    await this.#thread?.close();
    await removeTree(this.staging);
    await rm(this.#lock, { force: true });
  }
}
