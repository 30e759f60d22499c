/**
 * `npm run deploy` against a real S3 implementation (s3rver on 127.0.0.1), never a mock of the client: the
 * first deploy of a built release, a deploy with nothing to do, a change in one resort, resorts that leave,
 * the order readers depend on, the headers of the `_headers` table, and what the bucket holds afterwards —
 * compared with the release file by file.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesPattern } from '../../scripts/api/headers.ts';
import { readState } from '../../scripts/snapshot/store/state.ts';
import { currentStatePath } from '../../scripts/snapshot/store/writer.ts';
import {
  buildRelease,
  datasetWithNewerReport,
  expectBucketEqualsRelease,
  releaseFiles,
  runDeploy,
  widget,
} from './helpers.ts';
import { startS3, type LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let root: string;
const out = () => join(root, 'dist');
const TO = 's3://site/snow';
const PREFIX = 'snow/';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-deploy-'));
  s3 = await startS3(['site']);
  await buildRelease(out());
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** Path → sha256 of every file of the current release (the state's `api/` files and the others' bytes). */
async function hashes(): Promise<Map<string, string>> {
  const state = (await readState((await currentStatePath(out()))!))!;
  const files = await releaseFiles(out());
  return new Map(
    [...files].map(([path, bytes]) => [
      path,
      state.files[path.slice(4)]?.sha256 ?? createHash('sha256').update(bytes).digest('hex'),
    ]),
  );
}

const written = (requests: ReadonlyArray<{ kind: string; method: string; path: string }>) =>
  requests.filter((r) => r.kind === 'write').map((r) => r.path);

describe('npm run deploy', () => {
  it('publishes a first release: every file, new objects first, the index last, then the deploy index', async () => {
    const release = await releaseFiles(out());
    const run = await runDeploy(s3, out(), TO);
    expect(run.code, run.stderr).toBe(0);
    expect(await expectBucketEqualsRelease(s3, 'site', PREFIX, out())).toBe(release.size);
    // a read of the deploy index and of the journal, one listing proving the prefix empty; the journal,
    // every file and the deploy index; and the journal's removal
    expect(run.counts).toEqual({ read: 2, list: 1, write: release.size + 2, delete: 2 });
    const writes = written(run.requests);
    expect(writes[0]).toBe('.resort-conditions/journal.json.gz');
    expect(writes.at(-2)).toBe('api/manifest.json');
    expect(writes.at(-1)).toBe('.resort-conditions/index.json.gz');
    expect(run.requests.at(-1)).toMatchObject({ kind: 'delete', path: '.resort-conditions/journal.json.gz' });
    expect(run.stdout).toContain(`${release.size} objects uploaded`);
    expect(run.stdout).toMatch(
      new RegExp(
        `requests: ${release.size + 2} writes, 2 deletes, 2 reads, 1 list; estimated \\$0 at the prices of a self-hosted`,
      ),
    );
  }, 120_000);

  it('gives each object the Content-Type and Cache-Control of the _headers table', async () => {
    const objects = await s3.objects('site', PREFIX);
    const table = (await releaseFiles(out())).get('_headers')!.toString('utf8');
    const rule = (pattern: string) => {
      const block = table.split('\n\n').find((b) => b.startsWith(`${pattern}\n`));
      return Object.fromEntries(
        block!
          .split('\n')
          .slice(1)
          .map((line) => [line.trim().split(': ')[0], line.trim().split(': ').slice(1).join(': ')]),
      );
    };
    let checked = 0;
    for (const [path, object] of objects) {
      if (!path.startsWith('api/') || path === 'api/manifest.json') continue;
      const block = table.split('\n\n').findLast((b) => matchesPattern(b.split('\n')[0]!, `/${path}`));
      const expected = rule(block!.split('\n')[0]!);
      expect({ path, type: object.contentType, cache: object.cacheControl }).toEqual({
        path,
        type: expected['Content-Type'],
        cache: expected['Cache-Control'],
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
    const headersOf = (path: string) => ({
      type: objects.get(path)!.contentType,
      cache: objects.get(path)!.cacheControl,
    });
    expect(headersOf('api/en-US/externalservice/resort/25/combinedreport.json')).toEqual({
      type: 'application/json; charset=utf-8',
      cache: 'public, max-age=900, stale-while-revalidate=3600',
    });
    expect(headersOf('api/manifest.json')).toEqual({
      type: 'application/json; charset=utf-8',
      cache: 'public, max-age=60',
    });
    expect(headersOf('resort-conditions.js')).toEqual({
      type: 'text/javascript; charset=utf-8',
      cache: 'public, max-age=300',
    });
    // the bundle's hashed chunks, as the table names them (`/rc.*`): kept for a year
    const german = (await widget()).find((f) => /^rc\.de\.[\w-]+\.js$/.test(f.path))!.path;
    expect(headersOf(german)).toEqual({
      type: 'text/javascript; charset=utf-8',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(headersOf('index.html')).toEqual({
      type: 'text/html; charset=utf-8',
      cache: 'public, max-age=300',
    });
    expect(headersOf('_headers')).toEqual({
      type: 'text/plain; charset=utf-8',
      cache: 'public, max-age=300',
    });
  }, 60_000);

  it('keeps a small deploy index of every object, and no source identity, URL or credential in it', async () => {
    const objects = await s3.objects('site', PREFIX);
    const index = JSON.parse(
      gunzipSync(objects.get('.resort-conditions/index.json.gz')!.bytes).toString('utf8'),
    );
    expect(Object.keys(index)).toEqual(['version', 'release', 'objects', 'bytes']);
    expect(Object.keys(index.objects).sort()).toEqual([...(await releaseFiles(out())).keys()].sort());
    expect(Object.values(index.objects).every((fp) => /^[0-9a-f]{16}$/.test(fp as string))).toBe(true);
    // each object's bytes alone, as a tag: the first 32 bits of their SHA-256
    expect(Object.keys(index.bytes).sort()).toEqual(Object.keys(index.objects).sort());
    const manifest = objects.get('api/manifest.json')!.bytes;
    expect(index.bytes['api/manifest.json']).toBe(
      createHash('sha256').update(manifest).digest('hex').slice(0, 8),
    );
    const text = JSON.stringify(index);
    for (const secret of ['S3RVER', 'demo-partner-key', 'demo@example.com', '127.0.0.1'])
      expect(text).not.toContain(secret);
  });

  it('reads two objects and writes nothing when the bucket already holds the release', async () => {
    const before = await s3.listing('site');
    const run = await runDeploy(s3, out(), TO);
    expect(run.code, run.stderr).toBe(0);
    expect(run.counts).toEqual({ read: 2, list: 0, write: 0, delete: 0 });
    expect(run.stdout).toContain('0 objects uploaded (0 B), 0 objects deleted');
    expect(await s3.listing('site')).toEqual(before);
  });

  it('uploads only the files that changed when one resort changed', async () => {
    const before = await hashes();
    await buildRelease(out(), [], await datasetWithNewerReport(join(root, 'data-25'), 25));
    const after = await hashes();
    const changed = [...after]
      .filter(([path, hash]) => before.get(path) !== hash)
      .map(([path]) => path)
      .sort();
    // the resort's own files (its embeds too), the group files (all, its country, state and region) that hold it,
    // and the pre-rendered lists of its regions
    expect(changed.length).toBeGreaterThan(5);
    for (const path of changed) {
      expect(path).toMatch(
        /\/25[./]|\/group=[^/]+\.json$|\/regionId=\d+\.json$|^lists\/[^/]+\/region-\d+(\.include)?\.html$/,
      );
    }
    expect([...after.keys()].filter((p) => !before.has(p))).toEqual([]);

    const run = await runDeploy(s3, out(), TO);
    expect(run.code, run.stderr).toBe(0);
    const uploaded = written(run.requests).filter((p) => !p.startsWith('.resort-conditions/'));
    expect([...uploaded].sort()).toEqual(changed);
    expect(run.counts).toEqual({ read: 2, list: 0, write: changed.length + 2, delete: 2 });
    await expectBucketEqualsRelease(s3, 'site', PREFIX, out());
  }, 60_000);

  it('deletes the files of resorts that left only after the new index is live', async () => {
    const before = await releaseFiles(out());
    await buildRelease(out(), ['--resorts', '20,25,60,101']);
    const after = await releaseFiles(out());
    const gone = [...before.keys()].filter((p) => !after.has(p)).sort();
    expect(gone.length).toBeGreaterThan(500);

    const run = await runDeploy(s3, out(), TO);
    expect(run.code, run.stderr).toBe(0);
    // the probe of the right to delete, one DeleteObjects for up to 1,000 objects, the journal's removal
    expect(run.counts.delete).toBe(1 + Math.ceil(gone.length / 1000) + 1);
    const order = run.requests.map((r) => `${r.kind} ${r.path}`);
    const indexAt = order.indexOf('write .resort-conditions/index.json.gz');
    const firstBatchDelete = run.requests.findIndex((r) => r.kind === 'delete' && r.method === 'POST');
    expect(indexAt).toBeGreaterThan(0);
    expect(firstBatchDelete).toBeGreaterThan(indexAt);
    expect(order.indexOf('write api/manifest.json')).toBeLessThan(indexAt);
    // the journal names what this deploy touches, deletions included, before anything else is written
    expect(order.findIndex((o) => o.startsWith('write'))).toBe(
      order.indexOf('write .resort-conditions/journal.json.gz'),
    );
    await expectBucketEqualsRelease(s3, 'site', PREFIX, out());
  }, 60_000);

  it('prints what it would do and the cost, and writes nothing, with --dry-run', async () => {
    await buildRelease(out());
    const before = await s3.listing('site');
    const run = await runDeploy(s3, out(), TO, ['--dry-run'], { ...s3.env, AWS_ENDPOINT_URL: s3.endpoint });
    expect(run.code, run.stderr).toBe(0);
    expect(run.counts.write + run.counts.delete).toBe(0);
    expect(run.stdout).toMatch(
      /^dry run, nothing written: s3:\/\/site\/snow\/ from release \S+: \d+ objects to upload/,
    );
    const uploads = Number(/: (\d+) objects to upload/.exec(run.stdout)![1]);
    expect(uploads).toBeGreaterThan(1000);
    // the journal, the uploads and the deploy index; the journal's removal
    expect(run.stdout).toContain(
      `requests it would make: ${uploads + 2} writes, 2 deletes, 2 reads, 0 lists`,
    );
    expect(await s3.listing('site')).toEqual(before);
  }, 60_000);

  it('states the cost at the prices of the configured store', async () => {
    const config = join(root, 'prices.json');
    await writeFile(
      config,
      JSON.stringify({ deploy: { prices: { write: 5, read: 0.4, list: 5, delete: 0 } } }),
    );
    const run = await runDeploy(s3, out(), TO, ['--dry-run', '--config', config]);
    expect(run.code, run.stderr).toBe(0);
    const writes = Number(/would make: (\d+) writes/.exec(run.stdout)![1]);
    const dollars = (writes * 5 + 2 * 0.4) / 1000;
    expect(run.stdout).toContain(`estimated $${dollars.toFixed(2)} at the prices of deploy.prices`);
  });
});

describe('the deploy index', () => {
  it('lives in the bucket, not in the build: a fresh runner that builds the same data deploys nothing', async () => {
    const fresh = join(root, 'fresh', 'dist');
    await buildRelease(fresh, ['--resorts', '20,25,60,101']);
    const run = await runDeploy(s3, fresh, TO);
    expect(run.code, run.stderr).toBe(0);
    expect(run.counts).toEqual({ read: 2, list: 0, write: 0, delete: 0 });
    await expectBucketEqualsRelease(s3, 'site', PREFIX, fresh);
  }, 60_000);
});
