/**
 * Region lists in the real service's shape (scripts/api/README.md, "Endpoints"): resorts sorted by id, states
 * for countries, regions below, and quick links to the multi-resort endpoints, which carry the caller's
 * token exactly as the real ones do. (The snapshot rewrites them before anything is published.)
 */
import type { DatasetRegion } from '../../dataset/schema.ts';
import type { RegionList, RegionRef } from '../../api/schemas/regions.ts';
import type { RenderContext } from '../context.ts';

function ref(region: DatasetRegion): RegionRef {
  const out: RegionRef = { id: region.id, regionName: region.name, regionType: region.type };
  if (region.longitude !== undefined) out.longitude = region.longitude;
  if (region.latitude !== undefined) out.latitude = region.latitude;
  return out;
}

/** The query string of a multi-resort request: token first, ids ascending, language and country last. */
export function resortQuery(
  token: string,
  ids: readonly number[],
  ctx: Pick<RenderContext, 'locale'>,
): string {
  const parts = [`token=${encodeURIComponent(token)}`, ...ids.map((id) => `resortId=${id}`)];
  parts.push(`language=${ctx.locale.language}`, `country=${ctx.locale.country}`);
  return parts.join('&');
}

export function regionList(ctx: RenderContext, region: DatasetRegion): RegionList {
  const ids = (ctx.index.resortsIn.get(region.id) ?? []).map((r) => r.id);
  const query = resortQuery(ctx.account.token, ids, ctx);
  const children = ctx.dataset.regions.filter((r) => r.parentId === region.id);
  let states: RegionRef[] | undefined;
  let regions: RegionRef[];
  if (region.type === 'COUNTRY') {
    const stateRegions = children.filter((r) => r.type === 'STATE');
    states = stateRegions.map(ref);
    const stateIds = new Set(stateRegions.map((s) => s.id));
    regions = ctx.dataset.regions
      .filter((r) => r.type === 'REGION' && (r.parentId === region.id || stateIds.has(r.parentId!)))
      .map(ref);
  } else {
    regions = children.filter((r) => r.type === 'REGION').map(ref);
  }
  const base = `${ctx.origin}/externalservice/resort`;
  return {
    id: region.id,
    regionName: region.name,
    regionType: region.type,
    resorts: (ctx.index.resortsIn.get(region.id) ?? []).map((r) => ({ id: r.id, resortName: r.name })),
    ...(states ? { states } : {}),
    regions,
    restSnowReport: `${base}/snowreport?${query}`,
    restRegionProfile: `${base}/profile?${query}`,
    restCombinedReport: `${base}/combinedreport?${query}`,
    resortQueryParam: query,
  };
}

/** Every country with its lists, sorted by name. */
export function countriesList(ctx: RenderContext): RegionList[] {
  return ctx.dataset.regions
    .filter((r) => r.type === 'COUNTRY')
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((country) => regionList(ctx, country));
}
