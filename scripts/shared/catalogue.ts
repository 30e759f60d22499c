/**
 * The ids a partner needs — each resort's for `<resort-conditions resort="…">`, each country's, state's
 * and region's for `<resort-conditions-list region="…">` — with their names, from a countries list
 * (`/externalservice/region/countries/list`) and, where they are known, the lists of the states and
 * regions. What `resort-conditions ids` prints and the demo page offers. Pure; names are data (escape them
 * before they reach HTML).
 */
import { CountriesList, RegionList } from '../api/schemas/regions.ts';

export type RegionKind = 'country' | 'state' | 'region';

export interface CatalogueRegion {
  id: number;
  name: string;
  kind: RegionKind;
  /** The country's name, for a state or a region. */
  country?: string;
  /** How many resorts it holds, where its list is known. */
  resorts?: number;
}

export interface Catalogue {
  /** Ascending ids. */
  resorts: Array<{ id: number; name: string }>;
  /** Countries by name, each followed by its states and regions by name. */
  regions: CatalogueRegion[];
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/**
 * The catalogue of a countries list: every resort it names (or, when `resorts` is given, those: a
 * snapshot's index names the resorts it holds) and every country, state and region, each country with its
 * number of resorts. Throws with `where` when the body is not a countries list.
 */
export function catalogueOf(
  countries: unknown,
  where: string,
  resorts?: ReadonlyArray<{ id: number; name: string }>,
): Catalogue {
  const parsed = CountriesList.safeParse(countries);
  if (!parsed.success) throw new Error(`${where}: not a countries list (${parsed.error.issues[0]?.message})`);
  const named = new Map<number, string>();
  const regions: CatalogueRegion[] = [];
  for (const country of [...parsed.data].sort((a, b) => a.regionName.localeCompare(b.regionName, 'en'))) {
    for (const r of country.resorts) named.set(r.id, r.resortName);
    regions.push({
      id: country.id,
      name: country.regionName,
      kind: 'country',
      resorts: country.resorts.length,
    });
    const below = [...(country.states ?? []), ...(country.regions ?? [])].map((ref): CatalogueRegion => ({
      id: ref.id,
      name: ref.regionName,
      kind: ref.regionType === 'STATE' ? 'state' : 'region',
      country: country.regionName,
    }));
    regions.push(...below.sort(byName));
  }
  const listed = resorts ?? [...named].map(([id, name]) => ({ id, name }));
  return { resorts: [...listed].sort((a, b) => a.id - b.id), regions };
}

/**
 * The name of each country, state and region a countries list names, by id: what the alert feeds need of a
 * list the build checked when it fetched it, read without checking it all again. Anything not in a list's
 * shape is passed over (an id without a name keeps none).
 */
export function regionNames(countries: unknown): Map<number, string> {
  const names = new Map<number, string>();
  const add = (ref: unknown) => {
    const { id, regionName } = (ref ?? {}) as { id?: unknown; regionName?: unknown };
    if (typeof id === 'number' && typeof regionName === 'string') names.set(id, regionName);
  };
  for (const country of Array.isArray(countries) ? countries : []) {
    add(country);
    const { states, regions } = (country ?? {}) as { states?: unknown; regions?: unknown };
    for (const below of [states, regions]) if (Array.isArray(below)) below.forEach(add);
  }
  return names;
}

/** The catalogue with each state's and region's number of resorts, from its own list where `lists` has it. */
export function withRegionCounts(catalogue: Catalogue, lists: ReadonlyMap<number, unknown>): Catalogue {
  return {
    ...catalogue,
    regions: catalogue.regions.map((region) => {
      const list = region.kind === 'country' ? undefined : RegionList.safeParse(lists.get(region.id));
      return list?.success ? { ...region, resorts: list.data.resorts.length } : region;
    }),
  };
}

/** Rows as columns of text: numbers to the right, words to the left, the last column as it is. */
function columns(rows: ReadonlyArray<readonly string[]>, numeric: readonly boolean[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) =>
        i === r.length - 1 ? cell : numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** The catalogue as text, for a terminal: the resorts, then the regions, ids first. */
export function formatCatalogue(catalogue: Catalogue, from: string): string {
  const { resorts, regions } = catalogue;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const resortRows = columns([['id', 'name'], ...resorts.map((r) => [String(r.id), r.name])], [true, false]);
  const regionRows = columns(
    [
      ['id', 'kind', 'resorts', 'name'],
      ...regions.map((r) => [
        String(r.id),
        r.kind,
        r.resorts === undefined ? '' : String(r.resorts),
        r.country ? `${r.name} (${r.country})` : r.name,
      ]),
    ],
    [true, false, true, false],
  );
  return [
    `${plural(resorts.length, 'resort')} ${from}, for <resort-conditions resort="…">:`,
    ...resortRows.map((l) => `  ${l}`),
    '',
    `${plural(regions.length, 'region')}, for <resort-conditions-list region="…">:`,
    ...regionRows.map((l) => `  ${l}`),
    '',
  ].join('\n');
}
