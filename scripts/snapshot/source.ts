/**
 * Where the snapshot gets its bodies: the embedded service in-process, or a real upstream over HTTP. Both
 * take the same request and build the same URL, so a snapshot of the HTTP server and an in-process one of
 * the same data are byte-identical.
 */
import type { Locale } from '../service/locale.ts';

/** One upstream call: path, query (ids included, credentials and locale not), locale. */
export interface UpstreamRequest {
  family: 'A' | 'B';
  path: string;
  /** In order; repeated names allowed (`resortId`). */
  query: ReadonlyArray<readonly [string, string]>;
  locale: Locale;
}

export interface UpstreamResponse {
  status: number;
  body: string;
}

export interface Source {
  kind: 'local' | 'remote';
  /** Secrets this source holds; the build scans its output and its messages for each. */
  readonly secrets: readonly string[];
  fetch(request: UpstreamRequest): Promise<UpstreamResponse>;
  /** The request target as sent, without the base URL: used to size batches under the URI limit. */
  target(request: UpstreamRequest): string;
  /** The account's feature flags and allowance, when the source can know them (spec 4B.5). */
  account?(): Promise<AccountInfo | undefined>;
}

/** What the plan needs of the account record; never its e-mail or password. */
export interface AccountInfo {
  hasWeather: boolean;
  hasOverviews: boolean;
  hasCams: boolean;
  maxPerMonth: number;
}

export interface Credentials {
  apiKey?: string;
  token?: string;
}

/**
 * The request target the real clients send: Family B puts `token` first and `language`/`country` last
 * (upstream-facts.md); Family A sends neither (its key and locale travel in headers).
 */
export function requestTarget(request: UpstreamRequest, credentials: Credentials, basePath = ''): string {
  const parts: string[] = [];
  if (request.family === 'B') parts.push(`token=${encodeURIComponent(credentials.token ?? '')}`);
  // commas stay literal: Family A's `resortIds=1,2,3` is the likeliest form (upstream-facts.md)
  for (const [name, value] of request.query) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%2C/g, ',')}`);
  if (request.family === 'B') parts.push(`language=${request.locale.language}`, `country=${request.locale.country}`);
  return `${basePath}${request.path}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** Family A headers: the key, and the locale for `comment`. */
export function familyAHeaders(request: UpstreamRequest, credentials: Credentials): Record<string, string> {
  return { 'x-api-key': credentials.apiKey ?? '', locale: `${request.locale.language}-${request.locale.country}` };
}
