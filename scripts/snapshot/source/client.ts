/**
 * Requests to a real upstream, each within its bounds (http.ts) and tried again when worth it: timeouts,
 * connection errors, 429 and 5xx, with exponential backoff and full jitter, honouring `Retry-After`
 * (retry.ts). A stopped run (SIGTERM) or the build's deadline ends the requests under way and the waits
 * between them. Every message names the request with its credentials redacted.
 */
import type { Agent, Dispatcher } from 'undici';
import { describeRequest, redactSecrets } from '../../api/redact.ts';
import { interrupted, SnapshotError } from '../errors.ts';
import { decodeBody } from './charset.ts';
import { BodyTooLarge, get, upstreamAgent } from '../../shared/http.ts';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  describeError,
  isConnectFailure,
  isRetryable,
  RETRY_AFTER_CAP_MS,
  retryAfterMs,
} from './retry.ts';
import type { UpstreamResponse } from './source.ts';

export interface ClientOptions {
  /** The connections to send through (tests); absent, the client opens its own pool of `connections`. */
  dispatcher?: Dispatcher;
  connections?: number;
  timeoutMs: number;
  attempts: number;
  maxBodyBytes: number;
  /** Secrets no message may show (they grow as the token is fetched). */
  secrets: readonly string[];
  /** A signal that ends one request early, beside its own deadline (tests). */
  deadline?: (target: string) => AbortSignal;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  onRetry?: (line: string) => void;
  /** Stops the run (SIGTERM). */
  signal?: AbortSignal;
  /** The build's deadline. */
  cutoff?: AbortSignal;
}

/**
 * A GET with its retries, as the upstream answered it last; the number of requests sent so far; closing
 * the connections the client opened (none of a dispatcher it was given).
 */
export interface UpstreamClient {
  get(origin: string, target: string, headers: Record<string, string>): Promise<UpstreamResponse>;
  sent(): number;
  close(): Promise<void>;
}

export function upstreamClient(options: ClientOptions): UpstreamClient {
  const { random, secrets, sleep } = options;
  const shown = (target: string) => describeRequest(target, secrets);
  let sent = 0;
  const stop = options.signal;
  const stopped = () => interrupted(stop);
  const cutoff = options.cutoff;
  const cut = (target: string) =>
    new SnapshotError(
      'upstream_network',
      `${shown(target)}: stopped at the build's deadline (config deadline)`,
    );
  const pause = (ms: number) => pauseUnless(ms, sleep, [stop, cutoff]);
  const { dispatcher, ownAgent } = connectionsOf(options);
  async function once(
    origin: string,
    target: string,
    headers: Record<string, string>,
  ): Promise<UpstreamResponse & { retryAfter?: number }> {
    sent++;
    try {
      const response = await get(origin + target, {
        dispatcher,
        headers: { accept: 'application/json', ...headers },
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBodyBytes,
        signals: [stop, cutoff, options.deadline?.(target)],
      });
      return {
        status: response.status,
        ...decoded(response.body, response.headers['content-type']),
        retryAfter: retryAfterMs(response.headers['retry-after']),
      };
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      throw new SnapshotError(
        'upstream_http',
        `${shown(target)}: the body is larger than ${options.maxBodyBytes} bytes (request.maxBodyBytes)`,
      );
    }
  }

  async function withRetries(
    origin: string,
    target: string,
    headers: Record<string, string>,
  ): Promise<UpstreamResponse> {
    let last = '';
    /** The library's error of the last attempt, if it failed with one: the cause the command line shows with --verbose. */
    let lastError: unknown;
    let connectOnly = true;
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
      if (stop?.aborted) throw stopped();
      if (cutoff?.aborted) throw cut(target);
      let wait = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)) * random();
      try {
        const response = await once(origin, target, headers);
        if (response.status !== 429 && response.status < 500) return response;
        last = `HTTP ${response.status}`;
        lastError = undefined;
        connectOnly = false;
        if (response.retryAfter !== undefined) {
          if (response.retryAfter > RETRY_AFTER_CAP_MS) break;
          wait = Math.max(wait, response.retryAfter);
        }
      } catch (error) {
        if (stop?.aborted) throw stopped();
        if (cutoff?.aborted) throw cut(target);
        if (!isRetryable(error)) {
          if (error instanceof SnapshotError) throw error;
          throw new SnapshotError(
            'upstream_network',
            `${shown(target)}: ${redactSecrets((error as Error).message, secrets)}`,
            { cause: error },
          );
        }
        last = redactSecrets(describeError(error, options.timeoutMs), secrets);
        lastError = error;
        connectOnly &&= isConnectFailure(error);
      }
      if (attempt < options.attempts) {
        options.onRetry?.(
          `${shown(target)}: ${last}; retry ${attempt} of ${options.attempts - 1} in ${Math.round(wait)} ms`,
        );
        await pause(wait);
      }
    }
    const code = connectOnly ? 'upstream_unreachable' : 'upstream_network';
    throw new SnapshotError(
      code,
      `${shown(target)}: ${last} after ${options.attempts} attempt${options.attempts === 1 ? '' : 's'}`,
      lastError === undefined ? undefined : { cause: lastError },
    );
  }

  return { get: withRetries, sent: () => sent, close: async () => ownAgent?.close() };
}

/** The connections each attempt goes through: those given, or the client's own (closed with it). */
function connectionsOf(options: ClientOptions): { dispatcher: Dispatcher; ownAgent?: Agent } {
  if (options.dispatcher) return { dispatcher: options.dispatcher };
  const ownAgent = upstreamAgent({ connections: options.connections ?? 8, keepAliveTimeout: 10_000 });
  return { dispatcher: ownAgent, ownAgent };
}

/** A body as text by its declared charset, and its defect if its bytes are not that text (charset.ts). */
function decoded(body: Buffer, type: string | string[] | undefined): { body: string; defect?: string } {
  const { text, defect } = decodeBody(body, type);
  return defect === undefined ? { body: text } : { body: text, defect };
}

/** Waits `ms` for a retry, or until one of `signals` is aborted (the run stopped, the build's deadline). */
function pauseUnless(
  ms: number,
  sleep: (ms: number) => Promise<void>,
  signals: ReadonlyArray<AbortSignal | undefined>,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const wake = signals.filter((s): s is AbortSignal => !!s);
    const done = () => {
      for (const s of wake) s.removeEventListener('abort', done);
      resolve();
    };
    for (const s of wake) s.addEventListener('abort', done, { once: true });
    void sleep(ms).then(done);
  });
}
