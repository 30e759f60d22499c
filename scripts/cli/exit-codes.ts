/**
 * The process exit codes (README, "Exit codes"): one table from every error code to what a scheduler
 * should read from it.
 */
import type { ErrorCode } from '../api/errors.ts';
import { ResortConditionsError } from '../api/errors.ts';

export const EXIT = {
  ok: 0,
  /** An unexpected failure: a defect, or the output folder could not be written. */
  failed: 1,
  /** A flag, the environment, the config or the dataset is wrong. */
  usage: 2,
  /** Published, but some files are stale copies kept from an earlier run. */
  stale: 3,
  /** Nothing published: the upstream answered invalid data, or part of the tree has no copy at all. */
  upstream: 4,
  /** Nothing fetched: the month's projected requests exceed the account's allowance. */
  budget: 5,
  /** Nothing published: a credential would have reached the output. */
  secret: 6,
} as const;

export const EXIT_CODE: Record<ErrorCode, number> = {
  usage: EXIT.usage,
  config: EXIT.usage,
  invalid_dataset: EXIT.usage,
  unsafe_path: EXIT.upstream,
  unsafe_output: EXIT.upstream,
  upstream_http: EXIT.upstream,
  upstream_network: EXIT.upstream,
  upstream_invalid: EXIT.upstream,
  budget: EXIT.budget,
  secret_leak: EXIT.secret,
  write: EXIT.failed,
  file: EXIT.failed,
  bad_request: EXIT.failed,
  unauthorized: EXIT.failed,
  forbidden: EXIT.failed,
  not_found: EXIT.failed,
  method_not_allowed: EXIT.failed,
  uri_too_long: EXIT.failed,
  internal: EXIT.failed,
};

/** The exit code for an error thrown out of a command. */
export const exitCodeFor = (error: unknown): number => (error instanceof ResortConditionsError ? EXIT_CODE[error.code] : EXIT.failed);
