/**
 * Every endpoint of both families as data (spec 4). One row drives the service router, the snapshot plan
 * and the static path mapping. This module imports nothing at run time, so the widget can share it.
 */

export type Family = 'A' | 'B';

/** How a caller proves who it is (spec 5). */
export type Auth = 'apiKey' | 'token' | 'credentials';

/** Account features that gate an endpoint (spec 5.3); the account record's flags. */
export type Permission = 'hasWeather' | 'hasOverviews' | 'hasCams';

/** Freshness classes; the snapshot's refresh intervals are set per class (spec 8). */
export type Freshness = 'conditions' | 'snow' | 'forecast' | 'static' | 'daily' | 'webcams';

/** A query parameter that selects a variant of an endpoint's output. */
export interface VariantParam {
  name: string;
  kind: 'boolean' | 'days';
  /** The value the service assumes when the parameter is absent. */
  default: string;
}

/** The kinds of multi-resort output (spec 4B.3). */
export const MULTI_TYPES = ['snowreport', 'webcams', 'combinedreport', 'forecast', 'profile'] as const;
export type MultiType = (typeof MULTI_TYPES)[number];

export interface Endpoint {
  id: string;
  family: Family;
  /** Path pattern; `{name}` is a path parameter. */
  pattern: string;
  /** Variant parameters in the fixed order the static path lists them. */
  params: readonly VariantParam[];
  auth: Auth;
  permission?: Permission;
  /** How many resorts one call answers for. */
  scope: 'resort' | 'resorts' | 'region' | 'regions' | 'account';
  /** For multi-resort rows: the single-resort record type and whether the answer is an array. */
  multi?: { type: MultiType; ordered: boolean };
  freshness: Freshness;
  /** False for the credential endpoints, whose bodies hold the e-mail address and password. */
  publish: boolean;
}

const forecastOnly: VariantParam = { name: 'forecast_only', kind: 'boolean', default: 'false' };
const forecast: VariantParam = { name: 'forecast', kind: 'boolean', default: 'false' };
const links: VariantParam = { name: 'links', kind: 'boolean', default: 'true' };
/** README, "Choices": the multi-resort forecast takes N as the query parameter `days`. */
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
const MULTI_PERMISSION: Partial<Record<MultiType, Permission>> = { forecast: 'hasWeather', webcams: 'hasCams' };

function multiRows(): Endpoint[] {
  return MULTI_TYPES.flatMap((type) =>
    [false, true].map(
      (ordered): Endpoint => ({
        id: `multi.${type}${ordered ? '.ordered' : ''}`,
        family: 'B',
        pattern: `/externalservice/resort/${type}${ordered ? '/ordered' : ''}`,
        params: MULTI_PARAMS[type],
        auth: 'token',
        ...(MULTI_PERMISSION[type] ? { permission: MULTI_PERMISSION[type] } : {}),
        scope: 'resorts',
        multi: { type, ordered },
        freshness: MULTI_FRESHNESS[type],
        publish: true,
      }),
    ),
  );
}

/** Rows are matched in order: literal paths come before patterns that could swallow them. */
export const ENDPOINTS: readonly Endpoint[] = [
  { id: 'a.snowreport', family: 'A', pattern: '/resorts/snowreport', params: [], auth: 'apiKey', scope: 'resorts', freshness: 'snow', publish: true },
  { id: 'a.resort.snowreport', family: 'A', pattern: '/resort/{resortId}/snowreport', params: [], auth: 'apiKey', scope: 'resort', freshness: 'snow', publish: true },
  ...multiRows(),
  { id: 'region.countries', family: 'B', pattern: '/externalservice/region/countries/list', params: [], auth: 'token', scope: 'regions', freshness: 'daily', publish: true },
  { id: 'region.list', family: 'B', pattern: '/externalservice/region/{regionId}/list', params: [], auth: 'token', scope: 'region', freshness: 'daily', publish: true },
  { id: 'forecast', family: 'B', pattern: '/externalservice/resort/{resortId}/{N}/day/forecast', params: [forecastOnly], auth: 'token', permission: 'hasWeather', scope: 'resort', freshness: 'forecast', publish: true },
  { id: 'links', family: 'B', pattern: '/externalservice/resort/{resortId}/links', params: [], auth: 'token', scope: 'resort', freshness: 'static', publish: true },
  { id: 'overview', family: 'B', pattern: '/externalservice/resort/{resortId}/overview', params: [], auth: 'token', permission: 'hasOverviews', scope: 'resort', freshness: 'static', publish: true },
  { id: 'profile', family: 'B', pattern: '/externalservice/resort/{resortId}/profile', params: [], auth: 'token', scope: 'resort', freshness: 'static', publish: true },
  { id: 'snowreport', family: 'B', pattern: '/externalservice/resort/{resortId}/snowreport', params: [forecastOnly], auth: 'token', scope: 'resort', freshness: 'snow', publish: true },
  { id: 'combinedreport', family: 'B', pattern: '/externalservice/resort/{resortId}/combinedreport', params: [forecastOnly, forecast, links], auth: 'token', scope: 'resort', freshness: 'conditions', publish: true },
  { id: 'webcams', family: 'B', pattern: '/externalservice/resort/{resortId}/webcams', params: [], auth: 'token', permission: 'hasCams', scope: 'resort', freshness: 'webcams', publish: true },
  { id: 'auth.token', family: 'B', pattern: '/externalservice/authorization/token/{email}/{password}', params: [], auth: 'credentials', scope: 'account', freshness: 'daily', publish: false },
  { id: 'auth.account', family: 'B', pattern: '/externalservice/authorization/account/{email}/{password}', params: [], auth: 'credentials', scope: 'account', freshness: 'daily', publish: false },
  { id: 'attribution', family: 'B', pattern: '/externalservice/myaccount/attribution', params: [], auth: 'token', scope: 'account', freshness: 'daily', publish: true },
];

export const endpointById = (id: string): Endpoint => {
  const endpoint = ENDPOINTS.find((e) => e.id === id);
  if (!endpoint) throw new Error(`no endpoint "${id}"`);
  return endpoint;
};

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
export function fillPattern(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter "${name}" of ${pattern} is missing`);
    return encodeURIComponent(String(value));
  });
}
