/**
 * `npm run build`: flags, environment and config in; a published snapshot and an exit code out. The entry
 * script only hands over `process.argv`, `process.env` and the streams; everything else is here, so tests
 * call it in-process.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadDataset } from '../dataset/load.ts';
import { redactSecrets } from '../service/redact.ts';
import { ENDPOINT_GROUPS, parseConfig, type SnapshotConfig } from './config.ts';
import { SnapshotError } from './errors.ts';
import { localSource } from './local-source.ts';
import { createProgress } from './progress.ts';
import { remoteSource } from './remote-source.ts';
import { runSnapshot, type ExtraFile } from './snapshot.ts';
import type { Source } from './source.ts';
import { demoPage } from '../site/demo.ts';
import { headersFile } from '../site/headers.ts';

/** Exit codes (README, "Running on a schedule"). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** Published, but some files are stale copies kept from an earlier run. */
  stale: 3,
  /** Nothing published: the upstream answered invalid data, or part of the tree has no copy at all. */
  upstream: 4,
  /** Nothing fetched: the month's projected requests exceed the account's allowance. */
  budget: 5,
  /** Nothing published: a credential would have reached the output. */
  secret: 6,
} as const;

export const HELP = `Usage: npm run build -- [options]

Snapshots both API families into static JSON files under <out>/api/ and publishes <out> atomically.

With no credentials in the environment it snapshots the embedded sample service in-process. With
credentials it snapshots the real upstream over HTTP:
  RC_BASE_URL + RC_API_KEY                         Family A (partner snow report API)
  RC_LEGACY_BASE_URL + RC_TOKEN                    Family B (resort web service), or instead of the
  RC_LEGACY_BASE_URL + RC_EMAIL + RC_PASSWORD      token the account's e-mail and password
  SOURCE_DATE_EPOCH                                fixes every timestamp (seconds since 1970)

Options (each overrides the config):
  --config <file>        JSON config file (default: the "resortConditions" key of package.json)
  --out <dir>            output folder (default dist)
  --locales <list>       comma-separated, e.g. en-US,de-DE (default: every supported locale)
  --resorts <ids>        comma-separated resort ids to include (default: every resort)
  --regions <ids>        comma-separated region ids whose resorts to include
  --endpoints <list>     comma-separated, of: ${ENDPOINT_GROUPS.join(', ')}
  --concurrency <n>      upstream requests under way at once, 1 to 64 (default 6)
  --refresh <due|all>    due: request only what its refresh interval says is due (default for a real
                         upstream); all: everything (default for the embedded service)
  --data <dir>           dataset of the embedded service (default data)
  --local-account <email> account of the embedded service to snapshot as (default demo@example.com)
  --plan                 print the request plan and the month's projection; fetch and write nothing
  --force                start even when the projection exceeds the account's monthly allowance
  --no-widget            publish the API files only, without the element's bundle and demo page
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
}

interface Flags {
  config?: string;
  out?: string;
  locales?: string;
  resorts?: string;
  regions?: string;
  endpoints?: string;
  concurrency?: string;
  refresh?: string;
  data?: string;
  'local-account'?: string;
  'no-widget'?: boolean;
  plan?: boolean;
  force?: boolean;
  help?: boolean;
}

const list = (value: string) => value.split(',').map((s) => s.trim()).filter((s) => s !== '');
const ids = (flag: string, value: string) =>
  list(value).map((s) => {
    if (!/^[1-9]\d{0,9}$/.test(s)) throw new SnapshotError('usage', `--${flag}: "${s}" is not a positive whole number`);
    return Number(s);
  });

/** The config file (or package.json key) with the flags on top, validated. */
export async function loadConfig(flags: Flags, cwd: string): Promise<SnapshotConfig> {
  let raw: Record<string, unknown> = {};
  let where = 'package.json#resortConditions';
  if (flags.config) {
    where = flags.config;
    const text = await readFile(new URL(flags.config, `file://${cwd}/`), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new SnapshotError('usage', `--config: cannot read ${flags.config} (${error.code ?? error.message})`);
    });
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new SnapshotError('config', `${flags.config}: not valid JSON (${(error as Error).message})`);
    }
  } else {
    const pkg = await readFile(`${cwd}/package.json`, 'utf8').then(JSON.parse, () => ({}));
    raw = (pkg as { resortConditions?: Record<string, unknown> }).resortConditions ?? {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SnapshotError('config', `${where}: the configuration must be a JSON object`);
  const merged: Record<string, unknown> = { ...raw };
  if (flags.out) merged.out = flags.out;
  if (flags.locales) merged.locales = list(flags.locales);
  if (flags.resorts) merged.resorts = ids('resorts', flags.resorts);
  if (flags.regions) merged.regions = ids('regions', flags.regions);
  if (flags.endpoints) merged.endpoints = list(flags.endpoints);
  if (flags.concurrency) {
    if (!/^\d+$/.test(flags.concurrency)) throw new SnapshotError('usage', `--concurrency: "${flags.concurrency}" is not a whole number`);
    merged.concurrency = Number(flags.concurrency);
  }
  const flagged = Object.keys(merged).filter((k) => !(k in raw) || merged[k] !== raw[k]);
  return parseConfig(merged, flagged.length ? `${where} (with flags)` : where);
}

function clockFrom(env: CliIo['env']): () => number {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return Date.now;
  if (!/^\d{1,12}$/.test(epoch)) throw new SnapshotError('usage', `SOURCE_DATE_EPOCH: "${epoch}" is not a whole number of seconds`);
  const fixed = Number(epoch) * 1000;
  return () => fixed;
}

/** Runs the build; answers the process exit code. Never throws, never exits. */
export async function build(io: CliIo): Promise<number> {
  let secrets: readonly string[] = [io.env.RC_API_KEY, io.env.RC_TOKEN, io.env.RC_EMAIL, io.env.RC_PASSWORD].filter((s): s is string => !!s);
  const say = (text: string) => io.stderr.write(`${redactSecrets(text, secrets)}\n`);
  let source: (Source & { close?: () => Promise<void> }) | undefined;
  try {
    let flags: Flags;
    try {
      flags = parseArgs({
        args: io.argv,
        options: {
          config: { type: 'string' },
          out: { type: 'string' },
          locales: { type: 'string' },
          resorts: { type: 'string' },
          regions: { type: 'string' },
          endpoints: { type: 'string' },
          concurrency: { type: 'string' },
          refresh: { type: 'string' },
          data: { type: 'string' },
          'local-account': { type: 'string' },
          'no-widget': { type: 'boolean' },
          plan: { type: 'boolean' },
          force: { type: 'boolean' },
          help: { type: 'boolean' },
        },
        strict: true,
        allowPositionals: false,
      }).values as Flags;
    } catch (error) {
      throw new SnapshotError('usage', `${(error as Error).message}; see --help`);
    }
    if (flags.help) {
      io.stdout.write(HELP);
      return EXIT.ok;
    }
    if (flags.refresh !== undefined && flags.refresh !== 'due' && flags.refresh !== 'all') {
      throw new SnapshotError('usage', `--refresh: "${flags.refresh}" must be due or all`);
    }
    const cwd = io.cwd ?? process.cwd();
    const config = await loadConfig(flags, cwd);
    const now = clockFrom(io.env);
    const env = io.env;
    const remote = env.RC_BASE_URL || env.RC_LEGACY_BASE_URL || env.RC_API_KEY || env.RC_TOKEN || env.RC_EMAIL || env.RC_PASSWORD;
    let families: ReadonlySet<'A' | 'B'>;
    if (remote) {
      const r = await remoteSource({
        baseUrl: env.RC_BASE_URL,
        apiKey: env.RC_API_KEY,
        legacyBaseUrl: env.RC_LEGACY_BASE_URL,
        token: env.RC_TOKEN,
        email: env.RC_EMAIL,
        password: env.RC_PASSWORD,
        timeoutMs: config.request.timeout * 1000,
        attempts: config.request.attempts,
        maxBodyBytes: config.request.maxBodyBytes,
        connections: config.concurrency,
        onRetry: say,
      });
      source = r;
      families = r.families;
    } else {
      const dataset = await loadDataset(flags.data ?? 'data');
      source = localSource(dataset, { account: flags['local-account'] ?? 'demo@example.com', now });
      families = new Set(['A', 'B']);
    }
    secrets = [...new Set([...secrets, ...source.secrets])];
    // a real upstream has an allowance to save; the embedded service has none, so it refreshes everything
    // (a plan describes scheduled runs, so it assumes `due` unless told otherwise)
    const refresh = (flags.refresh as 'due' | 'all' | undefined) ?? (source.kind === 'remote' || flags.plan ? 'due' : 'all');
    const result = await runSnapshot({
      config,
      source,
      families,
      now,
      refresh,
      planOnly: flags.plan === true,
      force: flags.force === true,
      progress: flags.plan ? undefined : createProgress(io.stderr),
      extraFiles: async (scope, files) => {
        const extra: ExtraFile[] = [{ path: '_headers', bytes: Buffer.from(headersFile(files)) }];
        if (io.widget && !flags['no-widget']) {
          extra.push(...(await io.widget()));
          extra.push({ path: 'index.html', bytes: Buffer.from(demoPage(scope.resorts, config.locales, source!.kind === 'local')) });
        }
        return extra;
      },
    });
    if (!result.published) {
      io.stdout.write(`Plan for ${result.scope.resorts.length} resorts in ${config.locales.length} locale${config.locales.length === 1 ? '' : 's'} (--refresh ${refresh}):\n\n${result.plan}`);
      const allowance = config.allowance ?? (await source.account?.())?.maxPerMonth;
      return allowance !== undefined && result.projection.monthly > allowance ? EXIT.budget : EXIT.ok;
    }
    io.stdout.write(`published ${config.out} (${Object.keys(result.manifest.files).length} files)\n`);
    if (result.failures.length > 0) {
      say(`${result.failures.length} part${result.failures.length === 1 ? '' : 's'} kept from an earlier run and marked stale:`);
      for (const f of result.failures.slice(0, 20)) say(`  ${f.collection}: ${f.reason}`);
      return EXIT.stale;
    }
    return EXIT.ok;
  } catch (error) {
    const e = error as Error & { code?: string };
    say(`build: ${e.message}`);
    if (error instanceof SnapshotError) {
      if (e.code === 'usage' || e.code === 'config') return EXIT.usage;
      if (e.code === 'budget') return EXIT.budget;
      if (e.code === 'secret_leak') return EXIT.secret;
      if (e.code === 'upstream_invalid' || e.code === 'upstream_http' || e.code === 'upstream_network' || e.code === 'unsafe_output') return EXIT.upstream;
    }
    if (e.name === 'ServiceError' && e.code === 'invalid_dataset') return EXIT.usage;
    return EXIT.failed;
  } finally {
    await source?.close?.();
  }
}
