/**
 * The service's errors: each answers with an HTTP status and the one JSON error body (scripts/api/README.md, "Errors").
 */
import { ResortConditionsError } from '../api/errors.ts';
import type { ErrorCode as HttpErrorCode } from '../api/schemas/error.ts';

export type { HttpErrorCode };

const STATUS: Record<HttpErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  uri_too_long: 414,
  internal: 500,
};

export class ServiceError extends ResortConditionsError {
  override name = 'ServiceError';
  declare readonly code: HttpErrorCode;
  /** The HTTP status this error answers with. */
  readonly status: number;

  constructor(code: HttpErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.status = STATUS[code];
  }
}
