/**
 * The service side's one error class. HTTP failures carry the status they answer with; a broken dataset
 * carries the file and JSON path at fault.
 */
import type { ErrorCode } from '../schemas/error.ts';

export type ServiceErrorCode = ErrorCode | 'invalid_dataset';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  uri_too_long: 414,
  internal: 500,
};

export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly code: ServiceErrorCode;
  /** The HTTP status this error answers with (500 for anything that is not an HTTP error). */
  readonly status: number;

  constructor(code: ServiceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = code === 'invalid_dataset' ? 500 : STATUS[code];
  }
}

/** Formats a zod-style path as a JSON path: `$.resorts[3].lifts[0].type`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
