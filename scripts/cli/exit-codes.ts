/**
 * The process exit codes (scripts/README.md, "Exit codes"): one table from every error code to what a scheduler
 * should read from it. Only 0, 3 and 4 mean a release was published; a deploy succeeded only with 0.
 */
import type { ErrorCode } from '../api/errors.ts';
import { ResortConditionsError } from '../api/errors.ts';

export const EXIT = {
  /** Published; every due file was fetched and is valid. */
  ok: 0,
  /** Nothing published: an unexpected failure (a defect, or the output folder could not be written). */
  failed: 1,
  /** Nothing touched: a flag, the environment, the config or the dataset is wrong, or the output folder is not this tool's. */
  usage: 2,
  /** Published, but some parts could not be refreshed: each kept its earlier state, marked stale, or (new) was left out. */
  stale: 3,
  /** The upstream sent bodies that break the contract: those parts kept their last good copy (stale) or were left out. */
  contract: 4,
  /** Nothing fetched: the month's projected requests exceed the allowance. */
  budget: 5,
  /** Nothing published: a credential would have reached the output. */
  secret: 6,
  /** Nothing published: the upstream refused the credentials. */
  auth: 7,
  /** Nothing published: the upstream could not be reached, the countries list could not be had, or nothing that was due could be fetched. */
  unreachable: 8,
  /** Nothing touched: another build is writing the same output folder. */
  locked: 9,
  /** Nothing published: stopped by SIGINT or SIGTERM; the month's ledger counts every request sent (128 + SIGTERM's 15). */
  interrupted: 143,
  /** Deploy: nothing written; the object store refused the credentials, or none were given. */
  storeAuth: 10,
  /** Deploy: nothing written; the bucket does not exist, or the prefix cannot be read, written or emptied. */
  storeTarget: 11,
  /** Deploy: stopped part-way (store unreachable or failing after retries); readers still see the previous state. */
  storeFailed: 12,
} as const;

export const EXIT_CODE: Record<ErrorCode, number> = {
  usage: EXIT.usage,
  config: EXIT.usage,
  invalid_dataset: EXIT.usage,
  foreign_output: EXIT.usage,
  unsafe_path: EXIT.contract,
  unsafe_output: EXIT.contract,
  upstream_invalid: EXIT.contract,
  upstream_http: EXIT.unreachable,
  upstream_network: EXIT.unreachable,
  upstream_unreachable: EXIT.unreachable,
  upstream_auth: EXIT.auth,
  budget: EXIT.budget,
  secret_leak: EXIT.secret,
  locked: EXIT.locked,
  interrupted: EXIT.interrupted,
  write: EXIT.failed,
  bad_request: EXIT.failed,
  unauthorized: EXIT.failed,
  forbidden: EXIT.failed,
  not_found: EXIT.failed,
  method_not_allowed: EXIT.failed,
  uri_too_long: EXIT.failed,
  internal: EXIT.failed,
  store_auth: EXIT.storeAuth,
  store_target: EXIT.storeTarget,
  store_failed: EXIT.storeFailed,
};

/** The exit code for an error thrown out of a command. */
export const exitCodeFor = (error: unknown): number =>
  error instanceof ResortConditionsError ? EXIT_CODE[error.code] : EXIT.failed;
