/**
 * A build stopped by SIGTERM (what CI sends on cancel or timeout), run as its own process through the
 * package's command line against the embedded service over HTTP: the month's ledger counts every request
 * the upstream received, and the published tree and its private state stay exactly as they were.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { currentStatePath } from '../../scripts/snapshot/store/writer.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';
import { startFaultServer, type FaultServer } from './fault-server.ts';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let dataset: Dataset;
let root: string;
let upstream: FaultServer;

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-stop-'));
  upstream = await startFaultServer(dataset, () => FROZEN_NOW);
});
afterAll(async () => {
  await upstream.close();
  await rm(root, { recursive: true, force: true });
});

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** `resort-conditions build` as its own process; `started` sees the child before it runs. */
function buildProcess(out: string, started: (child: ChildProcess) => void = () => {}): Promise<Exit> {
  const token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
  const args = [
    '--import',
    'tsx',
    'scripts/cli/main.ts',
    'build',
    '--no-widget',
    '--out',
    out,
    '--locales',
    'en-US',
    '--regions',
    '251',
    '--concurrency',
    '2',
    '--refresh',
    'all',
    '--force',
  ];
  const env = {
    PATH: process.env.PATH ?? '',
    SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000),
    RC_BASE_URL: upstream.url,
    RC_API_KEY: FULL.apiKey,
    RC_LEGACY_BASE_URL: upstream.url,
    RC_TOKEN: token,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
    started(child);
  });
}

const ledgerOf = async (out: string): Promise<Array<{ month: string; requests: number }>> =>
  (
    JSON.parse(
      await readFile(join(dirname(out), `.${out.split('/').pop()}-releases`, 'ledger.json'), 'utf8'),
    ) as { entries: Array<{ month: string; requests: number }> }
  ).entries;

describe('a build stopped by SIGTERM', () => {
  it('counts every request it sent in the ledger and leaves the published tree and its state whole', async () => {
    const out = join(root, 'dist');
    upstream.setFaults(() => 'none');
    const clean = await buildProcess(out);
    expect({ code: clean.code, signal: clean.signal }, clean.stderr).toEqual({ code: EXIT.ok, signal: null });
    const cleanRequests = upstream.received;
    // the ledger counts exactly what the upstream received
    expect(await ledgerOf(out)).toEqual([
      { identity: expect.anything(), month: '2026-02', requests: cleanRequests },
    ]);
    const link = await readlink(out);
    const manifest = await readFile(join(out, 'api', 'manifest.json'), 'utf8');
    const statePath = (await currentStatePath(out))!;
    const state = await readFile(statePath, 'utf8');

    // the upstream holds every overview request; when both of the build's two connections are held (so no
    // other request is under way), the build is sent SIGTERM
    let held = 0;
    let child: ChildProcess | undefined;
    upstream.setFaults((path) => (path.endsWith('/overview') ? 'hang' : 'none'));
    upstream.onHang = () => {
      if (++held === 2) child!.kill('SIGTERM');
    };
    const stopped = await buildProcess(out, (c) => (child = c));
    upstream.onHang = undefined;
    expect({ code: stopped.code, signal: stopped.signal }, stopped.stderr).toEqual({
      code: EXIT.interrupted,
      signal: null,
    });
    expect(stopped.stderr).toContain('stopped by SIGTERM before publishing');
    expect(stopped.stderr).not.toContain(dataset.accounts.find((a) => a.email === FULL.email)!.token);
    const sent = upstream.received - cleanRequests;
    expect(sent).toBeGreaterThan(10);
    expect(await ledgerOf(out)).toEqual([
      { identity: expect.anything(), month: '2026-02', requests: cleanRequests + sent },
    ]);

    // nothing was published, nothing half-written is left
    expect(await readlink(out)).toBe(link);
    expect(await readFile(join(out, 'api', 'manifest.json'), 'utf8')).toBe(manifest);
    expect(await currentStatePath(out)).toBe(statePath);
    expect(await readFile(statePath, 'utf8')).toBe(state);
    const left = await readdir(join(root, '.dist-releases'));
    expect(left.filter((e) => e.startsWith('.staging') || e === '.lock')).toEqual([]);
  }, 120_000);
});
