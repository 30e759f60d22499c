/**
 * Both API families over the embedded dataset as one pure function: request in, response out. The HTTP
 * server and the in-process snapshot source both call it, so they answer byte for byte the same.
 */
import type { Dataset, DatasetAccount, DatasetResort } from '../dataset/schema.ts';
import type { ErrorBody } from '../schemas/error.ts';
import { indexDataset, type DatasetIndex, type RenderContext } from './context.ts';
import { matchRoute, type Endpoint, type MultiType } from './endpoints.ts';
import { ServiceError } from './errors.ts';
import { clip, DEFAULT_LOCALE, familyALanguage, familyBLocale, unitsFor, type Locale } from './locale.ts';
import { accountRecord, attributionRecord, tokenRecord } from './render/account.ts';
import { familyARecord } from './render/family-a.ts';
import { combinedReportRecord, linksRecord, overviewRecord, webcamRecords } from './render/media.ts';
import { profileRecord } from './render/profile.ts';
import { countriesList, regionList } from './render/regions.ts';
import { snowReportRecord } from './render/snow-report.ts';
import { forecastRecord, MAX_FORECAST_DAYS } from './render/weather.ts';

/** spec 4B.2 and 8: longer request URIs are answered 414. */
export const MAX_URI_LENGTH = 8000;

export interface ServiceRequest {
  method: string;
  /** The request target: path and query string, as sent. */
  url: string;
  /** Header names in lower case. */
  headers?: Readonly<Record<string, string | undefined>>;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ServiceOptions {
  /** The clock; the sample's relative times are resolved against it. Defaults to the wall clock. */
  now?: () => number;
  /** Scheme, host and port for links back to the service (region quick links). */
  origin?: string;
}

export type Service = (request: ServiceRequest) => ServiceResponse;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function createService(dataset: Dataset, options: ServiceOptions = {}): Service {
  const index = indexDataset(dataset);
  const now = options.now ?? Date.now;
  const origin = options.origin ?? 'http://127.0.0.1';
  return (request) => {
    try {
      const body = route(dataset, index, request, now(), origin);
      return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
    } catch (error) {
      const e = error instanceof ServiceError ? error : new ServiceError('internal', 'the service failed to answer', { cause: error });
      const body: ErrorBody = { status: e.status, error: e.code === 'invalid_dataset' ? 'internal' : e.code, message: e.message };
      const headers: Record<string, string> = { ...JSON_HEADERS };
      if (e.status === 405) headers.allow = 'GET';
      return { status: e.status, headers, body: JSON.stringify(body) };
    }
  };
}

function route(dataset: Dataset, index: DatasetIndex, request: ServiceRequest, now: number, origin: string): unknown {
  if (request.url.length > MAX_URI_LENGTH) {
    throw new ServiceError('uri_too_long', `the request URI is ${request.url.length} characters; the limit is ${MAX_URI_LENGTH}. Split the resort ids over several requests`);
  }
  if (request.method !== 'GET') throw new ServiceError('method_not_allowed', `${clip(request.method, 10)} is not allowed; this service answers GET only`);
  let url: URL;
  let segments: string[];
  try {
    url = new URL(request.url, 'http://service.invalid');
    segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    throw new ServiceError('bad_request', 'the request path is not a valid URL path');
  }
  const match = matchRoute(segments);
  if (!match) throw new ServiceError('not_found', `there is no endpoint at ${clip(url.pathname, 80)}`);
  const { endpoint, params } = match;
  const headers = request.headers ?? {};
  const query = url.searchParams;
  const account = authenticate(dataset, endpoint, query, headers, params);

  if (endpoint.auth === 'credentials') return endpoint.id === 'auth.token' ? tokenRecord(account) : accountRecord(account);

  const locale: Locale =
    endpoint.family === 'A' ? { ...DEFAULT_LOCALE, language: familyALanguage(headers['locale']) } : familyBLocale(query);
  const ctx: RenderContext = { dataset, index, now, locale, units: unitsFor(locale), account, origin };
  const variant = readVariants(endpoint, query);
  if (endpoint.permission && !account[endpoint.permission]) throw forbidden(endpoint.permission);
  if (endpoint.id === 'combinedreport' || endpoint.multi?.type === 'combinedreport') {
    if (variant.forecast && !account.hasWeather) throw forbidden('hasWeather');
  }

  switch (endpoint.id) {
    case 'a.snowreport':
      return familyASelection(index, query).map((r) => familyARecord(r, locale.language, now));
    case 'a.resort.snowreport':
      return familyARecord(resortOf(index, params.resortId!), locale.language, now);
    case 'region.countries':
      return countriesList(ctx);
    case 'region.list': {
      const id = positiveId(params.regionId!, 'region id');
      const region = index.regions.get(id);
      if (!region) throw new ServiceError('not_found', `there is no region ${id}`);
      return regionList(ctx, region);
    }
    case 'attribution':
      return attributionRecord(ctx);
  }
  if (endpoint.multi) {
    const resorts = multiSelection(index, query);
    const render = (r: DatasetResort) => singleRecord(ctx, endpoint.multi!.type, r, variant);
    const entries = resorts.map((r) => [r.id, render(r)] as const).filter(([, body]) => body !== undefined);
    return endpoint.multi.ordered ? entries.map(([, body]) => body) : Object.fromEntries(entries);
  }
  const resort = resortOf(index, params.resortId!);
  if (endpoint.id === 'forecast') variant.days = forecastDaysParam(params.N!);
  const type = endpoint.id as MultiType | 'links' | 'overview';
  const body = singleRecord(ctx, type, resort, variant);
  if (body === undefined) {
    throw new ServiceError('not_found', endpoint.id === 'webcams' ? `resort ${resort.id} has no webcams` : `resort ${resort.id} has no overview in ${locale.language}`);
  }
  return body;
}

interface Variant {
  forecastOnly: boolean;
  forecast: boolean;
  links: boolean;
  days: number;
}

/** One resort's record of `type`, or undefined where the service answers 404 (no webcams, no overview). */
function singleRecord(ctx: RenderContext, type: MultiType | 'links' | 'overview', resort: DatasetResort, v: Variant): unknown {
  switch (type) {
    case 'profile':
      return profileRecord(ctx, resort);
    case 'snowreport':
      return snowReportRecord(ctx, resort, v.forecastOnly);
    case 'combinedreport':
      return combinedReportRecord(ctx, resort, v);
    case 'forecast':
      return forecastRecord(ctx, resort, v.days, v.forecastOnly);
    case 'webcams': {
      const cams = webcamRecords(ctx, resort);
      return cams.length === 0 ? undefined : cams;
    }
    case 'links':
      return linksRecord(ctx, resort);
    case 'overview':
      return overviewRecord(ctx, resort);
  }
}

function authenticate(
  dataset: Dataset,
  endpoint: Endpoint,
  query: URLSearchParams,
  headers: Readonly<Record<string, string | undefined>>,
  params: Record<string, string>,
): DatasetAccount {
  switch (endpoint.auth) {
    case 'apiKey': {
      const key = headers['x-api-key'];
      const account = key ? dataset.accounts.find((a) => a.apiKey === key) : undefined;
      if (!account || !account.isActive) throw new ServiceError('unauthorized', key ? 'the x-api-key header is not a valid API key' : 'the x-api-key header is missing');
      return account;
    }
    case 'token': {
      const token = query.get('token');
      const account = token ? dataset.accounts.find((a) => a.token === token) : undefined;
      if (!account || !account.isActive) throw new ServiceError('unauthorized', token ? 'the token is not valid' : 'the token query parameter is missing');
      return account;
    }
    case 'credentials': {
      const email = params.email!.trim().toLowerCase();
      const account = dataset.accounts.find((a) => a.email.toLowerCase() === email && a.password === params.password);
      if (!account) throw new ServiceError('unauthorized', 'the e-mail address or password is wrong');
      return account;
    }
  }
}

const forbidden = (permission: string) =>
  new ServiceError('forbidden', `this account has no access to this feature (${permission} is false in the account record)`);

function readVariants(endpoint: Endpoint, query: URLSearchParams): Variant {
  const variant: Variant = { forecastOnly: false, forecast: false, links: true, days: MAX_FORECAST_DAYS };
  for (const param of endpoint.params) {
    const raw = query.get(param.name) ?? param.default;
    if (param.kind === 'days') {
      variant.days = forecastDaysParam(raw, 'days');
      continue;
    }
    const lower = raw.toLowerCase();
    if (lower !== 'true' && lower !== 'false') throw new ServiceError('bad_request', `${param.name} must be true or false, not "${clip(raw)}"`);
    const value = lower === 'true';
    if (param.name === 'forecast_only') variant.forecastOnly = value;
    else if (param.name === 'forecast') variant.forecast = value;
    else if (param.name === 'links') variant.links = value;
  }
  return variant;
}

/** spec 4B.2: N is 0 to 5. */
function forecastDaysParam(raw: string, name = 'N'): number {
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > MAX_FORECAST_DAYS) {
    throw new ServiceError('bad_request', `${name} must be a whole number from 0 to ${MAX_FORECAST_DAYS}, not "${clip(raw)}"`);
  }
  return Number(raw);
}

function positiveId(raw: string, what: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw new ServiceError('bad_request', `${what} "${clip(raw)}" is not a positive whole number`);
  return Number(raw);
}

function resortOf(index: DatasetIndex, raw: string): DatasetResort {
  const id = positiveId(raw, 'resort id');
  const resort = index.resorts.get(id);
  if (!resort) throw new ServiceError('not_found', `there is no resort ${id}`);
  return resort;
}

/** Ids from repeated parameters and comma-separated lists alike, duplicates dropped, order kept. */
function idList(query: URLSearchParams, name: string): number[] {
  const ids = query.getAll(name).flatMap((value) => value.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  return [...new Set(ids.map((id) => positiveId(id, name)))];
}

/** spec 4B.3: multi-resort endpoints need one or more `resortId`; unknown ids are left out of the answer. */
function multiSelection(index: DatasetIndex, query: URLSearchParams): DatasetResort[] {
  const ids = idList(query, 'resortId');
  if (ids.length === 0) throw new ServiceError('bad_request', 'give one or more resortId query parameters');
  return ids.flatMap((id) => index.resorts.get(id) ?? []);
}

/**
 * Family A selection (README, "Choices"): neither parameter → every resort; `regionId` → the region's
 * resorts; `resortIds` → those resorts in the order given; both → resorts that satisfy both.
 */
function familyASelection(index: DatasetIndex, query: URLSearchParams): DatasetResort[] {
  const regionRaw = query.get('regionId');
  const hasIds = query.has('resortIds');
  let resorts = index.allResorts;
  if (hasIds) resorts = idList(query, 'resortIds').flatMap((id) => index.resorts.get(id) ?? []);
  if (regionRaw !== null) {
    const regionId = positiveId(regionRaw, 'regionId');
    const inRegion = index.resortsIn.get(regionId);
    if (!inRegion) throw new ServiceError('not_found', `there is no region ${regionId}`);
    const ids = new Set(inRegion.map((r) => r.id));
    resorts = resorts.filter((r) => ids.has(r.id));
  }
  return resorts;
}
