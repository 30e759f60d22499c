/**
 * What a reader can see during a deploy: the order in which objects land in a real S3 implementation
 * (s3rver on 127.0.0.1), replayed. No object may be in the bucket while an object it names — a region
 * list's link to a group file, a page's script, the bundle's chunk — is not there yet, at any moment: on
 * a first deploy, and when a locale is added.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layers, namesIn } from '../../scripts/deploy/order.ts';
import { buildRelease, releaseFiles, runDeploy, widget, type DeployRun } from './helpers.ts';
import { startS3, type LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-order-'));
  s3 = await startS3(['site']);
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** Every string a JSON document holds, at any depth. */
function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) jsonStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) jsonStrings(v, out);
  return out;
}

/** The objects of the release that `path`'s bytes name: links in JSON, `src`/`href` in HTML, imports in scripts, `url()` in CSS. */
function named(path: string, bytes: Buffer, paths: ReadonlySet<string>): string[] {
  const text = bytes.toString('utf8');
  let candidates: string[] = [];
  if (path.endsWith('.json')) candidates = jsonStrings(JSON.parse(text));
  else if (path.endsWith('.html'))
    candidates = [...text.matchAll(/\b(?:src|href)=["']([^"']+)["']/g)].map((m) => m[1]!);
  else if (path.endsWith('.js'))
    candidates = [...text.matchAll(/(?:import\s*\(|from)\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]!);
  else if (path.endsWith('.css'))
    candidates = [...text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1]!);
  const found = new Set<string>();
  for (const candidate of candidates) {
    const bare = candidate.split(/[?#]/)[0]!;
    if (!bare || /^[a-z]+:/i.test(bare) || bare.startsWith('/')) continue;
    const target = posix.normalize(posix.join(posix.dirname(path), bare));
    if (target !== path && paths.has(target)) found.add(target);
  }
  return [...found];
}

/**
 * Replays the deploy's writes in the order the store answered them, starting from what the bucket held:
 * answers each object that was in the bucket while an object it names was not, with the first such name
 * (but for two objects that name each other).
 */
function namedBeforeExisting(
  run: DeployRun,
  release: ReadonlyMap<string, Buffer>,
  before: ReadonlySet<string>,
): Map<string, string> {
  const paths = new Set(release.keys());
  const there = new Set(before);
  const early = new Map<string, string>();
  for (const record of run.requests) {
    if (record.kind !== 'write' || record.status >= 300 || !release.has(record.path)) continue;
    there.add(record.path);
    for (const target of named(record.path, release.get(record.path)!, paths)) {
      // two objects that name each other cannot both go after the other: the circle's order is checked apart
      if (named(target, release.get(target)!, paths).includes(record.path)) continue;
      if (!there.has(target) && !early.has(target)) early.set(target, record.path);
    }
  }
  return early;
}

describe('the order of a deploy', () => {
  it('never puts an object in the bucket before what it names, on a first deploy and when a locale is added', async () => {
    const out = join(root, 'dist');
    await buildRelease(out);
    const first = await releaseFiles(out);
    const paths = new Set(first.keys());
    // the release does name its own objects: region lists name group files, the bundle its chunk
    const edges = [...first].flatMap(([path, bytes]) =>
      named(path, bytes, paths).map((target) => [path, target]),
    );
    expect(edges.some(([from, to]) => from!.includes('/region/') && to!.includes('group=region-'))).toBe(
      true,
    );
    // the element's script its shared chunk, that chunk the table of the languages' chunks, and the table
    // each language's (the real bundle's names)
    const core = (await widget()).find((f) => /^rc\.core\.[\w-]+\.js$/.test(f.path))!.path;
    const table = (await widget()).find((f) => /^rc\.languages\.[\w-]+\.js$/.test(f.path))!.path;
    const german = (await widget()).find((f) => /^rc\.de\.[\w-]+\.js$/.test(f.path))!.path;
    expect(edges).toContainEqual(['resort-conditions.js', core]);
    expect(edges).toContainEqual([core, table]);
    expect(edges).toContainEqual([table, german]);

    const run = await runDeploy(s3, out, 's3://site/order');
    expect(run.code, run.stderr).toBe(0);
    expect([...namedBeforeExisting(run, first, new Set())]).toEqual([]);
    // the shared chunk and the strip's lazy chunk import each other: the lazy one goes up first, since a
    // reader reaches it only through the shared one, which the entry scripts name
    const compact = (await widget()).find((f) => /^rc\.compact\.[\w-]+\.js$/.test(f.path))!.path;
    const written = run.requests.filter((r) => r.kind === 'write').map((r) => r.path);
    expect(named(compact, first.get(compact)!, paths)).toEqual([core]);
    expect(written.indexOf(compact)).toBeLessThan(written.indexOf(core));
    expect(written.indexOf(core)).toBeLessThan(written.indexOf('resort-conditions.js'));

    // a second locale: its region lists and group files are all new
    const inBucket = new Set(first.keys());
    await buildRelease(out, ['--locales', 'en-US,fr-FR']);
    const second = await releaseFiles(out);
    const added = await runDeploy(s3, out, 's3://site/order');
    expect(added.code, added.stderr).toBe(0);
    expect([...second.keys()].filter((p) => p.startsWith('api/fr-FR/')).length).toBeGreaterThan(1000);
    expect([...namedBeforeExisting(added, second, inBucket)]).toEqual([]);
  }, 240_000);
});

describe('namesIn and layers', () => {
  const paths = new Set([
    'api/en-US/a/group=all.json',
    'api/en-US/region/1/list.json',
    'index.html',
    'app.js',
    'chunk.js',
    'style.css',
    'font.woff2',
  ]);

  it.each([
    [
      'a relative link',
      'api/en-US/region/1/list.json',
      '{"restSnowReport":"../../a/group=all.json"}',
      ['api/en-US/a/group=all.json'],
    ],
    [
      'an absolute link under the public URL',
      'api/en-US/region/1/list.json',
      '{"restSnowReport":"https://snow.example/site/api/en-US/a/group=all.json"}',
      ['api/en-US/a/group=all.json'],
    ],
    [
      'a lazy import after a style sheet template with ${} (whose back quotes pair across the import)',
      'app.js',
      'var s=`a{b:${x}}${y}`,Q,T=()=>import(`./chunk.js`).then(e=>Q=e);',
      ['chunk.js'],
    ],
    [
      "a page's script and style sheet",
      'index.html',
      '<script type="module" src="app.js"></script><link rel="stylesheet" href="./style.css">',
      ['app.js', 'style.css'],
    ],
    ['a dynamic import', 'app.js', 'import("./chunk.js")', ['chunk.js']],
    ["a bundler's dynamic import, in back quotes", 'app.js', 'de:()=>import(`./chunk.js`)', ['chunk.js']],
    ['nothing for a template with a value', 'app.js', 'import(`./${lang}.js`)', []],
    ['a font in a style sheet', 'style.css', '@font-face{src:url(font.woff2)}', ['font.woff2']],
    [
      'nothing for text that is not a path',
      'api/en-US/region/1/list.json',
      '{"regionName":"Colorado","note":"see list.json"}',
      [],
    ],
    ['nothing for a binary object', 'font.woff2', '"app.js"', []],
  ])('finds %s', (_, path, text, expected) => {
    expect(namesIn(path, text, paths)).toEqual(expected);
  });

  it('puts what is named first, and a circle in adjacent layers', () => {
    const o = (path: string) => ({ path });
    const names = new Map([
      ['list', ['group', 'other']],
      ['page', ['app']],
      ['app', ['chunk']],
      ['a', ['b']],
      ['b', ['a']],
    ]);
    const order = layers(['list', 'page', 'app', 'chunk', 'group', 'a', 'b'].map(o), names).map((layer) =>
      layer.map((x) => x.path),
    );
    expect(order).toEqual([['chunk', 'group', 'b'], ['list', 'app', 'a'], ['page']]);
  });

  it('cuts a circle at the name that leads back towards what nothing names, whatever the order given', () => {
    const o = (path: string) => ({ path });
    // an entry names the shared chunk; the shared chunk and a lazy chunk name each other
    const names = new Map([
      ['entry', ['core']],
      ['core', ['lazy']],
      ['lazy', ['core']],
    ]);
    for (const given of [
      ['lazy', 'core', 'entry'],
      ['entry', 'core', 'lazy'],
      ['core', 'lazy', 'entry'],
    ])
      expect(layers(given.map(o), names).map((layer) => layer.map((x) => x.path))).toEqual([
        ['lazy'],
        ['core'],
        ['entry'],
      ]);
  });
});
