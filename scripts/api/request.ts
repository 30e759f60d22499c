/**
 * The one request type, from the plan to the source, the path function and the service: an endpoint of
 * the table, its parameters and a locale. How it becomes the URL a real client sends lives here too, so
 * the service, the snapshot's sources and the size of a batch under the URI limit agree. The credential
 * endpoints carry their e-mail and password as path parameters, and nothing else.
 */
import { ENDPOINT, fillPattern, type EndpointId } from './endpoints.ts';
import { DEFAULT_LOCALE, parseLocale, type Locale } from './locales.ts';

/** A longer request URI is answered 414, so id batches stay under it (scripts/api/README.md, "Errors"). */
export const MAX_URI_LENGTH = 8000;

export interface ApiRequest {
  endpoint: EndpointId;
  /** Path parameters (`resortId`, `N`, `regionId`) and variant parameters (`forecast_only`…), as text. */
  params?: Readonly<Record<string, string>>;
  /** The resorts a multi-resort request names, in order (sent as `resortId` or `resortIds`). */
  ids?: readonly number[];
  /** The named set of resorts a published multi-resort file stands for: `all` or `region-<id>`. */
  group?: string;
  /** `en-US` */
  locale: string;
}

/** Credentials of the two families; they travel in the request target or headers, never in a request. */
export interface Credentials {
  apiKey?: string;
  token?: string;
}

/** The upstream path of a request: the endpoint's pattern with its path parameters filled in. */
export const upstreamPath = (request: ApiRequest): string =>
  fillPattern(ENDPOINT[request.endpoint].pattern, request.params ?? {});

const localeOf = (tag: string): Locale => parseLocale(tag) ?? DEFAULT_LOCALE;

/**
 * The request target the real clients send: Family B puts `token` first and `language`/`country` last
 * (scripts/api/README.md, "Records"); variant parameters follow in the table's order, then the region and the
 * resort ids. Family A sends neither token nor locale (its key and locale travel in headers).
 */
export function requestTarget(request: ApiRequest, credentials: Credentials, basePath = ''): string {
  const endpoint = ENDPOINT[request.endpoint];
  const params = request.params ?? {};
  const parts: string[] = [];
  const add = (name: string, value: string) =>
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%2C/g, ',')}`);
  if (endpoint.auth === 'token') parts.push(`token=${encodeURIComponent(credentials.token ?? '')}`);
  for (const param of endpoint.params)
    if (params[param.name] !== undefined) add(param.name, params[param.name]!);
  const selection = endpoint.selection;
  if (selection?.region && params[selection.region] !== undefined)
    add(selection.region, params[selection.region]!);
  if (selection && request.ids && request.ids.length > 0) {
    // literal commas: `resortIds=1,2,3` is Family A's likeliest form (scripts/api/README.md, "Endpoints")
    if (selection.comma) add(selection.ids, request.ids.join(','));
    else for (const id of request.ids) add(selection.ids, String(id));
  }
  if (endpoint.auth === 'token') {
    const { language, country } = localeOf(request.locale);
    parts.push(`language=${language}`, `country=${country}`);
  }
  return `${basePath}${upstreamPath(request)}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** Family A headers: the key, and the locale for `comment`. */
export function familyAHeaders(request: ApiRequest, credentials: Credentials): Record<string, string> {
  return { 'x-api-key': credentials.apiKey ?? '', locale: request.locale };
}
