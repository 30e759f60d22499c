/**
 * The discover phase: the first locale's countries list, then the lists of the states and regions of the
 * countries that hold a resort of the snapshot; from them, the snapshot's resorts and groups. Only what
 * the scope needs is fetched before the budget check: the same lists in the other locales are published
 * files like any other and join the plan (`Discovery.later`). A collection that is not due (or, for a
 * plan, not fetched at all) is read from the published tree instead.
 */
import { createHash } from 'node:crypto';
import type { ApiRequest } from '../../api/request.ts';
import type { RegionList } from '../../api/schemas/regions.ts';
import type { SnapshotConfig } from '../config.ts';
import { SnapshotError } from '../errors.ts';
import type { PreviousBuild } from '../store/previous.ts';
import { checkGrowth } from './growth.ts';
import { checkId, configuredScope, scopeOf, subregionIds } from './scope.ts';
import { singleCollection, type Collection, type Fetched, type Fetches, type Scope } from '../model.ts';

export interface DiscoverInput {
  config: SnapshotConfig;
  families: ReadonlySet<'A' | 'B'>;
  fetcher: Fetches;
  previous: PreviousBuild;
  /**
   * A plan spends nothing: it reads the lists from the published tree, and fetches only from the
   * embedded service (`local`) when there is no tree yet.
   */
  planOnly?: { sourceKind: 'local' | 'remote' };
  /** Stop when the lists name far more region lists than the last release had (growth.ts). */
  guardGrowth?: boolean;
}

export interface Discovery {
  /** The first locale's region-list collections, fetched or carried: the release publishes them too. */
  fetched: Fetched[];
  /** The same lists in the other locales: planned like the resorts' collections. */
  later: Collection[];
  scope: Scope;
}

/**
 * What the published lists' quick links depend on besides the upstream body: the profile (the widget
 * profile publishes no group files), which of the linked outputs are built, the public URL, and the
 * selection of resorts (the lists name only those). It is part of the lists'
 * keys, so a list is never carried into a release whose links would point at files it does not have.
 */
function linkShape(config: ListConfig): string {
  // a selection of resorts filters the lists (derive.ts): another selection needs them fetched again
  const selected = config.resorts !== undefined || config.regions !== undefined;
  const selection = selected
    ? ` selection=${createHash('sha256')
        .update(JSON.stringify([config.resorts ?? [], config.regions ?? []]))
        .digest('hex')
        .slice(0, 12)}`
    : '';
  if (config.profile === 'widget') return ` profile=widget${selection}`;
  const linked = (['snowreport', 'profile', 'combinedreport'] as const).filter((e) =>
    config.endpoints.includes(e),
  );
  return `${linked.length === 3 ? '' : ` links=${linked.join(',') || 'none'}`}${config.publicUrl ? ` url=${config.publicUrl}` : ''}${selection}`;
}
type ListConfig = Pick<SnapshotConfig, 'profile' | 'endpoints' | 'publicUrl' | 'resorts' | 'regions'>;

export function countriesCollection(locale: string, config: ListConfig): Collection {
  const request: ApiRequest = { endpoint: 'region.countries', locale };
  return singleCollection(request, {
    key: `${locale} region.countries${linkShape(config)}`,
    allowNotFound: false,
    resorts: [],
    derivation: { kind: 'countries' },
  });
}

export function regionListCollection(locale: string, regionId: number, config: ListConfig): Collection {
  const request: ApiRequest = { endpoint: 'region.list', params: { regionId: String(regionId) }, locale };
  const key = `${locale} region.list region=${regionId}${linkShape(config)}`;
  return singleCollection(request, {
    key,
    allowNotFound: true,
    resorts: [],
    derivation: { kind: 'region-list' },
  });
}

/**
 * The countries whose states and regions are needed: every country without a selection; with one, the
 * countries that hold a selected resort or region (each country's list names all its resorts).
 */
export function countriesInScope(config: SnapshotConfig, countries: readonly RegionList[]): RegionList[] {
  if (config.resorts === undefined && config.regions === undefined) return [...countries];
  const resorts = new Set(config.resorts ?? []);
  const regions = new Set(config.regions ?? []);
  return countries.filter(
    (country) =>
      regions.has(country.id) ||
      country.resorts.some((r) => resorts.has(r.id)) ||
      [...(country.states ?? []), ...(country.regions ?? [])].some((ref) => regions.has(ref.id)),
  );
}

export async function discover(input: DiscoverInput): Promise<Discovery> {
  const { config, previous } = input;
  if (!input.families.has('B')) return { fetched: [], later: [], scope: configuredScope(config) };
  /** A discovery body: fetched now, or the copy published last time. */
  const body = async (f: Fetched): Promise<unknown> =>
    f.state === 'ok' ? f.bodies[0] : previous.readBody(f.collection.requests[0]!);
  const fetchAll = async (collections: Collection[]): Promise<Fetched[]> => {
    if (!input.planOnly) return input.fetcher.fetchAll(collections);
    const out: Fetched[] = [];
    for (const c of collections) {
      const carried: Fetched = {
        collection: c,
        state: 'carried',
        bodies: [],
        notFound: 0,
        requests: 0,
        drift: [],
      };
      if ((await body(carried)) !== undefined) out.push(carried);
      else if (input.planOnly.sourceKind === 'local') out.push(await input.fetcher.fetch(c));
      else
        throw new SnapshotError(
          'config',
          'a plan of a real upstream fetches nothing, so it needs an earlier build of the same source and account in the output folder: run one build first (with --force if the budget refuses it), or set "budget": "fit"',
        );
    }
    return out;
  };

  const [first, ...others] = config.locales as [string, ...string[]];
  const countries = await fetchAll([countriesCollection(first, config)]);
  const countryLists = (await body(countries[0]!)) as RegionList[] | undefined;
  if (!countryLists) {
    // every file depends on it: without it (and without an earlier copy) there is nothing to publish
    throw new SnapshotError(
      'upstream_http',
      `nothing was published: the countries list (${first}), which names every resort and so every file, could not be fetched and has no earlier copy: ${countries[0]!.failure?.reason ?? 'the countries list is unavailable'}`,
    );
  }
  for (const country of countryLists) checkId(country.id, `countries list (${first})`);
  const subregions = subregionIds(countriesInScope(config, countryLists));
  if (input.guardGrowth) checkGrowth('region lists', subregions.length, previous.regionListCount(first));
  const lists = await fetchAll(subregions.map((id) => regionListCollection(first, id, config)));
  const firstLocaleLists: RegionList[] = [...countryLists];
  for (const f of lists) {
    const list = await body(f);
    if (list) firstLocaleLists.push(list as RegionList);
  }
  const later = others.flatMap((locale) => [
    countriesCollection(locale, config),
    ...subregions.map((id) => regionListCollection(locale, id, config)),
  ]);
  return { fetched: [...countries, ...lists], later, scope: scopeOf(config, firstLocaleLists) };
}
