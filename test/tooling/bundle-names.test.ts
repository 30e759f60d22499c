/**
 * The bundle's names after a translation is corrected (scripts/docs/hosting.md, "Hosting"): the elements
 * bundled once more (scripts/tooling/bundle.ts), into a folder of the test's own, and set against the bundle
 * every test reads (`lib/browser/bundle/`, made from the sources as they are). In that one pass, the German
 * retry label changes in its source, as the bundler reads the file; and the French one changes after the
 * bundler named the chunks, in the chunk's code, where the minifiers work (vite.config.ts's `minifyChunks`,
 * bundle.ts's `shortLitInternals`), so that a name made before them would not change.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerRules, headersFor } from '../../scripts/api/headers.ts';
import { elementFiles, type BundleFile } from '../../scripts/element/browser-files.ts';
import { bundleElements } from '../../scripts/tooling/bundle.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const GERMAN = {
  file: join(REPO, 'widget/i18n/de.ts'),
  was: 'Erneut versuchen',
  now: 'Noch einmal versuchen',
};
const FRENCH = { was: 'Réessayer', now: 'Essayer encore' };

/** widget/i18n/de.ts with its retry label changed, as the bundler reads it; the file stays as it is. */
const changedGerman = (): Plugin => ({
  name: 'changed-german',
  enforce: 'pre',
  async load(id) {
    if (id !== GERMAN.file) return undefined;
    const source = await readFile(id, 'utf8');
    if (!source.includes(`retry: '${GERMAN.was}'`)) throw new Error(`${id} no longer holds ${GERMAN.was}`);
    return source.replace(`retry: '${GERMAN.was}'`, `retry: '${GERMAN.now}'`);
  },
});

/** The French chunk's retry label changed once the bundler has named the chunks, as a minifier changes them. */
const changedFrench = (): Plugin => ({
  name: 'changed-french',
  apply: 'build',
  generateBundle(_, bundle) {
    const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.fileName.startsWith('rc.fr.'));
    if (chunk?.type !== 'chunk' || !chunk.code.includes(FRENCH.was)) throw new Error('no French chunk');
    chunk.code = chunk.code.replace(FRENCH.was, FRENCH.now);
  },
});

const immutable = (path: string) => headersFor(headerRules([]))(path).cacheControl.includes('immutable');
/** A file's name without its hash: `rc.de.js`, `resort-conditions.js`. */
const stem = (path: string) => path.replace(/\.[\w-]{8}(?=\.js$)/, '');
const text = (file: BundleFile) => Buffer.from(file.bytes).toString('utf8');

let out: string;
let before: Map<string, BundleFile>;
let after: Map<string, BundleFile>;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'rc-bundle-names-'));
  await bundleElements(REPO, out, [changedGerman(), changedFrench()]);
  const names = (await readdir(out)).filter((name) => /\.(js|css)$/.test(name));
  const files = await Promise.all(
    names.map(async (path) => ({ path, bytes: await readFile(join(out, path)) })),
  );
  before = new Map((await elementFiles()).map((f) => [stem(f.path), f]));
  after = new Map(files.map((f) => [stem(f.path), f]));
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

/** The files of `files` that name a file of `names`, at any depth, and those. */
function naming(files: Map<string, BundleFile>, names: string[]): string[] {
  const found = new Set(names);
  let size;
  do {
    size = found.size;
    for (const [name, file] of files)
      if ([...found].some((n) => text(file).includes(files.get(n)!.path))) found.add(name);
  } while (found.size > size);
  return [...found].sort();
}

describe("the bundle's names when a language's string changes", () => {
  it('holds the same files, the German and the French chunk with their new strings', () => {
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, { was, now }] of [
      ['rc.de.js', GERMAN],
      ['rc.fr.js', FRENCH],
    ] as const) {
      expect(text(before.get(name)!)).toContain(was);
      expect(text(after.get(name)!)).toContain(now);
      expect(text(after.get(name)!)).not.toContain(was);
    }
  });

  it('renames the two chunks, the table that lists them and the chunks that reach its name, no other', () => {
    const changed = [...before.keys()].filter((n) =>
      Buffer.compare(before.get(n)!.bytes, after.get(n)!.bytes),
    );
    // the table lists the languages, the shared chunk loads the table; the strip, the season chart, the
    // messages and a copy's reading import the shared chunk and are loaded by it; the scripts import it
    expect(changed.sort()).toEqual(naming(after, ['rc.de.js', 'rc.fr.js']));
    expect(changed).toEqual(
      expect.arrayContaining([
        'rc.de.js',
        'rc.fr.js',
        'rc.languages.js',
        'rc.core.js',
        'resort-conditions.js',
      ]),
    );
    // a file under the year-long rule changes its name with its bytes; the scripts keep theirs
    for (const name of changed)
      expect(after.get(name)!.path !== before.get(name)!.path, name).toBe(immutable(after.get(name)!.path));
  });

  it('names each renamed chunk by its new name in every file that named it, never by its old one', () => {
    const renamed = [...before.keys()].filter((n) => before.get(n)!.path !== after.get(n)!.path);
    expect(renamed.length).toBeGreaterThan(3);
    for (const file of after.values())
      for (const name of renamed) {
        expect(text(file).includes(before.get(name)!.path), `${file.path} names ${name}`).toBe(false);
        expect(text(file).includes(after.get(name)!.path), `${file.path} names ${name}`).toBe(
          text(before.get(stem(file.path))!).includes(before.get(name)!.path),
        );
      }
  });

  it('changes no other bytes of any file than the names it holds, and the two strings', () => {
    const renames = [...before.keys()].map((n) => [after.get(n)!.path, before.get(n)!.path] as const);
    for (const name of before.keys()) {
      let code = text(after.get(name)!);
      for (const [now, was] of renames) code = code.split(now).join(was);
      const was = text(before.get(name)!).replace(GERMAN.was, GERMAN.now).replace(FRENCH.was, FRENCH.now);
      expect(code, name).toBe(was);
    }
  });

  it('keeps the name and the bytes of every other immutable file: the 12 other languages', () => {
    const kept = [...before.keys()].filter(
      (n) => immutable(before.get(n)!.path) && before.get(n)!.path === after.get(n)!.path,
    );
    expect(kept.filter((n) => /^rc\.[a-z]{2}\.js$/.test(n))).toHaveLength(12);
    for (const name of kept) expect(text(after.get(name)!), name).toBe(text(before.get(name)!));
    // and the style sheets
    for (const name of [...before.keys()].filter((n) => n.endsWith('.css')))
      expect(text(after.get(name)!), name).toBe(text(before.get(name)!));
  });
});
