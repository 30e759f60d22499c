/**
 * The release phase: every collection's files into a staged release (written when fetched, carried over
 * from the previous release when not due or failed), sanitised and scanned for secrets; then the public
 * index and the private state, and one atomic publish.
 *
 * One failing part never holds back the rest. A part the upstream failed or whose body broke the contract
 * keeps its last good files, stale, while they are younger than `staleFor` (stale-age.ts); a part the last
 * release knew to be absent stays absent, stale too; a part with no earlier state (a new resort, locale or
 * variant) or with too old a copy is left out and named in the index's `missing`. One broken record of a
 * many-resort answer keeps only its resort's files. A run whose due parts all failed publishes nothing; a
 * run with nothing due publishes the same files again (hard links) under a new build time.
 */
import { resolve } from 'node:path';
import type { DriftIssue } from '../../api/schemas/drift.ts';
import { ResortConditionsError } from '../../api/errors.ts';
import { SnapshotError } from '../errors.ts';
import {
  MANIFEST_PATH,
  serializeManifest,
  staleParts,
  type Manifest,
  type StaleMark,
} from '../store/manifest.ts';
import type { Output } from '../derive/derive.ts';
import type { PreviousBuild } from '../store/previous.ts';
import type { Summary } from '../progress.ts';
import { DriftReport } from './drift-report.ts';
import { answerSanitizer } from './sanitize.ts';
import { answerSerializer, reusedEncoder } from './serialize.ts';
import { FileIndex } from '../store/file-index.ts';
import { whereOf } from '../fetch/validate.ts';
import { LEFT_OUT, recordFailures, type Failure } from './record-failures.ts';
import { agedFile, agedPart } from './stale-age.ts';
import { stateChunks, type AlertMemory, type FileState, type Identity, type State } from '../store/state.ts';
import { ReleaseWriter, sha256 } from '../store/writer.ts';
import { scanned } from '../store/secrets.ts';
import {
  stagedReader,
  type Beside,
  type ExtraFiles,
  type Placed,
  type StagedFiles,
} from '../store/staging.ts';
import type { Collection, Fetched } from '../model.ts';

export type { Failure };

export interface ReleaseOptions {
  out: string;
  previous: PreviousBuild;
  /** Secrets the source holds: no file may contain one. */
  secrets: readonly string[];
  /** The build's clock (fixed by SOURCE_DATE_EPOCH). */
  now: () => number;
  /** How old, in seconds, a kept copy may get before its part is left out (config `staleFor`); none: no limit. */
  staleFor?: number;
  /** Called after each file the writer puts in the release; tests stop a build at a chosen write. */
  onWrite?: (count: number) => void;
}

/** Bodies → files (`derive.ts`): the files of one collection, those holding a broken resort marked `keep`. */
type Derive = (c: Collection, bodies: ReadonlyArray<unknown>, broken: ReadonlySet<number>) => Output[];

/** What the run says of the release: the index's head and the state's identity. */
export interface ReleaseHead {
  manifest: Omit<Manifest, 'stale'>;
  identity: Identity;
  /** Requests spent before the release opened (preflight, the token request). */
  spent: number;
  /** The month's requests before this run (the output folder's ledger). */
  ledgerBefore: number;
  /** Every request the source sent in this run, the token and account calls included: what the ledger adds. */
  sent?: number;
  /** The keys of the groups of files the site kept or made (`keptFiles`), for the private state's `kept`. */
  kept?: Readonly<Record<string, string>>;
  /** What the feeds remember of the history (`keptFiles`), for the private state's `alerts`. */
  alerts?: AlertMemory | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class Release {
  readonly failures: Failure[] = [];
  readonly #files = new FileIndex();
  readonly #absent: Record<string, string> = {};
  readonly #staleAbsent: Record<string, StaleMark> = {};
  readonly #missing = new Map<string, string>();
  readonly #keptParts = new Map<string, { since: string; reason: string; files: number }>();
  readonly #drift = new DriftReport();
  readonly #writer: ReleaseWriter;
  readonly #encode = reusedEncoder();
  readonly #options: ReleaseOptions;
  readonly #counts = {
    requests: 0,
    lowerBound: 0,
    byEndpoint: {} as Record<string, number>,
    skipped: 0,
    fresh: 0,
  };

  private constructor(writer: ReleaseWriter, options: ReleaseOptions) {
    this.#writer = writer;
    this.#options = options;
  }

  static async open(options: ReleaseOptions & { name: string }): Promise<Release> {
    const writer = await ReleaseWriter.open({
      out: options.out,
      previousFiles: options.previous.releaseFiles(),
      name: options.name,
      onWrite: options.onWrite,
      secrets: options.secrets,
    });
    return new Release(writer, options);
  }

  /**
   * The files so far with a reader of their staged bytes and the build's time: what the site's embeds are
   * made of. Every file added so far is on disk when this resolves.
   */
  async staged(builtAt: number): Promise<StagedFiles> {
    await this.#writer.flush();
    const dir = resolve(this.#writer.staging, 'api');
    const index = this.#files;
    return { builtAt, dir, read: stagedReader(dir), [Symbol.iterator]: () => index.eachPath() };
  }

  /** Drift of this run so far, per endpoint. */
  get drift(): Record<string, DriftIssue[]> {
    return this.#drift.issues;
  }

  /** Nothing while the files are written as fast as they are made, else a promise of the next turn to make more. */
  ready(): Promise<void> | undefined {
    return this.#writer.ready();
  }

  /** Adds one collection: its derived files when fetched, its previous files when carried or failed. */
  async add(f: Fetched, derive: Derive): Promise<void> {
    try {
      await this.#add(f, derive);
    } catch (error) {
      if (error instanceof ResortConditionsError) throw error;
      // a defect, named by the part it struck (every failure names its endpoint and part)
      throw new SnapshotError(
        'internal',
        `${whereOf(f.collection)}: the build failed on this part (${error instanceof Error ? error.name : 'error'}); nothing was published`,
        { cause: error },
      );
    }
  }

  async #add(f: Fetched, derive: Derive): Promise<void> {
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
      if (agedPart(f, kept, this.#options, { failures: this.failures, missing: this.#missing })) return;
      // "no file" is an earlier state like any other: it is kept when the part cannot be fetched again
      const absentSince = kept.length === 0 ? previous.absentSince(c.key) : undefined;
      if (f.state === 'failed') {
        const failure = f.failure!;
        this.failures.push({
          ...failure,
          collection: c.key,
          kept: kept.length > 0 || absentSince !== undefined,
          ...(absentSince ? { absent: true } : {}),
        });
        if (kept.length === 0 && !absentSince) {
          this.#missing.set(c.key, failure.short);
          return;
        }
      }
      if (absentSince) {
        this.#absent[c.key] = absentSince;
        const before = previous.staleAbsent(c.key);
        const mark =
          f.state === 'failed' ? { since: before?.since ?? absentSince, reason: f.failure!.short } : before;
        if (mark) this.#staleAbsent[c.key] = mark;
        return;
      }
      for (const path of kept) await this.#carry(path, f.state === 'failed' ? f.failure!.short : undefined);
      return;
    }
    this.#counts.fresh++;
    this.#counts.skipped += f.notFound;
    this.#drift.add(c.endpoint.id, f.drift);
    const fetchedAt = iso(this.#options.now());
    const outputs = derive(c, f.bodies, new Set(f.broken?.keys()));
    if (outputs.length === 0) this.#absent[c.key] = fetchedAt;
    let lost = 0;
    // the resorts the answer left out: those that kept a last good copy, lost a file, or had too old a copy
    const absent = { kept: new Set<number>(), lost: new Set<number>(), aged: new Map<number, string>() };
    const sanitize = answerSanitizer();
    const serialize = answerSerializer();
    for (const [i, output] of outputs.entries()) {
      if (this.#files.has(output.file))
        throw new SnapshotError('unsafe_output', `two requests map to ${output.file}`);
      // whether the previous release holds a copy of this file from this part, young enough (`staleFor`)
      const own = () =>
        previous.file(output.file)?.collection === c.key && !agedFile(output, absent.aged, this.#options);
      if (output.keep !== undefined) {
        // a file that would hold a resort whose record broke the contract, or that the answer left out: its
        // last good copy, if it had one
        const id = output.keep;
        if (own()) {
          await this.#carry(output.file, output.absent ? LEFT_OUT : f.broken!.get(id)!.replace(/: .*/s, ''));
          if (output.absent) absent.kept.add(id);
        } else if (output.optional || absent.aged.has(id)) continue;
        else if (output.absent) absent.lost.add(id);
        else lost++;
        continue;
      }
      if (output.without?.some((id) => absent.kept.has(id)) && own()) {
        await this.#carry(output.file, LEFT_OUT);
        continue;
      }
      // the writer's thread scans the bytes for secrets before it writes them
      const bytes = this.#encode(`${serialize(sanitize(output.body), outputs[i + 1]?.body)}\n`);
      const hash = sha256(bytes);
      await this.#writer.write(`api/${output.file}`, bytes, hash);
      this.#files.set(output.file, { sha256: hash, size: bytes.byteLength, fetchedAt, collection: c.key });
    }
    for (const { failure, missing } of recordFailures(f, lost, absent)) {
      this.failures.push(failure);
      if (missing) this.#missing.set(c.key, missing);
    }
  }

  /** Carries a file of the previous release over; with `staleReason`, marked stale since its fetch time. */
  async #carry(path: string, staleReason: string | undefined): Promise<void> {
    const before = this.#options.previous.file(path)!;
    if (!(await this.#writer.carry(`api/${path}`)))
      throw new SnapshotError('write', `the previous copy of ${path} is missing; run with --refresh all`);
    const { stale: _stale, ...rest } = before;
    const stale: StaleMark | undefined =
      staleReason !== undefined
        ? { since: before.stale?.since ?? before.fetchedAt, reason: staleReason }
        : before.stale;
    this.#files.set(path, stale ? { ...rest, stale } : rest);
  }

  /**
   * Refuses a run that fetched nothing new: it would publish the same tree under a new time. A part that
   * could not be fetched and has no earlier copy, in a first build as in any other, is left out and named;
   * the next run asks for it again.
   */
  assertComplete(): void {
    const list = (failures: Failure[]) =>
      failures
        .slice(0, 10)
        .map((f) => `${f.collection}: ${f.reason}`)
        .join('\n  ');
    if (this.#counts.fresh === 0 && this.failures.length > 0) {
      const n = this.failures.length;
      throw new SnapshotError(
        'upstream_unreachable',
        `nothing new could be fetched, so the published tree is unchanged; ${n} part${n === 1 ? '' : 's'} failed:\n  ${list(this.failures)}`,
      );
    }
  }

  /**
   * Adds files beside `api/` (the element's bundle, the demo page, host headers), scanned like the rest;
   * each waits for its turn (`ready`) before the next is made.
   */
  async addExtras(extras: ExtraFiles): Promise<void> {
    for await (const extra of extras) {
      await this.#writer.write(extra.path, extra.bytes);
      await this.ready();
    }
  }

  /** Whether a file under `api/` of this release was kept from an earlier run (its part failed); undefined when there is none. */
  isStale(path: string): boolean | undefined {
    const state = this.#files.get(path);
    return state && state.stale !== undefined;
  }

  /** The folder of the previous release (the one `out` links to now), if there is one. */
  get previousFolder(): string | undefined {
    return this.#writer.previous;
  }

  /** Links the previous release's copy of a file beside `api/`; false when it has none. */
  carryExtra(path: string): Promise<boolean> {
    return this.#writer.carry(path);
  }

  /** What another thread needs to place files beside `api/` itself (staging.ts); `placed` counts them in. */
  beside(): Beside {
    return this.#writer.beside();
  }

  /**
   * A part beside `api/` that could not be made (publisher.ts): with `files` kept from the previous
   * release, the index counts it stale since that release; with none, it is named in `missing`.
   */
  keepPart(part: string, reason: string, files: number): void {
    if (files === 0) this.#missing.set(part, reason);
    else
      this.#keptParts.set(part, {
        since: this.#options.previous.state?.builtAt ?? iso(this.#options.now()),
        reason,
        files,
      });
  }

  /** Counts files another thread placed (`beside`). */
  placed(placed: Placed): void {
    this.#writer.placed(placed);
  }

  /** Writes the public index, then publishes the release with its private state, atomically. */
  async publish(
    head: ReleaseHead,
    started: number,
  ): Promise<{ manifest: Manifest; state: State; summary: Summary; dataFiles: number }> {
    const files = this.#files;
    const { parts, staleFiles } = staleParts(files.stale(), this.#staleAbsent);
    const missing = [...this.#missing].map(([part, reason]) => ({ part, reason }));
    const manifest: Manifest = {
      ...head.manifest,
      stale: [...parts.values(), ...[...this.#keptParts].map(([part, mark]) => ({ part, ...mark }))],
      ...(missing.length > 0 ? { missing } : {}),
    };
    const manifestText = serializeManifest(manifest);
    await this.#writer.write(MANIFEST_PATH, Buffer.from(manifestText));
    const c = this.#counts;
    const made = c.requests + head.spent;
    const month = manifest.builtAt.slice(0, 7);
    const { files: _files, ...rest }: State = {
      version: 1,
      identity: head.identity,
      builtAt: manifest.builtAt,
      requests: {
        made,
        saved: Math.max(0, files.size - made),
        lowerBound: c.lowerBound,
        byEndpoint: Object.fromEntries(Object.entries(c.byEndpoint).sort()),
      },
      // the same count the ledger file gets (run.ts): every request sent, not only the plan's
      ledger: { month, requests: head.ledgerBefore + Math.max(made, head.sent ?? 0) },
      files: {},
      absent: Object.fromEntries(Object.entries(this.#absent).sort()),
      ...(Object.keys(this.#staleAbsent).length > 0
        ? { staleAbsent: Object.fromEntries(Object.entries(this.#staleAbsent).sort()) }
        : {}),
      ...(this.#missing.size > 0 ? { missing: Object.fromEntries([...this.#missing].sort()) } : {}),
      drift: this.drift,
      ...(head.kept && Object.keys(head.kept).length > 0
        ? { kept: Object.fromEntries(Object.entries(head.kept).sort(([a], [b]) => (a < b ? -1 : 1))) }
        : {}),
      ...(head.alerts ? { alerts: head.alerts } : {}),
    };
    // the state is written as it is serialised, and its list of files is made only for a caller that reads it
    let list: Record<string, FileState> | undefined;
    const { version, identity, builtAt, requests, ledger, ...after } = rest;
    const state: State = {
      version,
      identity,
      builtAt,
      requests,
      ledger,
      get files() {
        return (list ??= Object.fromEntries(files.entries()));
      },
      ...after,
    };
    const w = this.#writer;
    const summary: Summary = {
      written: w.written,
      unchanged: w.unchanged,
      skipped: c.skipped,
      stale: staleFiles,
      requests: c.requests,
      preflight: head.spent,
      lowerBound: c.lowerBound,
      bytes: w.bytes,
      seconds: (performance.now() - started) / 1000,
    };
    await w.publish(scanned(stateChunks(rest, files.json()), 'the private state', this.#options.secrets));
    return { manifest, state, summary, dataFiles: files.size };
  }

  /** Drops the staged release; the published tree stays exactly as it was. */
  abort(): Promise<void> {
    return this.#writer.abort();
  }
}
