/**
 * The deploy's settings: the `deploy` key of the config (package.json `resortConditions`, or the file given
 * with `--config`), flags on top. Validated here, reported with its place like the build's config.
 */
import { z } from 'zod';
import { ResortConditionsError } from '../api/errors.ts';
import { jsonPath } from '../api/json-path.ts';

/** The environment's variables that hold the store's credentials (secrets, redacted from every line printed). */
export const CREDENTIAL_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
] as const;

const Price = z.number().nonnegative();

export const DeployConfig = z.strictObject({
  /** `s3://bucket/prefix` (`--to`). */
  to: z.string().min(1).optional(),
  /** Requests under way at once (`--concurrency`). */
  concurrency: z.int().min(1).max(256).default(16),
  /** Attempts per request, the first included; throttling and 5xx are retried with backoff. */
  attempts: z.int().min(1).max(10).default(5),
  /** US dollars per 1,000 requests of each kind, over the defaults for the store (scripts/docs/deployment.md, "Progress, summary and cost"). */
  prices: z
    .strictObject({
      write: Price.optional(),
      read: Price.optional(),
      list: Price.optional(),
      delete: Price.optional(),
    })
    .optional(),
});
export type DeployConfig = z.infer<typeof DeployConfig>;

/** Validates the `deploy` key; `where` names its origin (`package.json#resortConditions.deploy`). */
export function parseDeployConfig(raw: unknown, where: string): DeployConfig {
  const result = DeployConfig.safeParse(raw ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `${jsonPath(issue.path).replace(/^\$/, where)}: ${issue.message}`,
  );
  throw new ResortConditionsError('config', `the deploy configuration is invalid:\n  ${lines.join('\n  ')}`);
}
