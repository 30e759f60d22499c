/**
 * The snapshot side's errors: the project's one base with its codes, context and cause.
 */
import { ResortConditionsError } from '../api/errors.ts';

export type { ErrorCode, ErrorContext } from '../api/errors.ts';

export class SnapshotError extends ResortConditionsError {
  override name = 'SnapshotError';
}

/** The error of a run stopped by its signal (SIGTERM, SIGINT): nothing is published. */
export const interrupted = (signal: AbortSignal | undefined): SnapshotError =>
  new SnapshotError(
    'interrupted',
    `stopped by ${typeof signal?.reason === 'string' ? signal.reason : 'a signal'} before publishing; the published tree is unchanged and the month's ledger counts every request sent`,
  );
