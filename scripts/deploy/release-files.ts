/**
 * The release a deploy publishes: the folder `dist` links to, with each file's hash and size from the
 * release's private state (`.dist-releases/<release>.state.json`), so the files of the locale folders
 * under `api/` are neither listed nor read until they are uploaded (and checked against the state then).
 * Files the state does not list (the index, `_headers`, the bundle, the demo page, the embeds) are hashed
 * here: the pre-rendered cards and lists among them, a few thousand in a build of every locale. Each object's `Content-Type` and `Cache-Control` come from the
 * header rules the release's `_headers` was written from (`scripts/api/headers.ts`), so the bucket serves
 * what Netlify or Cloudflare Pages would.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ResortConditionsError } from '../api/errors.ts';
import { headerRules, headersFor, type ObjectHeaders } from '../api/headers.ts';
import { readState } from '../snapshot/store/state.ts';
import { currentRelease, currentStatePath, isOurs } from '../snapshot/store/writer.ts';
import { fingerprint } from './remote-index.ts';

export interface LocalObject extends ObjectHeaders {
  /** Path in the release, and so under the prefix: `api/en-US/…`, `resort-conditions.js`. */
  path: string;
  sha256: string;
  size: number;
  fingerprint: string;
}

export interface LocalRelease {
  /** The release folder's name in `.dist-releases/`. */
  name: string;
  root: string;
  /** Every file of the release, by path. */
  objects: ReadonlyMap<string, LocalObject>;
}

const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The release `out` links to now, with every file's hash and headers; refuses anything else. */
export async function readRelease(out: string): Promise<LocalRelease> {
  const root = await currentRelease(out);
  const statePath = await currentStatePath(out);
  if (!root || !statePath || !(await isOurs(out))) {
    throw new ResortConditionsError(
      'usage',
      `${out} is not a release published by npm run build; build first, or name the output folder with --out`,
    );
  }
  const state = await readState(statePath);
  if (!state)
    throw new ResortConditionsError(
      'usage',
      `the private state of ${out} (${statePath}) is missing or unreadable; run npm run build again`,
    );
  // the state lists every file of the locale folders; only the rest is walked and hashed
  const others = await walk(root, '');
  // the rules the build wrote into the release's `_headers`, made from the same API files
  const headers = headersFor(headerRules(Object.keys(state.files)));
  const facts = new Map<string, { sha256: string; size: number }>();
  for (const [file, entry] of Object.entries(state.files))
    facts.set(`api/${file}`, { sha256: entry.sha256, size: entry.size });
  for (const path of others) {
    const bytes = await readFile(join(root, path));
    facts.set(path, { sha256: hash(bytes), size: bytes.byteLength });
  }
  const objects = new Map<string, LocalObject>();
  for (const path of [...facts.keys()].sort()) {
    const { sha256, size } = facts.get(path)!;
    const objectHeaders = headers(path);
    objects.set(path, {
      path,
      sha256,
      size,
      ...objectHeaders,
      fingerprint: fingerprint({ sha256, size, ...objectHeaders }),
    });
  }
  return { name: basename(root), root, objects };
}

/** Locale folders under `api/`: the private state lists their files. */
const LOCALE_FOLDER = /^api\/[a-z]{2}-[A-Z]{2}$/;

/**
 * Files of the release outside the locale folders, relative to `root`. (Walking 800,000 files takes a
 * recursive `readdir` 40 s; the state already has them.)
 */
async function walk(root: string, dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !LOCALE_FOLDER.test(path)) out.push(...(await walk(root, path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** The bytes of one object, checked against the hash the release recorded. */
export async function readObject(release: LocalRelease, object: LocalObject): Promise<Buffer> {
  const bytes = await readFile(join(release.root, object.path)).catch((error: NodeJS.ErrnoException) => {
    throw new ResortConditionsError(
      'store_failed',
      `${object.path} disappeared from the release during the deploy (${error.code}); did a build run? Run the deploy again`,
      { cause: error },
    );
  });
  if (bytes.byteLength !== object.size || hash(bytes) !== object.sha256) {
    throw new ResortConditionsError(
      'store_failed',
      `${object.path} changed in the release during the deploy; run the deploy again`,
    );
  }
  return bytes;
}
