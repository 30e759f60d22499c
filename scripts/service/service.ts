/**
 * Both API families over the embedded dataset as one pure function: request in, response out. The HTTP
 * server and the in-process snapshot source both call it, so they answer byte for byte the same. The
 * HTTP request is read into the contract's request type (`request.ts`); this module answers it.
 */
import type { MultiType } from '../api/endpoints.ts';
import type { ErrorBody } from '../api/schemas/error.ts';
import type { Dataset, DatasetAccount, DatasetResort } from '../dataset/schema.ts';
import { indexDataset, type DatasetIndex, type RenderContext } from './context.ts';
import { ServiceError } from './errors.ts';
import { unitsFor } from './locale.ts';
import { reportDay, resortOn } from './season.ts';
import { accountRecord, attributionRecord, tokenRecord } from './render/account.ts';
import { familyARecord } from './render/family-a.ts';
import { combinedReportRecord, linksRecord, overviewRecord, webcamRecords } from './render/media.ts';
import { profileRecord } from './render/profile.ts';
import { countriesList, regionList } from './render/regions.ts';
import { snowReportRecord } from './render/snow-report.ts';
import { forecastRecord } from './render/weather.ts';
import {
  forecastDays,
  positiveId,
  readRequest,
  routeHttpRequest,
  type HttpRequest,
  type Presented,
  type RoutedRequest,
} from './request.ts';

export { MAX_URI_LENGTH } from '../api/request.ts';
export type ServiceRequest = HttpRequest;

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
  /**
   * The origin the sample's images are served from (the HTTP server's own): the bodies name the images
   * under it. Unset, they name the dataset's URLs as they are.
   */
  imageOrigin?: string;
}

export type Service = (request: ServiceRequest) => ServiceResponse;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function createService(dataset: Dataset, options: ServiceOptions = {}): Service {
  const index = indexDataset(dataset);
  const now = options.now ?? Date.now;
  const origin = options.origin ?? 'http://127.0.0.1';
  const onDay = datedResorts();
  return (request) => {
    try {
      const at = now();
      const moment = { now: at, origin, onDay, imageOrigin: options.imageOrigin };
      const body = answer(dataset, index, routeHttpRequest(request), moment);
      return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
    } catch (error) {
      const e =
        error instanceof ServiceError
          ? error
          : new ServiceError('internal', 'the service failed to answer', { cause: error });
      const body: ErrorBody = { status: e.status, error: e.code, message: e.message };
      const headers: Record<string, string> = { ...JSON_HEADERS };
      if (e.status === 405) headers.allow = 'GET';
      return { status: e.status, headers, body: JSON.stringify(body) };
    }
  };
}

/**
 * Each resort as it stands on its report's day (`season.ts`), kept while that day lasts: a build asks for
 * the same resort in every locale and variant at one instant.
 */
function datedResorts(): (resort: DatasetResort, now: number) => DatasetResort {
  const kept = new Map<DatasetResort, { day: number; resort: DatasetResort }>();
  return (resort, now) => {
    const day = reportDay(resort, now);
    const hit = kept.get(resort);
    if (hit?.day === day) return hit.resort;
    const dated = resortOn(resort, now);
    kept.set(resort, { day, resort: dated });
    return dated;
  };
}

interface Moment {
  now: number;
  origin: string;
  onDay: (resort: DatasetResort, now: number) => DatasetResort;
  imageOrigin: string | undefined;
}

function answer(dataset: Dataset, index: DatasetIndex, routed: RoutedRequest, moment: Moment): unknown {
  const { now, origin } = moment;
  const dated = (resort: DatasetResort) => moment.onDay(resort, now);
  const { endpoint } = routed;
  const account = authenticate(dataset, endpoint.auth, routed.presented);
  if (endpoint.id === 'auth.token') return tokenRecord(account);
  if (endpoint.id === 'auth.account') return accountRecord(account);

  const { request, locale, selects } = readRequest(routed);
  const params = request.params ?? {};
  const ctx: RenderContext = { dataset, index, now, locale, units: unitsFor(locale), account, origin };
  if (moment.imageOrigin) ctx.imageOrigin = moment.imageOrigin;
  const variant: Variant = {
    forecastOnly: params.forecast_only === 'true',
    forecast: params.forecast === 'true',
    links: params.links !== 'false',
    days: Number(params.days ?? 5),
  };
  if (endpoint.permission && !account[endpoint.permission]) throw forbidden(endpoint.permission);
  if (variant.forecast && !account.hasWeather) throw forbidden('hasWeather');

  switch (endpoint.id) {
    case 'a.snowreport':
      return familyASelection(index, request.ids ?? [], selects, params.regionId).map((r) =>
        familyARecord(dated(r), locale.language, now),
      );
    case 'a.resort.snowreport':
      return familyARecord(dated(resortOf(index, params.resortId!)), locale.language, now);
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
    const ids = request.ids ?? [];
    if (ids.length === 0) throw new ServiceError('bad_request', 'give one or more resortId query parameters');
    const resorts = ids.flatMap((id) => index.resorts.get(id) ?? []);
    const render = (r: DatasetResort) => singleRecord(ctx, endpoint.multi!.type, dated(r), variant);
    const entries = resorts.map((r) => [r.id, render(r)] as const).filter(([, body]) => body !== undefined);
    return endpoint.multi.ordered ? entries.map(([, body]) => body) : Object.fromEntries(entries);
  }
  const resort = dated(resortOf(index, params.resortId!));
  if (endpoint.id === 'forecast') variant.days = forecastDays(params.N!);
  const type = endpoint.id as MultiType | 'links' | 'overview';
  const body = singleRecord(ctx, type, resort, variant);
  if (body === undefined) {
    throw new ServiceError(
      'not_found',
      endpoint.id === 'webcams'
        ? `resort ${resort.id} has no webcams`
        : `resort ${resort.id} has no overview in ${locale.language}`,
    );
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
function singleRecord(
  ctx: RenderContext,
  type: MultiType | 'links' | 'overview',
  resort: DatasetResort,
  v: Variant,
): unknown {
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
  auth: 'apiKey' | 'token' | 'credentials',
  presented: Presented,
): DatasetAccount {
  switch (auth) {
    case 'apiKey': {
      const key = presented.apiKey;
      const account = key ? dataset.accounts.find((a) => a.apiKey === key) : undefined;
      if (!account || !account.isActive)
        throw new ServiceError(
          'unauthorized',
          key ? 'the x-api-key header is not a valid API key' : 'the x-api-key header is missing',
        );
      return account;
    }
    case 'token': {
      const token = presented.token;
      const account = token ? dataset.accounts.find((a) => a.token === token) : undefined;
      if (!account || !account.isActive)
        throw new ServiceError(
          'unauthorized',
          token ? 'the token is not valid' : 'the token query parameter is missing',
        );
      return account;
    }
    case 'credentials': {
      const email = (presented.email ?? '').trim().toLowerCase();
      const account = dataset.accounts.find(
        (a) => a.email.toLowerCase() === email && a.password === presented.password,
      );
      if (!account) throw new ServiceError('unauthorized', 'the e-mail address or password is wrong');
      return account;
    }
  }
}

const forbidden = (permission: string) =>
  new ServiceError(
    'forbidden',
    `this account has no access to this feature (${permission} is false in the account record)`,
  );

function resortOf(index: DatasetIndex, raw: string): DatasetResort {
  const id = positiveId(raw, 'resort id');
  const resort = index.resorts.get(id);
  if (!resort) throw new ServiceError('not_found', `there is no resort ${id}`);
  return resort;
}

/**
 * Family A selection (scripts/api/README.md, "Endpoints"): neither parameter → every resort; `regionId` → the region's
 * resorts; `resortIds` → those resorts in the order given; both → resorts that satisfy both.
 */
function familyASelection(
  index: DatasetIndex,
  ids: readonly number[],
  selects: { region: boolean; ids: boolean },
  regionId: string | undefined,
): DatasetResort[] {
  let resorts = index.allResorts;
  if (selects.ids) resorts = ids.flatMap((id) => index.resorts.get(id) ?? []);
  if (selects.region && regionId !== undefined) {
    const region = Number(regionId);
    const inRegion = index.resortsIn.get(region);
    if (!inRegion) throw new ServiceError('not_found', `there is no region ${region}`);
    const inside = new Set(inRegion.map((r) => r.id));
    resorts = resorts.filter((r) => inside.has(r.id));
  }
  return resorts;
}
