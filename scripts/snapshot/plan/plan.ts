/**
 * What to request. Pure: no disk, no network.
 *
 * Requests are grouped in collections. A collection is one endpoint in one locale and one variant; its
 * requests are the batches of resort ids that fit under the URI limit. A collection is data: how its
 * bodies become files is named by its `derivation` and carried out by `derive.ts`. Files the
 * specification says are equal are derived instead of requested, so the plan asks only for the
 * multi-resort forms, the overviews, the attribution and the region lists.
 */
import {
  ENDPOINT,
  multiEndpoint,
  type Endpoint,
  type MultiType,
  type Permission,
} from '../../api/endpoints.ts';
import { MAX_URI_LENGTH, type ApiRequest } from '../../api/request.ts';
import { batchIds, lowerBound } from './batch.ts';
import { ENDPOINT_GROUPS, GROUP_ENDPOINT, type EndpointGroup, type SnapshotConfig } from '../config.ts';
import { singleCollection, type Collection, type Derivation, type Scope } from '../model.ts';

export interface PlanContext {
  config: SnapshotConfig;
  /** Which families the source can reach. */
  families: ReadonlySet<'A' | 'B'>;
  /** The request target the source would send, for sizing batches. */
  target: (request: ApiRequest) => string;
  /** Groups with at least one resort of the snapshot, once known: quick links of other regions are empty. */
  publishedGroups?: ReadonlySet<string>;
  /** Features of the account, when known: what it lacks is not requested at all (it would answer 403). */
  permissions?: Readonly<Record<Permission, boolean>>;
}

/** Whether the snapshot includes `group`: configured, and not gated by a feature the account lacks. */
export function includes(ctx: PlanContext, group: EndpointGroup): boolean {
  const gate = ENDPOINT[GROUP_ENDPOINT[group]].permission;
  return ctx.config.endpoints.includes(group) && (!gate || !ctx.permissions || ctx.permissions[gate]);
}

/**
 * What the plan publishes, asked once: the groups it includes, whether it is the widget profile, and the
 * groups of regions that hold a resort of the snapshot. Derivation makes its files from this answer.
 */
export interface Published {
  groups: ReadonlySet<EndpointGroup>;
  widget: boolean;
  regionGroups?: ReadonlySet<string>;
}

export function published(ctx: PlanContext): Published {
  return {
    groups: new Set(ENDPOINT_GROUPS.filter((group) => includes(ctx, group))),
    widget: widgetProfile(ctx),
    ...(ctx.publishedGroups ? { regionGroups: ctx.publishedGroups } : {}),
  };
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

/** A collection of `base` requests with the resort ids spread over as few as the URI limit allows. */
function batchedCollection(
  ctx: PlanContext,
  base: ApiRequest,
  ids: number[],
  key: string,
  derivation: Derivation,
): Collection {
  const endpoint = ENDPOINT[base.endpoint];
  const { ids: param, comma } = endpoint.selection!;
  const baseLength = ctx.target(base).length + (comma ? `&${param}=`.length : 0);
  const idLength = (id: number) => (comma ? String(id).length + 1 : `&${param}=${id}`.length);
  const options = { baseLength, idLength, limit: MAX_URI_LENGTH };
  const requests = batchIds(ids, options).map((batch): ApiRequest => ({ ...base, ids: batch }));
  return {
    key,
    locale: base.locale,
    endpoint,
    freshness: endpoint.freshness,
    requests,
    lowerBound: lowerBound(ids, options),
    allowNotFound: false,
    resorts: ids,
    derivation,
  };
}

/** Whether the snapshot publishes only what the element and the embeds read (config `profile`). */
export const widgetProfile = (ctx: PlanContext): boolean => ctx.config.profile === 'widget';

/**
 * A collection of the widget profile makes fewer files than the same request in the full profile (no
 * group, links or profile files), so its key differs: after a change of profile nothing is carried over
 * from a release of the other one.
 */
const profiled = (ctx: PlanContext, key: string) => (widgetProfile(ctx) ? `${key} profile=widget` : key);

/**
 * Every collection about resorts, for every configured locale. The widget profile asks only for what the
 * element reads (`widget/data.ts`): Family A's record, the default combined report, the default forecast
 * for every configured N, and the attribution.
 */
export function resortCollections(ctx: PlanContext, scope: Scope): Collection[] {
  const out: Collection[] = [];
  const ids = scope.resorts.map((r) => r.id);
  if (ids.length === 0) return out;
  const full = !widgetProfile(ctx);
  for (const locale of ctx.config.locales) {
    if (ctx.families.has('A') && includes(ctx, 'familyA')) {
      out.push(
        batchedCollection(
          ctx,
          { endpoint: 'a.snowreport', locale },
          ids,
          profiled(ctx, `${locale} a.snowreport`),
          { kind: 'family-a' },
        ),
      );
    }
    if (!ctx.families.has('B')) continue;
    if (full && includes(ctx, 'snowreport')) out.push(...multiCollections(ctx, locale, ids, 'snowreport'));
    if (full && includes(ctx, 'webcams')) out.push(...multiCollections(ctx, locale, ids, 'webcams'));
    if (includes(ctx, 'forecast')) out.push(...multiCollections(ctx, locale, ids, 'forecast'));
    // links and profiles come from the combined report (`links`, `info`: scripts/api/README.md, "Endpoints")
    if (includes(ctx, 'combinedreport') || (full && (includes(ctx, 'links') || includes(ctx, 'profile'))))
      out.push(...multiCollections(ctx, locale, ids, 'combinedreport'));
    if (full && includes(ctx, 'overview')) {
      for (const id of ids) {
        const request: ApiRequest = { endpoint: 'overview', params: { resortId: String(id) }, locale };
        out.push(
          singleCollection(request, {
            key: `${locale} overview resort=${id}`,
            allowNotFound: true,
            resorts: [id],
            derivation: { kind: 'as-is' },
          }),
        );
      }
    }
    if (includes(ctx, 'attribution')) {
      out.push(
        singleCollection(
          { endpoint: 'attribution', locale },
          { key: `${locale} attribution`, allowNotFound: false, resorts: [], derivation: { kind: 'as-is' } },
        ),
      );
    }
  }
  return out;
}

function multiCollections(ctx: PlanContext, locale: string, ids: number[], type: MultiType): Collection[] {
  const endpoint = multiEndpoint(type);
  const variants = variantsOf(endpoint, ctx.config)
    .filter((v) => v.forecast !== 'true' || !ctx.permissions || ctx.permissions.hasWeather)
    // the element reads the default variant only
    .filter((v) => !widgetProfile(ctx) || isDefaultVariant(endpoint, v));
  return variants.map((variant) => {
    // the multi-resort forecast is fetched for the most days; files for fewer days are slices of it
    const params = type === 'forecast' ? { days: '5', ...variant } : variant;
    const key = profiled(
      ctx,
      `${locale} ${endpoint.id}${variantKey(variant) ? ` ${variantKey(variant)}` : ''}`,
    );
    const derivation: Derivation = {
      kind: 'multi',
      type,
      variant,
      isDefault: isDefaultVariant(endpoint, variant),
    };
    return batchedCollection(ctx, { endpoint: endpoint.id, params, locale }, ids, key, derivation);
  });
}
