/**
 * What the previous build published, read once from its private state — and only when that build
 * snapshotted the same source with the same credentials: a release of another source (the embedded
 * sample, another account, another base URL) is never carried over, so the run is a full refresh. It
 * answers which files each collection made, when each collection was last fetched, and whether it is due.
 */
import { join } from 'node:path';
import type { Freshness } from '../../api/endpoints.ts';
import { filePath } from '../../api/paths.ts';
import type { ApiRequest } from '../../api/request.ts';
import { readFile } from 'node:fs/promises';
import type { StaleMark } from './manifest.ts';
import { FileIndex } from './file-index.ts';
import { readIndexedState, withIndexedFiles } from './indexed-state.ts';
import { sameIdentity, type FileState, type SourceIdentity, type State } from './state.ts';
import { currentStatePath } from './writer.ts';
import type { Collection } from '../model.ts';

export class PreviousBuild {
  /** The previous release's state, when it was made by the same source. */
  readonly state: State | undefined;
  /** True when a previous release exists but was made by another source or account. */
  readonly otherSource: boolean;
  readonly #out: string;
  #files: FileIndex;
  #byCollection: Map<string, number[]>;

  private constructor(
    out: string,
    head: Omit<State, 'files'> | undefined,
    files: FileIndex,
    otherSource: boolean,
  ) {
    this.#out = out;
    this.#files = files;
    this.state = head && withIndexedFiles(head, () => this.#files);
    this.otherSource = otherSource;
    this.#byCollection = files.slotsByCollection();
  }

  /** The build published in `out`, if it was made by `source`. */
  static async read(out: string, source: SourceIdentity): Promise<PreviousBuild> {
    const path = await currentStatePath(out);
    const read = path ? await readIndexedState(path) : undefined;
    if (read && !sameIdentity(read.head.identity, source))
      return new PreviousBuild(out, undefined, new FileIndex(), true);
    return new PreviousBuild(out, read?.head, read?.files ?? new FileIndex(), false);
  }

  /** Every file with its hash, by its path in the release (`api/en-US/…`), for the writer. */
  releaseFiles(): { get(path: string): FileState | undefined } {
    return { get: (path) => (path.startsWith('api/') ? this.#files.get(path.slice(4)) : undefined) };
  }

  /**
   * Lets go of the previous release's files once every collection has been added: what comes after (the
   * cards, the lists, the host files) is compared with the previous copy byte for byte. Its index is about
   * 110 bytes a file, 90 MiB for 2,000 resorts in 16 locales, which a second build no longer holds while it
   * makes the cards.
   */
  forgetFiles(): void {
    this.#files = new FileIndex();
    this.#byCollection = new Map();
  }

  /** The files (relative to `api/`) that collection `key` made last time. */
  filesOf(key: string): readonly string[] {
    return (this.#byCollection.get(key) ?? []).map((slot) => this.#files.pathAt(slot));
  }

  file(path: string): FileState | undefined {
    return this.#files.get(path);
  }

  /** When the collection last answered "no file", if it did. */
  absentSince(key: string): string | undefined {
    return this.state?.absent[key];
  }

  /** The stale mark of an absence kept from an earlier run, if it has one. */
  staleAbsent(key: string): StaleMark | undefined {
    return this.state?.staleAbsent?.[key];
  }

  /** When a collection was last fetched: its files' oldest fetch time, or when it last answered "no file". */
  lastFetched(c: Collection): number | undefined {
    const made = this.#byCollection.get(c.key) ?? [];
    if (made.length > 0)
      return Math.min(...made.map((slot) => Date.parse(this.#files.stateAt(slot).fetchedAt)));
    const absent = this.absentSince(c.key);
    return absent ? Date.parse(absent) : undefined;
  }

  /** Whether collection `c` must be fetched at `now`: always with `all`; with `due`, when its interval has passed. */
  isDue(c: Collection, refresh: 'all' | 'due', intervals: Record<Freshness, number>, now: number): boolean {
    if (refresh !== 'due') return true;
    const last = this.lastFetched(c);
    return last === undefined || now - last >= intervals[c.freshness] * 1000;
  }

  /** How many resorts the previous release of the same source published (its index), or undefined. */
  async resortCount(): Promise<number | undefined> {
    if (!this.state) return undefined;
    const manifest = await readFile(join(this.#out, 'api', 'manifest.json'), 'utf8').then(
      JSON.parse,
      () => undefined,
    );
    const resorts = (manifest as { resorts?: unknown } | undefined)?.resorts;
    return Array.isArray(resorts) ? resorts.length : undefined;
  }

  /** How many region lists of `locale` the previous release of the same source fetched or found absent. */
  regionListCount(locale: string): number | undefined {
    if (!this.state) return undefined;
    const prefix = `${locale} region.list `;
    const keys = new Set([...this.#byCollection.keys(), ...Object.keys(this.state.absent)]);
    return [...keys].filter((key) => key.startsWith(prefix)).length;
  }

  /** The published body of a request from the same source, or undefined. */
  async readBody(request: ApiRequest): Promise<unknown> {
    if (!this.state) return undefined;
    return readFile(join(this.#out, 'api', filePath(request)), 'utf8').then(JSON.parse, () => undefined);
  }
}
