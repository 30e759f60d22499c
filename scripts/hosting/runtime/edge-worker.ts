/**
 * The mirror as an edge function (scripts/docs/hosting.md, "Per host"): a standard `fetch`
 * handler, and a pure `resolve()` any other edge runtime can call. It reads a request with the contract's
 * own route table and locale rules, as the service does (`scripts/service/request.ts`), so it accepts what
 * the nginx rules do and more: parameters in any order and case, comma-separated ids, and a multi-resort
 * map's ids in any order. What one build publishes (locales, resort sets, error bodies, cache lifetimes)
 * is `MIRROR`, a constant the build writes above this module's bundle (`rewrites-edge.ts`).
 */
import { matchRoute, type Endpoint } from '../../api/endpoints.ts';
import { ASSET_HEADERS, feedHeaders } from '../../api/headers.ts';
import { formatLocale, requestedLanguage, requestedLocale } from '../../api/locales.ts';
import { isPathValue, pathSegments } from '../../api/paths.ts';
import { MAX_URI_LENGTH } from '../../api/request.ts';
import type { ErrorBody } from '../../api/schemas/error.ts';
import { ID_PATTERN } from '../../api/text.ts';
import { localeOfLanguage, missingMessage, type MirrorData, type MirrorErrorName } from '../rewrites.ts';

declare const MIRROR: MirrorData;

/** The bindings of a Cloudflare Worker: the tree's static assets, or the public URL of the tree. */
interface Bindings {
  ASSETS?: { fetch(request: Request): Promise<Response> };
  ORIGIN?: string;
}

export type Answer = { file: string; cache: number; missing: string } | { error: ErrorBody };

const ofLanguage = () => localeOfLanguage(MIRROR.locales);

function refuse(name: MirrorErrorName): { error: ErrorBody } {
  return { error: { ...MIRROR.errors[name] } };
}

const english = (): { locale: string } | { error: ErrorBody } => {
  const locale = ofLanguage().get('en');
  return locale ? { locale } : refuse('locale');
};

/** Family B: language and country, both needed to leave en-US. */
function familyBLocale(query: URLSearchParams): { locale: string } | { error: ErrorBody } {
  const chosen = requestedLocale(query.get('language'), query.get('country'));
  if (typeof chosen === 'string') return refuse(chosen);
  const locale = formatLocale(chosen);
  return MIRROR.locales.includes(locale) ? { locale } : refuse('locale');
}

/** Family A: the locale header names a language; an unknown one is English. */
function familyALocale(header: string | null): { locale: string } | { error: ErrorBody } {
  const language = requestedLanguage(header);
  if (language === 'malformed') return refuse('locale-header');
  if (language === 'en') return english();
  const locale = ofLanguage().get(language);
  return locale ? { locale } : refuse('locale');
}

function missing(endpoint: Endpoint, path: Readonly<Record<string, string>>, locale: string): string {
  if (path.resortId !== undefined) return missingMessage('resort', endpoint.id, path.resortId, locale);
  if (path.regionId !== undefined) return missingMessage('region', endpoint.id, path.regionId, locale);
  return MIRROR.errors.file.message;
}

/**
 * What the mirror answers to a request of the service: { file, cache, missing } (the file under the
 * published tree, its cache lifetime, and the message if the file is missing), { error } (a JSON error
 * body in the service's shape), or undefined for a path outside the service's URLs.
 */
export function resolve(
  method: string,
  target: string,
  header?: (name: string) => string | null,
): Answer | undefined {
  const readHeader = header ?? (() => null);
  let url: URL;
  try {
    url = new URL(target, 'http://mirror.invalid');
  } catch {
    return refuse('endpoint');
  }
  // the quick links of a region list read through a service URL resolve to /<locale>/externalservice/...
  const landing = /^\/([a-z]{2}-[A-Z]{2})\/(externalservice\/[A-Za-z0-9_=/-]+\.json)$/.exec(url.pathname);
  if (landing && MIRROR.locales.includes(landing[1]!)) {
    return {
      file: `api/${landing[1]}/${landing[2]}`,
      cache: MIRROR.landingCache,
      missing: MIRROR.errors.file.message,
    };
  }
  if (!/^\/(externalservice|resorts?)\//.test(url.pathname)) return undefined;
  if (target.length > MAX_URI_LENGTH) return refuse('uri-too-long');
  if (method !== 'GET' && method !== 'HEAD') return refuse('method');
  let segments: string[];
  try {
    segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return refuse('endpoint');
  }
  const match = matchRoute(segments);
  if (!match) return refuse('endpoint');
  const { endpoint, params: path } = match;
  if (!endpoint.publish) return refuse('credentials');
  const query = url.searchParams;
  const chosen = endpoint.family === 'A' ? familyALocale(readHeader('locale')) : familyBLocale(query);
  if ('error' in chosen) return chosen;
  const { locale } = chosen;
  for (const [name, value] of Object.entries(path)) {
    if (!isPathValue(name, value)) return refuse(name === 'N' ? 'days' : 'id');
  }
  const extra: string[] = [];
  const region = endpoint.selection?.region;
  if (endpoint.multi) {
    // answered for the resort sets of the published groups only, in the default variant
    const ids: number[] = [];
    for (const value of query.getAll('resortId')) {
      for (const part of value.split(',')) {
        const id = part.trim();
        if (id === '') continue;
        if (!ID_PATTERN.test(id)) return refuse('id');
        if (!ids.includes(Number(id))) ids.push(Number(id));
      }
    }
    if (ids.length === 0) return refuse('no-ids');
    for (const param of endpoint.params) {
      const raw = query.get(param.name);
      if (raw === null) continue;
      if (param.kind === 'boolean' && !/^(true|false)$/i.test(raw)) return refuse('boolean');
      if (param.kind === 'days' && !/^\d{1,3}$/.test(raw)) return refuse('days');
      if (
        param.kind === 'boolean' ? raw.toLowerCase() !== param.default : Number(raw) !== Number(param.default)
      )
        return refuse('resort-set');
    }
    const key = (endpoint.multi.ordered ? ids : [...ids].sort((a, b) => a - b)).join(',');
    const group = MIRROR.sets[key];
    if (!group) return refuse('resort-set');
    extra.push(`group=${group}`);
  } else if (region) {
    if (query.has(endpoint.selection!.ids)) return refuse('resort-set');
    const value = query.get(region);
    if (value === null) extra.push('group=all');
    else if (!ID_PATTERN.test(value)) return refuse('id');
    else extra.push(`${region}=${value}`);
  } else {
    for (const param of endpoint.params) {
      const raw = query.get(param.name);
      const value = raw === null ? param.default : raw.toLowerCase();
      if (value !== 'true' && value !== 'false') return refuse('boolean');
      if (value !== param.default) extra.push(`${param.name}=${value}`);
    }
  }
  const file = `api/${[locale, ...pathSegments(endpoint.pattern, path), ...extra].join('/')}.json`;
  const notFound = endpoint.multi
    ? `this mirror has no file for this resort set in ${locale}`
    : region && query.get(region) !== null
      ? `there is no region ${query.get(region)} in this mirror`
      : missing(endpoint, path, locale);
  return { file, cache: MIRROR.cache[endpoint.freshness], missing: notFound };
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(`${JSON.stringify(body)}\n`, { status, headers: { ...JSON_HEADERS, ...extra } });
}

const NO_ORIGIN = {
  status: 500,
  error: 'internal',
  message: 'the edge function has neither ORIGIN nor ASSETS',
};

/**
 * ORIGIN where no binding carries it: the runtime's own variable (`Deno.env` on Deno and Deno Deploy,
 * `process.env` on Vercel). Undefined where it cannot be read (Deno without `--allow-env=ORIGIN`).
 */
function environmentOrigin(): string | undefined {
  const runtime = globalThis as {
    Deno?: { env: { get(name: string): string | undefined } };
    process?: { env?: Record<string, string | undefined> };
  };
  try {
    return runtime.Deno?.env.get('ORIGIN') ?? runtime.process?.env?.ORIGIN;
  } catch {
    return undefined;
  }
}

function fromOrigin(env: Bindings, path: string, request: Request): Promise<Response> {
  if (env.ASSETS) return env.ASSETS.fetch(new Request(new URL(`/${path}`, request.url), { method: 'GET' }));
  if (!env.ORIGIN) return Promise.resolve(json(500, NO_ORIGIN));
  return fetch(new URL(path, env.ORIGIN), { method: 'GET' });
}

/** An image copy (`assets/<hash>.<type>`) as a picture that can run nothing (scripts/ARCHITECTURE.md, "Threat model"). */
const ASSET = /\/assets\/[0-9a-f]{8}\.[a-z]+$/;
function asPicture(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of ASSET_HEADERS) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** An alert feed (scripts/api/feeds.ts) with its own type and lifetime, whatever the store sent. */
function asFeed(response: Response, feed: { contentType: string; cacheControl: string }): Response {
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set('content-type', feed.contentType);
  headers.set('cache-control', feed.cacheControl);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request: Request, env?: Bindings): Promise<Response> {
    // Deno passes its connection info and Vercel nothing here: their ORIGIN is the runtime's variable
    const bindings: Bindings = env?.ASSETS ? env : { ORIGIN: env?.ORIGIN ?? environmentOrigin() };
    const url = new URL(request.url);
    const answer = resolve(request.method, url.pathname + url.search, (name) => request.headers.get(name));
    if (answer === undefined) {
      if (!bindings.ASSETS && !bindings.ORIGIN) return json(500, NO_ORIGIN);
      const passed = bindings.ASSETS
        ? await bindings.ASSETS.fetch(request)
        : await fetch(new URL(url.pathname.slice(1) + url.search, bindings.ORIGIN), {
            method: request.method,
          });
      const feed = feedHeaders(url.pathname);
      if (feed) return asFeed(passed, feed);
      return ASSET.test(url.pathname) ? asPicture(passed) : passed;
    }
    if ('error' in answer)
      return json(answer.error.status, answer.error, answer.error.status === 405 ? { allow: 'GET' } : {});
    const upstream = await fromOrigin(bindings, answer.file, request);
    // a bucket without list permission answers 403 for a missing object
    if (upstream.status === 404 || upstream.status === 403)
      return json(404, { status: 404, error: 'not_found', message: answer.missing });
    if (!upstream.ok) return upstream;
    const headers = {
      ...JSON_HEADERS,
      'cache-control': `public, max-age=${answer.cache}, stale-while-revalidate=${answer.cache * 4}`,
    };
    return new Response(request.method === 'HEAD' ? null : upstream.body, { status: 200, headers });
  },
};
