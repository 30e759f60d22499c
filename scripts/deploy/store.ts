/**
 * The only module that talks to the object store, through the AWS SDK v3 (`@aws-sdk/client-s3`): any
 * S3-compatible store (AWS S3, Cloudflare R2, Backblaze B2, MinIO, GCS interoperability), configured the
 * way those tools are, from `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` (`AWS_SESSION_TOKEN`),
 * `AWS_REGION` and `AWS_ENDPOINT_URL` — with path-style addressing when an endpoint is given.
 *
 * The SDK signs, retries throttling (503 SlowDown, 429), 5xx and broken connections with exponential
 * backoff and full jitter (`retryMode: 'standard'`; a longer base delay for throttling), and keeps
 * `concurrency` connections alive; the deploy never has more than that many requests under way. Every HTTP attempt that got an answer is counted by kind, retries
 * included, because every one of them is billed.
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ResortConditionsError } from '../api/errors.ts';
import type { ObjectHeaders } from '../api/headers.ts';
import { targetUrl, type Target } from './target.ts';

/** How a store bills a request: uploads, reads (GET, HEAD), deletions, listings. */
export type RequestKind = 'write' | 'read' | 'delete' | 'list';
export type RequestCounts = Record<RequestKind, number>;

export interface RequestRecord {
  kind: RequestKind;
  method: string;
  /** The key under the prefix, or `""` for a bucket request. */
  path: string;
  status: number;
}

export interface StoreOptions {
  env: Readonly<Record<string, string | undefined>>;
  target: Target;
  /** Requests under way at once (and connections kept open). */
  concurrency: number;
  /** Attempts per request, the first included. */
  attempts: number;
  /** Called after every answered HTTP attempt (tests stop a deploy at a chosen request). */
  onRequest?: (record: RequestRecord, counts: Readonly<RequestCounts>) => void;
}

/** What the store said no to, by the error names S3 and its imitations send. */
const AUTH_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'TokenRefreshRequired',
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'CredentialsProviderError',
]);
const REGION_ERRORS = new Set([
  'PermanentRedirect',
  'AuthorizationHeaderMalformed',
  'IllegalLocationConstraintException',
]);
/**
 * A store without multi-object delete (GCS's XML API) refuses the request itself with one of these (or with
 * 400, 405 or 501); deletes then go one by one, and a real refusal (403) shows there.
 */
const NO_BATCH_DELETE = new Set(['NotImplemented', 'MethodNotAllowed', 'InvalidArgument', 'InvalidRequest']);
const NO_BATCH_STATUS = new Set([400, 405, 501]);
/** The most keys one ListObjects answer holds. */
export const LIST_PAGE = 1000;
/** The most keys one DeleteObjects request takes. */
const DELETE_BATCH = 1000;
/** The metadata that carries each object's fingerprint (`x-amz-meta-rc-fingerprint`). */
const FINGERPRINT_META = 'rc-fingerprint';

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** What a HEAD tells of an object: this tool's fingerprint when it wrote it, else what S3 keeps. */
export interface RemoteObject {
  fingerprint: string | undefined;
  /** For a single-part upload, the MD5 of the bytes in quotes. */
  etag: string | undefined;
  contentType: string | undefined;
  cacheControl: string | undefined;
  contentDisposition: string | undefined;
}

export class Store {
  readonly target: Target;
  /** The endpoint given, if any (else AWS S3 itself). */
  readonly endpoint: string | undefined;
  readonly counts: RequestCounts = { write: 0, read: 0, delete: 0, list: 0 };
  readonly #client: S3Client;
  readonly #attempts: number;
  readonly #onRequest: StoreOptions['onRequest'];
  #batchDelete = true;

  private constructor(client: S3Client, options: StoreOptions, endpoint: string | undefined) {
    this.#client = client;
    this.target = options.target;
    this.endpoint = endpoint;
    this.#attempts = options.attempts;
    this.#onRequest = options.onRequest;
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { method?: string; path?: string; query?: Record<string, unknown> };
        const method = request.method ?? 'GET';
        try {
          const output = await next(args);
          this.#count(method, request, (output.response as { statusCode?: number }).statusCode ?? 200);
          return output;
        } catch (error) {
          const status = statusOf(error);
          if (status !== undefined) this.#count(method, request, status);
          throw error;
        }
      },
      // inside the SDK's retry loop: one call per HTTP attempt
      { step: 'deserialize', name: 'resortConditionsRequestCounter' },
    );
  }

  /** A store for `target` from the environment; refuses when the credentials are missing. */
  static open(options: StoreOptions): Store {
    const { env } = options;
    const accessKeyId = env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new ResortConditionsError(
        'store_auth',
        `no credentials for ${targetUrl(options.target)}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (for R2, B2, MinIO or GCS: the store's S3-compatible access key); nothing was written`,
      );
    }
    const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
    if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
      throw new ResortConditionsError(
        'usage',
        `AWS_ENDPOINT_URL: "${endpoint}" is not an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com`,
      );
    }
    const agent = { keepAlive: true, maxSockets: options.concurrency };
    // package.json pins the SDK to a release that supports Node 20 (engines: >=20.19); its notice that
    // releases after January 2027 will need Node 22 is about releases this package does not install
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const client = new S3Client({
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      credentials: {
        accessKeyId,
        secretAccessKey,
        ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
      },
      maxAttempts: options.attempts,
      retryMode: 'standard',
      // the SDK's default CRC32 checksums on every upload are not understood by every S3 imitation
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: 10_000,
        requestTimeout: 120_000,
        throwOnRequestTimeout: true,
        httpAgent: agent,
        httpsAgent: agent,
      },
    });
    return new Store(client, options, endpoint);
  }

  #count(method: string, request: { path?: string; query?: Record<string, unknown> }, status: number): void {
    const query = request.query ?? {};
    const kind: RequestKind =
      method === 'DELETE' || (method === 'POST' && 'delete' in query)
        ? 'delete'
        : method === 'PUT' || method === 'POST'
          ? 'write'
          : 'list-type' in query || 'prefix' in query || 'marker' in query || 'max-keys' in query
            ? 'list'
            : 'read';
    this.counts[kind]++;
    const path = decodeURIComponent((request.path ?? '').replace(/^\/[^/]+\/?/, '')).slice(
      this.target.prefix.length,
    );
    this.#onRequest?.({ kind, method, path, status }, this.counts);
  }

  #key = (path: string) => `${this.target.prefix}${path}`;

  /** One message for every failure: `[PUT] "s3://bucket/prefix/key": HTTP 403 AccessDenied`, and what to do. */
  #fail(error: unknown, method: string, path: string, doing: string): ResortConditionsError {
    const status = statusOf(error);
    // the SDK's errors carry S3's error code as their `name` (its documented way to tell them apart)
    const name =
      error instanceof S3ServiceException
        ? error.name
        : ((error as NodeJS.ErrnoException).code ?? (error as Error).name ?? 'Error');
    const line = `[${method}] "${targetUrl(this.target, path)}": ${status ? `HTTP ${status} ` : ''}${name}`;
    const where = targetUrl(this.target);
    if (AUTH_ERRORS.has(name) || status === 401) {
      return new ResortConditionsError(
        'store_auth',
        `${line}: the store refused the credentials; check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN when you use one: it expires)${this.endpoint ? ` and that AWS_ENDPOINT_URL (${this.endpoint}) is the store they belong to` : ''}`,
        { cause: error },
      );
    }
    if (name === 'NoSuchBucket') {
      return new ResortConditionsError(
        'store_target',
        `${line}: the bucket "${this.target.bucket}" does not exist${this.endpoint ? ` at ${this.endpoint}` : ''}; create it (scripts/docs/deployment.md, "Deployment") or fix --to`,
        { cause: error },
      );
    }
    if (REGION_ERRORS.has(name) || status === 301) {
      return new ResortConditionsError(
        'store_target',
        `${line}: the bucket "${this.target.bucket}" is in another region; set AWS_REGION to it`,
        { cause: error },
      );
    }
    if (status === 403 || name === 'AccessDenied') {
      return new ResortConditionsError(
        'store_target',
        `${line}: the credentials may not ${doing} under ${where}; they need s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket there`,
        { cause: error },
      );
    }
    const detail =
      error instanceof Error && error.message && error.message !== name
        ? ` (${error.message.split('\n')[0]})`
        : '';
    return new ResortConditionsError(
      'store_failed',
      `${line}${detail}: the store could not be reached or kept failing after ${this.#attempts} attempts; readers still see the previous complete state — run the deploy again`,
      { cause: error },
    );
  }

  /** The object's bytes, or undefined when it does not exist. */
  async get(path: string): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.#client.send(
        new GetObjectCommand({ Bucket: this.target.bucket, Key: this.#key(path) }),
      );
      return await answer.Body!.transformToByteArray();
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined;
      throw this.#fail(error, 'GET', path, 'read');
    }
  }

  /** The fingerprint an object carries (`""` without one), or undefined when it does not exist. */
  async headOf(path: string): Promise<RemoteObject | undefined> {
    try {
      const answer = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.target.bucket, Key: this.#key(path) }),
      );
      return {
        fingerprint: answer.Metadata?.[FINGERPRINT_META],
        etag: answer.ETag,
        contentType: answer.ContentType,
        cacheControl: answer.CacheControl,
        contentDisposition: answer.ContentDisposition,
      };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw this.#fail(error, 'HEAD', path, 'read');
    }
  }

  /** Uploads one object with its headers; `fingerprint` goes into its metadata for a later check. */
  async put(path: string, bytes: Uint8Array, headers: ObjectHeaders, fingerprint?: string): Promise<void> {
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.target.bucket,
          Key: this.#key(path),
          Body: bytes,
          ContentType: headers.contentType,
          CacheControl: headers.cacheControl,
          ...(headers.contentDisposition ? { ContentDisposition: headers.contentDisposition } : {}),
          ...(fingerprint ? { Metadata: { [FINGERPRINT_META]: fingerprint } } : {}),
        }),
      );
    } catch (error) {
      throw this.#fail(error, 'PUT', path, 'write');
    }
  }

  /** Deletes one object (deleting one that does not exist is no error). */
  async deleteOne(path: string): Promise<void> {
    try {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.target.bucket, Key: this.#key(path) }));
    } catch (error) {
      throw this.#fail(error, 'DELETE', path, 'delete');
    }
  }

  /** Deletes up to 1,000 objects per request; `onDeleted` hears how many each request removed. */
  async deleteMany(paths: readonly string[], onDeleted: (count: number) => void = () => {}): Promise<void> {
    for (let i = 0; i < paths.length; i += DELETE_BATCH) {
      const batch = paths.slice(i, i + DELETE_BATCH);
      if (!this.#batchDelete) {
        for (const path of batch) {
          await this.deleteOne(path);
          onDeleted(1);
        }
        continue;
      }
      try {
        const answer = await this.#client.send(
          new DeleteObjectsCommand({
            Bucket: this.target.bucket,
            Delete: { Objects: batch.map((path) => ({ Key: this.#key(path) })), Quiet: true },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          const error = Object.assign(new Error(first.Message ?? first.Code ?? 'error'), {
            name: first.Code ?? 'Error',
            $metadata: { httpStatusCode: first.Code === 'AccessDenied' ? 403 : undefined },
          });
          throw this.#fail(error, 'DELETE', (first.Key ?? '').slice(this.target.prefix.length), 'delete');
        }
        onDeleted(batch.length);
      } catch (error) {
        if (error instanceof ResortConditionsError) throw error;
        if (
          error instanceof S3ServiceException &&
          (NO_BATCH_DELETE.has(error.name) || NO_BATCH_STATUS.has(statusOf(error) ?? 0))
        ) {
          this.#batchDelete = false;
          i -= DELETE_BATCH;
          continue;
        }
        throw this.#fail(error, 'POST', '?delete', 'delete');
      }
    }
  }

  /**
   * Up to `max` keys under the prefix (relative to it), in key order, after `after`. ListObjects (v1): the
   * one listing every S3-compatible store answers.
   */
  async list(
    max: number,
    after?: string,
  ): Promise<{ paths: string[]; etags: (string | undefined)[]; truncated: boolean }> {
    try {
      const answer = await this.#client.send(
        new ListObjectsCommand({
          Bucket: this.target.bucket,
          Prefix: this.target.prefix,
          MaxKeys: max,
          ...(after !== undefined ? { Marker: this.#key(after) } : {}),
        }),
      );
      const contents = answer.Contents ?? [];
      const paths = contents.map((o) => o.Key!.slice(this.target.prefix.length));
      return { paths, etags: contents.map((o) => o.ETag), truncated: answer.IsTruncated === true };
    } catch (error) {
      throw this.#fail(error, 'GET', '?list', 'list the objects');
    }
  }

  /** Every key under the prefix, relative to it, with its ETag (for a single-part upload, the MD5 of the bytes in quotes). */
  async listAll(): Promise<Map<string, string | undefined>> {
    const all = new Map<string, string | undefined>();
    for (let page = await this.list(LIST_PAGE); ; page = await this.list(LIST_PAGE, page.paths.at(-1))) {
      page.paths.forEach((path, i) => all.set(path, page.etags[i]));
      if (!page.truncated || page.paths.length === 0) return all;
    }
  }

  close(): void {
    this.#client.destroy();
  }
}
