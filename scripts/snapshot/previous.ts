/**
 * What the previous build published, read once: its manifest, which files each collection made, and
 * when each collection was last fetched. It answers whether a collection is due in this run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Freshness } from '../api/endpoints.ts';
import { filePath } from '../api/paths.ts';
import type { ApiRequest } from '../api/request.ts';
import { MANIFEST_PATH, parseManifest, type Manifest, type ManifestFile } from './manifest.ts';
import type { Collection } from './plan.ts';

export class PreviousBuild {
  readonly manifest: Manifest | undefined;
  readonly #out: string;
  readonly #byCollection = new Map<string, string[]>();

  private constructor(out: string, manifest: Manifest | undefined) {
    this.#out = out;
    this.manifest = manifest;
    for (const [path, f] of Object.entries(manifest?.files ?? {})) {
      const list = this.#byCollection.get(f.collection) ?? [];
      list.push(path);
      this.#byCollection.set(f.collection, list);
    }
  }

  /** The build published in `out`; a missing or unreadable manifest means there was none. */
  static async read(out: string): Promise<PreviousBuild> {
    const text = await readFile(join(out, MANIFEST_PATH), 'utf8').catch(() => undefined);
    return new PreviousBuild(out, parseManifest(text));
  }

  /** Every file with its hash, keyed by its path in the release (`api/en-US/…`), for the writer. */
  releaseFiles(): Map<string, ManifestFile> {
    return new Map(Object.entries(this.manifest?.files ?? {}).map(([path, f]) => [`api/${path}`, f]));
  }

  /** The files (relative to `api/`) that collection `key` made last time. */
  filesOf(key: string): readonly string[] {
    return this.#byCollection.get(key) ?? [];
  }

  file(path: string): ManifestFile | undefined {
    return this.manifest?.files[path];
  }

  /** When the collection last answered "no file", if it did. */
  absentSince(key: string): string | undefined {
    return this.manifest?.absent?.[key];
  }

  /** When a collection was last fetched: its files' oldest fetch time, or when it last answered "no file". */
  lastFetched(c: Collection): number | undefined {
    const made = this.filesOf(c.key);
    if (made.length > 0) return Math.min(...made.map((p) => Date.parse(this.manifest!.files[p]!.fetchedAt)));
    const absent = this.absentSince(c.key);
    return absent ? Date.parse(absent) : undefined;
  }

  /** Whether collection `c` must be fetched at `now`: always with `all`; with `due`, when its interval has passed. */
  isDue(c: Collection, refresh: 'all' | 'due', intervals: Record<Freshness, number>, now: number): boolean {
    if (refresh !== 'due') return true;
    const last = this.lastFetched(c);
    return last === undefined || now - last >= intervals[c.freshness] * 1000;
  }

  /** The published body of a request, or undefined. */
  async readBody(request: ApiRequest): Promise<unknown> {
    return readFile(join(this.#out, 'api', filePath(request)), 'utf8').then(JSON.parse, () => undefined);
  }
}
