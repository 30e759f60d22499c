/**
 * The files a built tree serves as immutable (scripts/api/headers.ts; scripts/docs/hosting.md, "Hosting"):
 * a small build of the sample with the element's real bundle, every file of it matched against the
 * tree's header rules as a host matches them.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerRules, headersFor } from '../../scripts/api/headers.ts';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { nameByContent } from '../../scripts/tooling/content-names.ts';
import { CHUNK_HASH } from '../../vite.config.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** A name's hash: the part between its last two dots (`rc.de.7d8e7b14.js`). */
const NAME_HASH = /\.([\w-]{8})\.[^./]+$/;

let out: string;
let tree: Map<string, Buffer>;
let immutable: string[];

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'rc-immutable-'));
  let stderr = '';
  const code = await build({
    argv: ['--out', out, '--locales', 'en-US,de-DE', '--resorts', '20', '--data', DATA_DIR],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
    cwd: REPO,
    widget: () => elementFiles(),
  });
  expect(code, stderr).toBe(0);
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => relative(out, join(e.parentPath, e.name)).split('\\').join('/'));
  tree = new Map(await Promise.all(paths.map(async (p) => [p, await readFile(join(out, p))] as const)));
  const api = paths.filter((p) => p.startsWith('api/')).map((p) => p.slice('api/'.length));
  const headers = headersFor(headerRules(api));
  immutable = paths.filter((p) => headers(p).cacheControl.includes('immutable')).sort();
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('the files a built tree serves as immutable', () => {
  it('are the chunks of the element, each with a hash in its name', () => {
    // the shared chunk, the strip's, the season chart's, the messages', a copy's reading, the languages'
    // table and 14 languages
    expect(immutable.length).toBeGreaterThanOrEqual(20);
    for (const path of immutable) expect(path, path).toMatch(NAME_HASH);
  });

  it('share no hash between two of them unless their bytes are equal', () => {
    const byHash = new Map<string, string[]>();
    for (const path of immutable) {
      const hash = NAME_HASH.exec(path)![1]!;
      byHash.set(hash, [...(byHash.get(hash) ?? []), path]);
    }
    for (const [hash, paths] of byHash)
      for (const path of paths.slice(1))
        expect(Buffer.compare(tree.get(path)!, tree.get(paths[0]!)!), `${hash}: ${path}, ${paths[0]}`).toBe(
          0,
        );
    // the sample's chunks all differ: as many hashes as files
    expect(byHash.size).toBe(immutable.length);
  });

  it('are named by the bytes they are published with: naming them again renames nothing', () => {
    const scripts = [...tree.keys()].filter((p) => !p.includes('/') && p.endsWith('.js'));
    expect(scripts).toEqual(expect.arrayContaining(immutable));
    const chunks = scripts.map((fileName) => ({ fileName, code: tree.get(fileName)!.toString('utf8') }));
    expect(nameByContent(chunks, CHUNK_HASH)).toEqual(chunks);
  });
});
