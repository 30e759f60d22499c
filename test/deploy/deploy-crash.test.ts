/**
 * A deploy killed with SIGKILL at any point leaves the previous state readable — no index names an object
 * that is not there — and the next deploy finishes the job: the bucket then equals the release, file by
 * file. The deploy runs in a child process (deploy-child.ts) that kills itself after a chosen request.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, INDEX_KEY, RemoteIndex } from '../../scripts/deploy/remote-index.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import {
  buildRelease,
  datasetWithNewerReport,
  expectBucketEqualsRelease,
  releaseFiles,
  REPO,
  runDeploy,
} from './helpers.ts';
import { startS3, type LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let root: string;
const TO = 's3://site/crash';
const PREFIX = 'crash/';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-deploy-crash-'));
  s3 = await startS3(['site']);
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function deployProcess(out: string, killAt: string, to = TO): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/deploy/deploy-child.ts', out, to, s3.endpoint, killAt],
      { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Eight resorts of the sample: enough for new, changed and removed objects of every kind. */
const ALL = [20, 25, 60, 101, 117, 136, 155, 606];

describe('a deploy killed with SIGKILL', () => {
  it('never leaves an index that names a missing object, and the next deploy finishes the job', async () => {
    const out = join(root, 'dist');
    // the bucket holds a release without resort 606
    await buildRelease(out, ['--resorts', ALL.filter((id) => id !== 606).join(',')]);
    const before = await releaseFiles(out);
    expect((await runDeploy(s3, out, TO)).code).toBe(0);
    // the next release adds 606, drops 20 and a newer report at 25: new, changed and removed objects
    await buildRelease(
      out,
      ['--resorts', ALL.filter((id) => id !== 20).join(',')],
      await datasetWithNewerReport(join(root, 'data'), 25),
    );
    const after = await releaseFiles(out);
    const manifests = new Map([
      [before.get('api/manifest.json')!.toString(), before],
      [after.get('api/manifest.json')!.toString(), after],
    ]);
    expect(manifests.size).toBe(2);

    const killPoints = [
      'write:1' /* the journal only */,
      'write:4' /* three new objects */,
      'after:api/manifest.json',
      'after:.resort-conditions/index.json.gz',
      'delete:2' /* the probe, then one batch */,
    ];
    for (const killAt of killPoints) {
      const killed = await deployProcess(out, killAt);
      expect({ killAt, code: killed.code, signal: killed.signal }, killed.stderr).toEqual({
        killAt,
        code: null,
        signal: 'SIGKILL',
      });
      const objects = await s3.objects('site', PREFIX);
      // the manifest a reader finds is the old or the new one, and every file of its release is there
      const live = manifests.get(objects.get('api/manifest.json')!.bytes.toString());
      expect(live, killAt).toBeDefined();
      const missing = [...live!.keys()].filter((path) => !objects.has(path));
      expect(missing, killAt).toEqual([]);
      for (const resort of Manifest.parse(JSON.parse(objects.get('api/manifest.json')!.bytes.toString()))
        .resorts) {
        expect(
          objects.has(`api/en-US/externalservice/resort/${resort.id}/combinedreport.json`),
          `${killAt}: resort ${resort.id}`,
        ).toBe(true);
      }
      // the deploy index names only objects that are there, and the journal says a deploy did not finish
      const index = JSON.parse(
        gunzipSync(objects.get('.resort-conditions/index.json.gz')!.bytes).toString(),
      ) as { objects: Record<string, string> };
      expect(
        Object.keys(index.objects).filter((path) => !objects.has(path)),
        killAt,
      ).toEqual([]);
      expect(objects.has('.resort-conditions/journal.json.gz'), killAt).toBe(true);
    }

    const last = await runDeploy(s3, out, TO);
    expect(last.code, last.stderr).toBe(0);
    expect(last.stdout).toMatch(/checked in the bucket first/);
    // everything was already uploaded by the killed deploys of this same release: the last one lists the
    // prefix once instead of uploading, or sending a HEAD per object
    expect(
      last.requests.filter((r) => r.kind === 'write' && !r.path.startsWith('.resort-conditions/')),
    ).toEqual([]);
    expect({ read: last.counts.read, list: last.counts.list }).toEqual({ read: 2, list: 1 });
    expect(await expectBucketEqualsRelease(s3, 'site', PREFIX, out)).toBe(after.size);
  }, 180_000);

  it('in the middle of a first deploy: the next one checks what the first put there and uploads the rest', async () => {
    const out = join(root, 'first', 'dist');
    await buildRelease(out, ['--resorts', '20,25']);
    const files = (await releaseFiles(out)).size;
    const killed = await deployProcess(out, 'write:11', 's3://site/first');
    expect({ code: killed.code, signal: killed.signal }, killed.stderr).toEqual({
      code: null,
      signal: 'SIGKILL',
    });
    // the journal and ten objects, but neither a deploy index nor the manifest: nothing names them yet
    const keys = await s3.keys('site', 'first/');
    expect(keys).toHaveLength(11);
    expect(keys).toContain('first/.resort-conditions/journal.json.gz');
    expect(keys).not.toContain('first/api/manifest.json');

    const next = await runDeploy(s3, out, 's3://site/first');
    expect(next.code, next.stderr).toBe(0);
    // every object the journal names is checked, from one listing; the ten already there are not sent again
    expect({ read: next.counts.read, list: next.counts.list }).toEqual({ read: 2, list: 1 });
    expect(
      next.requests.filter((r) => r.kind === 'write' && !r.path.startsWith('.resort-conditions/')),
    ).toHaveLength(files - 10);
    // the summary counts only what was there to delete: the journal
    expect(next.requests.filter((r) => r.kind === 'delete').map((r) => r.path)).toEqual([
      '.resort-conditions/probe',
      '.resort-conditions/journal.json.gz',
    ]);
    await expectBucketEqualsRelease(s3, 'site', 'first/', out);
  }, 60_000);

  it('of changed bytes: the next one tells from one listing what the killed one wrote, with no HEAD', async () => {
    const out = join(root, 'bytes', 'dist');
    await buildRelease(out, ['--resorts', '20,25']);
    expect((await runDeploy(s3, out, 's3://site/bytes')).code).toBe(0);
    // the next release changes the files of resort 25 (and those naming them): the killed deploy wrote
    // some of them, with the release's bytes where the index names the earlier version's
    await buildRelease(
      out,
      ['--resorts', '20,25'],
      await datasetWithNewerReport(join(root, 'bytes-data'), 25),
    );
    const killed = await deployProcess(out, 'write:8', 's3://site/bytes');
    expect({ code: killed.code, signal: killed.signal }, killed.stderr).toEqual({
      code: null,
      signal: 'SIGKILL',
    });

    const next = await runDeploy(s3, out, 's3://site/bytes');
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/checked in the bucket first/);
    // the deploy index and the journal, one listing, and not one HEAD: every object's bytes tell
    expect(
      next.requests
        .filter((r) => r.kind === 'read')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['.resort-conditions/index.json.gz', '.resort-conditions/journal.json.gz']);
    expect(next.counts.list).toBe(1);
    await expectBucketEqualsRelease(s3, 'site', 'bytes/', out);
  }, 60_000);

  it('of a change of headers alone: the next one asks each object whose bytes alone cannot tell', async () => {
    const out = join(root, 'headers', 'dist');
    await buildRelease(out, ['--resorts', '20,25']);
    expect((await runDeploy(s3, out, 's3://site/headers')).code).toBe(0);
    // the bucket as an earlier version with other cache rules left it: the same bytes of the daily files
    // under another max-age, and an index that fingerprints them so
    const changed = await olderRules(s3, 'headers/', 'max-age=21600', 'max-age=21599');
    expect(changed).toHaveLength(16);
    const killed = await deployProcess(out, 'write:6', 's3://site/headers');
    expect({ code: killed.code, signal: killed.signal }, killed.stderr).toEqual({
      code: null,
      signal: 'SIGKILL',
    });

    const next = await runDeploy(s3, out, 's3://site/headers');
    expect(next.code, next.stderr).toBe(0);
    // one listing, then a HEAD for each object holding the release's bytes where the index names another
    // version: the sixteen whose headers alone changed
    expect(next.counts.list).toBe(1);
    expect(
      next.requests
        .filter((r) => r.kind === 'read' && !r.path.startsWith('.resort-conditions/'))
        .map((r) => r.path)
        .sort(),
    ).toEqual([...changed].sort());
    const objects = await s3.objects('site', 'headers/');
    expect(
      changed.filter((path) => objects.get(path)!.cacheControl?.includes('max-age=21600') !== true),
    ).toEqual([]);
    await expectBucketEqualsRelease(s3, 'site', 'headers/', out);
  }, 60_000);
});

/**
 * Rewrites the objects under `prefix` whose Cache-Control holds `from` with `to` instead (same bytes and
 * type), and the deploy index's fingerprints of them to match, as an earlier version with other rules would
 * have left the bucket. Answers the paths under the prefix it rewrote.
 */
async function olderRules(s3: LocalS3, prefix: string, from: string, to: string): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const objects = await s3.objects('site', prefix);
    const index = RemoteIndex.parse(JSON.parse(gunzipSync(objects.get(INDEX_KEY)!.bytes).toString('utf8')));
    const paths: string[] = [];
    for (const [path, object] of objects) {
      if (!object.cacheControl?.includes(from)) continue;
      const cacheControl = object.cacheControl.replace(from, to);
      const contentType = object.contentType!;
      await client.send(
        new PutObjectCommand({
          Bucket: 'site',
          Key: `${prefix}${path}`,
          Body: object.bytes,
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      );
      const sha256 = createHash('sha256').update(object.bytes).digest('hex');
      index.objects[path] = fingerprint({ sha256, size: object.bytes.byteLength, contentType, cacheControl });
      paths.push(path);
    }
    await client.send(
      new PutObjectCommand({
        Bucket: 'site',
        Key: `${prefix}${INDEX_KEY}`,
        Body: gzipSync(JSON.stringify(index)),
      }),
    );
    return paths;
  } finally {
    client.destroy();
  }
}
