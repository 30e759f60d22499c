import { access, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResortConditionsError, type ErrorCode } from '../../scripts/api/errors.ts';
import { build, type CliIo } from '../../scripts/cli/build.ts';
import { EXIT, EXIT_CODE, exitCodeFor } from '../../scripts/cli/exit-codes.ts';
import { DATA_DIR } from '../helpers.ts';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EPOCH = '1790000000';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-exit-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Runs `build` in-process on a small snapshot into `<tmp>/<out>`; answers the code and what it printed. */
async function run(out: string, flags: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    argv: ['--out', join(root, out), '--no-widget', '--locales', 'en-US', '--resorts', '20,25', ...flags],
    env: { SOURCE_DATE_EPOCH: EPOCH, ...env },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: REPO,
  };
  const code = await build(io);
  return { code, stdout, stderr, out: join(root, out) };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Every file under `dir`, relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

describe('build exit codes', () => {
  it('exits 0 and prints the usage for --help', async () => {
    const r = await run('help', ['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: npm run build -- [options]');
    expect(await exists(r.out)).toBe(false);
  });

  it('exits 2 for an unknown flag and names it', async () => {
    const r = await run('unknown', ['--sometimes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sometimes');
    expect(r.stderr).toContain('see --help');
    expect(await exists(r.out)).toBe(false);
  });

  it('exits 2 for a --refresh that is neither due nor all', async () => {
    const r = await run('refresh', ['--refresh', 'sometimes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--refresh: "sometimes" must be due or all');
    expect(await exists(r.out)).toBe(false);
  });

  it('names the command that was typed: plan is build --plan', async () => {
    const built = await run('command-build', ['--refresh', 'sometimes']);
    const planned = await run('command-plan', ['--plan', '--refresh', 'sometimes']);
    expect(built.stderr).toMatch(/^build: \[usage\] --refresh/);
    expect(planned.stderr).toMatch(/^plan: \[usage\] --refresh/);
    expect(planned.code).toBe(2);
  });

  it('exits 2 for an unsupported locale and names it by the flag that gave it', async () => {
    const r = await run('locale', ['--locales', 'en-US,xx-YY']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--locales, value 2: "xx-YY" is not a supported locale');
    expect(r.stderr).not.toContain('package.json');
    expect(await exists(r.out)).toBe(false);
  });

  it.each(['ftp://snow.example.org/', 'https://snow.example.org/?token=x', 'snow.example.org'])(
    'exits 2 for a public URL that is not one of a folder: %s',
    async (url) => {
      const r = await run('public-url', ['--public-url', url]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--public-url: "');
      expect(r.stderr).toContain(
        'is not the URL of a folder: give an http(s) URL without query, fragment or credentials',
      );
      expect(r.stderr).not.toContain('token=x');
      expect(await exists(r.out)).toBe(false);
    },
  );

  it("names a value of the config file by the file and its key, a flag's by the flag", async () => {
    const file = join(root, 'zero-concurrency.json');
    await writeFile(file, JSON.stringify({ concurrency: 0 }));
    const fromFile = await run('config-value', ['--config', file]);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain(`${file}.concurrency: Too small`);
    const fromFlag = await run('flag-value', ['--config', file, '--concurrency', '0']);
    expect(fromFlag.stderr).toContain('  --concurrency: Too small');
    expect(fromFlag.stderr).not.toContain(file);
  });

  it("exits 8 for an upstream that refuses every connection; --verbose adds the library's error under it, no key in either", async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const file = join(root, 'one-attempt.json');
    await writeFile(file, JSON.stringify({ request: { attempts: 1 } }));
    const env = { RC_BASE_URL: `http://127.0.0.1:${port}`, RC_API_KEY: 'key-that-must-not-show' };
    const plain = await run('unreachable', ['--config', file, '--endpoints', 'familyA'], env);
    expect(plain.code).toBe(EXIT.unreachable);
    expect(plain.stderr).toMatch(
      /^build: \[upstream_unreachable\] Family A at http:\/\/127\.0\.0\.1:\d+ \(RC_BASE_URL, RC_API_KEY\) cannot be reached: .*ECONNREFUSED after 1 attempt\./m,
    );
    expect(plain.stderr).toContain('  (--verbose shows the cause)');
    const verbose = await run('unreachable', ['--config', file, '--endpoints', 'familyA', '--verbose'], env);
    expect(verbose.code).toBe(EXIT.unreachable);
    expect(verbose.stderr).toMatch(/^ {2}cause: \w*Error ECONNREFUSED: .*127\.0\.0\.1/m);
    expect(verbose.stderr).not.toContain('(--verbose shows the cause)');
    for (const r of [plain, verbose]) expect(r.stderr).not.toContain('key-that-must-not-show');
    expect(await exists(plain.out)).toBe(false);
  });

  it('exits 2 for a config file that does not exist', async () => {
    const r = await run('config', ['--config', 'missing.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--config: cannot read missing.json (ENOENT)');
    expect(await exists(r.out)).toBe(false);
  });

  it('exits 2 for a broken dataset and names the file at fault', async () => {
    const data = join(root, 'broken-data');
    await cp(DATA_DIR, data, { recursive: true });
    const resorts = JSON.parse(await readFile(join(data, 'resorts.json'), 'utf8'));
    resorts.resorts[0].id = 'twenty';
    await writeFile(join(data, 'resorts.json'), JSON.stringify(resorts));
    const r = await run('data', ['--data', data]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the dataset is invalid');
    expect(r.stderr).toContain('resorts.json: $.resorts[0].id');
    expect(await exists(r.out)).toBe(false);
  });

  it('exits 2 for a SOURCE_DATE_EPOCH that is not a number of seconds', async () => {
    const r = await run('epoch', [], { SOURCE_DATE_EPOCH: 'abc' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('SOURCE_DATE_EPOCH: "abc" is not a whole number of seconds');
    expect(await exists(r.out)).toBe(false);
  });

  it('exits 0 for a normal build and publishes the manifest', async () => {
    const r = await run('ok', []);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(r.out, 'api', 'manifest.json'), 'utf8'));
    expect(manifest.builtAt).toBe(new Date(Number(EPOCH) * 1000).toISOString());
    expect(manifest.locales).toEqual(['en-US']);
    expect(manifest.resorts.map((x: { id: number }) => x.id)).toEqual([20, 25]);
    const files = await listFiles(join(r.out, 'api'));
    expect(files).toContain('en-US/externalservice/resort/25/snowreport.json');
    // every file of the tree, and the data files among them: every file under api/ but the index
    const all = await listFiles(r.out);
    expect(r.stdout).toBe(
      `published ${join(root, 'ok')}: ${all.length} files, ${files.length - 1} data files under api/ among them\n`,
    );
  });
});

describe('exitCodeFor', () => {
  it.each<[ErrorCode, number]>([
    ['usage', 2],
    ['config', 2],
    ['invalid_dataset', 2],
    ['upstream_invalid', 4],
    ['unsafe_path', 4],
    ['budget', 5],
    ['secret_leak', 6],
    ['write', 1],
  ])('maps an error with code %s to exit %i', (code, exit) => {
    expect(exitCodeFor(new ResortConditionsError(code, 'x'))).toBe(exit);
    expect(EXIT_CODE[code]).toBe(exit);
  });

  it('maps an error of no known kind to exit 1', () => {
    expect(exitCodeFor(new Error('x'))).toBe(EXIT.failed);
    expect(EXIT.failed).toBe(1);
    expect(exitCodeFor('a string')).toBe(1);
  });
});

describe('the other entry points', () => {
  const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const run = (script: string, flag: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', script, flag], { cwd: REPO, encoding: 'utf8' });

  it.each(['scripts/preview.ts', 'scripts/ids.ts', 'scripts/bench/main.ts', 'scripts/generate-data.ts'])(
    '%s: exits 0 with its usage for --help and 2 for an unknown flag',
    (script) => {
      const help = run(script, '--help');
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^(Usage: )?(npm run|npx tsx) /);
      const wrong = run(script, '--bogus');
      expect(wrong.status).toBe(EXIT.usage);
      expect(wrong.stderr).toContain('--bogus is not an option of this command; see --help');
    },
    60_000,
  );
});
