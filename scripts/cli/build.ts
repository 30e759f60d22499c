/**
 * `npm run build`: flags, environment and config in; a published snapshot and an exit code out. The entry
 * script only hands over `process.argv`, `process.env` and the streams; everything else is here, so tests
 * call it in-process. It parses flags, picks the source, runs the snapshot with the site's files, and
 * maps errors to exit codes; it never throws and never exits.
 */
import { resolve } from 'node:path';
import { ResortConditionsError } from '../api/errors.ts';
import { redactSecrets } from '../api/redact.ts';
import { CREDENTIAL_VARIABLES } from '../deploy/config.ts';
import { hostLimitLines, treeCounts } from './host-limits.ts';
import { ENDPOINT_GROUPS, loadConfig, type ConfigFlags, type SnapshotConfig } from '../snapshot/config.ts';
import { buildClock, startDeadline } from '../snapshot/clock.ts';
import { createProgress } from '../shared/progress.ts';
import { runSnapshot, type SnapshotResult } from '../snapshot/run.ts';
import { chooseSource } from '../snapshot/source/select.ts';
import type { Source } from '../snapshot/source/source.ts';
import { EXIT, exitCodeFor } from './exit-codes.ts';
import { failureText, parseFlags } from './process.ts';
import { publishingSteps } from './publishers.ts';
import { checkSimulation, parseDayRange, simulateDays, withoutSimulate } from './simulate.ts';
import type { ExtraFile } from '../snapshot/store/staging.ts';

export { EXIT };

/** Every variable that holds a secret (the upstream's, the bucket's the history is read back from): redacted from every line the build prints. */
const SECRET_VARIABLES = [
  'RC_API_KEY',
  'RC_TOKEN',
  'RC_EMAIL',
  'RC_PASSWORD',
  ...CREDENTIAL_VARIABLES,
] as const;

export const HELP = `Usage: npm run build -- [options]
       npx resort-conditions build [options]   (the installed package)

Snapshots both API families into static JSON files under <out>/api/ and publishes <out> atomically.

With no credentials in the environment it snapshots the embedded sample service in-process. With
credentials it snapshots the real upstream over HTTP:
  RC_BASE_URL + RC_API_KEY                         Family A (partner snow report API)
  RC_LEGACY_BASE_URL + RC_TOKEN                    Family B (resort web service), or instead of the
  RC_LEGACY_BASE_URL + RC_EMAIL + RC_PASSWORD      token the account's e-mail and password
  SOURCE_DATE_EPOCH                                fixes every timestamp (seconds since 1970)
Each base URL is the service's origin, e.g. RC_LEGACY_BASE_URL=https://api.example.com: the build adds
/externalservice/… and /resorts/… itself.

Options (each overrides the config):
  --config <file>        JSON config file (default: the "resortConditions" key of package.json)
  --out <dir>            output folder (default dist)
  --locales <list>       comma-separated, e.g. en-US,de-DE (default: every supported locale)
  --resorts <ids>        comma-separated resort ids to include (default: every resort)
  --regions <ids>        comma-separated region ids whose resorts to include
  --endpoints <list>     comma-separated, of: ${ENDPOINT_GROUPS.join(', ')}
  --concurrency <n>      upstream requests under way at once, 1 to 64 (default 6)
  --profile <name>       full: the whole mirror (default); widget: only what the element and the
                         embeds read
  --public-url <url>     where the tree is served (the folder that holds api/): the region lists'
                         quick links become absolute URLs under it (default: relative links)
  --refresh <due|all>    due: request only what its refresh interval says is due (default for a real
                         upstream); all: everything (default for the embedded service)
  --data <dir>           dataset of the embedded service (default data)
  --local-account <email> account of the embedded service to snapshot as (default demo@example.com)
  --plan                 print the request plan and the month's projection; fetch and write nothing
  --force                start even when the projection exceeds the account's monthly allowance
  --no-widget            publish the API files and the list's style sheet, without the element's
                         scripts, the demo page and the pre-rendered embeds
  --simulate <from..to>  build the embedded sample once a day from one day to another (YYYY-MM-DD..
                         YYYY-MM-DD, at most 366 days), each at 07:00 UTC of its day, into the same
                         --out, one line per day; exits as the worst day. Not with a real upstream's
                         variables, SOURCE_DATE_EPOCH or --plan
  --help                 show this text
`;

export interface CliIo {
  argv: string[];
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  /** Bundles the element (absent: no element, no demo page). */
  widget?: () => Promise<ExtraFile[]>;
  /** Working folder for package.json and relative paths. */
  cwd?: string;
  /** Aborted on SIGTERM or SIGINT (the entry script's `stopSignal()`): the run stops cleanly, publishing nothing. */
  signal?: AbortSignal;
}

interface Flags extends ConfigFlags {
  refresh?: string;
  data?: string;
  'local-account'?: string;
  'no-widget'?: boolean;
  plan?: boolean;
  force?: boolean;
  simulate?: string;
  help?: boolean;
}

/** The build's flags (`HELP` says each). */
const FLAGS = {
  config: { type: 'string' },
  out: { type: 'string' },
  locales: { type: 'string' },
  resorts: { type: 'string' },
  regions: { type: 'string' },
  endpoints: { type: 'string' },
  concurrency: { type: 'string' },
  profile: { type: 'string' },
  'public-url': { type: 'string' },
  refresh: { type: 'string' },
  data: { type: 'string' },
  'local-account': { type: 'string' },
  'no-widget': { type: 'boolean' },
  plan: { type: 'boolean' },
  force: { type: 'boolean' },
  simulate: { type: 'string' },
} as const;

/** Runs the build; answers the process exit code. Never throws, never exits. */
export async function build(io: CliIo): Promise<number> {
  let secrets: readonly string[] = SECRET_VARIABLES.map((name) => io.env[name]).filter(
    (s): s is string => !!s,
  );
  // no control character but a line's end reaches the terminal or a CI log (where `::` lines are commands)
  const say = (text: string) =>
    io.stderr.write(
      // eslint-disable-next-line no-control-regex -- the control characters are what this replaces
      `${redactSecrets(text, secrets).replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '\uFFFD')}\n`,
    );
  let source: Source | undefined;
  let deadline: NodeJS.Timeout | undefined;
  try {
    const flags = parseFlags<Flags>(io.argv, FLAGS);
    if (flags.help) {
      io.stdout.write(HELP);
      return EXIT.ok;
    }
    if (flags.refresh !== undefined && flags.refresh !== 'due' && flags.refresh !== 'all') {
      throw new ResortConditionsError('usage', `--refresh: "${flags.refresh}" must be due or all`);
    }
    if (flags.simulate !== undefined) return await simulated(io, flags.simulate, flags.plan === true);
    const cwd = io.cwd ?? process.cwd();
    const config = await loadConfig(flags, cwd);
    const now = buildClock(io.env);
    const cutoff = startDeadline(config.deadline);
    deadline = cutoff.timer;
    // the element's bundle is read (or, in a clone whose sources changed, bundled) before anything else: a
    // bundle that fails costs no request; without the element, a build still publishes the list's style
    // sheet, which holds the snapshot's rows (scripts/embeds/publisher.ts)
    const bundle = io.widget && !flags.plan ? await io.widget() : undefined;
    const chosen = await chooseSource({
      env: io.env,
      config,
      now,
      data: flags.data ?? 'data',
      localAccount: flags['local-account'] ?? 'demo@example.com',
      onRetry: say,
      ...(io.signal ? { signal: io.signal } : {}),
      cutoff: cutoff.signal,
    });
    source = chosen.source;
    const families = chosen.families;
    secrets = [...new Set([...secrets, ...source.secrets])];
    // a real upstream has an allowance to save; the embedded service has none, so it refreshes everything
    // (a plan describes scheduled runs, so it assumes `due` unless told otherwise)
    const refresh =
      (flags.refresh as 'due' | 'all' | undefined) ??
      (source.kind === 'remote' || flags.plan ? 'due' : 'all');
    const result = await runSnapshot({
      config,
      source,
      families,
      now,
      refresh,
      planOnly: flags.plan === true,
      ...(io.signal ? { signal: io.signal } : {}),
      cutoff: cutoff.signal,
      force: flags.force === true,
      progress: flags.plan ? undefined : createProgress(io.stderr, 'requests'),
      publishing: () =>
        publishingSteps({
          config,
          sample: chosen.source.kind === 'local',
          ...(bundle ? { bundle } : {}),
          widget: !flags['no-widget'],
          imageOrigins: [...(chosen.source.origins ?? []), ...config.imageOrigins],
          bucket: {
            deploy: config.deploy,
            env: io.env,
            where: flags.config ?? 'package.json#resortConditions',
          },
          note: say,
        }),
    });
    return result.published
      ? await reportPublished(result, config.out, say, io.stdout)
      : reportPlan(result, { config, refresh, local: source.kind === 'local', flags }, io.stdout);
  } catch (error) {
    // `resort-conditions plan` is `build --plan`: its messages name the command that was typed
    say(failureText(io.argv.includes('--plan') ? 'plan' : 'build', error, io.argv));
    return exitCodeFor(error);
  } finally {
    clearTimeout(deadline);
    await source?.close?.();
  }
}

/** `--simulate`: one build a day over the range (`simulate.ts`), the element bundled once for them all. */
async function simulated(io: CliIo, range: string, plan: boolean): Promise<number> {
  const days = parseDayRange(range);
  checkSimulation(io.env, plan);
  let bundle: Promise<ExtraFile[]> | undefined;
  const widget = io.widget && (() => (bundle ??= io.widget!()));
  const argv = withoutSimulate(io.argv);
  return simulateDays(days, { ...io, argv }, (day) =>
    build({ ...io, ...day, ...(widget ? { widget } : {}) }),
  );
}

/** The drift report: what the upstream sent beyond the specification, published as received. */
function reportDrift(
  drift: Record<string, ReadonlyArray<{ path: string; kind: string; example: string; count: number }>>,
  say: (line: string) => void,
): void {
  const endpoints = Object.entries(drift).filter(([, issues]) => issues.length > 0);
  if (endpoints.length === 0) return;
  say(
    `drift: the upstream sent what the specification does not say, at ${endpoints.length} endpoint${endpoints.length === 1 ? '' : 's'} (published as received):`,
  );
  for (const [endpoint, issues] of endpoints) {
    for (const issue of issues.slice(0, 5))
      say(`  ${endpoint} ${issue.path}: ${issue.kind} ×${issue.count} (${issue.example})`);
    if (issues.length > 5) say(`  ${endpoint}: … and ${issues.length - 5} more (see the private state)`);
  }
}

/** What `--plan` prints, and its exit code: as the build would start. */
function reportPlan(
  result: SnapshotResult,
  run: { config: SnapshotConfig; refresh: 'due' | 'all'; local: boolean; flags: Flags },
  stdout: CliIo['stdout'],
): number {
  const { config, refresh, flags } = run;
  // a plan of the embedded service assumes scheduled runs too, where a build of it refreshes everything
  const note =
    run.local && flags.refresh === undefined
      ? '; a build of the embedded service without --refresh refreshes all'
      : '';
  stdout.write(
    `Plan for ${result.scope.resorts.length} resort${result.scope.resorts.length === 1 ? '' : 's'} in ${config.locales.length} locale${config.locales.length === 1 ? '' : 's'} (--refresh ${refresh}${note}):\n\n${result.plan}`,
  );
  // the plan exits as the build would start: only a real upstream is held to its allowance (the
  // embedded service spends none), and --force starts over it
  const over = result.allowance !== undefined && result.projection.monthly > result.allowance;
  if (over && run.local)
    stdout.write(
      'The embedded service spends no allowance, so this plan exits 0; the same plan against a real upstream exits 5.\n',
    );
  return over && !run.local && flags.force !== true ? EXIT.budget : EXIT.ok;
}

/** What a published build prints (the tree, the hosts' limits, drift, the parts kept or left out), and its exit code. */
async function reportPublished(
  result: SnapshotResult,
  out: string,
  say: (line: string) => void,
  stdout: CliIo['stdout'],
): Promise<number> {
  const total = result.summary.written + result.summary.unchanged;
  stdout.write(`published ${out}: ${total} files, ${result.dataFiles} data files under api/ among them\n`);
  // the hosts that would not take the tree (scripts/docs/configuration.md, "Profiles and the hosts' file limits")
  // (the writer resolves `out` as this does: scripts/snapshot/store/folder.ts)
  for (const line of hostLimitLines(await treeCounts(resolve(out), total), out)) say(line);
  reportDrift(result.state!.drift, say);
  const failures = result.failures.filter((f) => !f.notice);
  const broken = failures.filter((f) => f.kind === 'contract');
  const stale = failures.filter((f) => f.kind === 'upstream' && f.kept);
  const missing = failures.filter((f) => f.kind === 'upstream' && !f.kept);
  const plural = (n: number) => `${n} part${n === 1 ? '' : 's'}`;
  const notices = result.failures.filter((f) => f.notice);
  if (notices.length > 0) {
    say(`${plural(notices.length)} without some of their resorts, which have no file (no release had one):`);
    for (const f of notices.slice(0, 20)) say(`  ${f.collection}: ${f.short}`);
  }
  if (broken.length > 0) {
    say(
      `${plural(broken.length)} broke the contract (kept from an earlier run and marked stale, or left out):`,
    );
    for (const f of broken.slice(0, 20))
      say(`  ${f.collection}${f.kept || f.aged ? '' : ' (left out: no earlier copy)'}: ${f.reason}`);
  }
  if (stale.length > 0) {
    say(`${plural(stale.length)} kept from an earlier run and marked stale:`);
    for (const f of stale.slice(0, 20))
      say(`  ${f.collection}${f.absent ? ' (still absent, as the last run found it)' : ''}: ${f.reason}`);
  }
  if (missing.length > 0) {
    say(
      `${plural(missing.length)} left out: could not be fetched and had no earlier copy, or one past staleFor (named in the index's "missing"; the next run tries again):`,
    );
    for (const f of missing.slice(0, 20)) say(`  ${f.collection}: ${f.reason}`);
  }
  if (broken.length > 0) return EXIT.contract;
  if (stale.length + missing.length > 0) return EXIT.stale;
  return EXIT.ok;
}
