/**
 * One snapshot run: discover resorts, plan, fetch with bounded concurrency, validate every body, derive
 * the files, write them to a staged release and publish it atomically.
 *
 * Failure policy (README, "Running on a schedule"): a body that is not valid JSON or breaks the schema, an
 * id that cannot name a file, or a secret in the output stops the run and publishes nothing. An upstream
 * that stays unreachable or answers an error keeps each affected file's last good copy, marked stale; a
 * file with no earlier copy makes the tree incomplete, so nothing is published.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { schemaFor } from '../schemas/by-endpoint.ts';
import type { RegionList } from '../schemas/regions.ts';
import { jsonPath } from '../service/errors.ts';
import { redactSecrets, redactUrl } from '../service/redact.ts';
import { intervals, type SnapshotConfig } from './config.ts';
import { SnapshotError } from './errors.ts';
import { filePath } from './paths.ts';
import { MANIFEST_PATH, parseManifest, serializeManifest, type Manifest, type ManifestFile } from './manifest.ts';
import {
  countriesCollection,
  regionListCollection,
  resortCollections,
  scopeOf,
  subregionIds,
  type Collection,
  type PlanContext,
  type Scope,
} from './plan.ts';
import { silentProgress, type Progress, type Summary } from './progress.ts';
import type { Source, UpstreamRequest } from './source.ts';
import { ReleaseWriter, sha256 } from './writer.ts';

export interface ExtraFile {
  /** Relative to the release root: `resort-conditions.js`, `index.html`, `_headers`. */
  path: string;
  bytes: Uint8Array;
}

export interface SnapshotOptions {
  config: SnapshotConfig;
  source: Source;
  families: ReadonlySet<'A' | 'B'>;
  /** The build's clock: fetch and build times (fixed by SOURCE_DATE_EPOCH). */
  now: () => number;
  /** `due` requests only what its refresh interval says is due and carries the rest over. */
  refresh?: 'all' | 'due';
  progress?: Progress;
  /** Files published beside `api/` (the element's bundle, the demo page, host headers). */
  extraFiles?: (scope: Scope, files: readonly string[]) => Promise<ExtraFile[]> | ExtraFile[];
}

export interface Failure {
  collection: string;
  reason: string;
}

export interface SnapshotResult {
  manifest: Manifest;
  summary: Summary;
  /** Collections whose files were kept from the previous run. */
  failures: Failure[];
  scope: Scope;
}

interface Fetched {
  collection: Collection;
  /** 'ok' with one body per request; 'forbidden' when the account lacks the feature. */
  state: 'ok' | 'forbidden' | 'failed' | 'carried';
  bodies: unknown[];
  reason?: string;
  notFound: number;
}

/** A bounded pool: at most `limit` tasks run at once. */
function pool(limit: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function runSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const { config, source, now } = options;
  const progress = options.progress ?? silentProgress;
  const started = performance.now();
  const buildTime = now();
  const previousText = await readFile(join(config.out, MANIFEST_PATH), 'utf8').catch(() => undefined);
  const previous = parseManifest(previousText);
  const previousFiles = new Map(Object.entries(previous?.files ?? {}).map(([path, f]) => [`api/${path}`, f]));
  const byCollection = new Map<string, string[]>();
  for (const [path, f] of Object.entries(previous?.files ?? {})) {
    const list = byCollection.get(f.collection) ?? [];
    list.push(path);
    byCollection.set(f.collection, list);
  }
  const refreshEvery = intervals(config);
  const run = pool(config.concurrency);
  const ctx: PlanContext = { config, families: options.families, target: (r) => source.target(r) };
  const counts = { requests: 0, lowerBound: 0, byEndpoint: {} as Record<string, number> };

  const writer = await ReleaseWriter.open({ out: config.out, previousFiles, name: String(Math.floor(buildTime / 1000)) });
  try {
    const files: Record<string, ManifestFile> = {};
    const failures: Failure[] = [];
    let skipped = 0;

    /** Whether every file the collection made last time is younger than its refresh interval. */
    const notDue = (c: Collection) => {
      if (options.refresh !== 'due') return false;
      const made = byCollection.get(c.key);
      if (!made || made.length === 0) return false;
      const oldest = Math.min(...made.map((p) => Date.parse(previous!.files[p]!.fetchedAt)));
      return buildTime - oldest < refreshEvery[c.freshness] * 1000;
    };

    const fetchCollection = async (c: Collection): Promise<Fetched> => {
      if (notDue(c)) return { collection: c, state: 'carried', bodies: [], notFound: 0 };
      counts.lowerBound += c.lowerBound;
      let notFound = 0;
      let forbidden = false;
      const results = await Promise.all(
        c.requests.map((request) =>
          run(async () => {
            counts.requests++;
            counts.byEndpoint[c.endpoint.id] = (counts.byEndpoint[c.endpoint.id] ?? 0) + 1;
            try {
              const response = await source.fetch(request);
              if (response.status === 200) return { body: parseBody(c, response.body) };
              if (response.status === 404 && c.allowNotFound) {
                notFound++;
                return { body: undefined };
              }
              if (response.status === 403) {
                forbidden = true;
                return { body: undefined };
              }
              return { failure: `HTTP ${response.status} from ${describe(source, request)}` };
            } catch (error) {
              if (error instanceof SnapshotError && error.code !== 'upstream_network' && error.code !== 'upstream_http') throw error;
              return { failure: (error as Error).message };
            } finally {
              progress.tick();
            }
          }),
        ),
      );
      const failed = results.find((r) => 'failure' in r);
      if (failed && 'failure' in failed) return { collection: c, state: 'failed', bodies: [], reason: failed.failure, notFound };
      if (forbidden) return { collection: c, state: 'forbidden', bodies: [], notFound };
      return { collection: c, state: 'ok', bodies: results.map((r) => ('body' in r ? r.body : undefined)), notFound };
    };

    const emit = async (fetched: Fetched) => {
      const c = fetched.collection;
      if (fetched.state === 'forbidden') {
        skipped++;
        return;
      }
      if (fetched.state === 'carried' || fetched.state === 'failed') {
        const kept = byCollection.get(c.key) ?? [];
        if (fetched.state === 'failed') {
          failures.push({ collection: c.key, reason: fetched.reason! });
          if (kept.length === 0) return;
        }
        for (const path of kept) {
          const before = previous!.files[path]!;
          if (!(await writer.carry(`api/${path}`))) {
            throw new SnapshotError('write', `the previous copy of ${path} is missing; run with --refresh all`);
          }
          const stale = fetched.state === 'failed' ? { since: before.stale?.since ?? before.fetchedAt, reason: fetched.reason! } : before.stale;
          files[path] = { ...before, ...(stale ? { stale } : {}) };
          if (fetched.state === 'carried' && !stale) delete files[path]!.stale;
        }
        return;
      }
      skipped += fetched.notFound;
      const fetchedAt = iso(now());
      for (const output of c.derive(fetched.bodies)) {
        const text = `${JSON.stringify(output.body)}\n`;
        assertNoSecret(text, output.file, source.secrets);
        const bytes = Buffer.from(text);
        const hash = sha256(bytes);
        await writer.write(`api/${output.file}`, bytes, hash);
        if (files[output.file]) throw new SnapshotError('unsafe_output', `two requests map to ${output.file}`);
        files[output.file] = { sha256: hash, size: bytes.byteLength, fetchedAt, collection: c.key };
      }
    };

    const runAll = async (collections: Collection[]) => {
      progress.total(collections.reduce((n, c) => n + (notDue(c) ? 0 : c.requests.length), 0));
      const fetched = await Promise.all(collections.map(fetchCollection));
      for (const f of fetched) await emit(f);
      return fetched;
    };

    // 1. discovery: the countries list, then every state's and region's list, in every locale
    let scope: Scope;
    if (options.families.has('B')) {
      const countries = await runAll(config.locales.map((locale) => countriesCollection(ctx, locale)));
      const first = countries[0]!;
      const countryLists = (first.state === 'ok' ? first.bodies[0] : await previousBody(writer, first.collection)) as RegionList[] | undefined;
      if (!countryLists) throw new SnapshotError('upstream_http', `cannot list the resorts: ${first.reason ?? 'the countries list is unavailable'}`);
      const subregions = subregionIds(countryLists);
      const lists = await runAll(config.locales.flatMap((locale) => subregions.map((id) => regionListCollection(ctx, locale, id))));
      const firstLocaleLists: RegionList[] = [...countryLists];
      for (const f of lists.slice(0, subregions.length)) {
        const body = f.state === 'ok' ? f.bodies[0] : await previousBody(writer, f.collection);
        if (body) firstLocaleLists.push(body as RegionList);
      }
      scope = scopeOf(config, firstLocaleLists);
    } else {
      if (!config.resorts) throw new SnapshotError('config', 'config.resorts: without Family B credentials the snapshot cannot list resorts; name them');
      scope = scopeOf(config, [{ id: 1, regionName: 'configured', regionType: 'REGION', resorts: config.resorts.map((id) => ({ id, resortName: `Resort ${id}` })), restSnowReport: '', restRegionProfile: '', restCombinedReport: '', resortQueryParam: '' }]);
      scope.groups = scope.groups.filter((g) => g.name === 'all');
    }

    // 2. everything about the resorts
    await runAll(resortCollections(ctx, scope));

    const incomplete = failures.filter((f) => !byCollection.has(f.collection));
    if (incomplete.length > 0) {
      throw new SnapshotError(
        'upstream_http',
        `nothing was published: ${incomplete.length} part${incomplete.length === 1 ? '' : 's'} of the tree could not be fetched and ${incomplete.length === 1 ? 'has' : 'have'} no earlier copy:\n  ` +
          incomplete.slice(0, 10).map((f) => `${f.collection}: ${f.reason}`).join('\n  '),
      );
    }

    for (const extra of (await options.extraFiles?.(scope, Object.keys(files))) ?? []) {
      assertNoSecret(Buffer.from(extra.bytes).toString('utf8'), extra.path, source.secrets);
      await writer.write(extra.path, extra.bytes);
    }
    const month = iso(buildTime).slice(0, 7);
    const fileCount = Object.keys(files).length;
    const stale = Object.values(files).filter((f) => f.stale).length;
    const manifest: Manifest = {
      version: 1,
      source: { kind: source.kind, families: [...options.families].sort() },
      builtAt: iso(buildTime),
      locales: [...config.locales],
      resorts: scope.resorts,
      requests: {
        made: counts.requests,
        saved: Math.max(0, fileCount - counts.requests),
        lowerBound: counts.lowerBound,
        byEndpoint: Object.fromEntries(Object.entries(counts.byEndpoint).sort()),
      },
      ledger: { month, requests: (previous?.ledger.month === month ? previous.ledger.requests : 0) + counts.requests },
      stale,
      files,
    };
    const manifestText = serializeManifest(manifest);
    assertNoSecret(manifestText, MANIFEST_PATH, source.secrets);
    await writer.write(MANIFEST_PATH, Buffer.from(manifestText));
    const summary: Summary = {
      written: writer.written,
      unchanged: writer.unchanged,
      skipped,
      stale,
      requests: counts.requests,
      lowerBound: counts.lowerBound,
      bytes: writer.bytes,
      seconds: (performance.now() - started) / 1000,
    };
    await writer.publish();
    progress.done(summary);
    return { manifest, summary, failures, scope };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** The body a discovery collection's request answered last time, from the published tree. */
async function previousBody(writer: ReleaseWriter, c: Collection): Promise<unknown> {
  const bytes = await writer.readPrevious(`api/${filePath({ family: 'B', path: c.requests[0]!.path, locale: c.locale })}`);
  return bytes ? JSON.parse(bytes.toString('utf8')) : undefined;
}

function describe(source: Source, request: UpstreamRequest): string {
  return `[GET] "${redactSecrets(redactUrl(source.target(request)), source.secrets)}"`;
}

/** Parses and validates one body; a body that fails either stops the run (nothing is published). */
function parseBody(c: Collection, text: string): unknown {
  const where = `${c.endpoint.pattern} (${c.locale}${c.resorts.length === 1 ? `, resort ${c.resorts[0]}` : ''})`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SnapshotError('upstream_invalid', `${where}: the body is not valid JSON (${(error as Error).message})`, {
      cause: error,
      context: { endpoint: c.endpoint.id, locale: c.locale },
    });
  }
  const result = (schemaFor(c.endpoint) as z.ZodType).safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 5).map((issue) => {
      const resort = c.endpoint.multi && !c.endpoint.multi.ordered && issue.path.length > 0 ? `resort ${String(issue.path[0])}, ` : '';
      return `${resort}${jsonPath(issue.path)}: ${issue.message}`;
    });
    throw new SnapshotError('upstream_invalid', `${where}: the body breaks the schema:\n  ${issues.join('\n  ')}`, {
      context: { endpoint: c.endpoint.id, locale: c.locale },
    });
  }
  return json;
}

/** Refuses to publish a file that contains a secret; the message names the file and the kind, not the value. */
function assertNoSecret(text: string, file: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    if (text.includes(secret) || (/[^A-Za-z0-9_.~-]/.test(secret) && text.includes(encodeURIComponent(secret)))) {
      throw new SnapshotError('secret_leak', `${file} would contain a credential (${secret.includes('@') ? 'an e-mail address' : 'a key, token or password'}); nothing was published`);
    }
  }
}
