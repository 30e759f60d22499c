/**
 * The one JSON error body both families answer with (the specification leaves its shape open; scripts/api/README.md,
 * "Errors").
 */
import { z } from 'zod';

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'uri_too_long',
  'internal',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.strictObject({
  status: z.number().int(),
  error: ErrorCode,
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
