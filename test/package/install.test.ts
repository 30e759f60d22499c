/**
 * Installing the package from the repository, as a site repository does while the package is not on the
 * registry (scripts/docs/scheduling.md, "A site repository"): `npm install git+file://…` of a clone, as
 * `npm install github:owner/repo` would. npm clones it, installs its development dependencies there and runs
 * its `prepare`, which must build the gitignored `lib/`; then `npx resort-conditions build --out dist` works
 * in the fresh site folder, and the documented `.gitignore` keeps the build out of `git status`. (The
 * tarball's install is in package.test.ts, which packs one already.)
 *
 * The clone is a repository of this tree's tracked files as they are now. Its lock file names each
 * package's tarball URL (the repository's names none: `lock.ts`), so that the install in the clone reads
 * the tarballs from npm's cache by their integrity instead of asking the registry.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LockFile } from './lock.ts';
import { buildSite, freshSite, install, npmEnv, ROOT, run, untracked } from './site.ts';

let work: string;
let repository: string;
let site: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rc-install-'));
  repository = join(work, 'resort-conditions');
  const files = (await run('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 })).stdout
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)));
  for (const file of files) await cp(join(ROOT, file), join(repository, file), { recursive: true });
  const registry = (await run('npm', ['config', 'get', 'registry'], { env: npmEnv() })).stdout.trim();
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key || entry.resolved !== undefined || entry.version === undefined || entry.link) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    entry.resolved = `${base}${name}/-/${name.split('/').at(-1)}-${entry.version}.tgz`;
  }
  await writeFile(join(repository, 'package-lock.json'), JSON.stringify(lock, null, 2));
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=site', '-c', 'user.email=site@example.invalid', ...args], {
      cwd: repository,
    });
  await git('init', '-q');
  await git('add', '-A');
  await git('commit', '-q', '-m', 'the tree under test');
  site = join(work, 'site');
  await freshSite(site);
}, 60_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm install from a git URL', () => {
  it("builds lib/ in the clone with the package's prepare script and installs the package with it", async () => {
    expect(existsSync(join(repository, 'lib'))).toBe(false);
    await install(site, `git+file://${repository}`);
    const manifest = JSON.parse(await readFile(join(site, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies['resort-conditions']).toBe(`git+file://${repository}`);
    const installed = join(site, 'node_modules', 'resort-conditions');
    for (const file of [
      'lib/scripts/cli/main.js',
      'lib/browser/bundle/resort-conditions.js',
      'data/resorts.json',
    ])
      expect(existsSync(join(installed, file)), file).toBe(true);
    // what npm pack ships, not the clone: no sources, no tests, and not the element's own package
    expect(existsSync(join(installed, 'test'))).toBe(false);
    expect(existsSync(join(installed, 'lib', 'element'))).toBe(false);
    expect(existsSync(join(installed, 'scripts', 'cli', 'main.ts'))).toBe(false);
    // the lock records the commit it installed
    const lock = JSON.parse(await readFile(join(site, 'package-lock.json'), 'utf8')) as LockFile;
    const head = (await run('git', ['rev-parse', 'HEAD'], { cwd: repository })).stdout.trim();
    expect(lock.packages['node_modules/resort-conditions']?.resolved).toBe(
      `git+file://${repository}#${head}`,
    );
  }, 600_000);

  it('runs npx resort-conditions build --out dist in the site, whose .gitignore keeps the build out of git', async () => {
    const { stdout } = await buildSite(site);
    expect(stdout).toMatch(/^published dist: \d+ files, \d+ data files under api\/ among them$/m);
    const manifest = JSON.parse(await readFile(join(site, 'dist', 'api', 'manifest.json'), 'utf8')) as {
      locales: string[];
    };
    expect(manifest.locales).toEqual(['en-US']);
    // the link and its releases folder beside it, which git does not see
    expect(existsSync(join(site, '.dist-releases'))).toBe(true);
    expect(await untracked(site)).toEqual(['.gitignore', 'package-lock.json', 'package.json']);
  }, 300_000);
});
