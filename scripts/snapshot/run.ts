/**
 * One snapshot run, as its list of phases: discover the resorts, plan the requests and check them against
 * the allowance, then fetch (validating every body), derive the files and release them atomically.
 *
 * Failure policy (scripts/README.md, "Running on a schedule"): a secret in the output stops the run and
 * publishes nothing. A part that cannot be fetched, or whose body breaks the contract, keeps its earlier
 * state (its last good files, or its known absence), marked stale; a part with no earlier state (in a first
 * build, any part) is left out and named, and the rest is published.
 */
import { checkBudget, type Projection } from './plan/budget.ts';
import { intervals, type SnapshotConfig } from './config.ts';
import { derive } from './derive/derive.ts';
import { discover } from './discover/discover.ts';
import { checkGrowth } from './discover/growth.ts';
import { fitPlan, formatFit } from './plan/fit.ts';
import { interrupted } from './errors.ts';
import { Fetcher } from './fetch/fetch.ts';
import type { Manifest } from './store/manifest.ts';
import { resortCollections, type PlanContext } from './plan/plan.ts';
import { PreviousBuild } from './store/previous.ts';
import { silentProgress, type Progress, type Summary } from './progress.ts';
import { FAMILY_B_PROBE, familyAProbe, preflight } from './source/preflight.ts';
import { Release, type Failure, type ReleaseHead } from './release/release.ts';
import type { Source } from './source/source.ts';
import { identityOf, readLedger, writeLedger, type State } from './store/state.ts';
import { isOurs, LEDGER, releasesDir } from './store/writer.ts';
import { join } from 'node:path';
import type { Beside, ExtraFile, ExtraFiles, Placed, StagedFiles } from './store/staging.ts';
import { Turns } from './turns.ts';
import type { Collection, Fetched, Scope } from './model.ts';

export type { ExtraFile, ExtraFiles, Failure, StagedFiles };

export interface SnapshotOptions {
  config: SnapshotConfig;
  source: Source;
  families: ReadonlySet<'A' | 'B'>;
  /** The build's clock: fetch and build times (fixed by SOURCE_DATE_EPOCH). */
  now: () => number;
  /** `due` requests only what its refresh interval says is due and carries the rest over. */
  refresh?: 'all' | 'due';
  progress?: Progress;
  /**
   * Files published beside `api/` (the element's bundle, the demo page, host headers, the cards): each is
   * written as it comes, so an iterator that makes them one by one holds only one at a time.
   */
  extraFiles?: (scope: Scope, files: StagedFiles) => ExtraFiles | Promise<ExtraFiles>;
  /**
   * Work on one locale's files (the site's cards), begun as soon as every part of the locale is in the
   * staged release and done beside the fetching of the next locales: it places the files it makes in
   * the staged release itself, as `beside` says (store/staging.ts), and answers what it placed.
   * `signal` stops it (the build failed); it settles only once it writes no more.
   */
  localeFiles?: (
    scope: Scope,
    locale: string,
    files: StagedFiles,
    beside: Beside,
    signal: AbortSignal,
  ) => Promise<Placed>;
  /** Plan and project only: no writes, and no fetches but discovery from the embedded service. */
  planOnly?: boolean;
  /** Start even when the projection exceeds the allowance. */
  force?: boolean;
  /** Called after each file written to the staged release (tests stop a build at a chosen write). */
  onWrite?: (count: number) => void;
  /**
   * Stops the run (SIGTERM, SIGINT): no new request starts, the staged release is dropped, the published
   * tree and its state stay as they were, and the ledger still counts every request sent.
   */
  signal?: AbortSignal;
  /**
   * The build's deadline (config `deadline`), aborted when it is reached: no request starts after it, the
   * ones under way end, and the release publishes what was fetched, the rest kept stale or left out.
   */
  cutoff?: AbortSignal;
}

export interface SnapshotResult {
  /** The published index; absent for `--plan`. */
  manifest: Manifest | undefined;
  /** The release's private state (with `--plan`, the previous build's, when of the same source). */
  state: State | undefined;
  summary: Summary;
  /** Files under `api/` in the release (the state's `files`; 0 for `--plan`). */
  dataFiles: number;
  /** Collections whose files were kept from the previous run. */
  failures: Failure[];
  scope: Scope;
  /** The plan and the month's projection, as printed by `--plan`. */
  plan: string;
  projection: Projection;
  /** The allowance the projection was checked against, when known. */
  allowance: number | undefined;
  /** False for `--plan`. */
  published: boolean;
}

const emptySummary = (): Summary => ({
  written: 0,
  unchanged: 0,
  skipped: 0,
  stale: 0,
  requests: 0,
  preflight: 0,
  lowerBound: 0,
  bytes: 0,
  seconds: 0,
});

export async function runSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const { config, source, now } = options;
  const progress = options.progress ?? silentProgress;
  const started = performance.now();
  const buildTime = now();
  const refresh = options.refresh ?? 'all';
  const identity = source.identity();
  const previous = await PreviousBuild.read(config.out, identity);
  const month = new Date(buildTime).toISOString().slice(0, 7);
  const ledgerPath = join(releasesDir(config.out), LEDGER);
  const ledger = await readLedger(ledgerPath, identity);
  const ledgerBefore = ledger?.month === month ? ledger.requests : 0;
  const stored = identityOf(identity, previous.state?.identity.salt ?? ledger?.identity.salt);
  if (previous.otherSource)
    progress.note(
      'the published release came from another source or account: this run fetches everything and carries nothing over',
    );
  let refreshEvery = intervals(config);
  const isDue = (c: Parameters<PreviousBuild['isDue']>[0]) =>
    previous.isDue(c, refresh, refreshEvery, buildTime);
  // every request this run makes goes into the month's ledger, whether it publishes or not
  let spent = 0;
  const fetcher = new Fetcher(source, {
    concurrency: config.concurrency,
    progress,
    isDue,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.cutoff ? { cutoff: options.cutoff } : {}),
  });
  const stopped = () => {
    if (options.signal?.aborted) throw interrupted(options.signal);
  };
  try {
    // a real upstream proves its credentials before anything is spent; a plan spends nothing at all
    const probing = source.kind === 'remote' && !options.planOnly;
    if (probing && options.families.has('B') && !source.proven.has('B')) {
      spent++;
      const note = await preflight(source, 'B', FAMILY_B_PROBE);
      if (note) progress.note(note);
    }
    if (probing && options.families.has('A')) {
      spent++;
      const note = await preflight(source, 'A', familyAProbe(config.resorts?.[0] ?? 1));
      if (note) progress.note(note);
    }
    const account = await source.account?.();
    const ctx: PlanContext = {
      config,
      families: options.families,
      target: (r) => source.target(r),
      ...(account ? { permissions: account } : {}),
    };

    // 1. discover; unless the operator's config states the allowance (the account record's is the
    // upstream's word), a scope far larger than the last release's stops here
    const allowance = config.allowance ?? account?.maxPerMonth;
    const guardGrowth =
      source.kind === 'remote' && config.allowance === undefined && !options.force && !options.planOnly;
    const { fetched, later, scope } = await discover({
      config,
      families: options.families,
      fetcher,
      previous,
      guardGrowth,
      ...(options.planOnly ? { planOnly: { sourceKind: source.kind } } : {}),
    });
    if (guardGrowth) checkGrowth('resorts', scope.resorts.length, await previous.resortCount());

    // 2. plan, and the month's projection against the allowance; over it, a plan that fits
    const planned = { ...ctx, publishedGroups: new Set(scope.groups.map((g) => g.name)) };
    const discovered = fetched.map((f) => f.collection);
    let resortPlan = [...later, ...resortCollections(planned, scope)];
    const fit =
      allowance === undefined
        ? undefined
        : fitPlan({ collections: [...discovered, ...resortPlan], config, allowance });
    let effective = config;
    if (fit && fit.steps.length > 0 && fit.fits && config.budget === 'fit') {
      effective = { ...config, refresh: { ...fit.intervals }, variants: fit.variants };
      refreshEvery = intervals(effective);
      resortPlan = [...later, ...resortCollections({ ...planned, config: effective }, scope)];
      progress.note(`budget "fit": ${fit.steps.join('; ')}`);
    }
    const budget = checkBudget({
      collections: [...discovered, ...resortPlan],
      config: effective,
      refresh,
      isDue,
      account,
      ledger: ledgerBefore > 0 ? { month, requests: ledgerBefore } : undefined,
      month,
      enforce: !options.planOnly && source.kind === 'remote' && !options.force,
      ...(fit && allowance !== undefined && fit.steps.length > 0
        ? { proposal: formatFit(fit, allowance) }
        : {}),
    });
    if (source.kind === 'remote' && budget.allowance === undefined && !options.planOnly) {
      progress.note(
        'the allowance is unknown, so nothing holds this plan to it: set "allowance" in the config, or RC_EMAIL and RC_PASSWORD to read the account record',
      );
    }
    const result = { scope, plan: budget.text, projection: budget.projection, allowance: budget.allowance };
    if (options.planOnly)
      return {
        ...result,
        manifest: undefined,
        state: previous.state,
        summary: emptySummary(),
        dataFiles: 0,
        failures: [],
        published: false,
      };

    // 3. fetch, derive and release
    stopped();
    const release = await Release.open({
      out: config.out,
      previous,
      secrets: source.secrets,
      now,
      name: String(Math.floor(buildTime / 1000)),
      onWrite: options.onWrite,
    });
    const deriveFiles = (
      c: Parameters<typeof derive>[1],
      bodies: ReadonlyArray<unknown>,
      broken: ReadonlySet<number>,
    ) => derive({ ...planned, config: effective, scope }, c, bodies, broken);
    const localeFiles = options.localeFiles;
    const locales = new LocaleFiles(
      release,
      resortPlan,
      config.locales,
      localeFiles &&
        (async (locale, signal) =>
          localeFiles(scope, locale, await release.staged(buildTime), release.beside(), signal)),
    );
    try {
      for (const f of fetched) await release.add(f, deriveFiles);
      fetcher.announce(resortPlan);
      locales.begin();
      await fetchInto(
        release,
        resortPlan,
        (c) => fetcher.fetch(c),
        // the embedded service answers at once: more collections in flight would only hold more bodies
        source.kind === 'local' ? 2 : Math.max(2, config.concurrency * 2),
        deriveFiles,
        (c) => locales.added(c),
      );
      await locales.settle();
      stopped();
      const cut = release.failures.filter((f) => f.cut).length;
      if (cut > 0)
        progress.note(
          `the build's deadline (config deadline, ${config.deadline} s) was reached: ${cut} part${cut === 1 ? '' : 's'} not fetched kept their last good copy or were left out; the rest is published`,
        );
      release.assertComplete();
      previous.forgetFiles();
      await release.addExtras((await options.extraFiles?.(scope, await release.staged(buildTime))) ?? []);
      const head: ReleaseHead = {
        manifest: {
          version: 2,
          builtAt: new Date(buildTime).toISOString(),
          source: { kind: source.kind, families: [...options.families].sort() },
          locales: [...config.locales],
          resorts: scope.resorts,
        },
        identity: stored,
        spent,
        ledgerBefore,
        sent: source.sent(),
      };
      stopped();
      const { manifest, state, summary, dataFiles } = await release.publish(head, started);
      progress.done(summary);
      return { ...result, manifest, state, summary, dataFiles, failures: release.failures, published: true };
    } catch (error) {
      await locales.stop();
      await release.abort();
      throw error;
    }
  } finally {
    // what the source really sent: retries, the token and account calls and the probes included
    const made = Math.max(source.sent(), spent + fetcher.made);
    if (made > 0 && (await isOurs(config.out)))
      await writeLedger(ledgerPath, { identity: stored, month, requests: ledgerBefore + made }, identity);
  }
}

/**
 * Each collection is written as soon as it is fetched, and only a few are in flight at once, so memory
 * holds a few bodies, not the whole tree's. After a fatal error no new collection starts, and the ones
 * under way finish before the staged release is removed (a write racing the removal would leave half a
 * staging folder behind).
 *
 * An in-process source answers without ever leaving the microtask queue, so the loop hands the event loop
 * a turn every few milliseconds (turns.ts).
 */
async function fetchInto(
  release: Release,
  collections: readonly Collection[],
  fetch: (c: Collection) => Promise<Fetched>,
  inFlight: number,
  deriveFiles: Parameters<Release['add']>[1],
  added: (c: Collection) => void,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const turns = new Turns();
  const worker = async () => {
    while (!failure && next < collections.length) {
      // while the disk is the slower side, a collection waits here, before its bodies are made
      const room = release.ready();
      if (room) await room;
      if (failure || next >= collections.length) break;
      const c = collections[next++]!;
      try {
        await release.add(await fetch(c), deriveFiles);
        added(c);
      } catch (error) {
        failure ??= { error };
      }
      const turn = turns.due();
      if (turn) await turn;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, collections.length) }, worker));
  if (failure) throw failure.error;
}

/**
 * Each locale's own extra files (`SnapshotOptions.localeFiles`), begun once the last collection of the
 * locale is in the release, and written beside the fetching of the next locales. A locale's files are
 * made from what is staged for it then, which is what it holds at the end: no later collection writes a
 * file of another locale.
 */
class LocaleFiles {
  readonly #left = new Map<string, number>();
  readonly #writing: Array<Promise<void>> = [];
  readonly #stop = new AbortController();
  #failure: { error: unknown } | undefined;

  constructor(
    readonly release: Release,
    plan: readonly Collection[],
    locales: readonly string[],
    readonly make: ((locale: string, signal: AbortSignal) => Promise<Placed>) | undefined,
  ) {
    for (const locale of locales) this.#left.set(locale, 0);
    for (const c of plan) this.#left.set(c.locale, (this.#left.get(c.locale) ?? 0) + 1);
  }

  /** Begins the locales that wait for no collection. */
  begin(): void {
    for (const [locale, left] of this.#left) if (left === 0) this.#write(locale);
  }

  /** One more collection is in; throws when a locale's files failed, so that the fetching stops. */
  added(c: Collection): void {
    if (this.#failure) throw this.#failure.error;
    const left = this.#left.get(c.locale)! - 1;
    this.#left.set(c.locale, left);
    if (left === 0) this.#write(c.locale);
  }

  /** Waits until every locale's files are written; throws the first failure. */
  async settle(): Promise<void> {
    await Promise.all(this.#writing);
    if (this.#failure) throw this.#failure.error;
  }

  /** Stops making files (a build that failed) and waits for what is under way. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await Promise.all(this.#writing);
  }

  #write(locale: string): void {
    if (!this.make || this.#stop.signal.aborted) return;
    const make = this.make;
    this.#writing.push(
      (async () => {
        try {
          this.release.placed(await make(locale, this.#stop.signal));
        } catch (error) {
          this.#failure ??= { error };
        }
      })(),
    );
  }
}
