/**
 * Cloudflare's runtime on 127.0.0.1 for a test, from the npm package (whose workerd runs the same asset
 * server, `_headers` and `_redirects` engine as Cloudflare): `wrangler pages dev` serving a tree as
 * Cloudflare Pages, and `wrangler dev` running a Worker from the `wrangler.jsonc` in a folder. Neither has
 * a network of its own: no `Request.cf` fetch, no metrics, no update check, its state and logs in a
 * temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest compatibility date the pinned wrangler's workerd supports (it refuses a later one). */
const COMPATIBILITY_DATE = '2026-04-01';

export interface RunningWrangler {
  url: string;
  /** What wrangler printed up to `Ready`: its bindings, its counts of the valid and invalid rules. */
  output: string;
  close(): Promise<void>;
}

export type RunningPages = RunningWrangler;

/** Runs wrangler with `args` in `cwd`; rejects with wrangler's own words when it does not get ready. */
async function startWrangler(args: string[], cwd?: string): Promise<RunningWrangler> {
  const home = await mkdtemp(join(tmpdir(), 'rc-wrangler-'));
  const bin = join(import.meta.dirname, '..', '..', 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const listen = ['--ip', '127.0.0.1', '--port', '0', '--inspector-port', '0'];
  const child = spawn(process.execPath, [bin, ...args, ...listen, '--show-interactive-dev-session=false'], {
    cwd: cwd ?? home,
    // its own process group, so that closing it ends workerd too
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      CI: 'true',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      WRANGLER_LOG_PATH: join(home, 'logs'),
      NO_COLOR: '1',
    },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
    await rm(home, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`wrangler ${args[0]} exited (${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { url, output, close };
}

/** `wrangler pages dev` serving `root` as Cloudflare Pages does. */
export function startPages(root: string): Promise<RunningWrangler> {
  return startWrangler(['pages', 'dev', root, '--compatibility-date', COMPATIBILITY_DATE]);
}

/** `wrangler dev` in `folder`, running the Worker its `wrangler.jsonc` describes. */
export function startWorker(folder: string): Promise<RunningWrangler> {
  return startWrangler(['dev'], folder);
}
