/**
 * The upstream's two base URLs as settings (scripts/docs/configuration.md, "Configuration"): `RC_BASE_URL` and
 * `RC_LEGACY_BASE_URL` are the service's origin (`https://api.example.com`, or a gateway's prefix before the
 * API's paths), never an address that already holds the API's own paths, which the build adds itself.
 * A base URL that does is a setting to fix (exit 2), named with its variable and the value that would
 * work; so is one whose endpoints are not there (a 404 where the service always answers); an upstream that
 * cannot be reached is named with its variable and address.
 */
import { redactUrl } from '../../api/redact.ts';
import { SnapshotError } from '../errors.ts';

export type BaseUrlVariable = 'RC_BASE_URL' | 'RC_LEGACY_BASE_URL';

/** Which family each variable configures, and the paths its API adds. */
const FAMILY_OF: Record<BaseUrlVariable, 'A' | 'B'> = { RC_BASE_URL: 'A', RC_LEGACY_BASE_URL: 'B' };

/** The first segments of each family's paths (scripts/api/endpoints.ts): `/externalservice/…`, `/resorts/…`, `/resort/…`. */
const API_SEGMENTS: ReadonlyArray<{ segment: string; family: 'A' | 'B' }> = [
  { segment: 'externalservice', family: 'B' },
  { segment: 'resorts', family: 'A' },
  { segment: 'resort', family: 'A' },
];

const OTHER: Record<BaseUrlVariable, BaseUrlVariable> = {
  RC_BASE_URL: 'RC_LEGACY_BASE_URL',
  RC_LEGACY_BASE_URL: 'RC_BASE_URL',
};

/** An example of a right value, for messages. */
export const BASE_URL_EXAMPLE = 'https://api.example.com';

/**
 * A base URL from its variable: an http(s) URL without query, fragment or credentials whose path holds
 * none of the API's own paths. Throws `config` (exit 2) naming the variable and what to give instead.
 */
export function parseBaseUrl(variable: BaseUrlVariable, value: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new SnapshotError(
      'config',
      `${variable}: "${redactUrl(value)}" is not a URL; give the service's origin, e.g. ${variable}=${BASE_URL_EXAMPLE}`,
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new SnapshotError(
      'config',
      `${variable}: only http and https URLs are supported, e.g. ${variable}=${BASE_URL_EXAMPLE}`,
    );
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new SnapshotError(
      'config',
      `${variable}: give the base URL without query, fragment or credentials, e.g. ${variable}=${parsed.origin}`,
    );
  }
  const segments = parsed.pathname.split('/');
  const at = segments.findIndex((s) => API_SEGMENTS.some((api) => api.segment === s.toLowerCase()));
  if (at >= 0) {
    const api = API_SEGMENTS.find((a) => a.segment === segments[at]!.toLowerCase())!;
    const before = `${parsed.origin}${segments.slice(0, at).join('/')}`.replace(/\/$/, '');
    const swapped =
      api.family !== FAMILY_OF[variable]
        ? ` (/${api.segment}/… is Family ${api.family}'s path: is this ${OTHER[variable]}?)`
        : '';
    throw new SnapshotError(
      'config',
      `${variable}: ${parsed.origin}${parsed.pathname.replace(/\/$/, '')} holds the API's own path /${api.segment}, which the build adds to every request; give the service's origin: ${variable}=${before}${swapped}`,
    );
  }
  return parsed;
}

/**
 * A 404 where the service always answers — the token request, the account's attribution — means the base
 * URL does not point at the service: a setting to fix (exit 2), not an outage. `described` names the
 * family, its base URL and its variables (`Family B at https://… (RC_LEGACY_BASE_URL, RC_TOKEN)`).
 */
export function notTheService(variable: BaseUrlVariable, described: string, what: string): SnapshotError {
  return new SnapshotError(
    'config',
    `${described}: ${what} answered HTTP 404, so ${variable} is not the service's base URL: give its origin, e.g. ${variable}=${BASE_URL_EXAMPLE}, without /externalservice or another path of the API. Nothing was fetched or published`,
    { context: { status: 404 } },
  );
}

/** An upstream that could not be connected to (exit 8), named by its family, variable and address (`described`). */
export function cannotReach(described: string, cause: SnapshotError): SnapshotError {
  return new SnapshotError(
    'upstream_unreachable',
    `${described} cannot be reached: ${cause.message}. Check that base URL and the network; nothing was fetched or published`,
    { cause },
  );
}
