/**
 * An HTTP request as the service receives it, read into the contract's one request type: the endpoint,
 * its parameters (validated), the resort ids, the caller's locale, and the credentials it presented.
 */
import { matchRoute, type Endpoint } from '../api/endpoints.ts';
import { formatLocale, type Locale } from '../api/locales.ts';
import { MAX_URI_LENGTH, type ApiRequest } from '../api/request.ts';
import { clip, ID_PATTERN } from '../api/text.ts';
import { ServiceError } from './errors.ts';
import { familyALanguage, familyBLocale } from './locale.ts';
import { MAX_FORECAST_DAYS } from './render/weather.ts';

export interface HttpRequest {
  method: string;
  /** The request target: path and query string, as sent. */
  url: string;
  /** Header names in lower case. */
  headers?: Readonly<Record<string, string | undefined>>;
}

/** What the caller presented to prove who it is (scripts/api/README.md, "The two families"). */
export interface Presented {
  apiKey?: string;
  token?: string;
  /** The credential endpoints' path segments. */
  email?: string;
  password?: string;
}

export interface RoutedRequest {
  endpoint: Endpoint;
  /** Decoded path parameters. */
  path: Record<string, string>;
  query: URLSearchParams;
  headers: Readonly<Record<string, string | undefined>>;
  presented: Presented;
}

/** Checks the URI limit and the method, and finds the endpoint and the credentials presented. */
export function routeHttpRequest(http: HttpRequest): RoutedRequest {
  if (http.url.length > MAX_URI_LENGTH) {
    throw new ServiceError(
      'uri_too_long',
      `the request URI is ${http.url.length} characters; the limit is ${MAX_URI_LENGTH}. Split the resort ids over several requests`,
    );
  }
  if (http.method !== 'GET')
    throw new ServiceError(
      'method_not_allowed',
      `${clip(http.method, 10)} is not allowed; this service answers GET only`,
    );
  let url: URL;
  let segments: string[];
  try {
    url = new URL(http.url, 'http://service.invalid');
    segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    throw new ServiceError('bad_request', 'the request path is not a valid URL path');
  }
  const match = matchRoute(segments);
  if (!match) throw new ServiceError('not_found', `there is no endpoint at ${clip(url.pathname, 80)}`);
  const { endpoint, params: path } = match;
  const headers = http.headers ?? {};
  const query = url.searchParams;
  const presented: Presented =
    endpoint.auth === 'apiKey'
      ? { apiKey: headers['x-api-key'] }
      : endpoint.auth === 'token'
        ? { token: query.get('token') ?? undefined }
        : { email: path.email, password: path.password };
  return { endpoint, path, query, headers, presented };
}

export interface ReadRequest {
  request: ApiRequest;
  locale: Locale;
  /** Whether the query named a region or resort ids (Family A selects every resort without either). */
  selects: { region: boolean; ids: boolean };
}

/**
 * The caller's locale, the variant parameters (validated, defaults filled in) and the resort selection.
 * Path parameters are checked where they are used (an unknown resort is a 404 before a bad N is a 400).
 */
export function readRequest({ endpoint, path, query, headers }: RoutedRequest): ReadRequest {
  const locale: Locale =
    endpoint.family === 'A'
      ? { language: familyALanguage(headers['locale']), country: 'US' }
      : familyBLocale(query);
  const params: Record<string, string> = { ...path };
  for (const param of endpoint.params) {
    const raw = query.get(param.name) ?? param.default;
    if (param.kind === 'days') {
      params[param.name] = String(forecastDays(raw, 'days'));
      continue;
    }
    const lower = raw.toLowerCase();
    if (lower !== 'true' && lower !== 'false')
      throw new ServiceError('bad_request', `${param.name} must be true or false, not "${clip(raw)}"`);
    params[param.name] = lower;
  }
  const selection = endpoint.selection;
  const ids = selection ? idList(query, selection.ids) : undefined;
  const region = selection?.region ? query.get(selection.region) : null;
  if (region !== null && selection?.region)
    params[selection.region] = String(positiveId(region, selection.region));
  const request: ApiRequest = {
    endpoint: endpoint.id,
    params,
    ...(ids ? { ids } : {}),
    locale: formatLocale(locale),
  };
  return {
    request,
    locale,
    selects: { region: region !== null, ids: selection !== undefined && query.has(selection.ids) },
  };
}

/** N is 0 to 5; anything else is 400 (scripts/api/README.md, "Errors"). */
export function forecastDays(raw: string, name = 'N'): number {
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > MAX_FORECAST_DAYS) {
    throw new ServiceError(
      'bad_request',
      `${name} must be a whole number from 0 to ${MAX_FORECAST_DAYS}, not "${clip(raw)}"`,
    );
  }
  return Number(raw);
}

/** A positive whole number, or a 400 that names the parameter. */
export function positiveId(raw: string, what: string): number {
  if (!ID_PATTERN.test(raw))
    throw new ServiceError('bad_request', `${what} "${clip(raw)}" is not a positive whole number`);
  return Number(raw);
}

/** Ids from repeated parameters and comma-separated lists alike, duplicates dropped, order kept. */
function idList(query: URLSearchParams, name: string): number[] {
  const ids = query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return [...new Set(ids.map((id) => positiveId(id, name)))];
}
