/**
 * The snapshot side's errors: the project's one base with its codes, context and cause.
 */
import { ResortConditionsError } from '../api/errors.ts';

export type { ErrorCode, ErrorContext } from '../api/errors.ts';

export class SnapshotError extends ResortConditionsError {
  override name = 'SnapshotError';
}
