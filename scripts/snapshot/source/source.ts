/**
 * Where the snapshot gets its bodies: the embedded service in-process, or a real upstream over HTTP. Both
 * take the contract's one request type and build the same URL from it, so a snapshot of the HTTP server
 * and an in-process one of the same data are byte-identical.
 */
import type { Family } from '../../api/endpoints.ts';
import type { ApiRequest } from '../../api/request.ts';
import type { SourceIdentity } from '../store/state.ts';

export interface UpstreamResponse {
  status: number;
  body: string;
  /**
   * Why the body's bytes could not be read as the text they declare (charset.ts): no usable body, refused as
   * one that is not JSON is (scripts/api/README.md, "Limits").
   */
  defect?: string;
}

export interface Source {
  kind: 'local' | 'remote';
  /** The origins of a real upstream's base URLs: images are copied from these (and the config's) only. */
  readonly origins?: readonly string[];
  /** Secrets this source holds; the build scans its output and its messages for each. */
  readonly secrets: readonly string[];
  fetch(request: ApiRequest): Promise<UpstreamResponse>;
  /** The request target as sent, without the base URL: used to size batches under the URI limit. */
  target(request: ApiRequest): string;
  /**
   * The account's feature flags and allowance, when the source can know them
   * (scripts/api/README.md, "The two families").
   */
  account?(): Promise<AccountInfo | undefined>;
  /** Releases connections; a source without any has nothing to close. */
  close?(): Promise<void>;
  /** What names this source: a release is carried over only from a release of the same identity. */
  identity(): SourceIdentity;
  /** For messages: where a family is and what configures it, e.g. `Family B at https://… (RC_LEGACY_BASE_URL, RC_TOKEN)`. */
  describe(family: Family): string;
  /** Every request sent so far, retries and the token and account calls included: the ledger counts them. */
  sent(): number;
  /** Families whose credentials were already proven by a call the source made (the token request). */
  readonly proven: ReadonlySet<Family>;
}

/** What the plan needs of the account record; never its e-mail or password. */
export interface AccountInfo {
  hasWeather: boolean;
  hasOverviews: boolean;
  hasCams: boolean;
  maxPerMonth: number;
}
