/**
 * The release phase: every collection's files into a staged release (written when fetched, carried over
 * from the previous release when not due or failed), sanitised and scanned for secrets; then the
 * manifest, and one atomic publish. A part that failed and has no earlier copy, or a run that fetched
 * nothing new, publishes nothing.
 */
import { SnapshotError } from './errors.ts';
import type { Fetched } from './fetch.ts';
import { MANIFEST_PATH, serializeManifest, type Manifest, type ManifestFile } from './manifest.ts';
import type { Output } from './derive.ts';
import type { Collection } from './plan.ts';
import type { PreviousBuild } from './previous.ts';
import type { Summary } from './progress.ts';
import { sanitizeBody } from './sanitize.ts';
import { ReleaseWriter, sha256 } from './writer.ts';

export interface ExtraFile {
  /** Relative to the release root: `resort-conditions.js`, `index.html`, `_headers`. */
  path: string;
  bytes: Uint8Array;
}

export interface Failure {
  collection: string;
  reason: string;
}

export interface ReleaseOptions {
  out: string;
  previous: PreviousBuild;
  /** Secrets the source holds: no file may contain one. */
  secrets: readonly string[];
  /** The build's clock (fixed by SOURCE_DATE_EPOCH). */
  now: () => number;
  /** Called after each file the writer puts in the release; tests stop a build at a chosen write. */
  onWrite?: (count: number) => void;
}

/** What the manifest says beyond the files: filled in by the run. */
export type ManifestHead = Omit<Manifest, 'files' | 'absent' | 'stale' | 'requests' | 'ledger'> & { ledgerBefore?: Manifest['ledger'] };

const iso = (ms: number) => new Date(ms).toISOString();

export class Release {
  readonly failures: Failure[] = [];
  readonly #files: Record<string, ManifestFile> = {};
  readonly #absent: Record<string, string> = {};
  readonly #writer: ReleaseWriter;
  readonly #options: ReleaseOptions;
  readonly #counts = { requests: 0, lowerBound: 0, byEndpoint: {} as Record<string, number>, skipped: 0, fresh: 0 };

  private constructor(writer: ReleaseWriter, options: ReleaseOptions) {
    this.#writer = writer;
    this.#options = options;
  }

  static async open(options: ReleaseOptions & { name: string }): Promise<Release> {
    const writer = await ReleaseWriter.open({ out: options.out, previousFiles: options.previous.releaseFiles(), name: options.name, onWrite: options.onWrite });
    return new Release(writer, options);
  }

  /** Paths (relative to `api/`) of the files in the release so far. */
  get files(): string[] {
    return Object.keys(this.#files);
  }

  /** Adds one collection: its derived files when fetched, its previous files when carried or failed. */
  async add(f: Fetched, derive: (c: Collection, bodies: ReadonlyArray<unknown>) => Output[]): Promise<void> {
    const c = f.collection;
    const previous = this.#options.previous;
    if (f.state !== 'carried') {
      this.#counts.lowerBound += c.lowerBound;
      this.#counts.requests += f.requests;
      this.#counts.byEndpoint[c.endpoint.id] = (this.#counts.byEndpoint[c.endpoint.id] ?? 0) + f.requests;
    }
    if (f.state === 'forbidden') {
      this.#counts.skipped++;
      this.#absent[c.key] = iso(this.#options.now());
      return;
    }
    if (f.state === 'carried' || f.state === 'failed') {
      const kept = previous.filesOf(c.key);
      if (f.state === 'failed') {
        this.failures.push({ collection: c.key, reason: f.reason! });
        if (kept.length === 0) return;
      } else if (kept.length === 0 && previous.absentSince(c.key)) {
        this.#absent[c.key] = previous.absentSince(c.key)!;
      }
      for (const path of kept) {
        const before = previous.file(path)!;
        if (!(await this.#writer.carry(`api/${path}`))) throw new SnapshotError('write', `the previous copy of ${path} is missing; run with --refresh all`);
        const { stale: _stale, ...rest } = before;
        const stale = f.state === 'failed' ? { since: before.stale?.since ?? before.fetchedAt, reason: f.reason! } : before.stale;
        this.#files[path] = stale ? { ...rest, stale } : rest;
      }
      return;
    }
    this.#counts.fresh++;
    this.#counts.skipped += f.notFound;
    const fetchedAt = iso(this.#options.now());
    const outputs = derive(c, f.bodies);
    if (outputs.length === 0) this.#absent[c.key] = fetchedAt;
    for (const output of outputs) {
      const text = `${JSON.stringify(sanitizeBody(output.body))}\n`;
      assertNoSecret(text, output.file, this.#options.secrets);
      const bytes = Buffer.from(text);
      const hash = sha256(bytes);
      await this.#writer.write(`api/${output.file}`, bytes, hash);
      if (this.#files[output.file]) throw new SnapshotError('unsafe_output', `two requests map to ${output.file}`);
      this.#files[output.file] = { sha256: hash, size: bytes.byteLength, fetchedAt, collection: c.key };
    }
  }

  /** Refuses a tree with a hole (a failed part with no earlier copy) or a run that fetched nothing new. */
  assertComplete(): void {
    const previous = this.#options.previous;
    const incomplete = this.failures.filter((f) => previous.filesOf(f.collection).length === 0);
    const list = (failures: Failure[]) => failures.slice(0, 10).map((f) => `${f.collection}: ${f.reason}`).join('\n  ');
    if (incomplete.length > 0) {
      const n = incomplete.length;
      throw new SnapshotError('upstream_http', `nothing was published: ${n} part${n === 1 ? '' : 's'} of the tree could not be fetched and ${n === 1 ? 'has' : 'have'} no earlier copy:\n  ${list(incomplete)}`);
    }
    if (this.#counts.fresh === 0 && this.failures.length > 0) {
      const n = this.failures.length;
      throw new SnapshotError('upstream_network', `nothing new could be fetched, so the published tree is unchanged; ${n} part${n === 1 ? '' : 's'} failed:\n  ${list(this.failures)}`);
    }
  }

  /** Adds files beside `api/` (the element's bundle, the demo page, host headers), scanned like the rest. */
  async addExtras(extras: readonly ExtraFile[]): Promise<void> {
    for (const extra of extras) {
      assertNoSecret(Buffer.from(extra.bytes).toString('utf8'), extra.path, this.#options.secrets);
      await this.#writer.write(extra.path, extra.bytes);
    }
  }

  /** Writes the manifest and publishes the release atomically. */
  async publish(head: ManifestHead, started: number): Promise<{ manifest: Manifest; summary: Summary }> {
    const { ledgerBefore, ...rest } = head;
    const files = this.#files;
    const fileCount = Object.keys(files).length;
    const stale = Object.values(files).filter((f) => f.stale).length;
    const c = this.#counts;
    const manifest: Manifest = {
      ...rest,
      requests: {
        made: c.requests,
        saved: Math.max(0, fileCount - c.requests),
        lowerBound: c.lowerBound,
        byEndpoint: Object.fromEntries(Object.entries(c.byEndpoint).sort()),
      },
      ledger: { month: head.builtAt.slice(0, 7), requests: (ledgerBefore?.requests ?? 0) + c.requests },
      stale,
      files,
      absent: Object.fromEntries(Object.entries(this.#absent).sort()),
    };
    const manifestText = serializeManifest(manifest);
    assertNoSecret(manifestText, MANIFEST_PATH, this.#options.secrets);
    await this.#writer.write(MANIFEST_PATH, Buffer.from(manifestText));
    const w = this.#writer;
    const summary: Summary = { written: w.written, unchanged: w.unchanged, skipped: c.skipped, stale, requests: c.requests, lowerBound: c.lowerBound, bytes: w.bytes, seconds: (performance.now() - started) / 1000 };
    await w.publish();
    return { manifest, summary };
  }

  /** Drops the staged release; the published tree stays exactly as it was. */
  abort(): Promise<void> {
    return this.#writer.abort();
  }
}

/** Refuses to publish a file that contains a secret; the message names the file and the kind, not the value. */
export function assertNoSecret(text: string, file: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    if (text.includes(secret) || (/[^A-Za-z0-9_.~-]/.test(secret) && text.includes(encodeURIComponent(secret)))) {
      throw new SnapshotError('secret_leak', `${file} would contain a credential (${secret.includes('@') ? 'an e-mail address' : 'a key, token or password'}); nothing was published`);
    }
  }
}
