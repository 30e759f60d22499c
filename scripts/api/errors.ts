/**
 * The project's one error base: a stable `code` from one union, the original error as `cause`, and the
 * context a reader needs. Each side subclasses it (the service adds an HTTP status, the dataset its file);
 * callers test `instanceof` and `code`, never `name`. One table in the CLI maps codes to exit codes.
 */

export type ErrorCode =
  /** A command-line flag or environment variable is wrong. */
  | 'usage'
  /** The configuration file is wrong. */
  | 'config'
  /** The embedded dataset in data/ is wrong. */
  | 'invalid_dataset'
  /** A request cannot name a static file (credential endpoint, unsafe id or segment). */
  | 'unsafe_path'
  /** The service's answers (scripts/api/README.md, "Errors"). */
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'uri_too_long'
  | 'internal'
  /** The upstream answered an HTTP error. */
  | 'upstream_http'
  /** The upstream could not be reached, timed out or broke the connection. */
  | 'upstream_network'
  /** The upstream refused the credentials (preflight, or repeated 401 during a run). */
  | 'upstream_auth'
  /** The upstream cannot be reached at all, or nothing that was due could be fetched. */
  | 'upstream_unreachable'
  /** The upstream's body is not JSON or breaks the contract. */
  | 'upstream_invalid'
  /** Output that must not be published: an id that cannot name a file, two requests on one file. */
  | 'unsafe_output'
  /** A credential would have reached the output. */
  | 'secret_leak'
  /** The month's projected requests exceed the allowance. */
  | 'budget'
  /** The output folder cannot be written. */
  | 'write'
  /** The output folder, or its releases folder, exists and was not made by this tool. */
  | 'foreign_output'
  /** Another build holds the output folder. */
  | 'locked'
  /** The run was stopped by SIGINT or SIGTERM before it could publish. */
  | 'interrupted'
  /** The object store refused the credentials, or none were given (`npm run deploy`). */
  | 'store_auth'
  /** The bucket does not exist, or the credentials may not read, write or delete under the prefix. */
  | 'store_target'
  /** The store could not be reached or kept failing after retries, or the release changed under a deploy. */
  | 'store_failed';

export interface ErrorContext {
  url?: string;
  status?: number;
  endpoint?: string;
  resort?: number;
  locale?: string;
  /** A file, and the JSON path inside it. */
  file?: string;
  path?: string;
}

export class ResortConditionsError extends Error {
  override name = 'ResortConditionsError';
  readonly code: ErrorCode;
  readonly context: ErrorContext;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; context?: ErrorContext } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = options.context ?? {};
  }
}
