/**
 * The discover phase: the countries list, then every state's and region's list, in every locale; from
 * the first locale's lists, the snapshot's resorts and groups. A collection that is not due (or, for a
 * plan, not fetched at all) is read from the published tree instead.
 */
import type { ApiRequest } from '../api/request.ts';
import type { RegionList } from '../api/schemas/regions.ts';
import type { SnapshotConfig } from './config.ts';
import { SnapshotError } from './errors.ts';
import type { Fetched, Fetcher } from './fetch.ts';
import { singleCollection, type Collection } from './plan.ts';
import type { PreviousBuild } from './previous.ts';
import { configuredScope, scopeOf, subregionIds, type Scope } from './scope.ts';

export interface DiscoverInput {
  config: SnapshotConfig;
  families: ReadonlySet<'A' | 'B'>;
  fetcher: Fetcher;
  previous: PreviousBuild;
  /**
   * A plan spends nothing: it reads the lists from the published tree, and fetches only from the
   * embedded service (`local`) when there is no tree yet.
   */
  planOnly?: { sourceKind: 'local' | 'remote' };
}

export interface Discovery {
  /** The region-list collections, fetched or carried: the release publishes them too. */
  fetched: Fetched[];
  scope: Scope;
}

export function countriesCollection(locale: string): Collection {
  const request: ApiRequest = { endpoint: 'region.countries', locale };
  return singleCollection(request, { key: `${locale} region.countries`, allowNotFound: false, resorts: [], derivation: { kind: 'countries' } });
}

export function regionListCollection(locale: string, regionId: number): Collection {
  const request: ApiRequest = { endpoint: 'region.list', params: { regionId: String(regionId) }, locale };
  return singleCollection(request, { key: `${locale} region.list region=${regionId}`, allowNotFound: true, resorts: [], derivation: { kind: 'region-list' } });
}

export async function discover(input: DiscoverInput): Promise<Discovery> {
  const { config, previous } = input;
  if (!input.families.has('B')) return { fetched: [], scope: configuredScope(config) };
  /** A discovery body: fetched now, or the copy published last time. */
  const body = async (f: Fetched): Promise<unknown> => (f.state === 'ok' ? f.bodies[0] : previous.readBody(f.collection.requests[0]!));
  const fetchAll = async (collections: Collection[]): Promise<Fetched[]> => {
    if (!input.planOnly) return input.fetcher.fetchAll(collections);
    const out: Fetched[] = [];
    for (const c of collections) {
      const carried: Fetched = { collection: c, state: 'carried', bodies: [], notFound: 0, requests: 0, drift: [] };
      if ((await body(carried)) !== undefined) out.push(carried);
      else if (input.planOnly.sourceKind === 'local') out.push(await input.fetcher.fetch(c));
      else throw new SnapshotError('config', 'a plan without fetching needs an earlier build in the output folder (or run a build first)');
    }
    return out;
  };

  const countries = await fetchAll(config.locales.map((locale) => countriesCollection(locale)));
  const countryLists = (await body(countries[0]!)) as RegionList[] | undefined;
  if (!countryLists) throw new SnapshotError('upstream_http', `cannot list the resorts: ${countries[0]!.failure?.reason ?? 'the countries list is unavailable'}`);
  const subregions = subregionIds(countryLists);
  const lists = await fetchAll(config.locales.flatMap((locale) => subregions.map((id) => regionListCollection(locale, id))));
  const firstLocaleLists: RegionList[] = [...countryLists];
  for (const f of lists.slice(0, subregions.length)) {
    const list = await body(f);
    if (list) firstLocaleLists.push(list as RegionList);
  }
  return { fetched: [...countries, ...lists], scope: scopeOf(config, firstLocaleLists) };
}
