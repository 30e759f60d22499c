/**
 * Missing is not broken (scripts/docs/snapshot.md, "Missing is not broken"): a resort left out of every
 * multi-resort answer, or a map that comes back `{}`, after a good release. Each build runs against a real
 * HTTP server; the resorts left out keep their files, stale and named (exit 3), and every file of the tree is
 * byte for byte a clean build's.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import {
  buildAgainst,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
  publishedTree,
} from './upstream.ts';
import { FROZEN_NOW } from '../helpers.ts';

const FLAGS = ['--locales', 'en-US', '--regions', '251', '--refresh', 'all'];
/** Every multi-resort answer the build asks for: Family B's maps and Family A's list. */
const MULTI =
  /^\/externalservice\/resort\/(snowreport|webcams|combinedreport|forecast|profile)$|^\/resorts\/snowreport$/;
/** Colorado's two resorts in the sample. */
const [LEFT, OTHER] = [20, 428];
const DAY = 24 * 3600 * 1000;
/** An answer without the resort left out. */
const withoutLeft = (json: any) =>
  Array.isArray(json)
    ? json.filter((r: { resort?: number }) => r.resort !== LEFT)
    : (delete json[LEFT], json);

let upstream: HostileUpstream;
let root: string;
let clean: Map<string, Buffer>;

/** Every file of a published tree but its index, by path. */
async function tree(out: string): Promise<Map<string, Buffer>> {
  const files = await publishedTree(out);
  files.delete('api/manifest.json');
  return files;
}

/** The paths whose bytes differ from the clean build's, or that one tree has and the other has not. */
function changed(files: Map<string, Buffer>): string[] {
  const paths = new Set([...files.keys(), ...clean.keys()]);
  return [...paths]
    .filter((p) => !files.get(p)?.equals(clean.get(p) ?? Buffer.alloc(0)) || !clean.has(p))
    .sort();
}

const manifestOf = async (out: string) =>
  Manifest.parse(JSON.parse((await published(out, 'api/manifest.json'))!));

beforeAll(async () => {
  upstream = await startHostileUpstream();
  root = await scratch();
  const run = await buildAgainst(upstream, join(root, 'clean'), { flags: FLAGS });
  expect(run.code, run.stderr).toBe(EXIT.ok);
  clean = await tree(join(root, 'clean'));
});
afterAll(async () => {
  await upstream.close();
  await removeScratch(root);
});

/**
 * A good release into `name`, then one with `change` made to every multi-resort answer, `days` later by
 * the build's clock (SOURCE_DATE_EPOCH); both with `settings` as their config file, if given.
 */
async function afterGoodRelease(
  name: string,
  change: (json: any) => unknown,
  { days = 0, settings }: { days?: number; settings?: object } = {},
) {
  const out = join(root, name);
  const config = settings && join(root, `${name}.json`);
  if (config) await writeFile(config, JSON.stringify(settings));
  upstream.reset();
  expect((await buildAgainst(upstream, out, { flags: FLAGS, config })).code).toBe(EXIT.ok);
  upstream.change((path) => MULTI.test(path), change);
  try {
    const env = { SOURCE_DATE_EPOCH: String((FROZEN_NOW + days * DAY) / 1000) };
    return { out, run: await buildAgainst(upstream, out, { flags: FLAGS, config, env }) };
  } finally {
    upstream.reset();
  }
}

describe('a resort missing from a valid answer', () => {
  it('left out of every multi-resort answer: kept stale and named, every file of the tree as a clean build has it', async () => {
    const { out, run } = await afterGoodRelease('left-out', (json) =>
      Array.isArray(json)
        ? json.filter((r: { resort?: number }) => r.resort !== LEFT)
        : (delete json[LEFT], json),
    );
    expect(run.code, run.stderr).toBe(EXIT.stale);
    expect(run.stderr).toContain(`resort ${LEFT} was left out of the answer`);
    expect(run.stderr).not.toContain(`resort ${OTHER}`);
    const manifest = await manifestOf(out);
    expect(manifest.stale.length).toBeGreaterThan(0);
    expect(manifest.stale.every((s) => s.reason === 'left out of the answer')).toBe(true);
    expect(manifest.missing).toBeUndefined();
    expect(changed(await tree(out))).toEqual([]);
  });

  it('every map answered `{}`: each resort kept stale, the tree as a clean build has it', async () => {
    const { out, run } = await afterGoodRelease('empty', (json) => (Array.isArray(json) ? json : {}));
    expect(run.code, run.stderr).toBe(EXIT.stale);
    expect(run.stderr).toContain(`resorts ${LEFT}, ${OTHER} were left out of the answer`);
    expect((await manifestOf(out)).missing).toBeUndefined();
    expect(changed(await tree(out))).toEqual([]);
  });

  it('a countries list answered `[]`: refused whole, it and everything it names kept, the tree as a clean build has it', async () => {
    const out = join(root, 'no-countries');
    upstream.reset();
    expect((await buildAgainst(upstream, out, { flags: FLAGS })).code).toBe(EXIT.ok);
    upstream.change(
      (path) => path === '/externalservice/region/countries/list',
      () => [],
    );
    try {
      const run = await buildAgainst(upstream, out, { flags: FLAGS });
      expect(run.code, run.stderr).toBe(EXIT.contract);
      expect(run.stderr).toContain('a countries list names at least one country');
      expect(changed(await tree(out))).toEqual([]);
    } finally {
      upstream.reset();
    }
  });

  it('in a first build: the resort has no file, the build says which, and the rest publishes', async () => {
    upstream.change(
      (path) => MULTI.test(path),
      (json) =>
        Array.isArray(json)
          ? json.filter((r: { resort?: number }) => r.resort !== LEFT)
          : (delete json[LEFT], json),
    );
    try {
      const out = join(root, 'first');
      const run = await buildAgainst(upstream, out, { flags: FLAGS });
      // the list of a region whose only resort is left out has no resort to show: the element's list cannot
      // render an empty region today, and the fault boundary leaves that list out, named (exit 4)
      expect([EXIT.ok, EXIT.contract], run.stderr).toContain(run.code);
      if (run.code === EXIT.contract)
        expect(run.stderr).toMatch(/lists en-US region \d+ \(left out: no earlier copy\): could not be made/);
      expect(run.stderr).toContain(`resort ${LEFT} was left out of the answer and had no earlier copy`);
      expect(
        await published(out, `api/en-US/externalservice/resort/${LEFT}/combinedreport.json`),
      ).toBeUndefined();
      expect(await published(out, `api/en-US/externalservice/resort/${OTHER}/combinedreport.json`)).toBe(
        clean.get(`api/en-US/externalservice/resort/${OTHER}/combinedreport.json`)!.toString('utf8'),
      );
    } finally {
      upstream.reset();
    }
  });
});

describe('how old a kept copy may get (config staleFor, a week by default)', () => {
  const own = `api/en-US/externalservice/resort/${LEFT}/combinedreport.json`;

  it('within the age: six days after the good release, the left-out resort keeps its copy, stale', async () => {
    const { out, run } = await afterGoodRelease('within', withoutLeft, { days: 6 });
    expect(run.code, run.stderr).toBe(EXIT.stale);
    expect(run.stderr).toContain(`resort ${LEFT} was left out of the answer`);
    expect(run.stderr).not.toContain('past staleFor');
    expect(await published(out, own)).toBe(clean.get(own)!.toString('utf8'));
    const manifest = await manifestOf(out);
    expect(manifest.missing).toBeUndefined();
    expect(manifest.stale.map((s) => s.since)).toContain(new Date(FROZEN_NOW).toISOString());
  });

  it('past the age: two days after, with staleFor 1d, its files are left out and named, the rest fresh', async () => {
    // (a clock moved further would put the sample's forecast dates out of their window)
    const { out, run } = await afterGoodRelease('past', withoutLeft, {
      days: 2,
      settings: { staleFor: '1d' },
    });
    // as for a part with no earlier copy (the first build above): 3, or 4 where the list of a region whose
    // only resort is left out cannot be made
    expect([EXIT.stale, EXIT.contract], run.stderr).toContain(run.code);
    if (run.code === EXIT.contract) expect(run.stderr).toMatch(/lists en-US region \d+: could not be made/);
    expect(run.stderr).toContain(`resort ${LEFT} left out: its last good copy is 2 days old, past staleFor`);
    expect(run.stderr).not.toContain(`resort ${LEFT} was left out of the answer`);
    expect(await published(out, own)).toBeUndefined();
    const other = `api/en-US/externalservice/resort/${OTHER}/combinedreport.json`;
    expect(await published(out, other)).toBeDefined();
    const manifest = await manifestOf(out);
    expect(manifest.missing).toContainEqual({
      part: expect.stringContaining('combinedreport'),
      reason: `resort ${LEFT} left out: its last good copy is 2 days old, past staleFor`,
    });
    expect(manifest.stale.filter((s) => s.reason === 'left out of the answer')).toEqual([]);
  });
});
