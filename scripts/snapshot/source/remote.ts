/**
 * A real upstream over HTTP with undici: the only part of the snapshot that touches the network. The
 * credentials and base URLs of each family, the token fetched once from the e-mail and password, the
 * account record, and every request through one retrying client (client.ts).
 */
import type { Dispatcher } from 'undici';
import { SnapshotError } from '../errors.ts';
import { fetchToken, readAccount } from './account.ts';
import { parseBaseUrl } from './base-url.ts';
import { ENDPOINT } from '../../api/endpoints.ts';
import { familyAHeaders, requestTarget, type ApiRequest, type Credentials } from '../../api/request.ts';
import { upstreamClient } from './client.ts';
import type { SourceIdentity } from '../store/state.ts';
import type { AccountInfo, Source } from './source.ts';

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
  const { a, b, families } = familiesOf(options);
  const secrets = [options.apiKey, options.token, options.email, options.password].filter(
    (s): s is string => !!s,
  );
  const client = upstreamClient({
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : { connections: options.connections ?? 8 }),
    timeoutMs: options.timeoutMs,
    attempts: options.attempts,
    maxBodyBytes: options.maxBodyBytes,
    secrets,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    ...(options.deadline ? { deadline: options.deadline } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.cutoff ? { cutoff: options.cutoff } : {}),
  });
  const withRetries = client.get;

  // each request's target under its family's base URL, with the credentials (the token once fetched)
  const credentials: Credentials = { apiKey: options.apiKey, token: options.token };
  const trimSlash = (u: URL) => u.pathname.replace(/\/$/, '');
  const familyOf = (r: ApiRequest) => ENDPOINT[r.endpoint].family;
  const targetOf = (r: ApiRequest) => requestTarget(r, credentials, trimSlash(familyOf(r) === 'A' ? a! : b!));

  const proven = new Set<'A' | 'B'>();
  const where = (u: URL) => `${u.origin}${trimSlash(u)}`;
  const describe = (family: 'A' | 'B') =>
    family === 'A'
      ? `Family A at ${a ? where(a) : '(no RC_BASE_URL)'} (RC_BASE_URL, RC_API_KEY)`
      : `Family B at ${b ? where(b) : '(no RC_LEGACY_BASE_URL)'} (RC_LEGACY_BASE_URL, ${options.token ? 'RC_TOKEN' : 'RC_EMAIL and RC_PASSWORD'})`;

  // Family B's credential requests (account.ts), by the e-mail and password
  const login = { email: options.email!, password: options.password! };
  const getB = (r: ApiRequest) => withRetries(b!.origin, targetOf(r), {});
  if (b && !credentials.token) {
    const token = await fetchToken(getB, login, describe('B'), options.attempts);
    credentials.token = token;
    secrets.push(token);
    proven.add('B');
  }

  let account: Promise<AccountInfo | undefined> | undefined;
  /** The account record, when the e-mail and password are known (one request, never published). */
  const accountInfo = () =>
    (account ??=
      b && options.email && options.password ? readAccount(getB, login) : Promise.resolve(undefined));

  return {
    kind: 'remote',
    origins: [...new Set([a, b].flatMap((u) => (u ? [u.origin] : [])))],
    sent: client.sent,
    families,
    proven,
    describe,
    identity: () => sourceIdentity(options, credentials.token, { a, b }, where),
    secrets,
    target: targetOf,
    account: accountInfo,
    fetch(r) {
      const family = familyOf(r);
      const origin = (family === 'A' ? a : b)?.origin;
      if (!origin) throw new SnapshotError('config', `no base URL for Family ${family}`);
      return withRetries(origin, targetOf(r), family === 'A' ? familyAHeaders(r, credentials) : {});
    },
    close: () => client.close(),
  };
}

/** The families the options configure, with their base URLs; a family half configured is a setting to fix. */
function familiesOf(options: RemoteOptions): { a?: URL; b?: URL; families: Set<'A' | 'B'> } {
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
  return { ...(a ? { a } : {}), ...(b ? { b } : {}), families };
}

/**
 * What names a real upstream's releases and ledger: its base URLs, and the account by the token it is used
 * with, however the token came (RC_TOKEN, or fetched with RC_EMAIL and RC_PASSWORD): one account is one
 * source, with one ledger entry.
 */
function sourceIdentity(
  options: RemoteOptions,
  token: string | undefined,
  urls: { a: URL | undefined; b: URL | undefined },
  where: (u: URL) => string,
): SourceIdentity {
  return {
    kind: 'remote',
    facts: { ...(urls.a ? { familyA: where(urls.a) } : {}), ...(urls.b ? { familyB: where(urls.b) } : {}) },
    secret: JSON.stringify([options.apiKey ?? '', token ?? '']),
    // how releases and ledger entries of earlier versions named the same credentials
    formerSecrets: [
      JSON.stringify([
        options.apiKey ?? '',
        options.token ?? '',
        options.email ?? '',
        options.password ?? '',
      ]),
    ],
  };
}
