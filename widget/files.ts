/**
 * A resort's four files (combined report, Family A's record, the forecast, the attribution), found through
 * the snapshot's own path function (README, "Static file layout"). Part of the report module: the element
 * loads it beside the snapshot's index.
 */
import type { EndpointId } from '../scripts/api/endpoints.ts';
import { filePath } from '../scripts/api/paths.ts';
import type { ApiRequest } from '../scripts/api/request.ts';
import type { ResortSnowReport } from '../scripts/api/schemas/family-a.ts';
import type { AttributionRecord, CombinedReportRecord, ForecastRecord } from '../scripts/api/schemas/family-b.ts';
import { FileError, getJson, type ResortData } from './data.ts';

/** The endpoints whose files the element reads; its bundle carries only these rows of the endpoint table. */
export const ELEMENT_ENDPOINTS = ['combinedreport', 'a.resort.snowreport', 'forecast', 'attribution'] as const satisfies readonly EndpointId[];

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
  const url = (request: Omit<ApiRequest, 'locale' | 'endpoint'> & { endpoint: (typeof ELEMENT_ENDPOINTS)[number] }) => new URL(filePath({ ...request, locale }), base).href;
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
