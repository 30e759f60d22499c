/**
 * The elements' files: each URL is fetched once per page, however many elements and scripts need it (the
 * card's and the list's scripts share this module: one cache per page); a failed fetch is forgotten so that
 * a retry fetches again. The snapshot's index comes first (it chooses the locale); then the resort's own
 * files (`files.ts`) or a list's group file.
 */
import type {
  AttributionRecord,
  CombinedReportRecord,
  ForecastRecord,
  ResortSnowReport,
} from '../scripts/api/browser.ts';

export interface ResortData {
  combined: CombinedReportRecord;
  /** Family A's record: 7-day history, comment, last update. Absent when not published. */
  familyA?: ResortSnowReport;
  /** Absent when the account has no weather access (no forecast file). */
  forecast?: ForecastRecord;
  attribution?: AttributionRecord;
}

/** What a pre-rendered card carries for the element that takes it over (scripts/embeds/cards.ts). */
export interface CardData {
  resort: number;
  locale: string;
  days: number;
  /** `compact` for the compact strip's card. */
  layout?: string;
  data: ResortData;
}

/**
 * What a fetch of a published file answers when it has no HTTP status: a network error and a host that does
 * not send `Access-Control-Allow-Origin` look alike to a page.
 */
export const NO_ANSWER = 'no answer (offline, or no Access-Control-Allow-Origin)';

/**
 * A published file that could not be loaded: `status` is its HTTP status, 0 for no answer or a broken body;
 * the message names the address and what went wrong (`https://…/api/manifest.json: HTTP 404`). A plain
 * `Error`, not the project's `ResortConditionsError`: it never leaves the elements (each turns it into an
 * event's `reason`), and a page of cards need not load that class (68 bytes gzipped).
 */
export class FileError extends Error {
  override name = 'FileError';
  constructor(
    readonly status: number,
    readonly url: string,
    problem = `HTTP ${status}`,
  ) {
    super(`${url}: ${problem}`);
  }
}

const cache = new Map<string, Promise<unknown>>();

/**
 * Fetches and parses a JSON file once per page; `fresh` (a reload) fetches it again, past the browser's
 * cache too, for every element that asks after it. Rejects with a `FileError` whatever went wrong.
 */
export function getJson(url: string, fetcher: typeof fetch = fetch, fresh = false): Promise<unknown> {
  let pending = fresh ? undefined : cache.get(url);
  if (!pending) {
    pending = Promise.resolve()
      .then(() => fetcher(url, { credentials: 'omit', ...(fresh ? { cache: 'no-cache' as const } : {}) }))
      .then(
        (response) => {
          if (!response.ok) throw new FileError(response.status, url);
          return response.json().catch(() => {
            throw new FileError(0, url, 'not JSON');
          });
        },
        () => {
          throw new FileError(0, url, NO_ANSWER);
        },
      );
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

/** For tests: forget every fetched file. */
export const clearCache = () => cache.clear();

/** What the elements read of the snapshot's index (`api/manifest.json`). */
export interface SnapshotIndex {
  /** The locales the snapshot built. */
  locales: string[];
  /** Ids of the resorts in the snapshot. */
  resorts: Set<number>;
}

/**
 * The snapshot's index, once per page. Rejects with a `FileError` naming its address when it cannot be read:
 * not there (a wrong `src`), no answer (offline, CORS), or not an index.
 */
export async function loadIndex(base: string, fetcher?: typeof fetch, fresh = false): Promise<SnapshotIndex> {
  const url = new URL('manifest.json', base).href;
  const body = (await getJson(url, fetcher, fresh)) as { locales?: unknown; resorts?: unknown } | null;
  if (!body || !Array.isArray(body.locales) || !Array.isArray(body.resorts))
    throw new FileError(0, url, 'not an index');
  return {
    locales: body.locales.filter((l): l is string => typeof l === 'string' && /^[a-z]{2}-[A-Z]{2}$/.test(l)),
    resorts: new Set(body.resorts.map((r: { id?: unknown }) => Number(r?.id))),
  };
}
