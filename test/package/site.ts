/**
 * A partner's site repository, as scripts/docs/scheduling.md ("A site repository") sets one up: a fresh
 * folder with a package.json, the `.gitignore` the docs give, and an install of the package that needs no
 * network (npm's cache and a lock file that names the dependencies' exact versions: `lock.ts`).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { FROZEN_NOW } from '../helpers.ts';
import { lockFor, type LockFile } from './lock.ts';

export const run = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** npm without the network, the update check or the audit; RC_* variables never reach a child. */
export const npmEnv = (): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !name.startsWith('RC_') && name !== 'NODE_ENV') out[name] = value;
  return { ...out, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
};

/** The site's `.gitignore` as the docs give it (the block in scripts/docs/scheduling.md). */
export async function documentedGitignore(): Promise<string> {
  const doc = await readFile(join(ROOT, 'scripts', 'docs', 'scheduling.md'), 'utf8');
  const block = /```gitignore\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('scripts/docs/scheduling.md gives no .gitignore');
  return block;
}

/** This repository's lock file and package.json. */
async function ownLock(): Promise<{ lock: LockFile; dependencies: Record<string, string> }> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
  return { lock, dependencies: manifest.dependencies };
}

/**
 * A fresh site folder in `dir`: a git repository with the documented `.gitignore`, a package.json that
 * configures the build (one locale, to keep the test short) and a lock file resolving the package's
 * dependencies.
 */
export async function freshSite(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'partner-site',
      version: '1.0.0',
      private: true,
      resortConditions: { locales: ['en-US'] },
    }),
  );
  const { lock, dependencies } = await ownLock();
  const registry = (
    await run('npm', ['config', 'get', 'registry'], { cwd: dir, env: npmEnv() })
  ).stdout.trim();
  await writeFile(
    join(dir, 'package-lock.json'),
    JSON.stringify(lockFor(lock, dependencies, { name: 'partner-site', version: '1.0.0' }, registry)),
  );
  await writeFile(join(dir, '.gitignore'), await documentedGitignore());
  await run('git', ['init', '-q'], { cwd: dir });
}

/** `npm install --save-dev <spec>` in the site, without the network. */
export const install = (dir: string, spec: string) =>
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--save-dev', spec], {
    cwd: dir,
    env: npmEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });

/** `npx resort-conditions build --out dist` in the site, as the docs give it: its output. */
export const buildSite = (dir: string) =>
  run('npx', ['--offline', 'resort-conditions', 'build', '--out', 'dist'], {
    cwd: dir,
    env: { ...npmEnv(), SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    maxBuffer: 16 * 1024 * 1024,
  });

/** What `git status` shows of the site: its untracked and changed paths. */
export async function untracked(dir: string): Promise<string[]> {
  const { stdout } = await run('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: dir });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();
}

/** What an install put in `dir`'s node_modules: its packages (from npm's record of the tree) and their bytes. */
export async function installed(dir: string): Promise<{ packages: string[]; bytes: number }> {
  const tree = JSON.parse(await readFile(join(dir, 'node_modules', '.package-lock.json'), 'utf8')) as {
    packages: Record<string, { link?: boolean }>;
  };
  const packages = Object.entries(tree.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.link && existsSync(join(dir, key)))
    .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  let bytes = 0;
  for (const entry of await readdir(join(dir, 'node_modules'), { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += (await lstat(join(entry.parentPath, entry.name))).size;
  return { packages: packages.sort(), bytes };
}

/** The names `npm ls --all` prints for `dir`: every package of its tree, each once. */
export async function listedNames(dir: string): Promise<string[]> {
  const { stdout } = await run('npm', ['ls', '--all', '--json'], {
    cwd: dir,
    env: npmEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  interface Node {
    version?: string;
    missing?: boolean;
    dependencies?: Record<string, Node>;
  }
  const names = new Set<string>();
  const visit = (deps: Record<string, Node> | undefined) => {
    for (const [name, node] of Object.entries(deps ?? {})) {
      if (node.missing || node.version === undefined) continue;
      names.add(name);
      visit(node.dependencies);
    }
  };
  visit((JSON.parse(stdout) as Node).dependencies);
  return [...names].sort();
}
