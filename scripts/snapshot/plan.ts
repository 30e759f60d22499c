/**
 * What to request and which files each answer becomes. Pure: no disk, no network.
 *
 * Requests are grouped in collections. A collection is one endpoint in one locale and one variant; its
 * requests are the batches of resort ids that fit under the URI limit, and once every batch has answered
 * it derives its files: the single-resort files of every resort in it, and the group files (all resorts,
 * each region) of the multi-resort forms. Files the specification says are equal are derived instead of
 * requested: the links and profile of each resort from the combined report (`links`, `info`), forecasts
 * for N < 5 from the one for N = 5, country lists from the countries list.
 */
import type { RegionList } from '../schemas/regions.ts';
import { endpointById, type Endpoint, type Freshness, type MultiType } from '../service/endpoints.ts';
import { parseLocaleTag, type Locale } from '../service/locale.ts';
import { MAX_URI_LENGTH } from '../service/service.ts';
import { batchIds, lowerBound } from './batch.ts';
import type { EndpointGroup, SnapshotConfig } from './config.ts';
import { SnapshotError } from './errors.ts';
import { filePath, relativeLink, type SnapshotRequest } from './paths.ts';
import type { UpstreamRequest } from './source.ts';

export interface Output {
  file: string;
  body: unknown;
}

export interface Collection {
  /** Stable across runs: the manifest remembers each file's collection by it. */
  key: string;
  locale: string;
  endpoint: Endpoint;
  freshness: Freshness;
  requests: UpstreamRequest[];
  /** The fewest requests the URI limit allows for this collection. */
  lowerBound: number;
  /** Whether 404 means "no file" (webcams of a resort with none, an overview not in this language). */
  allowNotFound: boolean;
  /** Resorts the collection is about, for messages. */
  resorts: number[];
  /** Turns the bodies (one per request; undefined for an allowed 404) into files. */
  derive(bodies: ReadonlyArray<unknown>): Output[];
}

export interface Group {
  /** `all` or `region-<id>` */
  name: string;
  /** Resort ids, ascending. */
  ids: number[];
}

export interface Scope {
  resorts: Array<{ id: number; name: string }>;
  groups: Group[];
}

export interface PlanContext {
  config: SnapshotConfig;
  /** Which families the source can reach. */
  families: ReadonlySet<'A' | 'B'>;
  /** The request target the source would send, for sizing batches. */
  target: (request: UpstreamRequest) => string;
  /** Groups with at least one resort of the snapshot, once known: quick links of other regions are empty. */
  publishedGroups?: ReadonlySet<string>;
  /** Features of the account, when known: what it lacks is not requested at all (it would answer 403). */
  permissions?: { hasWeather: boolean; hasOverviews: boolean; hasCams: boolean };
}

const GATED: Partial<Record<EndpointGroup, 'hasWeather' | 'hasOverviews' | 'hasCams'>> = { forecast: 'hasWeather', overview: 'hasOverviews', webcams: 'hasCams' };
const has = (ctx: PlanContext, group: EndpointGroup) => {
  const gate = GATED[group];
  return ctx.config.endpoints.includes(group) && (!gate || !ctx.permissions || ctx.permissions[gate]);
};
const localeOf = (tag: string): Locale => parseLocaleTag(tag)!;
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function checkId(value: unknown, where: string): number {
  if (!isId(value)) throw new SnapshotError('unsafe_output', `${where}: id ${JSON.stringify(value)} is not a positive whole number; it cannot name a file`);
  return value;
}

/** Every combination of the configured values of an endpoint's variant parameters. */
export function variantsOf(endpoint: Endpoint, config: SnapshotConfig): Array<Record<string, string>> {
  let combos: Array<Record<string, string>> = [{}];
  for (const param of endpoint.params) {
    if (param.kind === 'days') continue; // multi-resort forecasts are fetched for 5 days and sliced
    const values = config.variants[param.name as 'forecast_only' | 'forecast' | 'links'].map(String);
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [param.name]: value })));
  }
  return combos;
}

const isDefaultVariant = (endpoint: Endpoint, variant: Record<string, string>) =>
  endpoint.params.every((p) => variant[p.name] === undefined || variant[p.name] === p.default);
const variantKey = (variant: Record<string, string>) =>
  Object.entries(variant)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
const file = (request: SnapshotRequest) => filePath(request);

/** A collection of exactly one Family B request to `path` in `locale`. */
function oneRequest(
  locale: string,
  endpointId: string,
  path: string,
  fields: Pick<Collection, 'key' | 'allowNotFound' | 'resorts' | 'derive'>,
): Collection {
  const endpoint = endpointById(endpointId);
  return { ...fields, locale, endpoint, freshness: endpoint.freshness, requests: [{ family: 'B', path, query: [], locale: localeOf(locale) }], lowerBound: 1 };
}

/** A collection of `base` requests with the resort ids spread over as few as the URI limit allows. */
function batchedCollection(
  ctx: PlanContext,
  endpoint: Endpoint,
  base: UpstreamRequest,
  ids: number[],
  fields: Pick<Collection, 'key' | 'locale' | 'derive'>,
): Collection {
  const comma = endpoint.family === 'A'; // Family A: resortIds=1,2,3; Family B: repeated resortId
  const { requests, lowerBound } = batched(ctx, base, ids, comma ? 'resortIds' : 'resortId', comma);
  return { ...fields, endpoint, freshness: endpoint.freshness, requests, lowerBound, allowNotFound: false, resorts: ids };
}

/** Splits `ids` over requests of `base` under the URI limit. */
function batched(ctx: PlanContext, base: UpstreamRequest, ids: readonly number[], param: string, comma: boolean) {
  const baseLength = ctx.target(base).length + (comma ? `&${param}=`.length : 0);
  const idLength = (id: number) => (comma ? String(id).length + 1 : `&${param}=${id}`.length);
  const options = { baseLength, idLength, limit: MAX_URI_LENGTH };
  const requests = batchIds(ids, options).map(
    (batch): UpstreamRequest => ({
      ...base,
      query: comma ? [...base.query, [param, batch.join(',')]] : [...base.query, ...batch.map((id) => [param, String(id)] as const)],
    }),
  );
  return { requests, lowerBound: lowerBound(ids, options) };
}

// ---------------------------------------------------------------- region lists (discovery)

/** The countries list of one locale: the directory, published with its quick links rewritten. */
export function countriesCollection(ctx: PlanContext, locale: string): Collection {
  const path = '/externalservice/region/countries/list';
  return oneRequest(locale, 'region.countries', path, {
    key: `${locale} region.countries`,
    allowNotFound: false,
    resorts: [],
    derive([body]) {
      if (!has(ctx, 'regions')) return [];
      const countries = body as RegionList[];
      const listFile = file({ family: 'B', path, locale });
      const outputs: Output[] = [{ file: listFile, body: countries.map((c) => rewriteRegionList(ctx, c, listFile, locale)) }];
      for (const country of countries) {
        const id = checkId(country.id, `${path} (${locale})`);
        const own = file({ family: 'B', path: `/externalservice/region/${id}/list`, locale });
        outputs.push({ file: own, body: rewriteRegionList(ctx, country, own, locale) });
      }
      return outputs;
    },
  });
}

/** Ids of the states and regions in a countries list; countries come with the list itself. */
export function subregionIds(countries: readonly RegionList[]): number[] {
  const ids = new Set<number>();
  for (const country of countries) {
    for (const ref of [...(country.states ?? []), ...(country.regions ?? [])]) ids.add(checkId(ref.id, `countries list, ${country.regionName}`));
  }
  return [...ids].sort((a, b) => a - b);
}

export function regionListCollection(ctx: PlanContext, locale: string, regionId: number): Collection {
  const path = `/externalservice/region/${regionId}/list`;
  return oneRequest(locale, 'region.list', path, {
    key: `${locale} region.list region=${regionId}`,
    allowNotFound: true,
    resorts: [],
    derive([body]) {
      if (!has(ctx, 'regions') || body === undefined) return [];
      const own = file({ family: 'B', path, locale });
      return [{ file: own, body: rewriteRegionList(ctx, body as RegionList, own, locale) }];
    },
  });
}

/**
 * Quick links carry the caller's token (upstream-facts.md): they become links to the mirror's own group
 * files, relative to the list's file, and the bare query string loses its token.
 */
function rewriteRegionList(ctx: PlanContext, list: RegionList, from: string, locale: string): RegionList {
  const id = checkId(list.id, `region list ${from}`);
  const group = `region-${id}`;
  const published = !ctx.publishedGroups || ctx.publishedGroups.has(group);
  const link = (type: MultiType, feature: EndpointGroup) =>
    published && has(ctx, feature) ? relativeLink(from, file({ family: 'B', path: `/externalservice/resort/${type}`, locale, group })) : '';
  const query = list.resorts.map((r) => `resortId=${checkId(r.id, `region list ${from}`)}`);
  const { language, country } = localeOf(locale);
  return {
    ...list,
    restSnowReport: link('snowreport', 'snowreport'),
    restRegionProfile: link('profile', 'profile'),
    restCombinedReport: link('combinedreport', 'combinedreport'),
    resortQueryParam: [...query, `language=${language}`, `country=${country}`].join('&'),
  };
}

/**
 * The resorts and groups of the snapshot: every resort of the first locale's region lists (or the
 * configured ones), and a group for all of them and for each country, state and region.
 */
export function scopeOf(config: SnapshotConfig, lists: ReadonlyArray<RegionList>): Scope {
  const names = new Map<number, string>();
  const members = new Map<number, number[]>();
  for (const list of lists) {
    const id = checkId(list.id, 'region list');
    const ids = list.resorts.map((r) => {
      const rid = checkId(r.id, `region list ${id}`);
      names.set(rid, r.resortName);
      return rid;
    });
    members.set(id, ids);
  }
  let selected: Set<number>;
  if (config.resorts === undefined && config.regions === undefined) {
    selected = new Set(names.keys());
  } else {
    selected = new Set(config.resorts ?? []);
    for (const region of config.regions ?? []) {
      const ids = members.get(region);
      if (!ids) throw new SnapshotError('config', `config.regions: region ${region} is not in the upstream's region lists`);
      for (const id of ids) selected.add(id);
    }
    const unknown = [...selected].filter((id) => !names.has(id));
    if (unknown.length > 0 && names.size > 0) {
      throw new SnapshotError('config', `config.resorts: ${unknown.slice(0, 10).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in any of the upstream's region lists`);
    }
  }
  const ids = [...selected].sort((a, b) => a - b);
  const groups: Group[] = [{ name: 'all', ids }];
  for (const [region, list] of [...members].sort((a, b) => a[0] - b[0])) {
    const inScope = list.filter((id) => selected.has(id)).sort((a, b) => a - b);
    // a region none of whose resorts are in the snapshot gets no group files
    if (inScope.length > 0) groups.push({ name: `region-${region}`, ids: inScope });
  }
  return { resorts: ids.map((id) => ({ id, name: names.get(id) ?? `Resort ${id}` })), groups };
}

// ---------------------------------------------------------------- resort collections

/** Every collection about resorts, for every configured locale. */
export function resortCollections(ctx: PlanContext, scope: Scope): Collection[] {
  const out: Collection[] = [];
  const ids = scope.resorts.map((r) => r.id);
  if (ids.length === 0) return out;
  for (const locale of ctx.config.locales) {
    if (ctx.families.has('A') && has(ctx, 'familyA')) out.push(familyACollection(ctx, scope, locale, ids));
    if (!ctx.families.has('B')) continue;
    if (has(ctx, 'snowreport')) out.push(...multiCollections(ctx, scope, locale, ids, 'snowreport'));
    if (has(ctx, 'webcams')) out.push(...multiCollections(ctx, scope, locale, ids, 'webcams'));
    if (has(ctx, 'forecast')) out.push(...multiCollections(ctx, scope, locale, ids, 'forecast'));
    const combined = has(ctx, 'combinedreport') || has(ctx, 'links') || has(ctx, 'profile');
    if (combined) out.push(...multiCollections(ctx, scope, locale, ids, 'combinedreport'));
    if (has(ctx, 'overview')) for (const id of ids) out.push(overviewCollection(locale, id));
    if (has(ctx, 'attribution')) out.push(attributionCollection(locale));
  }
  return out;
}

function familyACollection(ctx: PlanContext, scope: Scope, locale: string, ids: number[]): Collection {
  const endpoint = endpointById('a.snowreport');
  const base: UpstreamRequest = { family: 'A', path: endpoint.pattern, query: [], locale: localeOf(locale) };
  return batchedCollection(ctx, endpoint, base, ids, {
    key: `${locale} a.snowreport`,
    locale,
    derive(bodies) {
      const byId = new Map<number, unknown>();
      for (const body of bodies as Array<Array<{ resort?: number }>>) {
        for (const record of body) byId.set(checkId(record.resort, `Family A list (${locale})`), record);
      }
      const outputs: Output[] = [];
      for (const id of ids) {
        if (byId.has(id)) outputs.push({ file: file({ family: 'A', path: `/resort/${id}/snowreport`, locale }), body: byId.get(id) });
      }
      for (const group of scope.groups) {
        const body = group.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
        const query: Record<string, string> = group.name === 'all' ? {} : { regionId: group.name.slice('region-'.length) };
        outputs.push({ file: file({ family: 'A', path: endpoint.pattern, locale, query, group: group.name === 'all' ? 'all' : undefined }), body });
      }
      return outputs;
    },
  });
}

function multiCollections(ctx: PlanContext, scope: Scope, locale: string, ids: number[], type: MultiType): Collection[] {
  const endpoint = endpointById(`multi.${type}`);
  const variants = variantsOf(endpoint, ctx.config).filter((v) => v.forecast !== 'true' || !ctx.permissions || ctx.permissions.hasWeather);
  return variants.map((variant): Collection => {
    const query: Array<[string, string]> = Object.entries(variant);
    if (type === 'forecast') query.unshift(['days', '5']);
    const base: UpstreamRequest = { family: 'B', path: endpoint.pattern, query, locale: localeOf(locale) };
    const isDefault = isDefaultVariant(endpoint, variant);
    return batchedCollection(ctx, endpoint, base, ids, {
      key: `${locale} multi.${type}${variantKey(variant) ? ` ${variantKey(variant)}` : ''}`,
      locale,
      derive(bodies) {
        const byId = new Map<number, any>();
        for (const body of bodies as Array<Record<string, unknown>>) {
          for (const [key, record] of Object.entries(body)) byId.set(checkId(Number(key), `${endpoint.pattern} (${locale})`), record);
        }
        const outputs: Output[] = [];
        const publishSingle = type !== 'combinedreport' || has(ctx, 'combinedreport');
        for (const id of ids) {
          const record = byId.get(id);
          if (record === undefined) continue;
          if (type === 'forecast') {
            for (const N of ctx.config.variants.days) {
              const path = `/externalservice/resort/${id}/${N}/day/forecast`;
              outputs.push({ file: file({ family: 'B', path, locale, query: variant }), body: { ...record, forecast: record.forecast.slice(0, N) } });
            }
            continue;
          }
          if (publishSingle) outputs.push({ file: file({ family: 'B', path: `/externalservice/resort/${id}/${type}`, locale, query: variant }), body: record });
          if (type === 'combinedreport' && isDefault) {
            // spec 2B: `links` holds the links record and `info` is a profile record
            if (has(ctx, 'links') && record.links) outputs.push({ file: file({ family: 'B', path: `/externalservice/resort/${id}/links`, locale }), body: record.links });
            if (has(ctx, 'profile')) outputs.push({ file: file({ family: 'B', path: `/externalservice/resort/${id}/profile`, locale }), body: record.info });
          }
        }
        if (!isDefault) return outputs;
        const groupTypes: Array<{ type: MultiType; pick: (r: any) => unknown }> = [];
        if (publishSingle) groupTypes.push({ type, pick: (r) => r });
        if (type === 'combinedreport' && has(ctx, 'profile')) groupTypes.push({ type: 'profile', pick: (r) => r.info });
        for (const { type: groupType, pick } of groupTypes) {
          for (const group of scope.groups) {
            const present = group.ids.filter((id) => byId.has(id));
            const map = Object.fromEntries(present.map((id) => [id, pick(byId.get(id))]));
            const path = `/externalservice/resort/${groupType}`;
            outputs.push({ file: file({ family: 'B', path, locale, group: group.name }), body: map });
            outputs.push({ file: file({ family: 'B', path: `${path}/ordered`, locale, group: group.name }), body: present.map((id) => pick(byId.get(id))) });
          }
        }
        return outputs;
      },
    });
  });
}

function overviewCollection(locale: string, id: number): Collection {
  const path = `/externalservice/resort/${id}/overview`;
  return oneRequest(locale, 'overview', path, {
    key: `${locale} overview resort=${id}`,
    allowNotFound: true,
    resorts: [id],
    derive: ([body]) => (body === undefined ? [] : [{ file: file({ family: 'B', path, locale }), body }]),
  });
}

function attributionCollection(locale: string): Collection {
  const path = endpointById('attribution').pattern;
  return oneRequest(locale, 'attribution', path, {
    key: `${locale} attribution`,
    allowNotFound: false,
    resorts: [],
    derive: ([body]) => [{ file: file({ family: 'B', path, locale }), body }],
  });
}
