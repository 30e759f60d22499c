/**
 * The one mapping from a request to its static file (README, "Static file layout"). Pure, and free of
 * run-time imports but the endpoint table, so the widget bundles the same function to find its files.
 *
 * `<language>-<COUNTRY>/<upstream path>[/<name>=<value>…].json`, where the extra segments are, in order, the
 * named resort group of a multi-resort request, Family A's `regionId`, and every variant parameter whose
 * value differs from its default, in the endpoint table's order.
 */
import { matchRoute, type Endpoint } from '../service/endpoints.ts';

export interface SnapshotRequest {
  family: 'A' | 'B';
  /** Upstream path, e.g. `/externalservice/resort/20/snowreport`. */
  path: string;
  /** Query parameters other than credentials, locale and resort ids. */
  query?: Readonly<Record<string, string>>;
  /** `en-US` */
  locale: string;
  /** Named resort set of a multi-resort request: `all` or `region-<id>`. */
  group?: string;
}

const LOCALE = /^[a-z]{2}-[A-Z]{2}$/;
const GROUP = /^(all|region-[1-9]\d{0,9})$/;
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const ID = /^[1-9]\d{0,9}$/;

export class PathError extends Error {
  override name = 'PathError';
}

/** The endpoint a snapshot request addresses, or a `PathError`. */
export function endpointOf(request: SnapshotRequest): Endpoint {
  const match = matchRoute(request.path.split('/').slice(1));
  if (!match || match.endpoint.family !== request.family) throw new PathError(`no ${request.family === 'A' ? 'Family A' : 'Family B'} endpoint at ${request.path}`);
  return match.endpoint;
}

/**
 * The file of `request`, relative to the `api/` folder: `en-US/externalservice/resort/20/snowreport.json`.
 * Throws a `PathError` for anything that must not become a path: credential endpoints, ids that are not
 * positive whole numbers, unknown groups, segments with characters outside `[A-Za-z0-9_-]`.
 */
export function filePath(request: SnapshotRequest): string {
  if (!LOCALE.test(request.locale)) throw new PathError(`locale "${request.locale}" is not shaped like en-US`);
  const endpoint = endpointOf(request);
  if (!endpoint.publish) throw new PathError(`${endpoint.pattern} is never published: its body holds credentials`);
  const segments = request.path.split('/').slice(1);
  const patternSegments = endpoint.pattern.split('/').slice(1);
  segments.forEach((segment, i) => {
    const param = patternSegments[i]!;
    if (param === '{N}') {
      if (!/^[0-5]$/.test(segment)) throw new PathError(`forecast days "${segment}" must be 0 to 5`);
    } else if (param.startsWith('{')) {
      if (!ID.test(segment)) throw new PathError(`${param.slice(1, -1)} "${segment}" is not a positive whole number`);
    } else if (!SAFE_SEGMENT.test(segment)) {
      throw new PathError(`path segment "${segment}" is not allowed`);
    }
  });
  const query = request.query ?? {};
  const extra: string[] = [];
  if (endpoint.scope === 'resorts' && endpoint.family === 'B') {
    if (request.group === undefined || !GROUP.test(request.group)) throw new PathError(`a multi-resort file needs a group (all or region-<id>), not "${request.group ?? ''}"`);
    extra.push(`group=${request.group}`);
  } else if (endpoint.id === 'a.snowreport') {
    if (query.regionId !== undefined) {
      if (!ID.test(query.regionId)) throw new PathError(`regionId "${query.regionId}" is not a positive whole number`);
      extra.push(`regionId=${query.regionId}`);
    } else if (request.group !== 'all') {
      throw new PathError('a Family A list is published for the group "all" or one regionId');
    } else {
      extra.push('group=all');
    }
  }
  for (const param of endpoint.params) {
    const value = query[param.name];
    if (value === undefined || value === param.default) continue;
    if (!SAFE_SEGMENT.test(value)) throw new PathError(`${param.name} "${value}" is not allowed in a path`);
    extra.push(`${param.name}=${value}`);
  }
  return `${[request.locale, ...segments, ...extra].join('/')}.json`;
}

/** A relative URL from the file `from` to the file `to` (both relative to the `api/` folder). */
export function relativeLink(from: string, to: string): string {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up)}${to}`;
}
