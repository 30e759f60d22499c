/**
 * The release phase: every collection's files into a staged release (written when fetched, carried over
 * from the previous release when not due or failed), sanitised and scanned for secrets; then the public
 * index and the private state, and one atomic publish.
 *
 * A part the upstream failed (HTTP error, network) keeps its last good files, marked stale; without an
 * earlier copy the tree would have a hole, so nothing is published. A part whose body broke the contract
 * keeps its last good files too, or is left out and reported. A run whose due parts all failed publishes
 * nothing; a run with nothing due publishes the same files again (hard links) under a new build time.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { DriftIssue } from '../api/schemas/drift.ts';
import { SnapshotError } from './errors.ts';
import type { FetchFailure, Fetched } from './fetch.ts';
import { MANIFEST_PATH, serializeManifest, type Manifest, type StaleMark } from './manifest.ts';
import type { Output } from './derive.ts';
import type { Collection } from './plan.ts';
import type { PreviousBuild } from './previous.ts';
import type { Summary } from './progress.ts';
import { sanitizeBody } from './sanitize.ts';
import { serializeState, type FileState, type Identity, type State } from './state.ts';
import { ReleaseWriter, sha256 } from './writer.ts';

export interface ExtraFile {
  /** Relative to the release root: `resort-conditions.js`, `index.html`, `_headers`. */
  path: string;
  bytes: Uint8Array;
}

/** Paths of a staged release's files (relative to `api/`), readable before it is published. */
export interface StagedFiles extends ReadonlyArray<string> {
  /** The build's time (fixed by SOURCE_DATE_EPOCH). */
  builtAt: number;
  /** A staged file's bytes; undefined when there is none. */
  read(path: string): Promise<Uint8Array | undefined>;
}

export interface Failure extends FetchFailure {
  collection: string;
  /** Whether the part's earlier files were kept (stale); false: it is missing from the release. */
  kept: boolean;
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

/** What the run says of the release: the index's head and the state's identity. */
export interface ReleaseHead {
  manifest: Omit<Manifest, 'stale'>;
  identity: Identity;
  /** Requests spent before the release opened (preflight, the token request). */
  spent: number;
  /** The month's requests before this run (the output folder's ledger). */
  ledgerBefore: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class Release {
  readonly failures: Failure[] = [];
  readonly #files: Record<string, FileState> = {};
  readonly #absent: Record<string, string> = {};
  readonly #drift = new Map<string, Map<string, DriftIssue>>();
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

  /** The files so far with a reader of their staged bytes and the build's time: what the site's embeds are made of. */
  staged(builtAt: number): StagedFiles {
    const api = resolve(this.#writer.staging, 'api');
    const read = async (path: string) => {
      const file = resolve(api, path);
      return file.startsWith(api + sep) ? readFile(file).catch(() => undefined) : undefined;
    };
    return Object.assign(this.files, { builtAt, read });
  }

  /** Drift of this run so far, per endpoint. */
  get drift(): Record<string, DriftIssue[]> {
    return Object.fromEntries([...this.#drift].sort((a, b) => a[0].localeCompare(b[0])).map(([endpoint, issues]) => [endpoint, [...issues.values()]]));
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
        this.failures.push({ ...f.failure!, collection: c.key, kept: kept.length > 0 });
        if (kept.length === 0) return;
      } else if (kept.length === 0 && previous.absentSince(c.key)) {
        this.#absent[c.key] = previous.absentSince(c.key)!;
      }
      for (const path of kept) {
        const before = previous.file(path)!;
        if (!(await this.#writer.carry(`api/${path}`))) throw new SnapshotError('write', `the previous copy of ${path} is missing; run with --refresh all`);
        const { stale: _stale, ...rest } = before;
        const stale: StaleMark | undefined = f.state === 'failed' ? { since: before.stale?.since ?? before.fetchedAt, reason: f.failure!.short } : before.stale;
        this.#files[path] = stale ? { ...rest, stale } : rest;
      }
      return;
    }
    this.#counts.fresh++;
    this.#counts.skipped += f.notFound;
    this.#addDrift(c.endpoint.id, f.drift);
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

  #addDrift(endpoint: string, issues: readonly DriftIssue[]): void {
    if (issues.length === 0) return;
    const byPath = this.#drift.get(endpoint) ?? new Map<string, DriftIssue>();
    for (const issue of issues) {
      const key = `${issue.path} ${issue.kind}`;
      const seen = byPath.get(key);
      byPath.set(key, seen ? { ...seen, count: seen.count + issue.count } : { ...issue });
    }
    this.#drift.set(endpoint, byPath);
  }

  /** Refuses a tree with a hole the upstream made, and a run that fetched nothing new. */
  assertComplete(): void {
    const list = (failures: Failure[]) => failures.slice(0, 10).map((f) => `${f.collection}: ${f.reason}`).join('\n  ');
    const holes = this.failures.filter((f) => f.kind === 'upstream' && !f.kept);
    if (holes.length > 0) {
      const n = holes.length;
      throw new SnapshotError('upstream_unreachable', `nothing was published: ${n} part${n === 1 ? '' : 's'} of the tree could not be fetched and ${n === 1 ? 'has' : 'have'} no earlier copy:\n  ${list(holes)}`);
    }
    if (this.#counts.fresh === 0 && this.failures.length > 0) {
      const n = this.failures.length;
      throw new SnapshotError('upstream_unreachable', `nothing new could be fetched, so the published tree is unchanged; ${n} part${n === 1 ? '' : 's'} failed:\n  ${list(this.failures)}`);
    }
  }

  /** Adds files beside `api/` (the element's bundle, the demo page, host headers), scanned like the rest. */
  async addExtras(extras: readonly ExtraFile[]): Promise<void> {
    for (const extra of extras) {
      assertNoSecret(Buffer.from(extra.bytes).toString('utf8'), extra.path, this.#options.secrets);
      await this.#writer.write(extra.path, extra.bytes);
    }
  }

  /** Writes the public index, then publishes the release with its private state, atomically. */
  async publish(head: ReleaseHead, started: number): Promise<{ manifest: Manifest; state: State; summary: Summary }> {
    const files = this.#files;
    const parts = new Map<string, Manifest['stale'][number]>();
    for (const f of Object.values(files)) {
      if (!f.stale) continue;
      const part = parts.get(f.collection);
      if (part) part.files++;
      else parts.set(f.collection, { part: f.collection, since: f.stale.since, reason: f.stale.reason, files: 1 });
    }
    const manifest: Manifest = { ...head.manifest, stale: [...parts.values()] };
    const manifestText = serializeManifest(manifest);
    assertNoSecret(manifestText, MANIFEST_PATH, this.#options.secrets);
    await this.#writer.write(MANIFEST_PATH, Buffer.from(manifestText));
    const c = this.#counts;
    const made = c.requests + head.spent;
    const month = manifest.builtAt.slice(0, 7);
    const state: State = {
      version: 1,
      identity: head.identity,
      builtAt: manifest.builtAt,
      requests: { made, saved: Math.max(0, Object.keys(files).length - made), lowerBound: c.lowerBound, byEndpoint: Object.fromEntries(Object.entries(c.byEndpoint).sort()) },
      ledger: { month, requests: head.ledgerBefore + made },
      files,
      absent: Object.fromEntries(Object.entries(this.#absent).sort()),
      drift: this.drift,
    };
    const stateText = serializeState(state);
    assertNoSecret(stateText, 'the private state', this.#options.secrets);
    const w = this.#writer;
    const summary: Summary = { written: w.written, unchanged: w.unchanged, skipped: c.skipped, stale: Object.values(files).filter((f) => f.stale).length, requests: c.requests, preflight: head.spent, lowerBound: c.lowerBound, bytes: w.bytes, seconds: (performance.now() - started) / 1000 };
    await w.publish(stateText);
    return { manifest, state, summary };
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
