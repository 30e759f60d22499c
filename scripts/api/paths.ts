/**
 * The one mapping from a request to its static file (scripts/README.md, "Static file layout"). Pure, and
 * free of run-time imports but the contract's. The element writes out the four paths it reads instead
 * (`widget/card/files.ts`), and a test holds them equal to this function's.
 *
 * `<language>-<COUNTRY>/<upstream path>[/<name>=<value>…].json`, where the extra segments are, in order, the
 * named resort group of a multi-resort request, Family A's `regionId`, and every variant parameter whose
 * value differs from its default, in the endpoint table's order.
 */
import { ENDPOINT } from './endpoints.ts';
import { ResortConditionsError } from './errors.ts';
import type { ApiRequest } from './request.ts';
import { ID_PATTERN, ID_SOURCE } from './text.ts';

const LOCALE = /^[a-z]{2}-[A-Z]{2}$/;
const GROUP = new RegExp(`^(all|region-${ID_SOURCE})$`);
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

const refuse = (message: string) => new ResortConditionsError('unsafe_path', message);

/** Whether `value` may stand for the path parameter `name`: forecast days `N` are 0 to 5, every other one an id. */
export const isPathValue = (name: string, value: string): boolean =>
  name === 'N' ? /^[0-5]$/.test(value) : ID_PATTERN.test(value);

/** An endpoint's upstream path with its parameters filled in, as segments: `externalservice`, `resort`, `20`, `snowreport`. */
export function pathSegments(pattern: string, params: Readonly<Record<string, string>>): string[] {
  return pattern
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith('{') ? params[part.slice(1, -1)]! : part));
}

/**
 * The file of `request`, relative to the `api/` folder: `en-US/externalservice/resort/20/snowreport.json`.
 * Throws an `unsafe_path` error for anything that must not become a path: credential endpoints, ids that
 * are not positive whole numbers, unknown groups, segments with characters outside `[A-Za-z0-9_-]`.
 */
export function filePath(request: ApiRequest): string {
  if (!LOCALE.test(request.locale)) throw refuse(`locale "${request.locale}" is not shaped like en-US`);
  const endpoint = ENDPOINT[request.endpoint];
  if (!endpoint) throw refuse(`there is no endpoint "${String(request.endpoint)}"`);
  if (!endpoint.publish) throw refuse(`${endpoint.pattern} is never published: its body holds credentials`);
  const params = request.params ?? {};
  for (const [, name = ''] of endpoint.pattern.matchAll(/\{(\w+)\}/g)) {
    const value = params[name] ?? '';
    if (!isPathValue(name, value))
      throw refuse(
        name === 'N'
          ? `forecast days "${value}" must be 0 to 5`
          : `${name} "${value}" is not a positive whole number`,
      );
  }
  const segments = pathSegments(endpoint.pattern, params);
  const extra: string[] = [];
  const region = endpoint.selection?.region;
  if (region && params[region] !== undefined) {
    if (!ID_PATTERN.test(params[region]))
      throw refuse(`${region} "${params[region]}" is not a positive whole number`);
    extra.push(`${region}=${params[region]}`);
  } else if (endpoint.scope === 'resorts') {
    if (request.group === undefined || !GROUP.test(request.group) || (region && request.group !== 'all')) {
      throw refuse(
        `a multi-resort file needs a group (${region ? `all, or one ${region}` : 'all or region-<id>'}), not "${request.group ?? ''}"`,
      );
    }
    extra.push(`group=${request.group}`);
  }
  for (const param of endpoint.params) {
    const value = params[param.name];
    if (value === undefined || value === param.default) continue;
    if (!SAFE_SEGMENT.test(value)) throw refuse(`${param.name} "${value}" is not allowed in a path`);
    extra.push(`${param.name}=${value}`);
  }
  return `${[request.locale, ...segments, ...extra].join('/')}.json`;
}

/** A relative URL from the file `from` to the file `to` (both relative to the `api/` folder). */
export function relativeLink(from: string, to: string): string {
  const up = from.split('/').length - 1;
  return `${'../'.repeat(up)}${to}`;
}
