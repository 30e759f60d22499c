/**
 * What is worth retrying and for how long: the backoff, `Retry-After`, and the failures that mean the
 * host cannot be reached at all (they count towards the run's circuit breaker).
 */

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;
/** A `Retry-After` longer than this fails the attempt instead of stalling the whole run. */
export const RETRY_AFTER_CAP_MS = 120_000;

const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

export function isRetryable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; cause?: unknown };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return true;
  if (e?.code && RETRYABLE_CODES.has(e.code)) return true;
  return e?.cause !== undefined && e.cause !== error && isRetryable(e.cause);
}

/** Failures to reach the host at all, as opposed to a fault on one request (a hang, a reset). */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function isConnectFailure(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown[] };
  if (typeof e?.code === 'string' && CONNECT_CODES.has(e.code)) return true;
  if (Array.isArray(e?.errors) && e.errors.some(isConnectFailure)) return true;
  return e?.cause !== undefined && e.cause !== error && isConnectFailure(e.cause);
}

/** A short, stable name for a network failure: the error code, or "timeout after N ms". */
export function describeError(error: unknown, timeoutMs: number): string {
  const e = error as { code?: unknown; name?: string; message?: string; cause?: unknown };
  if (
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    e?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e?.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `timeout after ${timeoutMs} ms`;
  }
  if (typeof e?.code === 'string') return e.code;
  const cause = e?.cause as { code?: unknown } | undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return String(e?.message ?? error);
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date); undefined when absent or bad. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
