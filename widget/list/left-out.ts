/**
 * Whether the snapshot's build left a region's list out: a part it could not fetch and no earlier release
 * had, named in the index's `missing` (scripts/docs/scheduling.md, "Faults"). Such a region is in the snow
 * report, its file is not there yet: the list says it could not be loaded and offers a retry, rather than
 * that the region is unknown (widget/README.md, "The list").
 */
import { getJson } from '../data.ts';

/** Whether `index` (the snapshot's `manifest.json`) names the region's list or the locale's group files among the parts left out. */
export function leftOut(index: unknown, locale: string, region: string): boolean {
  const missing = (index as { missing?: unknown } | null)?.missing;
  return (
    Array.isArray(missing) &&
    missing.some((m: { part?: unknown } | null) => {
      const part = typeof m?.part === 'string' ? m.part : '';
      return (
        part.startsWith(`${locale} `) &&
        (new RegExp(`^\\S+ region\\.list region=${region}\\b`).test(part) || part.includes('combinedreport'))
      );
    })
  );
}

/** The index as the element read it (from the cache of the files), and whether it names the region's list left out. */
export const regionLeftOut = (base: string, locale: string, region: string, fetcher: typeof fetch) =>
  getJson(new URL('manifest.json', base).href, fetcher).then(
    (index) => leftOut(index, locale, region),
    () => false,
  );
