/**
 * The snapshot side's one error class: a stable `code`, the original error as `cause`, and the context a
 * reader needs (endpoint, resort, locale, URL with credentials redacted).
 */

export type SnapshotErrorCode =
  | 'usage'
  | 'config'
  | 'upstream_http'
  | 'upstream_network'
  | 'upstream_invalid'
  | 'unsafe_output'
  | 'secret_leak'
  | 'budget'
  | 'write';

export interface SnapshotErrorContext {
  url?: string;
  status?: number;
  endpoint?: string;
  resort?: number;
  locale?: string;
}

export class SnapshotError extends Error {
  override name = 'SnapshotError';
  readonly code: SnapshotErrorCode;
  readonly context: SnapshotErrorContext;

  constructor(code: SnapshotErrorCode, message: string, options: { cause?: unknown; context?: SnapshotErrorContext } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.context = options.context ?? {};
  }
}
