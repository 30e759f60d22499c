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
import { formatPlan, project, type Projection } from './budget.ts';
import { sanitizeBody } from './sanitize.ts';
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
  /** Plan and project only: no writes, and no fetches but discovery from the embedded service. */
  planOnly?: boolean;
  /** Start even when the projection exceeds the allowance. */
  force?: boolean;
}

export interface Failure {
  collection: string;
  reason: string;
}

export interface SnapshotResult {
  /** The published manifest (with `--plan`, the previous build's, which may be absent). */
  manifest: Manifest;
  summary: Summary;
  /** Collections whose files were kept from the previous run. */
  failures: Failure[];
  scope: Scope;
  /** The plan and the month's projection, as printed by `--plan`. */
  plan: string;
  projection: Projection;
  /** False for `--plan`. */
  published: boolean;
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
  const previous = parseManifest(await readFile(join(config.out, MANIFEST_PATH), 'utf8').catch(() => undefined));
  const previousFiles = new Map(Object.entries(previous?.files ?? {}).map(([path, f]) => [`api/${path}`, f]));
  const byCollection = new Map<string, string[]>();
  for (const [path, f] of Object.entries(previous?.files ?? {})) {
    const list = byCollection.get(f.collection) ?? [];
    list.push(path);
    byCollection.set(f.collection, list);
  }
  const refreshEvery = intervals(config);
  const run = pool(config.concurrency);
  const counts = { requests: 0, lowerBound: 0, byEndpoint: {} as Record<string, number> };
  const account = await source.account?.();
  const ctx: PlanContext & { publishedGroups?: Set<string> } = { config, families: options.families, target: (r) => source.target(r), ...(account ? { permissions: account } : {}) };

  /** When a collection was last fetched: its files' oldest fetch time, or when it last answered "no file". */
  const lastFetched = (c: Collection): number | undefined => {
    const made = byCollection.get(c.key);
    if (made && made.length > 0) return Math.min(...made.map((p) => Date.parse(previous!.files[p]!.fetchedAt)));
    const absent = previous?.absent?.[c.key];
    return absent ? Date.parse(absent) : undefined;
  };
  /** Whether the refresh interval says the collection must be fetched in this run. */
  const due = (c: Collection) => {
    if (options.refresh !== 'due') return true;
    const last = lastFetched(c);
    return last === undefined || buildTime - last >= refreshEvery[c.freshness] * 1000;
  };

  const fetchCollection = async (c: Collection): Promise<Fetched> => {
    if (!due(c)) return { collection: c, state: 'carried', bodies: [], notFound: 0 };
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
            // only the upstream's faults keep last good copies; anything else is a defect and stops the run
            if (error instanceof SnapshotError && (error.code === 'upstream_network' || error.code === 'upstream_http')) return { failure: error.message };
            throw error;
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
  const fetchAll = (collections: Collection[]) => {
    progress.total(collections.reduce((n, c) => n + (due(c) ? c.requests.length : 0), 0));
    return Promise.all(collections.map(fetchCollection));
  };
  /** A discovery body: fetched now, or the copy published last time. */
  const discovered = async (f: Fetched): Promise<unknown> => {
    if (f.state === 'ok') return f.bodies[0];
    const path = join(config.out, 'api', filePath({ family: 'B', path: f.collection.requests[0]!.path, locale: f.collection.locale }));
    return readFile(path, 'utf8').then(JSON.parse, () => undefined);
  };

  // 1. discovery: the countries list, then every state's and region's list, in every locale. A plan
  //    reads them from the published tree when it can; it fetches only from the embedded service.
  const fetched: Fetched[] = [];
  let scope: Scope;
  const discover = async (collections: Collection[]) => {
    if (!options.planOnly) return fetchAll(collections);
    const out: Fetched[] = [];
    for (const c of collections) {
      const carried: Fetched = { collection: c, state: 'carried', bodies: [], notFound: 0 };
      if ((await discovered(carried)) !== undefined) out.push(carried);
      else if (source.kind === 'local') out.push(await fetchCollection(c));
      else throw new SnapshotError('config', 'a plan without fetching needs an earlier build in the output folder (or run a build first)');
    }
    return out;
  };
  if (options.families.has('B')) {
    const countries = await discover(config.locales.map((locale) => countriesCollection(ctx, locale)));
    fetched.push(...countries);
    const countryLists = (await discovered(countries[0]!)) as RegionList[] | undefined;
    if (!countryLists) throw new SnapshotError('upstream_http', `cannot list the resorts: ${countries[0]!.reason ?? 'the countries list is unavailable'}`);
    const subregions = subregionIds(countryLists);
    const lists = await discover(config.locales.flatMap((locale) => subregions.map((id) => regionListCollection(ctx, locale, id))));
    fetched.push(...lists);
    const firstLocaleLists: RegionList[] = [...countryLists];
    for (const f of lists.slice(0, subregions.length)) {
      const body = await discovered(f);
      if (body) firstLocaleLists.push(body as RegionList);
    }
    scope = scopeOf(config, firstLocaleLists);
  } else {
    if (!config.resorts) throw new SnapshotError('config', 'config.resorts: without Family B credentials the snapshot cannot list resorts; name them');
    scope = scopeOf(config, [{ id: 1, regionName: 'configured', regionType: 'REGION', resorts: config.resorts.map((id) => ({ id, resortName: `Resort ${id}` })), restSnowReport: '', restRegionProfile: '', restCombinedReport: '', resortQueryParam: '' }]);
    scope.groups = scope.groups.filter((g) => g.name === 'all');
  }

  // 2. the plan, its projection over the month, and the allowance
  ctx.publishedGroups = new Set(scope.groups.map((g) => g.name));
  const resortPlan = resortCollections(ctx, scope);
  const discoveryPlan = fetched.map((f) => f.collection);
  const projection = project([...discoveryPlan, ...resortPlan], { intervals: refreshEvery, schedule: config.schedule, refresh: options.refresh ?? 'all', due });
  const allowance = config.allowance ?? account?.maxPerMonth;
  const from = config.allowance !== undefined ? 'config.allowance' : account ? 'the account record' : 'not in the config, and the account record needs RC_EMAIL and RC_PASSWORD';
  const ledger = previous && previous.ledger.month === iso(buildTime).slice(0, 7) ? previous.ledger : undefined;
  const planText = formatPlan(projection, { max: allowance, from }, ledger);
  if (options.planOnly) {
    return { manifest: previous!, summary: emptySummary(), failures: [], scope, plan: planText, projection, published: false };
  }
  // the embedded service spends no allowance: its plan shows the verdict, but only a real upstream is held to it
  if (source.kind === 'remote' && allowance !== undefined && projection.monthly > allowance && !options.force) {
    throw new SnapshotError('budget', `the plan projects ${projection.monthly} requests per month, over the allowance of ${allowance} (${from}); nothing was fetched about the resorts. Lower the schedule or raise the refresh intervals, or run with --force.\n${planText}`);
  }

  // 3. fetch, derive and write the new release
  const writer = await ReleaseWriter.open({ out: config.out, previousFiles, name: String(Math.floor(buildTime / 1000)) });
  try {
    const files: Record<string, ManifestFile> = {};
    const absent: Record<string, string> = {};
    const failures: Failure[] = [];
    let skipped = 0;
    let fresh = 0;

    const emit = async (f: Fetched) => {
      const c = f.collection;
      if (f.state === 'forbidden') {
        skipped++;
        absent[c.key] = iso(now());
        return;
      }
      if (f.state === 'carried' || f.state === 'failed') {
        const kept = byCollection.get(c.key) ?? [];
        if (f.state === 'failed') {
          failures.push({ collection: c.key, reason: f.reason! });
          if (kept.length === 0) return;
        } else if (kept.length === 0 && previous?.absent?.[c.key]) {
          absent[c.key] = previous.absent[c.key]!;
        }
        for (const path of kept) {
          const before = previous!.files[path]!;
          if (!(await writer.carry(`api/${path}`))) {
            throw new SnapshotError('write', `the previous copy of ${path} is missing; run with --refresh all`);
          }
          const { stale: _stale, ...rest } = before;
          const stale = f.state === 'failed' ? { since: before.stale?.since ?? before.fetchedAt, reason: f.reason! } : before.stale;
          files[path] = stale ? { ...rest, stale } : rest;
        }
        return;
      }
      fresh++;
      skipped += f.notFound;
      const fetchedAt = iso(now());
      const outputs = c.derive(f.bodies);
      if (outputs.length === 0) absent[c.key] = fetchedAt;
      for (const output of outputs) {
        const text = `${JSON.stringify(sanitizeBody(output.body))}\n`;
        assertNoSecret(text, output.file, source.secrets);
        const bytes = Buffer.from(text);
        const hash = sha256(bytes);
        await writer.write(`api/${output.file}`, bytes, hash);
        if (files[output.file]) throw new SnapshotError('unsafe_output', `two requests map to ${output.file}`);
        files[output.file] = { sha256: hash, size: bytes.byteLength, fetchedAt, collection: c.key };
      }
    };

    for (const f of fetched) await emit(f);
    // each collection is written as soon as it is fetched, and only a few are in flight at once, so
    // memory holds a few bodies, not the whole tree's
    progress.total(resortPlan.reduce((n, c) => n + (due(c) ? c.requests.length : 0), 0));
    const inFlight = pool(Math.max(2, config.concurrency * 2));
    // after a fatal error no new collection starts, and the ones under way finish before the staged
    // release is removed (a write racing the removal would leave half a staging folder behind)
    let fatal: { error: unknown } | undefined;
    await Promise.allSettled(
      resortPlan.map((c) =>
        inFlight(async () => {
          if (fatal) return;
          try {
            await emit(await fetchCollection(c));
          } catch (error) {
            fatal ??= { error };
          }
        }),
      ),
    );
    if (fatal) throw fatal.error;

    const incomplete = failures.filter((f) => !byCollection.has(f.collection));
    if (incomplete.length > 0) {
      throw new SnapshotError(
        'upstream_http',
        `nothing was published: ${incomplete.length} part${incomplete.length === 1 ? '' : 's'} of the tree could not be fetched and ${incomplete.length === 1 ? 'has' : 'have'} no earlier copy:\n  ` +
          incomplete.slice(0, 10).map((f) => `${f.collection}: ${f.reason}`).join('\n  '),
      );
    }
    if (fresh === 0 && failures.length > 0) {
      throw new SnapshotError(
        'upstream_network',
        `nothing new could be fetched, so the published tree is unchanged; ${failures.length} part${failures.length === 1 ? '' : 's'} failed:\n  ` +
          failures.slice(0, 10).map((f) => `${f.collection}: ${f.reason}`).join('\n  '),
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
      ledger: { month, requests: (ledger?.requests ?? 0) + counts.requests },
      stale,
      files,
      absent: Object.fromEntries(Object.entries(absent).sort()),
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
    return { manifest, summary, failures, scope, plan: planText, projection, published: true };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

const emptySummary = (): Summary => ({ written: 0, unchanged: 0, skipped: 0, stale: 0, requests: 0, lowerBound: 0, bytes: 0, seconds: 0 });

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
