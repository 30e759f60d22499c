/**
 * Whether `lib/browser/` (bundle.ts) is the bundle of the sources as they are: its `stamp.json` holds the
 * hash of every file its builds read (the modules vite bundled) and of every file under the folders that
 * make it (the element, the contract, the runtime modules, this tooling, vite's config, the lockfile). A
 * build or a test run reads the folder while the stamp holds, and bundles again, in its own process, once
 * when it does not. Checking loads no bundler: vite is imported only to bundle.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BROWSER_FOLDER } from '../element/browser-files.ts';

/** The folders and files whose every change makes the bundle stale, besides the modules it was made from. */
const WATCHED = [
  'widget',
  'scripts/api',
  'scripts/hosting/runtime',
  'scripts/embeds/runtime',
  'scripts/demo/runtime',
  'scripts/element/browser-files.ts',
  'scripts/tooling',
  'vite.config.ts',
  'package-lock.json',
];

export interface Stamp {
  /** Each input, relative to the repository, and its content's SHA-256 (hex). */
  inputs: Record<string, string>;
}

/** The files below `path` (or `path` itself), relative to `root`; none if it does not exist. */
async function filesAt(root: string, path: string): Promise<string[]> {
  const info = await stat(join(root, path)).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(join(root, path), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** The stamp of the sources below `root` now: `read` (the modules a bundle was made from) and the watched files. */
export async function stampOf(root: string, read: readonly string[]): Promise<Stamp> {
  const paths = new Set(read);
  for (const path of WATCHED) for (const file of await filesAt(root, path)) paths.add(file);
  const inputs: Record<string, string> = {};
  for (const path of [...paths].sort()) {
    const bytes = await readFile(join(root, path)).catch(() => undefined);
    inputs[path] = bytes ? createHash('sha256').update(bytes).digest('hex') : 'missing';
  }
  return { inputs };
}

/** The stamp `lib/browser/` was built with, or undefined when there is none. */
async function stampHeld(root: string): Promise<Stamp | undefined> {
  const text = await readFile(join(root, BROWSER_FOLDER, 'stamp.json'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as Stamp);
}

/** Whether `lib/browser/` below `root` is the bundle of the sources as they are. */
export async function isFresh(root: string): Promise<boolean> {
  const held = await stampHeld(root);
  if (!held) return false;
  const now = await stampOf(root, Object.keys(held.inputs));
  return JSON.stringify(now) === JSON.stringify(held);
}

/**
 * `lib/browser/` below `root`, bundled first if it is stale: what `npm run build`, the command line run
 * from its sources, the tests and `npm pack` call before they read it. Answers whether it bundled.
 */
export async function freshBrowserFiles(root: string): Promise<boolean> {
  if (await isFresh(root)) return false;
  const { buildBrowserFiles } = await import('./bundle.ts');
  await buildBrowserFiles(root, stampOf);
  return true;
}
