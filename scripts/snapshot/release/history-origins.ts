/**
 * Where a build finds the history published before it (scripts/docs/snapshot.md, "The season's history"):
 * the previous release on disk, or, when the private state is gone, the published site over HTTP
 * (`publicUrl`) — and the bucket, which `npm run build` reads through the deploy's store. Each answers a
 * file's bytes, nothing when there is no such file, and throws when it cannot be read; what it answers is
 * checked by `history.ts` as a hostile body.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { ResortConditionsError } from '../../api/errors.ts';
import { BodyTooLarge, get, upstreamAgent } from '../source/http.ts';

export interface HistoryOrigin {
  /** Where, in messages: `the previous release`, `https://snow.example/`, `s3://bucket/prefix/`. */
  name: string;
  /** The file at `path` (relative to the tree's root), undefined when there is none; throws when it cannot be read. */
  read(path: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Lets go of connections. */
  close?(): Promise<void>;
}

/** A published tree in a folder (the previous release). */
export function folderOrigin(root: string, name: string): HistoryOrigin {
  const base = resolve(root);
  return {
    name,
    async read(path, maxBytes) {
      const file = resolve(base, path);
      if (!file.startsWith(base + sep)) return undefined;
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : undefined),
        () => undefined,
      );
      if (size === undefined) return undefined;
      if (size > maxBytes) throw new BodyTooLarge(maxBytes);
      return readFile(file);
    },
  };
}

export interface SiteOriginOptions {
  /** Milliseconds for one file's headers and body together (the config's `request.timeout`). */
  timeoutMs: number;
  /** Files read at once. */
  connections: number;
  /** Ends every request when aborted (a stopped run, the build's deadline). */
  signals?: ReadonlyArray<AbortSignal | undefined>;
}

/**
 * The published site at `publicUrl` (the folder that holds `api/`), read with the project's HTTP client and
 * its bounds: a deadline per file, a size limit enforced while reading, no redirect followed. 404 and 410
 * mean "no such file"; any other answer but 200 is a failure.
 */
export function siteOrigin(publicUrl: string, options: SiteOriginOptions): HistoryOrigin {
  const dispatcher = upstreamAgent({ connections: options.connections });
  return {
    name: publicUrl,
    async read(path, maxBytes) {
      const response = await get(new URL(path, publicUrl).href, {
        dispatcher,
        timeoutMs: options.timeoutMs,
        maxBytes,
        headers: { accept: 'application/json' },
        ...(options.signals ? { signals: options.signals } : {}),
      });
      if (response.status === 200) return response.body;
      if (response.status === 404 || response.status === 410) return undefined;
      throw new Error(
        response.status >= 300 && response.status < 400
          ? `HTTP ${response.status}, a redirect, which is not followed`
          : `HTTP ${response.status}`,
      );
    },
    close: () => dispatcher.close(),
  };
}

/** Why a read failed, in a few words and without a URL: `HTTP 503`, `timeout after 30000 ms`, `ECONNREFUSED`. */
export function readFailure(error: unknown): string {
  if (error instanceof BodyTooLarge) return `larger than ${error.limit} bytes`;
  // the project's own errors (the bucket's store) say what failed and what to do, without a secret
  if (error instanceof ResortConditionsError) return error.message;
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError') return e.message ?? 'timeout';
  if (e.name === 'AbortError') return 'stopped';
  if (typeof e.message === 'string' && /^HTTP \d{3}/.test(e.message)) return e.message;
  return e.code ?? e.name ?? 'error';
}

/**
 * `origin` whose every read gives up after `timeoutMs`, or as soon as one of `signals` aborts (the build's
 * stop, its deadline): for an origin that cannot be told to stop itself, such as the bucket's store, whose
 * request is left to end when the origin is closed.
 */
export function bounded(
  origin: HistoryOrigin,
  options: { timeoutMs: number; signals: ReadonlyArray<AbortSignal | undefined> },
): HistoryOrigin {
  return {
    ...origin,
    read(path, maxBytes) {
      const signal = AbortSignal.any([
        AbortSignal.timeout(options.timeoutMs),
        ...options.signals.filter((s): s is AbortSignal => s !== undefined),
      ]);
      return new Promise((resolve, reject) => {
        const stop = () => reject(signal.reason as Error);
        if (signal.aborted) return stop();
        signal.addEventListener('abort', stop, { once: true });
        origin
          .read(path, maxBytes)
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', stop));
      });
    },
  };
}
