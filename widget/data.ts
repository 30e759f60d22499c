/**
 * The element's files, found through the snapshot's own path function. Each URL is fetched once per page,
 * however many elements need it; a failed fetch is forgotten so that a retry fetches again.
 */
import type { ResortSnowReport } from '../scripts/api/schemas/family-a.ts';
import type { AttributionRecord, CombinedReportRecord, ForecastRecord } from '../scripts/api/schemas/family-b.ts';
import { ResortConditionsError } from '../scripts/api/errors.ts';
import { filePath } from '../scripts/api/paths.ts';
import type { ApiRequest } from '../scripts/api/request.ts';

export interface ResortData {
  combined: CombinedReportRecord;
  /** Family A's record: 7-day history, comment, last update. Absent when not published. */
  familyA?: ResortSnowReport;
  /** Absent when the account has no weather access (no forecast file). */
  forecast?: ForecastRecord;
  attribution?: AttributionRecord;
}

/** A published file that could not be loaded: `status` is its HTTP status, 0 for a broken body. */
export class FileError extends ResortConditionsError {
  override name = 'FileError';
  constructor(readonly status: number, readonly url: string) {
    super('file', `${url}: HTTP ${status}`, { context: { url, status } });
  }
}

const cache = new Map<string, Promise<unknown>>();

/** Fetches and parses a JSON file once per page. */
export function getJson(url: string, fetcher: typeof fetch = fetch): Promise<unknown> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetcher(url, { credentials: 'omit' }).then((response) => {
      if (!response.ok) throw new FileError(response.status, url);
      return response.json();
    });
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

/** For tests: forget every fetched file. */
export const clearCache = () => cache.clear();

const optional = <T>(promise: Promise<unknown>) =>
  promise.then(
    (v) => v as T,
    (error: unknown) => {
      if (error instanceof FileError && error.status === 404) return undefined;
      throw error;
    },
  );

/** Loads what the element shows for one resort; rejects with a `FileError` 404 when the resort is unknown. */
export async function loadResort(base: string, locale: string, resort: number, days: number, fetcher?: typeof fetch): Promise<ResortData> {
  const url = (request: Omit<ApiRequest, 'locale'>) => new URL(filePath({ ...request, locale }), base).href;
  const id = String(resort);
  const [combined, familyA, forecast, attribution] = await Promise.all([
    getJson(url({ endpoint: 'combinedreport', params: { resortId: id } }), fetcher) as Promise<CombinedReportRecord>,
    optional<ResortSnowReport>(getJson(url({ endpoint: 'a.resort.snowreport', params: { resortId: id } }), fetcher)),
    optional<ForecastRecord>(getJson(url({ endpoint: 'forecast', params: { resortId: id, N: String(days) } }), fetcher)),
    optional<AttributionRecord>(getJson(url({ endpoint: 'attribution' }), fetcher)),
  ]);
  // the files were validated when published, but a hand-edited or truncated file must not break a page
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(combined) || typeof combined.resortName !== 'string' || !isObject(combined.info) || (combined.report !== undefined && !isObject(combined.report))) {
    throw new FileError(0, `combined report of resort ${id} has an unexpected shape`);
  }
  return {
    combined,
    familyA: isObject(familyA) ? familyA : undefined,
    forecast: isObject(forecast) && isObject(forecast.currentWeather) && Array.isArray(forecast.forecast) ? forecast : undefined,
    attribution: isObject(attribution) ? attribution : undefined,
  };
}
