/**
 * A real S3 implementation for the deploy tests: s3rver on 127.0.0.1, port 0, storing in a mkdtemp folder.
 * A policy in front of its routes can refuse writes under a prefix (as a bucket policy would) or answer
 * 503 SlowDown a few times (as a throttling store does); it never answers for s3rver otherwise.
 *
 * s3rver checks the access key of a V4 signature but not the signature itself; in front of it, each
 * request's signature is computed again with the one secret this server knows (by the SDK's own signer),
 * so a wrong secret is refused with 403 SignatureDoesNotMatch as a real store refuses it.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver, { type S3rverContext } from 's3rver';
import { ListObjectsCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';

export const ACCESS = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
};

export interface Policy {
  /** Keys (bucket/key) that may not be written or deleted: answered 403 AccessDenied. */
  readOnly?: (bucketAndKey: string) => boolean;
  /** Keys that may be written but not deleted (a policy without s3:DeleteObject). */
  noDelete?: (bucketAndKey: string) => boolean;
  /** Keys that may be deleted but not written. */
  noWrite?: (bucketAndKey: string) => boolean;
  /** Answered 503 SlowDown while this answers true for a PUT. */
  throttle?: () => boolean;
  /** Multi-object delete answered 501 NotImplemented, as Google Cloud Storage's XML API does. */
  noBatchDelete?: boolean;
}

export interface LocalS3 {
  endpoint: string;
  /** The environment a deploy to this server reads. */
  env: Record<string, string>;
  policy: Policy;
  /** Every object under `bucket/prefix`: key → { bytes, contentType, cacheControl }. */
  objects(
    bucket: string,
    prefix?: string,
  ): Promise<Map<string, { bytes: Buffer; contentType?: string; cacheControl?: string }>>;
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** Every object of `bucket` with its ETag and modification time: equal listings, nothing written. */
  listing(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (d: SourceData) =>
  typeof d === 'string'
    ? Buffer.from(d, 'utf8')
    : ArrayBuffer.isView(d)
      ? Buffer.from(d.buffer, d.byteOffset, d.byteLength)
      : Buffer.from(d);

/** SHA-256 and HMAC-SHA-256 from node:crypto, in the shape the signer takes. */
class NodeSha256 {
  #hash;
  constructor(secret?: SourceData) {
    this.#hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData) {
    this.#hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.#hash.digest());
  }
}

const V4 =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

/** Whether a V4-signed request was signed with ACCESS's secret (requests without such a header: s3rver decides). */
async function signedWithOurSecret(ctx: S3rverContext): Promise<boolean> {
  const match = V4.exec(ctx.get('authorization'));
  if (!match) return true;
  const [, accessKeyId, region, signedHeaders, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const headers = Object.fromEntries(signedHeaders.split(';').map((name) => [name, ctx.get(name)]));
  const date = ctx
    .get('x-amz-date')
    .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId, secretAccessKey: ACCESS.AWS_SECRET_ACCESS_KEY },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const request = {
    method: ctx.method,
    protocol: 'http:',
    hostname: ctx.hostname,
    port: Number(ctx.get('host').split(':')[1]),
    path: ctx.path,
    query: ctx.query,
    headers,
  };
  const ours = await signer.sign(request as Parameters<SignatureV4['sign']>[0], {
    signingDate: new Date(date),
  });
  return /Signature=([0-9a-f]{64})/.exec(String(ours.headers.authorization))?.[1] === signature;
}

const denied = (ctx: S3rverContext, code: string, message: string, status: number) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
};

export async function startS3(buckets: string[]): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'rc-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const policy: Policy = {};
  server.middleware.unshift(async (ctx, next) => {
    if (!(await signedWithOurSecret(ctx))) {
      return denied(
        ctx,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        403,
      );
    }
    const path = decodeURIComponent(ctx.path.slice(1));
    const writing =
      ctx.method === 'PUT' || ctx.method === 'DELETE' || (ctx.method === 'POST' && 'delete' in ctx.query);
    const deleting = ctx.method === 'DELETE' || (ctx.method === 'POST' && 'delete' in ctx.query);
    if (writing && policy.readOnly?.(path)) return denied(ctx, 'AccessDenied', 'Access Denied', 403);
    if (deleting && policy.noDelete?.(path)) return denied(ctx, 'AccessDenied', 'Access Denied', 403);
    if (writing && !deleting && policy.noWrite?.(path))
      return denied(ctx, 'AccessDenied', 'Access Denied', 403);
    if (ctx.method === 'PUT' && policy.throttle?.())
      return denied(ctx, 'SlowDown', 'Please reduce your request rate.', 503);
    if (ctx.method === 'POST' && 'delete' in ctx.query && policy.noBatchDelete)
      return denied(
        ctx,
        'NotImplemented',
        'A header you provided implies functionality that is not implemented',
        501,
      );
    await next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listing = async (bucket: string, prefix = '') => {
    const all: Array<{ key: string; etag: string; modified: string }> = [];
    // ListObjects v1 pages by marker (s3rver's v2 continuation tokens need DES, which OpenSSL 3 lacks)
    for (;;) {
      const page = await client.send(
        new ListObjectsCommand({
          Bucket: bucket,
          Prefix: prefix,
          ...(all.length ? { Marker: all.at(-1)!.key } : {}),
        }),
      );
      all.push(
        ...(page.Contents ?? []).map((o) => ({
          key: o.Key!,
          etag: o.ETag ?? '',
          modified: o.LastModified?.toISOString() ?? '',
        })),
      );
      if (!page.IsTruncated) return all;
    }
  };
  const keys = async (bucket: string, prefix = '') => (await listing(bucket, prefix)).map((o) => o.key);
  return {
    endpoint,
    env: { ...ACCESS, AWS_ENDPOINT_URL: endpoint },
    policy,
    keys,
    listing: async (bucket) => (await listing(bucket)).map((o) => `${o.key} ${o.etag} ${o.modified}`),
    async objects(bucket, prefix = '') {
      const out = new Map<string, { bytes: Buffer; contentType?: string; cacheControl?: string }>();
      const all = await keys(bucket, prefix);
      for (let i = 0; i < all.length; i += 32) {
        await Promise.all(
          all.slice(i, i + 32).map(async (key) => {
            const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
            out.set(key.slice(prefix.length), {
              bytes: Buffer.from(await answer.Body!.transformToByteArray()),
              ...(answer.ContentType ? { contentType: answer.ContentType } : {}),
              ...(answer.CacheControl ? { cacheControl: answer.CacheControl } : {}),
            });
          }),
        );
      }
      return out;
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
