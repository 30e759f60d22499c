/**
 * One snapshot run, as its list of phases (`runSnapshot`): what the last release left, the probes of the
 * credentials, the scope the upstream's lists name, the plan and its budget, then the release filled as
 * the bodies are fetched, judged and derived, and published atomically; whatever happened, the month's
 * ledger counts the requests sent.
 *
 * Failure policy (scripts/docs/scheduling.md, "Running on a schedule"): a secret in the output stops the run and
 * publishes nothing. A part that cannot be fetched, or whose body breaks the contract, keeps its earlier
 * state (its last good files, or its known absence), marked stale; a part with no earlier state (in a first
 * build, any part) is left out and named, and the rest is published. The files beside `api/` are made by
 * the publishing steps the caller hands over (`publishing`), each part inside one fault boundary with the
 * same policy (scripts/ARCHITECTURE.md, "One fault boundary per part").
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
import { published, resortCollections, type PlanContext, type Published } from './plan/plan.ts';
import { PreviousBuild } from './store/previous.ts';
import { silentProgress, type Progress } from '../shared/progress.ts';
import { emptySummary, summaryLine, type Summary } from './progress.ts';
import { FAMILY_B_PROBE, familyAProbe, preflight } from './source/preflight.ts';
import { keptFiles } from './release/kept.ts';
import { Release, type Failure, type ReleaseHead } from './release/release.ts';
import type { Source } from './source/source.ts';
import { identityOf, readLedger, writeLedger, type Identity, type State } from './store/state.ts';
import { isOurs, LEDGER, releasesDir } from './store/writer.ts';
import { join } from 'node:path';
import type { ExtraFile, ExtraFiles, KeptFiles, StagedFiles } from './store/staging.ts';
import type { Collection, Fetched, Scope } from './model.ts';
import { fetchInto } from './release/fill.ts';
import type { Publisher, PublishingSteps } from './release/publisher.ts';
import { Steps } from './release/steps.ts';
import type { Budget } from './plan/budget.ts';
export type { ExtraFile, ExtraFiles, Failure, KeptFiles, Publisher, PublishingSteps, StagedFiles };

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
   * Assembles the steps that publish files beside `api/` (release/publisher.ts): the history, the embeds,
   * the feeds, the host rules, the element's files. Called once the release opens; the run gives each step
   * its parts one at a time, each inside the one fault boundary (a part that fails keeps its last good copy,
   * stale, or is left out, and the rest publishes), then lets go of them, published or not.
   */
  publishing?: () => PublishingSteps;
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

export async function runSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const run = await Run.open(options);
  try {
    await run.probe();
    const scope = await run.discover();
    const plan = run.plan(scope);
    if (options.planOnly) return run.planned(plan);
    return await run.release(plan);
  } finally {
    await run.countRequests();
  }
}

/** What a plan is made of, for the release to fetch: the scope, the collections, the effective config. */
interface Planned {
  scope: Scope;
  /** The discovered lists' collections, fetched already. */
  discovered: Fetched[];
  /** The rest of the plan, fetched by the release. */
  collections: Collection[];
  /** The config as the budget left it (`budget: "fit"` stretches intervals and drops variants). */
  config: SnapshotConfig;
  /** What the plan publishes, for derivation (`published`, plan.ts). */
  published: Published;
  budget: Budget;
}

/** One run's state as its phases go: the previous build, the ledger, what was spent, the fetcher. */
class Run {
  readonly progress: Progress;
  readonly started = performance.now();
  readonly buildTime: number;
  readonly refresh: 'all' | 'due';
  readonly month: string;
  readonly ledgerPath: string;
  readonly fetcher: Fetcher;
  refreshEvery: ReturnType<typeof intervals>;
  /** Requests before the release opened (the probes): the ledger and the state count them. */
  spent = 0;
  account: Awaited<ReturnType<NonNullable<Source['account']>>>;

  private constructor(
    readonly options: SnapshotOptions,
    readonly previous: PreviousBuild,
    readonly ledgerBefore: number,
    readonly stored: Identity,
    buildTime: number,
  ) {
    const { config, source } = options;
    this.progress = options.progress ?? silentProgress;
    this.buildTime = buildTime;
    this.refresh = options.refresh ?? 'all';
    this.month = new Date(this.buildTime).toISOString().slice(0, 7);
    this.ledgerPath = join(releasesDir(config.out), LEDGER);
    this.refreshEvery = intervals(config);
    this.fetcher = new Fetcher(source, {
      concurrency: config.concurrency,
      progress: this.progress,
      isDue: this.isDue,
      clock: buildTime,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.cutoff ? { cutoff: options.cutoff } : {}),
    });
  }

  /** The previous build of the same source and the month's ledger, read before anything is asked. */
  static async open(options: SnapshotOptions): Promise<Run> {
    const { config, source, now } = options;
    const identity = source.identity();
    const previous = await PreviousBuild.read(config.out, identity);
    const buildTime = now();
    const month = new Date(buildTime).toISOString().slice(0, 7);
    const ledger = await readLedger(join(releasesDir(config.out), LEDGER), identity);
    const ledgerBefore = ledger?.month === month ? ledger.requests : 0;
    const stored = identityOf(identity, previous.state?.identity.salt ?? ledger?.identity.salt);
    const run = new Run(options, previous, ledgerBefore, stored, buildTime);
    if (previous.otherSource)
      run.progress.note(
        'the published release came from another source or account: this run fetches everything and carries nothing over',
      );
    return run;
  }

  readonly isDue = (c: Collection) => this.previous.isDue(c, this.refresh, this.refreshEvery, this.buildTime);

  #stopped(): void {
    if (this.options.signal?.aborted) throw interrupted(this.options.signal);
  }

  /** A real upstream proves its credentials before anything is spent; a plan spends nothing at all. */
  async probe(): Promise<void> {
    const { source, families, config } = this.options;
    if (source.kind === 'remote' && !this.options.planOnly) {
      if (families.has('B') && !source.proven.has('B')) {
        this.spent++;
        const note = await preflight(source, 'B', FAMILY_B_PROBE);
        if (note) this.progress.note(note);
      }
      if (families.has('A')) {
        this.spent++;
        const note = await preflight(source, 'A', familyAProbe(config.resorts?.[0] ?? 1));
        if (note) this.progress.note(note);
      }
    }
    this.account = await source.account?.();
  }

  /**
   * The scope from the upstream's lists; unless the operator's config states the allowance (the account
   * record's is the upstream's word), a scope far larger than the last release's stops here.
   */
  async discover(): Promise<{ scope: Scope; discovered: Fetched[]; later: Collection[] }> {
    const { config, source, families, planOnly, force } = this.options;
    const guardGrowth = source.kind === 'remote' && config.allowance === undefined && !force && !planOnly;
    const { fetched, later, scope } = await discover({
      config,
      families,
      fetcher: this.fetcher,
      previous: this.previous,
      guardGrowth,
      ...(planOnly ? { planOnly: { sourceKind: source.kind } } : {}),
    });
    if (guardGrowth) checkGrowth('resorts', scope.resorts.length, await this.previous.resortCount());
    return { scope, discovered: fetched, later };
  }

  /** The plan, and the month's projection against the allowance; over it, a plan that fits. */
  plan({ scope, discovered, later }: Awaited<ReturnType<Run['discover']>>): Planned {
    const { config, source, families, planOnly, force } = this.options;
    const account = this.account;
    const context: PlanContext = {
      config,
      families,
      target: (r) => source.target(r),
      publishedGroups: new Set(scope.groups.map((g) => g.name)),
      ...(account ? { permissions: account } : {}),
    };
    const allowance = config.allowance ?? account?.maxPerMonth;
    const lists = discovered.map((f) => f.collection);
    let collections = [...later, ...resortCollections(context, scope)];
    const fit =
      allowance === undefined
        ? undefined
        : fitPlan({ collections: [...lists, ...collections], config, allowance });
    let effective = config;
    if (fit && fit.steps.length > 0 && fit.fits && config.budget === 'fit') {
      effective = { ...config, refresh: { ...fit.intervals }, variants: fit.variants };
      this.refreshEvery = intervals(effective);
      collections = [...later, ...resortCollections({ ...context, config: effective }, scope)];
      this.progress.note(`budget "fit": ${fit.steps.join('; ')}`);
    }
    const budget = checkBudget({
      collections: [...lists, ...collections],
      config: effective,
      refresh: this.refresh,
      isDue: this.isDue,
      account,
      ledger: this.ledgerBefore > 0 ? { month: this.month, requests: this.ledgerBefore } : undefined,
      month: this.month,
      enforce: !planOnly && source.kind === 'remote' && !force,
      ...(fit && allowance !== undefined && fit.steps.length > 0
        ? { proposal: formatFit(fit, allowance) }
        : {}),
    });
    if (source.kind === 'remote' && budget.allowance === undefined && !planOnly)
      this.progress.note(
        'the allowance is unknown, so nothing holds this plan to it: set "allowance" in the config, or RC_EMAIL and RC_PASSWORD to read the account record',
      );
    const publishes = published({ ...context, config: effective });
    return { scope, discovered, collections, config: effective, published: publishes, budget };
  }

  /** What `--plan` answers: the plan and the projection, nothing published. */
  planned(plan: Planned): SnapshotResult {
    return {
      ...this.#result(plan),
      manifest: undefined,
      state: this.previous.state,
      summary: emptySummary(),
      dataFiles: 0,
      failures: [],
      published: false,
    };
  }

  #result({ scope, budget }: Planned) {
    return { scope, plan: budget.text, projection: budget.projection, allowance: budget.allowance };
  }

  /**
   * The release, with the publishing steps assembled for it (a plan, a run refused before it, assembles
   * none) and let go of once it is published or dropped.
   */
  async release(plan: Planned): Promise<SnapshotResult> {
    this.#stopped();
    const publishing = this.options.publishing?.() ?? { publishers: [] };
    try {
      return await this.publish(plan, publishing.publishers);
    } finally {
      await publishing.close?.();
    }
  }

  /** Fetch, derive and release: the staged release filled as bodies come, then published atomically. */
  async publish(plan: Planned, publishers: readonly Publisher[]): Promise<SnapshotResult> {
    const { config, source, families } = this.options;
    const { scope } = plan;
    const release = await Release.open({
      out: config.out,
      previous: this.previous,
      secrets: source.secrets,
      now: this.options.now,
      staleFor: config.staleFor,
      name: String(Math.floor(this.buildTime / 1000)),
      onWrite: this.options.onWrite,
    });
    const derivation = { config: plan.config, scope, published: plan.published };
    const deriveFiles: Parameters<Release['add']>[1] = (c, bodies, broken) =>
      derive(derivation, c, bodies, broken);
    const steps = new Steps(
      release,
      publishers,
      {
        scope,
        config,
        buildTime: this.buildTime,
        previous: this.previous,
        stops: [this.options.signal, this.options.cutoff],
        note: (line) => this.progress.note(line),
      },
      plan.collections,
      config.locales,
    );
    try {
      for (const f of plan.discovered) await release.add(f, deriveFiles);
      this.fetcher.announce(plan.collections);
      steps.begin();
      await fetchInto(
        release,
        plan.collections,
        (c) => this.fetcher.fetch(c),
        // the embedded service answers at once: more collections in flight would only hold more bodies
        source.kind === 'local' ? 2 : Math.max(2, config.concurrency * 2),
        deriveFiles,
        (c) => steps.added(c),
      );
      await steps.settle();
      this.#stopped();
      const cut = release.failures.filter((f) => f.cut).length;
      if (cut > 0)
        this.progress.note(
          `the build's deadline (config deadline, ${config.deadline} s) was reached: ${cut} part${cut === 1 ? '' : 's'} not fetched kept their last good copy or were left out; the rest is published`,
        );
      release.assertComplete();
      this.previous.forgetFiles();
      const kept = keptFiles(release, this.previous.state?.kept);
      await steps.publish(kept);
      this.#stopped();
      const head: ReleaseHead = {
        manifest: {
          version: 2,
          builtAt: new Date(this.buildTime).toISOString(),
          source: { kind: source.kind, families: [...families].sort() },
          locales: [...config.locales],
          resorts: scope.resorts,
        },
        identity: this.stored,
        spent: this.spent,
        ledgerBefore: this.ledgerBefore,
        sent: source.sent(),
        kept: kept.keys,
        alerts: kept.memory(),
      };
      this.#stopped();
      const { manifest, state, summary, dataFiles } = await release.publish(head, this.started);
      this.progress.end([summaryLine(summary)]);
      return {
        ...this.#result(plan),
        manifest,
        state,
        summary,
        dataFiles,
        failures: release.failures,
        published: true,
      };
    } catch (error) {
      await steps.stop();
      await release.abort();
      throw error;
    }
  }

  /** Every request the source really sent (retries, token, account and probes included) into the month's ledger. */
  async countRequests(): Promise<void> {
    const { source, config } = this.options;
    const made = Math.max(source.sent(), this.spent + this.fetcher.made);
    if (made > 0 && (await isOurs(config.out)))
      await writeLedger(
        this.ledgerPath,
        { identity: this.stored, month: this.month, requests: this.ledgerBefore + made },
        source.identity(),
      );
  }
}
