/**
 * A real upstream over HTTP with undici: the only module of the snapshot that touches the network.
 * Each request has a timeout and a bounded number of attempts; timeouts, connection errors, 429 and 5xx
 * are retried with exponential backoff and full jitter, honouring `Retry-After`.
 */
import { Agent, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { CONTRACT } from '../../api/schemas/contract.ts';
import { describeRequest, redactSecrets } from '../../api/redact.ts';
import { interrupted, SnapshotError } from '../errors.ts';
import { cannotReach, notTheService, parseBaseUrl } from './base-url.ts';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  describeError,
  isConnectFailure,
  isRetryable,
  RETRY_AFTER_CAP_MS,
  retryAfterMs,
} from './retry.ts';

import { ENDPOINT } from '../../api/endpoints.ts';
import { familyAHeaders, requestTarget, type ApiRequest, type Credentials } from '../../api/request.ts';
import { BodyTooLarge, get } from './http.ts';
import type { AccountInfo, Source, UpstreamResponse } from './source.ts';

export interface RemoteOptions {
  /** Family A base URL and key. */
  baseUrl?: string;
  apiKey?: string;
  /** Family B base URL and either the token or the account's e-mail and password. */
  legacyBaseUrl?: string;
  token?: string;
  email?: string;
  password?: string;
  timeoutMs: number;
  attempts: number;
  maxBodyBytes: number;
  connections?: number;
  dispatcher?: Dispatcher;
  /**
   * A signal that ends one request early, beside its own deadline of `timeoutMs` (http.ts). Tests end a
   * request they made hang as soon as it arrives, so no test waits out a real timeout.
   */
  deadline?: (target: string) => AbortSignal;
  /** Backoff clock and dice, replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called once per retry, with credentials already redacted. */
  onRetry?: (line: string) => void;
  /** Stops the source (SIGTERM): requests under way end, waits for a retry end, and no new attempt starts. */
  signal?: AbortSignal;
  /**
   * The build's deadline (`deadline` in the config): requests under way end, waits for a retry end, and no
   * new attempt starts; each such request fails as a fault of its part, so the build publishes the rest.
   */
  cutoff?: AbortSignal;
}

export interface RemoteSource extends Source {
  families: ReadonlySet<'A' | 'B'>;
  close(): Promise<void>;
}

export async function remoteSource(options: RemoteOptions): Promise<RemoteSource> {
  const families = new Set<'A' | 'B'>();
  const a = options.baseUrl ? parseBaseUrl('RC_BASE_URL', options.baseUrl) : undefined;
  const b = options.legacyBaseUrl ? parseBaseUrl('RC_LEGACY_BASE_URL', options.legacyBaseUrl) : undefined;
  if (a && !options.apiKey)
    throw new SnapshotError('config', 'RC_BASE_URL is set but RC_API_KEY is not: Family A needs its API key');
  if (options.apiKey && !a) throw new SnapshotError('config', 'RC_API_KEY is set but RC_BASE_URL is not');
  if (a) families.add('A');
  if (b) {
    if (!options.token && !(options.email && options.password)) {
      throw new SnapshotError(
        'config',
        'RC_LEGACY_BASE_URL is set but neither RC_TOKEN nor RC_EMAIL with RC_PASSWORD is: Family B needs one',
      );
    }
    families.add('B');
  } else if (options.token || options.email || options.password) {
    throw new SnapshotError(
      'config',
      'RC_TOKEN, RC_EMAIL or RC_PASSWORD is set but RC_LEGACY_BASE_URL is not',
    );
  }
  const ownAgent = options.dispatcher
    ? undefined
    : new Agent({ connections: options.connections ?? 8, keepAliveTimeout: 10_000 });
  const dispatcher = options.dispatcher ?? ownAgent!;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const secrets = [options.apiKey, options.token, options.email, options.password].filter(
    (s): s is string => !!s,
  );
  const credentials: Credentials = { apiKey: options.apiKey, token: options.token };
  const trimSlash = (u: URL) => u.pathname.replace(/\/$/, '');
  const familyOf = (r: ApiRequest) => ENDPOINT[r.endpoint].family;
  const targetOf = (r: ApiRequest) => requestTarget(r, credentials, trimSlash(familyOf(r) === 'A' ? a! : b!));
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
  /** Waits for a retry, or until the source is stopped or its deadline is reached. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = [stop, cutoff].filter((s): s is AbortSignal => !!s);
      const done = () => {
        for (const s of wake) s.removeEventListener('abort', done);
        resolve();
      };
      for (const s of wake) s.addEventListener('abort', done, { once: true });
      void sleep(ms).then(done);
    });
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
        body: response.body.toString('utf8'),
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
    let connectOnly = true;
    for (let attempt = 1; attempt <= options.attempts; attempt++) {
      if (stop?.aborted) throw stopped();
      if (cutoff?.aborted) throw cut(target);
      let wait = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)) * random();
      try {
        const response = await once(origin, target, headers);
        if (response.status !== 429 && response.status < 500)
          return { status: response.status, body: response.body };
        last = `HTTP ${response.status}`;
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
    );
  }

  const proven = new Set<'A' | 'B'>();
  const where = (u: URL) => `${u.origin}${trimSlash(u)}`;
  const describe = (family: 'A' | 'B') =>
    family === 'A'
      ? `Family A at ${a ? where(a) : '(no RC_BASE_URL)'} (RC_BASE_URL, RC_API_KEY)`
      : `Family B at ${b ? where(b) : '(no RC_LEGACY_BASE_URL)'} (RC_LEGACY_BASE_URL, ${options.token ? 'RC_TOKEN' : 'RC_EMAIL and RC_PASSWORD'})`;

  if (b && !credentials.token) {
    const target = targetOf({
      endpoint: 'auth.token',
      params: { email: options.email!, password: options.password! },
      locale: 'en-US',
    });
    // a body cut short or garbled on the way is a fault like a 503: asked again, as often as a request is tried
    let token: string | undefined;
    for (let attempt = 1; token === undefined; attempt++) {
      const response = await withRetries(b.origin, target, {}).catch((error: unknown) => {
        throw error instanceof SnapshotError && error.code === 'upstream_unreachable'
          ? cannotReach(describe('B'), error)
          : error;
      });
      if (response.status === 404)
        throw notTheService('RC_LEGACY_BASE_URL', describe('B'), 'the token request');
      if (response.status !== 200) {
        const refused = response.status === 401 || response.status === 403;
        throw new SnapshotError(
          refused ? 'upstream_auth' : 'upstream_unreachable',
          `${describe('B')}: the token request answered HTTP ${response.status}; ${refused ? 'the upstream refused the e-mail address or password: check RC_EMAIL and RC_PASSWORD' : 'try again later'}. Nothing was published`,
          { context: { status: response.status } },
        );
      }
      // only what this source needs must hold (the contract); the rest of the body may drift
      const parsed = (CONTRACT['auth.token'] as z.ZodType<{ token: string }>).safeParse(
        (() => {
          try {
            return JSON.parse(response.body);
          } catch {
            return undefined;
          }
        })(),
      );
      if (parsed.success) token = parsed.data.token;
      else if (attempt >= options.attempts)
        throw new SnapshotError(
          'upstream_invalid',
          `the token request answered a body without a token ${options.attempts} time${options.attempts === 1 ? '' : 's'}; nothing was published`,
        );
    }
    credentials.token = token;
    secrets.push(token);
    proven.add('B');
  }

  let account: Promise<AccountInfo | undefined> | undefined;
  /** The account record, when the e-mail and password are known (one request, never published). */
  const accountInfo = () =>
    (account ??= (async () => {
      if (!b || !options.email || !options.password) return undefined;
      const target = targetOf({
        endpoint: 'auth.account',
        params: { email: options.email, password: options.password },
        locale: 'en-US',
      });
      const response = await withRetries(b.origin, target, {});
      if (response.status !== 200) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(response.body);
      } catch {
        return undefined;
      }
      const parsed = (CONTRACT['auth.account'] as z.ZodType<AccountInfo>).safeParse(json);
      if (!parsed.success) return undefined;
      const { hasWeather, hasOverviews, hasCams, maxPerMonth } = parsed.data;
      return { hasWeather, hasOverviews, hasCams, maxPerMonth };
    })());

  return {
    kind: 'remote',
    origins: [...new Set([a, b].flatMap((u) => (u ? [u.origin] : [])))],
    sent: () => sent,
    families,
    proven,
    describe,
    identity: () => ({
      kind: 'remote',
      facts: { ...(a ? { familyA: where(a) } : {}), ...(b ? { familyB: where(b) } : {}) },
      // the account is named by the token it is used with, however the token came (RC_TOKEN, or fetched
      // with RC_EMAIL and RC_PASSWORD): one account is one source, with one ledger entry
      secret: JSON.stringify([options.apiKey ?? '', credentials.token ?? '']),
      // how releases and ledger entries of earlier versions named the same credentials
      formerSecrets: [
        JSON.stringify([
          options.apiKey ?? '',
          options.token ?? '',
          options.email ?? '',
          options.password ?? '',
        ]),
      ],
    }),
    secrets,
    target: targetOf,
    account: accountInfo,
    fetch(r) {
      const family = familyOf(r);
      const origin = (family === 'A' ? a : b)?.origin;
      if (!origin) throw new SnapshotError('config', `no base URL for Family ${family}`);
      return withRetries(origin, targetOf(r), family === 'A' ? familyAHeaders(r, credentials) : {});
    },
    async close() {
      await ownAgent?.close();
    },
  };
}
