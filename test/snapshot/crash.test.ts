import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../scripts/dataset/generate.ts';
import { Manifest } from '../../scripts/snapshot/manifest.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-crash-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Runs `npm run build` as its own process; SIGKILLs it after `killAfterMs` when given. */
function buildProcess(out: string, killAfterMs?: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', out, '--locales', 'en-US,fr-FR', '--no-widget'], {
      stdio: 'ignore',
      env: { ...process.env, SOURCE_DATE_EPOCH: '' },
    });
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** The published tree is whole: the manifest parses and every listed file is there with its hash. */
async function assertComplete(out: string): Promise<number> {
  const manifest = Manifest.parse(JSON.parse(await readFile(join(out, 'api', 'manifest.json'), 'utf8')));
  for (const [file, entry] of Object.entries(manifest.files)) {
    const bytes = await readFile(join(out, 'api', file));
    expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(entry.sha256);
  }
  return Object.keys(manifest.files).length;
}

describe('a build killed with SIGKILL', () => {
  it('never leaves a partial tree, and the next run clears what it left', async () => {
    const out = join(root, 'dist');
    expect(await buildProcess(out)).toBe(0);
    const files = await assertComplete(out);
    const rnd = random(99);
    let leftovers = 0;
    for (let i = 0; i < 8; i++) {
      // tsx starts in about a second and a build takes a few more: kill anywhere in between
      const code = await buildProcess(out, 400 + Math.floor(rnd() * 4000));
      expect(await assertComplete(out)).toBe(files);
      if (code === null) leftovers += (await readdir(join(root, '.dist-releases'))).filter((e) => e.startsWith('.staging')).length;
    }
    expect(await buildProcess(out)).toBe(0);
    expect(await assertComplete(out)).toBe(files);
    const entries = await readdir(join(root, '.dist-releases'));
    expect(entries.filter((e) => e.startsWith('.staging') || e === '.lock')).toEqual([]);
    expect(entries.length).toBeLessThanOrEqual(2);
    await expect(access(join(root, '.dist-releases', '.lock'))).rejects.toThrow();
    expect(leftovers).toBeGreaterThan(0); // some kills did land mid-build
  }, 180_000);
});
