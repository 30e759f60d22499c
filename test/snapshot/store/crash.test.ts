import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Manifest } from '../../../scripts/snapshot/store/manifest.ts';
import { State } from '../../../scripts/snapshot/store/state.ts';
import { currentStatePath } from '../../../scripts/snapshot/store/writer.ts';
import { FROZEN_NOW } from '../../helpers.ts';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const HOUR = 3_600_000;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-crash-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Runs crash-child.ts (a build of the sample in en-US and fr-FR) as its own process; with `killAfter`, the
 * child SIGKILLs itself right after that many files were written to its staged release.
 */
function buildProcess(out: string, killAfter?: number, nowMs = FROZEN_NOW): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const args = [
      '--import',
      'tsx',
      'test/snapshot/store/crash-child.ts',
      out,
      String(killAfter ?? ''),
      String(nowMs),
    ];
    const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/**
 * The published tree is whole: the index parses, and every file the release's private state lists is
 * there with its hash.
 */
async function assertComplete(out: string): Promise<number> {
  Manifest.parse(JSON.parse(await readFile(join(out, 'api', 'manifest.json'), 'utf8')));
  const statePath = await currentStatePath(out);
  expect(statePath).toBeDefined();
  const state = State.parse(JSON.parse(await readFile(statePath!, 'utf8')));
  for (const [file, entry] of Object.entries(state.files)) {
    const bytes = await readFile(join(out, 'api', file));
    expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(entry.sha256);
  }
  return Object.keys(state.files).length;
}

describe('a build killed with SIGKILL', () => {
  it('never leaves a partial tree, and the next run clears what it left', async () => {
    const out = join(root, 'dist');
    const releases = join(root, '.dist-releases');
    const first = await buildProcess(out);
    expect({ code: first.code, signal: first.signal }, first.stderr).toEqual({ code: 0, signal: null });
    const files = await assertComplete(out);
    const manifest = await readFile(join(out, 'api', 'manifest.json'), 'utf8');
    const link = await readlink(out);

    // a full build writes every data file, then the manifest: `files + 1` writes in all
    expect(files).toBeGreaterThan(2000);
    const killPoints = [
      1,
      50,
      2000,
      files /* the last data file, right before the manifest */,
      files + 1 /* the manifest, right before publishing */,
    ];
    for (const [i, killAfter] of killPoints.entries()) {
      // a later clock changes the bytes, so the killed build writes new files rather than only linking old ones
      const killed = await buildProcess(out, killAfter, FROZEN_NOW + (i + 1) * HOUR);
      expect({ killAfter, code: killed.code, signal: killed.signal }, killed.stderr).toEqual({
        killAfter,
        code: null,
        signal: 'SIGKILL',
      });
      expect(await assertComplete(out)).toBe(files);
      expect(await readFile(join(out, 'api', 'manifest.json'), 'utf8')).toBe(manifest);
      expect(await readlink(out)).toBe(link);
      // what the killed build left: its staging folder and its lock (earlier leftovers were cleared on start)
      const left = await readdir(releases);
      expect(
        left.filter((e) => e.startsWith('.staging')),
        `after write ${killAfter}`,
      ).toHaveLength(1);
      expect(left, `after write ${killAfter}`).toContain('.lock');
    }

    const last = await buildProcess(out);
    expect({ code: last.code, signal: last.signal }, last.stderr).toEqual({ code: 0, signal: null });
    expect(await assertComplete(out)).toBe(files);
    expect(await readlink(out)).not.toBe(link);
    const entries = await readdir(releases);
    expect(entries.filter((e) => e.startsWith('.staging') || e === '.lock')).toEqual([]);
    // at most the new release and the one before it, each with its private state, the month's ledger and the marker
    const kept = entries.filter((e) => !e.startsWith('.'));
    expect(kept.filter((e) => !e.endsWith('.state.json') && e !== 'ledger.json').length).toBeLessThanOrEqual(
      2,
    );
    expect(kept).toContain('ledger.json');
    expect(kept.length).toBeLessThanOrEqual(5);
    await expect(access(join(releases, '.lock'))).rejects.toThrow();
  }, 180_000);
});
