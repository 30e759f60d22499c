/**
 * The element's files: each URL is fetched once per page, however many elements need it; a failed fetch is
 * forgotten so that a retry fetches again. The snapshot's index comes first (it chooses the locale); then
 * the resort's own files (`files.ts`).
 */
import type { ResortSnowReport } from '../scripts/api/schemas/family-a.ts';
import type {
  AttributionRecord,
  CombinedReportRecord,
  ForecastRecord,
} from '../scripts/api/schemas/family-b.ts';
import { ResortConditionsError } from '../scripts/api/errors.ts';

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
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super('file', `${url}: HTTP ${status}`, { context: { url, status } });
  }
}

const cache = new Map<string, Promise<unknown>>();

/**
 * Fetches and parses a JSON file once per page; `fresh` (a reload) fetches it again, past the browser's
 * cache too, for every element that asks after it.
 */
export function getJson(url: string, fetcher: typeof fetch = fetch, fresh = false): Promise<unknown> {
  let pending = fresh ? undefined : cache.get(url);
  if (!pending) {
    pending = fetcher(url, { credentials: 'omit', ...(fresh ? { cache: 'no-cache' as const } : {}) }).then(
      (response) => {
        if (!response.ok) throw new FileError(response.status, url);
        return response.json();
      },
    );
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

/** For tests: forget every fetched file. */
export const clearCache = () => cache.clear();

/** What the element reads of the snapshot's index (`api/manifest.json`). */
export interface SnapshotIndex {
  /** The locales the snapshot built. */
  locales: string[];
  /** Ids of the resorts in the snapshot. */
  resorts: Set<number>;
}

/**
 * The snapshot's index, once per page; undefined when it cannot be read (an older tree without one, or a
 * broken body), so the element falls back to the supported locales and to the resort's own files.
 */
export async function loadIndex(
  base: string,
  fetcher?: typeof fetch,
  fresh = false,
): Promise<SnapshotIndex | undefined> {
  const body = (await getJson(new URL('manifest.json', base).href, fetcher, fresh).catch(() => undefined)) as
    { locales?: unknown; resorts?: unknown } | undefined;
  if (!body || !Array.isArray(body.locales) || !Array.isArray(body.resorts)) return undefined;
  return {
    locales: body.locales.filter((l): l is string => typeof l === 'string' && /^[a-z]{2}-[A-Z]{2}$/.test(l)),
    resorts: new Set(body.resorts.map((r: { id?: unknown }) => Number(r?.id))),
  };
}
