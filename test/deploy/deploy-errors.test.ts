/**
 * A deploy that cannot be done says why, with a documented exit code, before it writes anything: missing
 * or wrong credentials, a missing bucket, a prefix it may not write or delete in, a prefix holding objects
 * this tool did not put there. A store that throttles is waited for; one that keeps failing stops the
 * deploy with the previous state intact. Against s3rver on 127.0.0.1, with a bucket policy in front of it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { readObject, readRelease } from '../../scripts/deploy/release-files.ts';
import { buildRelease, expectBucketEqualsRelease, runDeploy } from './helpers.ts';
import { startS3, type LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let root: string;
let small: string;
let smaller: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-deploy-errors-'));
  s3 = await startS3(['site', 'other']);
  small = join(root, 'small', 'dist');
  smaller = join(root, 'smaller', 'dist');
  await buildRelease(small, ['--resorts', '20,25']);
  await buildRelease(smaller, ['--resorts', '20']);
  // a deployment to delete from later, and objects someone else put there
  expect((await runDeploy(s3, small, 's3://site/deployed')).code).toBe(0);
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(
    new PutObjectCommand({ Bucket: 'site', Key: 'foreign/index.html', Body: '<h1>not ours</h1>' }),
  );
  client.destroy();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  for (const rule of ['readOnly', 'noWrite', 'noDelete', 'throttle', 'noBatchDelete'] as const)
    s3.policy[rule] = undefined;
});

const without = (env: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !names.includes(k)));

describe('a deploy that cannot be done', () => {
  it.each([
    {
      name: 'no credentials',
      to: 's3://site/new',
      env: () => without(s3.env, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'),
      exit: EXIT.storeAuth,
      message:
        'deploy: [store_auth] no credentials for s3://site/new/: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    },
    {
      name: 'an access key the store does not know',
      to: 's3://site/new',
      env: () => ({ ...s3.env, AWS_ACCESS_KEY_ID: 'NOT-A-KEY' }),
      exit: EXIT.storeAuth,
      message:
        'deploy: [store_auth] [GET] "s3://site/new/.resort-conditions/index.json.gz": HTTP 403 InvalidAccessKeyId: the store refused the credentials',
    },
    {
      name: 'a secret key that does not match the access key',
      to: 's3://site/new',
      env: () => ({ ...s3.env, AWS_SECRET_ACCESS_KEY: 'wrong-secret-d0n0tl0g' }),
      exit: EXIT.storeAuth,
      message:
        'deploy: [store_auth] [GET] "s3://site/new/.resort-conditions/index.json.gz": HTTP 403 SignatureDoesNotMatch: the store refused the credentials',
    },
    {
      name: 'a bucket that does not exist',
      to: 's3://missing-bucket/new',
      env: () => s3.env,
      exit: EXIT.storeTarget,
      message: 'HTTP 404 NoSuchBucket: the bucket "missing-bucket" does not exist at http://127.0.0.1:',
    },
    {
      name: 'a prefix the credentials may not write to',
      to: 's3://site/locked',
      env: () => s3.env,
      noWrite: (key: string) => key.startsWith('site/locked/'),
      exit: EXIT.storeTarget,
      message:
        'deploy: [store_target] [PUT] "s3://site/locked/.resort-conditions/journal.json.gz": HTTP 403 AccessDenied: the credentials may not write under s3://site/locked/',
    },
    {
      name: 'a prefix the credentials may write to but not delete from, even when nothing must go',
      to: 's3://site/undeletable',
      env: () => s3.env,
      noDelete: (key: string) => key.startsWith('site/undeletable/'),
      exit: EXIT.storeTarget,
      message:
        'deploy: [store_target] [DELETE] "s3://site/undeletable/.resort-conditions/probe": HTTP 403 AccessDenied: the credentials may not delete under s3://site/undeletable/',
    },
    {
      name: 'a prefix the credentials may not delete from, when objects must go',
      to: 's3://site/deployed',
      out: () => smaller,
      env: () => s3.env,
      readOnly: (key: string) => key.startsWith('site/deployed/'),
      exit: EXIT.storeTarget,
      message:
        'deploy: [store_target] [DELETE] "s3://site/deployed/.resort-conditions/probe": HTTP 403 AccessDenied: the credentials may not delete under s3://site/deployed/',
    },
    {
      name: 'a prefix that holds objects this tool did not put there',
      to: 's3://site/foreign',
      env: () => s3.env,
      exit: EXIT.usage,
      message:
        'deploy: [foreign_output] s3://site/foreign/ holds objects (first: index.html) but no deploy index, so this tool did not put them there; nothing was touched',
    },
    {
      name: 'no target',
      to: '',
      env: () => s3.env,
      exit: EXIT.usage,
      message: 'deploy: [usage] no target: give --to s3://bucket/prefix',
    },
    {
      name: 'a target that is not an s3:// address',
      to: 'https://site.example/snow',
      env: () => s3.env,
      exit: EXIT.usage,
      message: 'deploy: [usage] --to: "https://site.example/snow" is not an s3:// address',
    },
  ])(
    'exits $exit and writes nothing for $name',
    async ({ to, env, readOnly, noWrite, noDelete, exit, message, out }) => {
      Object.assign(s3.policy, { readOnly, noWrite, noDelete });
      const before = [...(await s3.listing('site')), ...(await s3.listing('other'))];
      const run = await runDeploy(s3, out?.() ?? small, to, [], env());
      expect(run.code, run.stderr).toBe(exit);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe('');
      // the rights probe deletes a key that never exists: it changes nothing
      expect(
        run.requests.filter(
          (r) =>
            (r.kind === 'write' || r.kind === 'delete') &&
            r.status < 300 &&
            r.path !== '.resort-conditions/probe',
        ),
      ).toEqual([]);
      expect([...(await s3.listing('site')), ...(await s3.listing('other'))]).toEqual(before);
      // never a secret in a message
      expect(run.stderr).not.toContain(s3.env.AWS_SECRET_ACCESS_KEY);
      expect(run.stderr).not.toContain('d0n0tl0g');
    },
  );

  it('stops with exit 12 when the store keeps failing, and the bucket keeps its previous state', async () => {
    const config = join(root, 'two-attempts.json');
    await writeFile(config, JSON.stringify({ deploy: { attempts: 2 } }));
    s3.policy.throttle = () => true;
    const before = await s3.listing('site');
    const run = await runDeploy(s3, smaller, 's3://site/deployed', ['--config', config]);
    expect(run.code, run.stderr).toBe(EXIT.storeFailed);
    expect(run.stderr).toContain(
      'deploy: [store_failed] [PUT] "s3://site/deployed/.resort-conditions/journal.json.gz": HTTP 503 SlowDown (Please reduce your request rate.): the store could not be reached or kept failing after 2 attempts; readers still see the previous complete state — run the deploy again',
    );
    expect(run.requests.filter((r) => r.kind === 'write')).toHaveLength(2);
    expect(await s3.listing('site')).toEqual(before);
    s3.policy.throttle = undefined;
    await expectBucketEqualsRelease(s3, 'site', 'deployed/', small);
  }, 60_000);
});

describe('a store that throttles', () => {
  it('is retried with backoff, and every attempt is counted', async () => {
    let refusals = 3;
    s3.policy.throttle = () => refusals-- > 0;
    const run = await runDeploy(s3, small, 's3://other/throttled', ['--concurrency', '1']);
    expect(run.code, run.stderr).toBe(0);
    const files = await expectBucketEqualsRelease(s3, 'other', 'throttled/', small);
    const writes = run.requests.filter((r) => r.kind === 'write');
    expect(writes.filter((r) => r.status === 503)).toHaveLength(3);
    expect(writes.filter((r) => r.status === 200)).toHaveLength(files + 2);
    expect(run.stdout).toContain(`requests: ${files + 2 + 3} writes`);
  }, 60_000);
});

describe('a store without multi-object delete', () => {
  it('deletes one object per request', async () => {
    s3.policy.noBatchDelete = true;
    const before = (await s3.keys('site', 'deployed/')).length;
    const run = await runDeploy(s3, smaller, 's3://site/deployed');
    expect(run.code, run.stderr).toBe(0);
    const files = await expectBucketEqualsRelease(s3, 'site', 'deployed/', smaller);
    const gone = before - 1 - files;
    expect(gone).toBeGreaterThan(10);
    // the probe, the refused batch (501, not retried), one DELETE per object gone, the journal
    expect(run.requests.filter((r) => r.kind === 'delete').map((r) => r.status)).toEqual([
      204,
      501,
      ...Array(gone).fill(204),
      204,
    ]);
  }, 60_000);
});

describe('--adopt', () => {
  it('takes over a prefix of someone else: keeps nothing that is not in the release', async () => {
    const run = await runDeploy(s3, small, 's3://site/foreign', ['--adopt']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.counts.list).toBe(1);
    await expectBucketEqualsRelease(s3, 'site', 'foreign/', small);
  }, 60_000);

  it("adopts what another sync tool uploaded: objects with the release's bytes and headers stay, the rest is fixed", async () => {
    // (image copies carry Content-Disposition: one uploaded without it is fixed like a wrong type would be)
    const release = await readRelease(small);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const objects = [...release.objects.values()];
    // as `aws s3 sync` would leave it, one file older and one object more
    const stale = objects.find((o) => o.path.endsWith('/profile.json'))!;
    for (const o of objects) {
      const bytes = o === stale ? Buffer.from('{"old":true}\n') : await readObject(release, o);
      await client.send(
        new PutObjectCommand({
          Bucket: 'site',
          Key: `synced/${o.path}`,
          Body: bytes,
          ContentType: o.contentType,
          CacheControl: o.cacheControl,
          ...(o.contentDisposition ? { ContentDisposition: o.contentDisposition } : {}),
        }),
      );
    }
    await client.send(new PutObjectCommand({ Bucket: 'site', Key: 'synced/api/en-US/old.json', Body: '{}' }));
    client.destroy();
    const run = await runDeploy(s3, small, 's3://site/synced', ['--adopt']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`1 object uploaded`);
    expect(run.stdout).toContain(`1 object deleted, ${objects.length - 1} unchanged`);
    await expectBucketEqualsRelease(s3, 'site', 'synced/', small);
  }, 60_000);
});

describe('--help', () => {
  it('prints the usage and the exit codes', async () => {
    const run = await runDeploy(s3, small, 's3://site/x', ['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: npm run deploy -- --to s3://bucket/prefix [options]');
    expect(run.stdout).toContain('10 the store refused the credentials');
    expect(run.requests).toEqual([]);
  });
});
