/**
 * `npm run preview` (scripts/cli/preview.ts), as its own process: it serves a built tree the way a host
 * must (scripts/docs/hosting.md, "Hosting"), CORS for a page of any origin and JSON as JSON; it refuses a folder
 * that holds no snapshot, and stops on SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { buildQuietly, printedUrl } from './helpers.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
let root: string;
let built: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-preview-'));
  built = join(root, 'site');
  await buildQuietly(built, ['--resorts', '25', '--locales', 'en-US']);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const preview = (args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'scripts/preview.ts', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('npm run preview', () => {
  it('serves the tree with Access-Control-Allow-Origin: * and JSON as application/json, and stops on SIGTERM', async () => {
    const child = preview(['--port', '0', '--dist', built]);
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = await printedUrl(child, 'preview');
      const answer = await fetch(`${url}/api/en-US/externalservice/resort/25/snowreport.json`, {
        headers: { origin: 'https://partner.example' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(((await answer.json()) as { resortName: string }).resortName).toBe('Elk Ridge');
      expect(stderr).toContain('with Access-Control-Allow-Origin: * for pages of any origin');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);

  it('refuses a folder without a snapshot, and says how to make one (exit 2)', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/preview.ts', '--dist', join(root, 'empty')],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(run.status).toBe(EXIT.usage);
    expect(run.stderr).toBe(
      `preview: ${join(root, 'empty')}: no published snapshot here (no api/manifest.json); build one first with npm run build, or npx resort-conditions build\n`,
    );
  }, 60_000);
});
