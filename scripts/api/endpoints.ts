/**
 * Every endpoint of both families as data (scripts/api/README.md, "The two families"). One row drives the
 * service router, the snapshot plan, the static path mapping, the schema choice and the host headers: a new
 * endpoint is one row, and every per-endpoint map is a `Record<EndpointId, …>`, so the compiler names what is
 * missing. This module imports nothing at run time, so the element shares it.
 */

export type Family = 'A' | 'B';

/** How a caller proves who it is (scripts/api/README.md, "The two families"). */
export type Auth = 'apiKey' | 'token' | 'credentials';

/** Account features that gate an endpoint, the account record's flags (scripts/api/README.md, "Errors"). */
export type Permission = 'hasWeather' | 'hasOverviews' | 'hasCams';

/** Freshness classes; the snapshot's refresh intervals are set per class (scripts/docs/scheduling.md, "Freshness"). */
export type Freshness = 'conditions' | 'snow' | 'forecast' | 'static' | 'daily' | 'webcams';

/** A query parameter that selects a variant of an endpoint's output. */
export interface VariantParam {
  name: 'forecast_only' | 'forecast' | 'links' | 'days';
  kind: 'boolean' | 'days';
  /** The value the service assumes when the parameter is absent. */
  default: string;
}

/** The kinds of multi-resort output (scripts/api/README.md, "Endpoints", multi-resort). */
export const MULTI_TYPES = ['snowreport', 'webcams', 'combinedreport', 'forecast', 'profile'] as const;
export type MultiType = (typeof MULTI_TYPES)[number];

export type EndpointId =
  | 'a.snowreport'
  | 'a.resort.snowreport'
  | MultiEndpointId
  | 'region.countries'
  | 'region.list'
  | 'forecast'
  | 'links'
  | 'overview'
  | 'profile'
  | 'snowreport'
  | 'combinedreport'
  | 'webcams'
  | 'auth.token'
  | 'auth.account'
  | 'attribution';

export interface Endpoint {
  id: EndpointId;
  family: Family;
  /** Path pattern; `{name}` is a path parameter. */
  pattern: string;
  /** Variant parameters in the fixed order the request target and the static path list them. */
  params: readonly VariantParam[];
  auth: Auth;
  permission?: Permission;
  /** How many resorts one call answers for. */
  scope: 'resort' | 'resorts' | 'region' | 'regions' | 'account';
  /** For multi-resort rows: the single-resort record type and whether the answer is an array. */
  multi?: { type: MultiType; ordered: boolean };
  /**
   * How a multi-resort request names its resorts: Family B repeats `resortId`, Family A sends one
   * comma-separated `resortIds`; `region` is the query parameter that selects a region instead.
   */
  selection?: { ids: 'resortId' | 'resortIds'; comma: boolean; region?: 'regionId' };
  freshness: Freshness;
  /** False for the credential endpoints, whose bodies hold the e-mail address and password. */
  publish: boolean;
}

const forecastOnly: VariantParam = { name: 'forecast_only', kind: 'boolean', default: 'false' };
const forecast: VariantParam = { name: 'forecast', kind: 'boolean', default: 'false' };
const links: VariantParam = { name: 'links', kind: 'boolean', default: 'true' };
/** scripts/api/README.md, "Endpoints": the multi-resort forecast takes N as the query parameter `days`. */
const days: VariantParam = { name: 'days', kind: 'days', default: '5' };

const MULTI_PARAMS: Record<MultiType, readonly VariantParam[]> = {
  snowreport: [forecastOnly],
  webcams: [],
  combinedreport: [forecastOnly, forecast, links],
  forecast: [days, forecastOnly],
  profile: [],
};
const MULTI_FRESHNESS: Record<MultiType, Freshness> = {
  snowreport: 'snow',
  webcams: 'webcams',
  combinedreport: 'conditions',
  forecast: 'forecast',
  profile: 'static',
};
const MULTI_PERMISSION: Partial<Record<MultiType, Permission>> = {
  forecast: 'hasWeather',
  webcams: 'hasCams',
};

type Row = Omit<Endpoint, 'id'>;

const multi = (type: MultiType, ordered: boolean): Row => ({
  family: 'B',
  pattern: `/externalservice/resort/${type}${ordered ? '/ordered' : ''}`,
  params: MULTI_PARAMS[type],
  auth: 'token',
  ...(MULTI_PERMISSION[type] ? { permission: MULTI_PERMISSION[type] } : {}),
  scope: 'resorts',
  multi: { type, ordered },
  selection: { ids: 'resortId', comma: false },
  freshness: MULTI_FRESHNESS[type],
  publish: true,
});

const single = (
  pattern: string,
  params: readonly VariantParam[],
  freshness: Freshness,
  permission?: Permission,
): Row => ({
  family: 'B',
  pattern,
  params,
  auth: 'token',
  ...(permission ? { permission } : {}),
  scope: 'resort',
  freshness,
  publish: true,
});

/** Rows are matched in order: literal paths come before patterns that could swallow them. */
const ROWS: Record<EndpointId, Row> = {
  'a.snowreport': {
    family: 'A',
    pattern: '/resorts/snowreport',
    params: [],
    auth: 'apiKey',
    scope: 'resorts',
    selection: { ids: 'resortIds', comma: true, region: 'regionId' },
    freshness: 'snow',
    publish: true,
  },
  'a.resort.snowreport': {
    family: 'A',
    pattern: '/resort/{resortId}/snowreport',
    params: [],
    auth: 'apiKey',
    scope: 'resort',
    freshness: 'snow',
    publish: true,
  },
  ...perMultiEndpoint(multi),
  'region.countries': {
    family: 'B',
    pattern: '/externalservice/region/countries/list',
    params: [],
    auth: 'token',
    scope: 'regions',
    freshness: 'daily',
    publish: true,
  },
  'region.list': {
    family: 'B',
    pattern: '/externalservice/region/{regionId}/list',
    params: [],
    auth: 'token',
    scope: 'region',
    freshness: 'daily',
    publish: true,
  },
  forecast: single(
    '/externalservice/resort/{resortId}/{N}/day/forecast',
    [forecastOnly],
    'forecast',
    'hasWeather',
  ),
  links: single('/externalservice/resort/{resortId}/links', [], 'static'),
  overview: single('/externalservice/resort/{resortId}/overview', [], 'static', 'hasOverviews'),
  profile: single('/externalservice/resort/{resortId}/profile', [], 'static'),
  snowreport: single('/externalservice/resort/{resortId}/snowreport', [forecastOnly], 'snow'),
  combinedreport: single(
    '/externalservice/resort/{resortId}/combinedreport',
    [forecastOnly, forecast, links],
    'conditions',
  ),
  webcams: single('/externalservice/resort/{resortId}/webcams', [], 'webcams', 'hasCams'),
  'auth.token': {
    family: 'B',
    pattern: '/externalservice/authorization/token/{email}/{password}',
    params: [],
    auth: 'credentials',
    scope: 'account',
    freshness: 'daily',
    publish: false,
  },
  'auth.account': {
    family: 'B',
    pattern: '/externalservice/authorization/account/{email}/{password}',
    params: [],
    auth: 'credentials',
    scope: 'account',
    freshness: 'daily',
    publish: false,
  },
  attribution: {
    family: 'B',
    pattern: '/externalservice/myaccount/attribution',
    params: [],
    auth: 'token',
    scope: 'account',
    freshness: 'daily',
    publish: true,
  },
};

/** Every endpoint by id. */
export const ENDPOINT: { readonly [K in EndpointId]: Endpoint } = Object.fromEntries(
  Object.entries(ROWS).map(([id, row]) => [id, { id, ...row }]),
) as { [K in EndpointId]: Endpoint };

/** Every endpoint, in matching order. */
export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT);

export type MultiEndpointId = `multi.${MultiType}` | `multi.${MultiType}.ordered`;

/** One value per multi-resort endpoint (each type, as a map and ordered): for `Record<EndpointId, …>` tables. */
export function perMultiEndpoint<T>(
  value: (type: MultiType, ordered: boolean) => T,
): Record<MultiEndpointId, T> {
  const out = {} as Record<MultiEndpointId, T>;
  for (const type of MULTI_TYPES) {
    out[`multi.${type}`] = value(type, false);
    out[`multi.${type}.ordered`] = value(type, true);
  }
  return out;
}

/** The multi-resort endpoint of `type`, in its map or its ordered form. */
export const multiEndpoint = (type: MultiType, ordered = false): Endpoint =>
  ENDPOINT[`multi.${type}${ordered ? '.ordered' : ''}`];

export interface RouteMatch {
  endpoint: Endpoint;
  /** Decoded path parameters. */
  params: Record<string, string>;
}

/** Finds the endpoint a path (already split into decoded segments) addresses. */
export function matchRoute(segments: readonly string[]): RouteMatch | undefined {
  for (const endpoint of ENDPOINTS) {
    const pattern = endpoint.pattern.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const part = pattern[i]!;
      if (part.startsWith('{')) params[part.slice(1, -1)] = segments[i]!;
      else ok = part === segments[i];
    }
    if (ok) return { endpoint, params };
  }
  return undefined;
}

/** Fills a pattern's path parameters (each value is percent-encoded). */
export function fillPattern(
  pattern: string,
  params: Readonly<Record<string, string | number | undefined>>,
): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter "${name}" of ${pattern} is missing`);
    return encodeURIComponent(String(value));
  });
}
