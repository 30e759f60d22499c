/**
 * The service's own URLs onto the published files (scripts/docs/hosting.md, "Moving an existing
 * client to the mirror"). A client written against Family B calls `/externalservice/resort/20/snowreport?token=…&language=de&country=DE`;
 * the mirror holds `api/de-DE/externalservice/resort/20/snowreport.json`. This module owns what the mirror
 * answers and how it refuses the rest (the error catalogue, the locales, the resort groups it can name);
 * one module per kind of host writes that as rules (nginx, Apache, Netlify, and an edge function for object
 * storage behind a CDN), and `mirror.ts` gathers them. Pure.
 */
import { ENDPOINTS, type Endpoint, type Freshness } from '../api/endpoints.ts';
import { MAX_URI_LENGTH } from '../api/request.ts';
import { LANGUAGES } from '../api/locales.ts';
import { ID_SOURCE } from '../api/text.ts';
import type { ErrorBody } from '../api/schemas/error.ts';
import type { Group } from '../snapshot/model.ts';

/** A published region list of family B, relative to the release's `api/`: its region id. */
const REGION_FILE = new RegExp(`^[^/]+/resorts/snowreport/regionId=(${ID_SOURCE})\\.json$`);

export interface MirrorOptions {
  /** The published locales, in the config's order. */
  locales: readonly string[];
  /** The snapshot's resort groups (`all`, `region-<id>`), ids ascending. */
  groups: readonly Group[];
  /** Published files, relative to `api/`: only groups with files are named by the rules. */
  files: Iterable<string>;
}

/** What the edge function (`runtime/edge-worker.ts`) reads of one build, written above its bundle. */
export interface MirrorData {
  /** The published locales, in the config's order. */
  locales: readonly string[];
  /** The published resort sets: ids joined by commas (ascending) → the group's name. */
  sets: Readonly<Record<string, string>>;
  /** Cache lifetime in seconds per freshness class. */
  cache: Readonly<Record<Freshness, number>>;
  /** Cache lifetime of the quick links' `/<locale>/externalservice/…` files. */
  landingCache: number;
  errors: Readonly<Record<MirrorErrorName, ErrorBody>>;
}

/** Where the rule files and the static error bodies live in the published tree. */
export const MIRROR_FOLDER = '_mirror';
/** The internal prefix the nginx and Apache rules use between their two steps; never answered from outside. */
export const INTERNAL_PREFIX = '__resort-conditions';

/** The reasons the mirror refuses a request; each has one JSON body in the service's shape (scripts/api/README.md, "Errors"). */
export type MirrorErrorName =
  | 'endpoint'
  | 'credentials'
  | 'method'
  | 'language'
  | 'country'
  | 'locale'
  | 'locale-header'
  | 'id'
  | 'days'
  | 'boolean'
  | 'no-ids'
  | 'resort-set'
  | 'file'
  | 'bad-request'
  | 'not-found'
  | 'uri-too-long';

/** The error bodies of a mirror that publishes `locales`. Messages never echo the request. */
export function mirrorErrors(locales: readonly string[]): Record<MirrorErrorName, ErrorBody> {
  const published = locales.join(', ');
  const bad = (message: string): ErrorBody => ({ status: 400, error: 'bad_request', message });
  const missing = (message: string): ErrorBody => ({ status: 404, error: 'not_found', message });
  return {
    endpoint: missing('there is no endpoint at this path'),
    credentials: missing(
      'this mirror does not answer the credential endpoints; it needs no token, so keep sending the one you have (or any)',
    ),
    method: { status: 405, error: 'method_not_allowed', message: 'this mirror answers GET only' },
    language: bad(`language is not supported (supported: ${LANGUAGES.join(', ')})`),
    country: bad('country must be a two-letter country code such as US or FR'),
    locale: missing(
      `this mirror does not publish that locale (published: ${published}; give language in lower case and country in upper case, e.g. language=de&country=DE)`,
    ),
    'locale-header': bad('the locale header must look like fr-FR or fr'),
    id: bad('a resort or region id must be a positive whole number'),
    days: bad('N must be a whole number from 0 to 5'),
    boolean: bad('forecast_only, forecast and links must be true or false'),
    'no-ids': bad('give one or more resortId query parameters'),
    'resort-set': bad(
      'this mirror answers a multi-resort request only for a set of resorts it publishes (all its resorts, or all of a country, state or region, ids ascending, as in the quick links of the region lists) and only in the default variant; request each resort on its own instead',
    ),
    file: missing(
      'this mirror has no file for this request: the resort or region is not in it, or it does not publish this variant',
    ),
    'bad-request': bad(
      'this mirror cannot answer this request: an id, N, language, country or true/false value is malformed, or a multi-resort request names a set of resorts the mirror does not publish',
    ),
    'not-found': missing(
      'this mirror has no answer here: an unknown path or resort, a locale it does not publish, or the credential endpoints',
    ),
    'uri-too-long': {
      status: 414,
      error: 'uri_too_long',
      message: `the request URI is longer than ${MAX_URI_LENGTH} characters; split the resort ids over several requests`,
    },
  };
}

/**
 * The message of a 404 for a resort or region the mirror does not hold; `id` and `locale` may be a host's
 * variables (nginx's `$1`), filled in when it answers.
 */
export function missingMessage(
  what: 'resort' | 'region',
  endpointId: string,
  id: string,
  locale: string,
): string {
  const extra =
    endpointId === 'webcams'
      ? ', or it has no webcams'
      : endpointId === 'overview'
        ? ', or it has no overview in this language'
        : '';
  return `there is no ${what} ${id} in this mirror (${locale})${what === 'resort' ? extra : ''}, or the mirror does not publish this variant`;
}

/** The path a static error body is published at (for hosts that answer errors from files). */
export const errorFile = (name: MirrorErrorName) => `${MIRROR_FOLDER}/errors/${name}.json`;

/** Family B endpoints answered from one file each (single-resort, region lists, attribution), in matching order. */
export const fileEndpoints = (): Endpoint[] =>
  ENDPOINTS.filter((e) => e.family === 'B' && e.publish && !e.multi);
/** Multi-resort endpoints: answered only for the published groups' resort sets. */
export const multiEndpoints = (): Endpoint[] => ENDPOINTS.filter((e) => e.multi !== undefined);
/** Credential endpoints: never published, never answered. */
export const credentialEndpoints = (): Endpoint[] => ENDPOINTS.filter((e) => !e.publish);

/** The boolean variant parameters of an endpoint (the multi-resort forecast's `days` is answered at its default only). */
export const booleanParams = (endpoint: Endpoint) => endpoint.params.filter((p) => p.kind === 'boolean');

/** The path segment a variant adds when its value is not the default (`forecast_only=true`). */
export const nonDefault = (param: { name: string; default: string }) =>
  `${param.name}=${param.default === 'true' ? 'false' : 'true'}`;

/** Every subset of `items`, largest first: rules tried in this order match the most specific variant first. */
export function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [[]];
  for (const item of items) out.push(...out.map((s) => [...s, item]));
  return out.sort((a, b) => b.length - a.length);
}

/** The published groups that have files, with the query key the service's quick links give them. */
export interface NamedSet {
  name: string;
  ids: readonly number[];
  /** `resortId=20&resortId=428`: the ids part of the service's own quick link. */
  query: string;
}

export function publishedSets(options: MirrorOptions): NamedSet[] {
  const withFiles = new Set<string>();
  for (const file of options.files) {
    const m = /\/externalservice\/resort\/[a-z]+(?:\/ordered)?\/group=([a-z0-9-]+)\.json$/.exec(file);
    if (m) withFiles.add(m[1]!);
  }
  return options.groups
    .filter((g) => withFiles.has(g.name) && g.ids.length > 0)
    .map((g) => ({ name: g.name, ids: g.ids, query: g.ids.map((id) => `resortId=${id}`).join('&') }));
}

/** Family A's published regions (`resorts/snowreport/regionId=<id>.json`). */
export function familyARegions(options: MirrorOptions): number[] {
  const ids = new Set<number>();
  for (const file of options.files) {
    const m = REGION_FILE.exec(file);
    if (m) ids.add(Number(m[1]));
  }
  return [...ids].sort((a, b) => a - b);
}

/** The published locale of each language, the first in the config's order (Family A's `locale` header names a language). */
export function localeOfLanguage(locales: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const locale of locales) if (!out.has(locale.slice(0, 2))) out.set(locale.slice(0, 2), locale);
  return out;
}
