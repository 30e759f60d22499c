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
import type { EndpointGroup } from '../config.ts';
import { includes, widgetProfile, type PlanContext } from '../plan/plan.ts';
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

/** What derivation needs beside the bodies: the plan's context and the snapshot's resorts and groups. */
export interface DeriveContext extends PlanContext {
  scope: Scope;
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
    case 'region-list': {
      if (!includes(ctx, 'regions') || bodies[0] === undefined) return [];
      const own = filePath(c.requests[0]!);
      return [{ file: own, body: rewriteRegionList(ctx, bodies[0] as RegionList, own, c.locale) }];
    }
    case 'family-a':
      return familyAFiles(ctx, c, bodies as ReadonlyArray<ReadonlyArray<{ resort?: unknown }>>, broken);
    case 'multi':
      return multiFiles(ctx, c, d, bodies as ReadonlyArray<Record<string, unknown>>, broken);
    case 'as-is':
      return bodies[0] === undefined ? [] : [{ file: filePath(c.requests[0]!), body: bodies[0] }];
  }
}

function countriesFiles(ctx: DeriveContext, c: Collection, countries: RegionList[]): Output[] {
  if (!includes(ctx, 'regions')) return [];
  const listFile = filePath(c.requests[0]!);
  const outputs: Output[] = [
    { file: listFile, body: countries.map((country) => rewriteRegionList(ctx, country, listFile, c.locale)) },
  ];
  for (const country of countries) {
    const id = checkId(country.id, `${c.endpoint.pattern} (${c.locale})`);
    const own = filePath({ endpoint: 'region.list', params: { regionId: String(id) }, locale: c.locale });
    outputs.push({ file: own, body: rewriteRegionList(ctx, country, own, c.locale) });
  }
  return outputs;
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
  const published = !widgetProfile(ctx) && (!ctx.publishedGroups || ctx.publishedGroups.has(group));
  const link = (type: MultiType, feature: EndpointGroup) => {
    if (!published || !includes(ctx, feature)) return '';
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
    const file = filePath({ endpoint: 'a.resort.snowreport', params: { resortId: String(id) }, locale });
    if (broken.has(id)) outputs.push({ file, body: undefined, keep: id });
    else if (absent.has(id)) outputs.push({ file, body: undefined, keep: id, absent: true });
    else outputs.push({ file, body: byId.get(id) });
  }
  if (widgetProfile(ctx)) return outputs;
  for (const group of ctx.scope.groups) {
    const body = group.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
    const request: ApiRequest =
      group.name === 'all'
        ? { endpoint: 'a.snowreport', group: 'all', locale }
        : { endpoint: 'a.snowreport', params: { regionId: group.name.slice('region-'.length) }, locale };
    outputs.push(groupOutput(filePath(request), body, group.ids, broken, absent));
  }
  for (const region of ctx.scope.emptyRegions) {
    outputs.push({
      file: filePath({ endpoint: 'a.snowreport', params: { regionId: String(region) }, locale }),
      body: [],
    });
  }
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
  const publishSingle = type !== 'combinedreport' || includes(ctx, 'combinedreport');
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
        outputs.push({
          file: filePath({ endpoint: 'forecast', params: { resortId, N: String(N), ...variant }, locale }),
          body: { ...forecast, forecast: forecast.forecast.slice(0, N) },
        });
      }
      continue;
    }
    if (publishSingle)
      outputs.push({
        file: filePath({ endpoint: type, params: { resortId, ...variant }, locale }),
        body: record,
      });
    if (type === 'combinedreport' && isDefault && !widgetProfile(ctx)) {
      const parts = record as CombinedParts;
      if (includes(ctx, 'links') && parts.links)
        outputs.push({
          file: filePath({ endpoint: 'links', params: { resortId }, locale }),
          body: parts.links,
        });
      if (includes(ctx, 'profile'))
        outputs.push({
          file: filePath({ endpoint: 'profile', params: { resortId }, locale }),
          body: parts.info,
        });
    }
  }
  if (!isDefault || widgetProfile(ctx)) return outputs;
  const groupTypes: Array<{ type: MultiType; pick: (record: unknown) => unknown }> = [];
  if (publishSingle) groupTypes.push({ type, pick: (r) => r });
  if (type === 'combinedreport' && includes(ctx, 'profile'))
    groupTypes.push({ type: 'profile', pick: (r) => (r as CombinedParts).info });
  for (const { type: groupType, pick } of groupTypes) {
    for (const group of ctx.scope.groups) {
      const present = group.ids.filter((id) => byId.has(id));
      const map = Object.fromEntries(present.map((id) => [id, pick(byId.get(id))]));
      outputs.push(
        groupOutput(
          filePath({ endpoint: multiEndpoint(groupType).id, locale, group: group.name }),
          map,
          group.ids,
          broken,
          absent,
        ),
        groupOutput(
          filePath({ endpoint: multiEndpoint(groupType, true).id, locale, group: group.name }),
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
  const kept = (file: string) => outputs.push({ file, body: undefined, ...mark });
  if (type === 'forecast')
    for (const N of ctx.config.variants.days)
      kept(filePath({ endpoint: 'forecast', params: { resortId, N: String(N), ...variant }, locale }));
  else if (publishSingle) kept(filePath({ endpoint: type, params: { resortId, ...variant }, locale }));
  if (type === 'combinedreport' && isDefault && !widgetProfile(ctx)) {
    if (includes(ctx, 'links'))
      outputs.push({
        file: filePath({ endpoint: 'links', params: { resortId }, locale }),
        body: undefined,
        ...mark,
        optional: true,
      });
    if (includes(ctx, 'profile')) kept(filePath({ endpoint: 'profile', params: { resortId }, locale }));
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
  file: string,
  body: unknown,
  ids: readonly number[],
  broken: ReadonlySet<number>,
  absent: ReadonlySet<number>,
): Output {
  const keep = ids.find((id) => broken.has(id));
  if (keep !== undefined) return { file, body: undefined, keep };
  const without = ids.filter((id) => absent.has(id));
  return without.length > 0 ? { file, body, without } : { file, body };
}
