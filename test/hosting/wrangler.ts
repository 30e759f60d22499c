/**
 * Cloudflare Pages on 127.0.0.1 for a test: `wrangler pages dev` (the npm package, whose workerd runs the
 * same asset server, `_headers` and `_redirects` engine as Pages), serving a tree with no network of its
 * own: no `Request.cf` fetch, no metrics, no update check, its state and logs in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest compatibility date the pinned wrangler's workerd supports (it refuses a later one). */
const COMPATIBILITY_DATE = '2026-04-01';

export interface RunningPages {
  url: string;
  /** What wrangler printed up to `Ready`: its counts of the valid and invalid rules. */
  output: string;
  close(): Promise<void>;
}

/** Starts `wrangler pages dev` on `root`; rejects with wrangler's own words when it does not get ready. */
export async function startPages(root: string): Promise<RunningPages> {
  const dir = await mkdtemp(join(tmpdir(), 'rc-wrangler-'));
  const bin = join(import.meta.dirname, '..', '..', 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = ['pages', 'dev', root, '--ip', '127.0.0.1', '--port', '0', '--inspector-port', '0'];
  args.push('--compatibility-date', COMPATIBILITY_DATE, '--show-interactive-dev-session=false');
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: dir,
    // its own process group, so that closing it ends workerd too
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      CI: 'true',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      WRANGLER_LOG_PATH: join(dir, 'logs'),
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
    await rm(dir, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`wrangler pages dev exited (${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { url, output, close };
}
