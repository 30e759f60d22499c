/**
 * What the phases of a snapshot hand one another (scripts/ARCHITECTURE.md, "The snapshot run, phase by
 * phase"): the scope discovery finds, the collections the plan makes, what fetching answers. Every phase
 * and the store may import it; it imports no phase. Types, one constructor, and the regions of a scope's groups.
 */
import { ENDPOINT, type Endpoint, type Freshness, type MultiType } from '../api/endpoints.ts';
import type { ApiRequest } from '../api/request.ts';
import type { DriftIssue } from '../api/schemas/drift.ts';
import { ID_SOURCE } from '../api/text.ts';

// ---- the scope (discover) ----------------------------------------------------------------------------

export interface Group {
  /** `all` or `region-<id>` */
  name: string;
  /** Resort ids, ascending. */
  ids: number[];
}

export interface Scope {
  resorts: Array<{ id: number; name: string }>;
  groups: Group[];
  /**
   * Regions, states and countries the lists name with no resort at all, in a snapshot of every resort: the
   * service answers Family A's `regionId` for them with `[]`, and so does the mirror (no group files).
   */
  emptyRegions: number[];
}

/** A region's group name: `region-<id>`. */
const REGION_GROUP = new RegExp(`^region-${ID_SOURCE}$`);

/** The regions of a snapshot's groups, with their ids. */
export const regionsOf = (groups: readonly Group[]) =>
  groups.flatMap((g) => (REGION_GROUP.test(g.name) ? [{ region: Number(g.name.slice(7)), ids: g.ids }] : []));

/** The regions of a snapshot's groups, by id (`region-<id>`). */
export const regionIds = (groups: readonly Group[]) => regionsOf(groups).map((r) => r.region);

// ---- collections (plan) ------------------------------------------------------------------------------

/** How a collection's bodies become files (`derive.ts`). */
export type Derivation =
  /** The countries list, and each country's own region list. */
  | { kind: 'countries' }
  /** One state's or region's list, its quick links rewritten. */
  | { kind: 'region-list' }
  /** Family A's batched list: each resort's record and each group's list. */
  | { kind: 'family-a' }
  /** A multi-resort map: each resort's single files, and the group files of the default variant. */
  | { kind: 'multi'; type: MultiType; variant: Readonly<Record<string, string>>; isDefault: boolean }
  /** The body of the one request is its own file (overview, attribution). */
  | { kind: 'as-is' };

export interface Collection {
  /** Stable across runs: the manifest remembers each file's collection by it. */
  key: string;
  locale: string;
  endpoint: Endpoint;
  freshness: Freshness;
  requests: ApiRequest[];
  /** The fewest requests the URI limit allows for this collection. */
  lowerBound: number;
  /** Whether 404 means "no file" (webcams of a resort with none, an overview not in this language). */
  allowNotFound: boolean;
  /** Resorts the collection is about. */
  resorts: number[];
  derivation: Derivation;
}

/** A collection of exactly one request. */
export function singleCollection(
  request: ApiRequest,
  fields: Pick<Collection, 'key' | 'allowNotFound' | 'resorts' | 'derivation'>,
): Collection {
  const endpoint = ENDPOINT[request.endpoint];
  return {
    ...fields,
    locale: request.locale,
    endpoint,
    freshness: endpoint.freshness,
    requests: [request],
    lowerBound: 1,
  };
}

// ---- answers (fetch) ---------------------------------------------------------------------------------

/** Records of a many-resort answer that broke the contract, left out of the body: resort id → why. */
export type BrokenRecords = ReadonlyMap<number, string>;

/** Why a collection failed: the upstream's fault (HTTP, network) or a body that breaks the contract. */
export interface FetchFailure {
  kind: 'upstream' | 'contract';
  /** The whole story, for the log and the private state (URLs redacted). */
  reason: string;
  /** A short public reason without URLs: `HTTP 503`, `timeout after 30000 ms`, `breaks the contract`. */
  short: string;
  /** The build's deadline ended or prevented the request (config `deadline`). */
  cut?: boolean;
}

export interface Fetched {
  collection: Collection;
  /** ok: one body per request; forbidden: the account lacks the feature; carried: not due this run. */
  state: 'ok' | 'forbidden' | 'failed' | 'carried';
  /** One per request; undefined where an allowed 404 means "no file". */
  bodies: unknown[];
  failure?: FetchFailure;
  /** Answers that meant "no file". */
  notFound: number;
  /** Upstream requests made for this collection. */
  requests: number;
  /** What the bodies sent beyond or beside the specification. */
  drift: DriftIssue[];
  /** Resorts whose records broke the contract, left out of the bodies: id → why (JSON paths, no URL). */
  broken?: ReadonlyMap<number, string>;
  /** Other records left out of the bodies for what they held (a region list's entries): why, per record. */
  dropped?: string[];
}

/** What discovery asks of the fetch phase: collections fetched (or carried) as the run fetches them. */
export interface Fetches {
  fetch(c: Collection): Promise<Fetched>;
  fetchAll(collections: Collection[]): Promise<Fetched[]>;
}
