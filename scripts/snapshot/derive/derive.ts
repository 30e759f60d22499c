/**
 * Bodies → files. Pure: each collection's validated bodies (one per request, undefined for an allowed
 * 404) become the files the specification says they hold: the single-resort files of every resort of a
 * multi-resort answer, the group files (all resorts, each region) of its default variant, the links and
 * profile inside each combined report, forecasts for fewer days as slices of the longest, and the region
 * lists with their quick links pointed at the mirror.
 */
import { multiEndpoint, type MultiType } from '../../api/endpoints.ts';
import { parseLocale } from '../../api/locales.ts';
import { filePath, relativeLink } from '../../api/paths.ts';
import type { ApiRequest } from '../../api/request.ts';
import type { RegionList } from '../../api/schemas/regions.ts';
import type { EndpointGroup, SnapshotConfig } from '../config.ts';
import type { Published } from '../plan/plan.ts';
import { checkId } from '../discover/scope.ts';
import type { Collection, Scope } from '../model.ts';

export interface Output {
  file: string;
  body: unknown;
  /**
   * The resort whose record broke the contract and would be in this file: there is no usable body, and the
   * release keeps the file's last good copy, marked stale (or leaves it out when it has none).
   */
  keep?: number;
  /** With `keep`: a file the resort may not have had (links); without a last good copy it is not missing. */
  optional?: boolean;
  /** With `keep`: the resort is not in the answer at all (missing is not broken: its last good copy stays). */
  absent?: boolean;
  /**
   * A group file whose answer left out these resorts: while one of them keeps its own last good copy, so
   * does the group file (it would differ from that copy only by their absence); else `body` is published.
   */
  without?: number[];
}

/**
 * What derivation needs beside the bodies: the config (its public URL, its forecast days), the snapshot's
 * resorts and groups, and what the plan publishes (`published`, plan.ts), asked once for the release.
 */
export interface DeriveContext {
  config: SnapshotConfig;
  scope: Scope;
  published: Published;
}

/** A group the snapshot publishes: configured, and not gated by a feature the account lacks. */
const publishes = (ctx: DeriveContext, group: EndpointGroup) => ctx.published.groups.has(group);

/** What one file is beside its path and body (`Output`). */
type Mark = Omit<Output, 'file' | 'body'>;

/** One file: its path named by the request that answers it (api/paths.ts). */
function output(request: ApiRequest, body: unknown, mark: Mark = {}): Output {
  return { file: filePath(request), body, ...mark };
}

/**
 * The files of one collection. `broken` names the resorts whose records were left out of a many-resort
 * answer: each file that would hold one of them is named with `keep` instead of a body. A resort of the
 * collection that the answer does not hold at all (an empty map or list included) is named so too, as
 * `absent`: the release keeps its last good copy, stale, or leaves it out (scripts/docs/snapshot.md, "Missing
 * is not broken").
 */
export function derive(
  ctx: DeriveContext,
  c: Collection,
  bodies: ReadonlyArray<unknown>,
  broken: ReadonlySet<number> = new Set(),
): Output[] {
  const d = c.derivation;
  switch (d.kind) {
    case 'countries':
      return countriesFiles(ctx, c, bodies[0] as RegionList[]);
    case 'region-list':
      if (!publishes(ctx, 'regions') || bodies[0] === undefined) return [];
      return [regionListOutput(ctx, c.requests[0]!, bodies[0] as RegionList)];
    case 'family-a':
      return familyAFiles(ctx, c, bodies as ReadonlyArray<ReadonlyArray<{ resort?: unknown }>>, broken);
    case 'multi':
      return multiFiles(ctx, c, d, bodies as ReadonlyArray<Record<string, unknown>>, broken);
    case 'as-is':
      return bodies[0] === undefined ? [] : [output(c.requests[0]!, bodies[0])];
  }
}

function countriesFiles(ctx: DeriveContext, c: Collection, countries: RegionList[]): Output[] {
  if (!publishes(ctx, 'regions')) return [];
  const outputs: Output[] = [regionListOutput(ctx, c.requests[0]!, countries)];
  for (const country of countries) {
    const id = checkId(country.id, `${c.endpoint.pattern} (${c.locale})`);
    const own: ApiRequest = { endpoint: 'region.list', params: { regionId: String(id) }, locale: c.locale };
    outputs.push(regionListOutput(ctx, own, country));
  }
  return outputs;
}

/** A file of region lists (one, or a country's several): their links are made from its own path. */
function regionListOutput(ctx: DeriveContext, request: ApiRequest, lists: RegionList | RegionList[]): Output {
  const file = filePath(request);
  const rewrite = (list: RegionList) => rewriteRegionList(ctx, list, file, request.locale);
  return { file, body: Array.isArray(lists) ? lists.map(rewrite) : rewrite(lists) };
}

/**
 * Quick links carry the caller's token (scripts/docs/hosting.md, "Quick links through the mirror"): they become
 * links to the mirror's own group files — absolute under `publicUrl` when the config gives it, else relative
 * to the list's file — and the bare query string loses its token. A snapshot of some resorts lists only
 * those.
 */
function rewriteRegionList(ctx: DeriveContext, list: RegionList, from: string, locale: string): RegionList {
  const id = checkId(list.id, `region list ${from}`);
  const group = `region-${id}`;
  // the widget profile publishes no group files (the lists stay: the next run discovers the resorts from them)
  const { widget, regionGroups } = ctx.published;
  const published = !widget && (!regionGroups || regionGroups.has(group));
  const link = (type: MultiType, feature: EndpointGroup) => {
    if (!published || !publishes(ctx, feature)) return '';
    const file = filePath({ endpoint: multiEndpoint(type).id, locale, group });
    return ctx.config.publicUrl
      ? new URL(`api/${file}`, ctx.config.publicUrl).href
      : relativeLink(from, file);
  };
  // with a selection of resorts, a list names the ones the mirror has, so its query names its group again
  const inScope = new Set(ctx.scope.resorts.map((r) => r.id));
  const resorts = list.resorts.filter((r) => inScope.has(checkId(r.id, `region list ${from}`)));
  const query = resorts.map((r) => `resortId=${r.id}`);
  const { language, country } = parseLocale(locale)!;
  return {
    ...list,
    resorts,
    restSnowReport: link('snowreport', 'snowreport'),
    restRegionProfile: link('profile', 'profile'),
    restCombinedReport: link('combinedreport', 'combinedreport'),
    resortQueryParam: [...query, `language=${language}`, `country=${country}`].join('&'),
  };
}

function familyAFiles(
  ctx: DeriveContext,
  c: Collection,
  bodies: ReadonlyArray<ReadonlyArray<{ resort?: unknown }>>,
  broken: ReadonlySet<number>,
): Output[] {
  const locale = c.locale;
  const byId = new Map<number, unknown>();
  for (const body of bodies) {
    for (const record of body) byId.set(checkId(record.resort, `Family A list (${locale})`), record);
  }
  const outputs: Output[] = [];
  const absent = absentFrom(c, byId, broken);
  for (const id of c.resorts) {
    const request: ApiRequest = { endpoint: 'a.resort.snowreport', params: { resortId: String(id) }, locale };
    if (broken.has(id)) outputs.push(output(request, undefined, { keep: id }));
    else if (absent.has(id)) outputs.push(output(request, undefined, { keep: id, absent: true }));
    else outputs.push(output(request, byId.get(id)));
  }
  if (ctx.published.widget) return outputs;
  for (const group of ctx.scope.groups) {
    const body = group.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
    const request: ApiRequest =
      group.name === 'all'
        ? { endpoint: 'a.snowreport', group: 'all', locale }
        : { endpoint: 'a.snowreport', params: { regionId: group.name.slice('region-'.length) }, locale };
    outputs.push(groupOutput(request, body, group.ids, broken, absent));
  }
  for (const region of ctx.scope.emptyRegions)
    outputs.push(output({ endpoint: 'a.snowreport', params: { regionId: String(region) }, locale }, []));
  return outputs;
}

/** The parts of a combined report that other files are (scripts/api/README.md, "Endpoints"). */
interface CombinedParts {
  links?: unknown;
  info?: unknown;
}

function multiFiles(
  ctx: DeriveContext,
  c: Collection,
  d: Extract<Collection['derivation'], { kind: 'multi' }>,
  bodies: ReadonlyArray<Record<string, unknown>>,
  broken: ReadonlySet<number>,
): Output[] {
  const { type, variant, isDefault } = d;
  const locale = c.locale;
  const byId = new Map<number, unknown>();
  for (const body of bodies) {
    for (const [key, record] of Object.entries(body))
      byId.set(checkId(Number(key), `${c.endpoint.pattern} (${locale})`), record);
  }
  const outputs: Output[] = [];
  const publishSingle = type !== 'combinedreport' || publishes(ctx, 'combinedreport');
  const absent = absentFrom(c, byId, broken);
  for (const id of c.resorts) {
    const record = byId.get(id);
    const resortId = String(id);
    if (broken.has(id) || absent.has(id)) {
      outputs.push(...keptFiles(ctx, c, d, id, absent.has(id), publishSingle));
      continue;
    }
    if (record === undefined) continue;
    if (type === 'forecast') {
      const forecast = record as { forecast: unknown[] };
      for (const N of ctx.config.variants.days) {
        outputs.push(
          output(
            { endpoint: 'forecast', params: { resortId, N: String(N), ...variant }, locale },
            { ...forecast, forecast: forecast.forecast.slice(0, N) },
          ),
        );
      }
      continue;
    }
    if (publishSingle)
      outputs.push(output({ endpoint: type, params: { resortId, ...variant }, locale }, record));
    if (type === 'combinedreport' && isDefault && !ctx.published.widget) {
      const parts = record as CombinedParts;
      if (publishes(ctx, 'links') && parts.links)
        outputs.push(output({ endpoint: 'links', params: { resortId }, locale }, parts.links));
      if (publishes(ctx, 'profile'))
        outputs.push(output({ endpoint: 'profile', params: { resortId }, locale }, parts.info));
    }
  }
  if (!isDefault || ctx.published.widget) return outputs;
  const groupTypes: Array<{ type: MultiType; pick: (record: unknown) => unknown }> = [];
  if (publishSingle) groupTypes.push({ type, pick: (r) => r });
  if (type === 'combinedreport' && publishes(ctx, 'profile'))
    groupTypes.push({ type: 'profile', pick: (r) => (r as CombinedParts).info });
  for (const { type: groupType, pick } of groupTypes) {
    for (const group of ctx.scope.groups) {
      const present = group.ids.filter((id) => byId.has(id));
      const map = Object.fromEntries(present.map((id) => [id, pick(byId.get(id))]));
      outputs.push(
        groupOutput(
          { endpoint: multiEndpoint(groupType).id, locale, group: group.name },
          map,
          group.ids,
          broken,
          absent,
        ),
        groupOutput(
          { endpoint: multiEndpoint(groupType, true).id, locale, group: group.name },
          present.map((id) => pick(byId.get(id))),
          group.ids,
          broken,
          absent,
        ),
      );
    }
  }
  return outputs;
}

/**
 * The files a multi-resort answer would make of resort `id`, named to be kept (`keep`): the same paths as a
 * usable record makes; `links` only where the last good release had them, and a resort left out of the
 * webcams answer only where it had them (the upstream leaves out a resort without webcams).
 */
function keptFiles(
  ctx: DeriveContext,
  c: Collection,
  d: Extract<Collection['derivation'], { kind: 'multi' }>,
  id: number,
  absent: boolean,
  publishSingle: boolean,
): Output[] {
  const { type, variant, isDefault } = d;
  const [locale, resortId] = [c.locale, String(id)];
  const mark = {
    keep: id,
    ...(absent ? { absent: true } : {}),
    ...(absent && type === 'webcams' ? { optional: true } : {}),
  };
  const outputs: Output[] = [];
  const kept = (request: ApiRequest, extra: Mark = {}) =>
    outputs.push(output(request, undefined, { ...mark, ...extra }));
  if (type === 'forecast')
    for (const N of ctx.config.variants.days)
      kept({ endpoint: 'forecast', params: { resortId, N: String(N), ...variant }, locale });
  else if (publishSingle) kept({ endpoint: type, params: { resortId, ...variant }, locale });
  if (type === 'combinedreport' && isDefault && !ctx.published.widget) {
    if (publishes(ctx, 'links'))
      kept({ endpoint: 'links', params: { resortId }, locale }, { optional: true });
    if (publishes(ctx, 'profile')) kept({ endpoint: 'profile', params: { resortId }, locale });
  }
  return outputs;
}

/** The resorts of `c` that its answer does not hold at all (neither usable nor broken). */
function absentFrom(c: Collection, byId: ReadonlyMap<number, unknown>, broken: ReadonlySet<number>) {
  return new Set(c.resorts.filter((id) => !byId.has(id) && !broken.has(id)));
}

/**
 * A group file: kept (`keep`) when it would hold a broken resort; else its body, published unless one of
 * the resorts its answer left out keeps its own last good copy (`without`, release.ts).
 */
function groupOutput(
  request: ApiRequest,
  body: unknown,
  ids: readonly number[],
  broken: ReadonlySet<number>,
  absent: ReadonlySet<number>,
): Output {
  const keep = ids.find((id) => broken.has(id));
  if (keep !== undefined) return output(request, undefined, { keep });
  const without = ids.filter((id) => absent.has(id));
  return output(request, body, without.length > 0 ? { without } : {});
}
