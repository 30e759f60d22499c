/**
 * A resort's four files (combined report, Family A's record, the forecast, the attribution), at the paths
 * the snapshot's path function gives them (scripts/README.md, "Static file layout"). The element writes the four
 * paths out instead of carrying the endpoint table and `filePath`; `test/widget/files.test.ts` holds them
 * equal to `filePath` for every resort, locale and number of days.
 */
import type {
  AttributionRecord,
  CombinedReportRecord,
  ForecastRecord,
  ResortSnowReport,
} from '../../scripts/api/browser.ts';
import { FileError, getJson, type ResortData } from '../data.ts';

/** The paths of a resort's files under the snapshot's `api/` folder, in the order `loadResort` reads them. */
export const resortFiles = (
  locale: string,
  resort: number,
  days: number,
): [combined: string, familyA: string, forecast: string, attribution: string] => [
  `${locale}/externalservice/resort/${resort}/combinedreport.json`,
  `${locale}/resort/${resort}/snowreport.json`,
  `${locale}/externalservice/resort/${resort}/${days}/day/forecast.json`,
  `${locale}/externalservice/myaccount/attribution.json`,
];

/** Loads what the element shows for one resort; rejects with a `FileError` 404 when the resort is unknown. */
export async function loadResort(
  base: string,
  locale: string,
  resort: number,
  days: number,
  fetcher?: typeof fetch,
  fresh = false,
): Promise<ResortData> {
  // the combined report must be there; the other three may be missing (404), which the card shows without
  const [combined, familyA, forecast, attribution] = (await Promise.all(
    resortFiles(locale, resort, days).map((path, i) => {
      const file = getJson(new URL(path, base).href, fetcher, fresh);
      return i === 0
        ? file
        : file.catch((error: unknown) => {
            if (error instanceof FileError && error.status === 404) return undefined;
            throw error;
          });
    }),
  )) as [CombinedReportRecord, ResortSnowReport?, ForecastRecord?, AttributionRecord?];
  // the files were validated when published, but a hand-edited or truncated file must not break a page
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (
    !isObject(combined) ||
    typeof combined.resortName !== 'string' ||
    !isObject(combined.info) ||
    (combined.report !== undefined && !isObject(combined.report))
  ) {
    throw new FileError(0, new URL(resortFiles(locale, resort, days)[0], base).href, 'not a combined report');
  }
  return {
    combined,
    familyA: isObject(familyA) ? familyA : undefined,
    forecast:
      isObject(forecast) && isObject(forecast.currentWeather) && Array.isArray(forecast.forecast)
        ? forecast
        : undefined,
    attribution: isObject(attribution) ? attribution : undefined,
  };
}
