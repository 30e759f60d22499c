/**
 * The snapshot's configuration: the `resortConditions` key of package.json or a JSON file given with
 * `--config`, then CLI flags on top. Every problem is reported with its place and what to do.
 */
import { z } from 'zod';
import { LANGUAGES } from '../dataset/schema.ts';
import { jsonPath } from '../service/errors.ts';
import type { Freshness } from '../service/endpoints.ts';
import { SUPPORTED_LOCALES } from '../service/locale.ts';
import { SnapshotError } from './errors.ts';

/** What a snapshot can include; each name is an endpoint of the table with its multi-resort forms. */
export const ENDPOINT_GROUPS = [
  'familyA',
  'forecast',
  'links',
  'overview',
  'profile',
  'snowreport',
  'combinedreport',
  'webcams',
  'regions',
  'attribution',
] as const;
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number];

const HOUR = 3600;
/** spec 8 freshness guidance, in seconds (README, "Running on a schedule"). */
export const DEFAULT_INTERVALS: Record<Freshness, number> = {
  conditions: 1 * HOUR,
  webcams: 1 * HOUR,
  forecast: 3 * HOUR,
  snow: 4 * HOUR,
  daily: 24 * HOUR,
  static: 7 * 24 * HOUR,
};

const LocaleTag = z.string().superRefine((tag, ctx) => {
  const match = /^([a-z]{2})-([A-Z]{2})$/.exec(tag);
  if (!match || !(LANGUAGES as readonly string[]).includes(match[1]!)) {
    ctx.addIssue({
      code: 'custom',
      message: `"${tag}" is not a supported locale: use a language of ${LANGUAGES.join(', ')} and a two-letter country in upper case (supported by default: ${SUPPORTED_LOCALES.join(', ')})`,
    });
  }
});

/** `90s`, `15m`, `4h`, `7d`, or a number of seconds. */
const Duration = z.union([z.int().positive(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'number') return value;
  const match = /^(\d+)\s*(s|m|h|d)$/.exec(value.trim());
  if (!match) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a duration: write a number with s, m, h or d, such as 4h` });
    return z.NEVER;
  }
  return Number(match[1]) * { s: 1, m: 60, h: HOUR, d: 24 * HOUR }[match[2] as 's' | 'm' | 'h' | 'd'];
});

const positiveIds = z.array(z.int().positive()).min(1);

export const SnapshotConfig = z.strictObject({
  /** Output folder; the build publishes it as one unit (README, "Static file layout"). */
  out: z.string().min(1).default('dist'),
  locales: z.array(LocaleTag).min(1).default([...SUPPORTED_LOCALES]),
  /** Resorts to include; with `regions`, the union. Neither: every resort the account can see. */
  resorts: positiveIds.optional(),
  regions: positiveIds.optional(),
  endpoints: z.array(z.enum(ENDPOINT_GROUPS)).min(1).default([...ENDPOINT_GROUPS]),
  /** Values of each variant parameter to publish; single-resort files get every combination. */
  variants: z
    .strictObject({
      forecast_only: z.array(z.boolean()).min(1).default([false, true]),
      forecast: z.array(z.boolean()).min(1).default([false, true]),
      links: z.array(z.boolean()).min(1).default([true, false]),
      days: z.array(z.int().min(0).max(5)).min(1).default([0, 1, 2, 3, 4, 5]),
    })
    .default({ forecast_only: [false, true], forecast: [false, true], links: [true, false], days: [0, 1, 2, 3, 4, 5] }),
  /** Upstream requests under way at once. */
  concurrency: z.int().min(1).max(64).default(6),
  request: z
    .strictObject({
      timeout: Duration.default(30),
      /** Attempts per request, the first included. */
      attempts: z.int().min(1).max(10).default(4),
      /** Bodies larger than this many bytes are rejected. */
      maxBodyBytes: z.int().positive().default(32 * 1024 * 1024),
    })
    .default({ timeout: 30, attempts: 4, maxBodyBytes: 32 * 1024 * 1024 }),
  /** Refresh intervals per freshness class (README, "Running on a schedule"). */
  refresh: z
    .strictObject({
      conditions: Duration.optional(),
      webcams: Duration.optional(),
      forecast: Duration.optional(),
      snow: Duration.optional(),
      daily: Duration.optional(),
      static: Duration.optional(),
    })
    .default({}),
  /** Requests the account may make per month; default: `maxPerMonth` of the account record. */
  allowance: z.int().positive().optional(),
  /** How often the build runs, for the monthly request projection. */
  schedule: z
    .union([z.strictObject({ runsPerDay: z.number().positive().max(1440) }), z.strictObject({ cron: z.string().min(9) })])
    .default({ runsPerDay: 24 }),
});
export type SnapshotConfig = z.infer<typeof SnapshotConfig>;

/** Validates a config object; `where` names its origin in messages (`package.json#resortConditions`). */
export function parseConfig(raw: unknown, where: string): SnapshotConfig {
  const result = SnapshotConfig.safeParse(raw ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${jsonPath(issue.path).replace(/^\$/, where)}: ${issue.message}`);
  throw new SnapshotError('config', `the configuration is invalid:\n  ${lines.join('\n  ')}`);
}

export function intervals(config: SnapshotConfig): Record<Freshness, number> {
  return { ...DEFAULT_INTERVALS, ...(config.refresh as Partial<Record<Freshness, number>>) };
}
