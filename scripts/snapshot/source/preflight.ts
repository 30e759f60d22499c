/**
 * The preflight phase: before the plan spends anything, one cheap call per configured family proves the
 * credentials and that the upstream answers. A refusal (401, 403) or an upstream that cannot be connected
 * to stops the run there, with a message naming the family, its base URL and the variables to fix. A probe
 * that reached the upstream but still failed after its retries (5xx, 429, a reset or a timeout) proves
 * neither: the run goes on, and a flaky upstream costs only the parts that fail.
 */
import type { Family } from '../../api/endpoints.ts';
import type { ApiRequest } from '../../api/request.ts';
import { SnapshotError } from '../errors.ts';
import { cannotReach, notTheService } from './base-url.ts';
import type { Source } from './source.ts';

/** Family B's cheapest call: the account's attribution (small, one per account). */
export const FAMILY_B_PROBE: ApiRequest = { endpoint: 'attribution', locale: 'en-US' };

/**
 * Family A's cheapest call: the list of one resort's records. The list is there whatever the resort (an
 * unknown one is an empty list), so a 404 means the base URL is not the service's.
 */
export const familyAProbe = (resort: number): ApiRequest => ({
  endpoint: 'a.snowreport',
  ids: [resort],
  locale: 'en-US',
});

/**
 * Makes the probe request (one request, with its retries); throws `upstream_auth` or `upstream_unreachable`
 * when it proves the run cannot succeed, and answers a note when it proved nothing.
 */
export async function preflight(
  source: Source,
  family: Family,
  probe: ApiRequest,
): Promise<string | undefined> {
  let status: number;
  try {
    status = (await source.fetch(probe)).status;
  } catch (error) {
    if (error instanceof SnapshotError && error.code === 'upstream_unreachable')
      throw cannotReach(source.describe(family), error);
    if (error instanceof SnapshotError && ['upstream_network', 'upstream_http'].includes(error.code)) {
      return `${source.describe(family)}: the first probe failed (${error.message}); going on, parts that fail keep their earlier state`;
    }
    throw error;
  }
  // the account's attribution and the snow report list are always there: a 404 means the base URL is not
  // the service's (scripts/snapshot/source/base-url.ts)
  if (status === 404)
    throw family === 'B'
      ? notTheService('RC_LEGACY_BASE_URL', source.describe(family), "the account's attribution")
      : notTheService('RC_BASE_URL', source.describe(family), 'the snow report list');
  if (status === 200) return undefined;
  if (status === 401 || status === 403) {
    throw new SnapshotError(
      'upstream_auth',
      `${source.describe(family)} refused the credentials (HTTP ${status}); fix the variables named here. Nothing was fetched or published`,
      { context: { status } },
    );
  }
  throw new SnapshotError(
    'upstream_unreachable',
    `${source.describe(family)} answered HTTP ${status} to a first probe; try again later. Nothing was fetched or published`,
    { context: { status } },
  );
}
