/**
 * The snapshot's configuration: the `resortConditions` key of package.json or a JSON file given with
 * `--config`, then CLI flags on top. Every problem is reported with its place and what to do.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { EndpointId, Freshness } from '../api/endpoints.ts';
import { jsonPath } from '../api/json-path.ts';
import { SUPPORTED_LOCALES } from '../api/locales.ts';
import { closest } from '../api/suggest.ts';
import { ID_PATTERN } from '../api/text.ts';
import {
  DEFAULT_POWDER_CM,
  Duration,
  HOUR,
  LinkTemplate,
  LocaleTag,
  Origin,
  OutFolder,
  positiveIds,
  PublicUrl,
} from './config-values.ts';
import { SnapshotError } from './errors.ts';

export { DEFAULT_POWDER_CM, LINK_PLACEHOLDERS } from './config-values.ts';

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

/** The endpoint each group names; its multi-resort forms and its permission come with it. */
export const GROUP_ENDPOINT: Record<EndpointGroup, EndpointId> = {
  familyA: 'a.snowreport',
  forecast: 'forecast',
  links: 'links',
  overview: 'overview',
  profile: 'profile',
  snowreport: 'snowreport',
  combinedreport: 'combinedreport',
  webcams: 'webcams',
  regions: 'region.list',
  attribution: 'attribution',
};

/** The default refresh interval of each freshness class, in seconds (scripts/docs/scheduling.md, "Freshness"). */
export const DEFAULT_INTERVALS: Record<Freshness, number> = {
  conditions: 1 * HOUR,
  webcams: 1 * HOUR,
  forecast: 3 * HOUR,
  snow: 4 * HOUR,
  daily: 24 * HOUR,
  static: 7 * 24 * HOUR,
};

/** The default `deadline`: 40 minutes, under the hour a scheduled job gets (.github/workflows/snapshot.yml). */
export const DEFAULT_DEADLINE_SECONDS = 40 * 60;

/** The default `staleFor`: a week (scripts/docs/snapshot.md, "Missing is not broken"). */
export const DEFAULT_STALE_FOR_SECONDS = 7 * 24 * HOUR;

export const SnapshotConfig = z.strictObject({
  /** Output folder; the build publishes it as one unit (scripts/docs/snapshot.md, "The snapshot"). */
  out: OutFolder.default('dist'),
  locales: z
    .array(LocaleTag)
    .min(1)
    // `de-de,de-DE` is one locale
    .transform((tags) => [...new Set(tags)])
    .default([...SUPPORTED_LOCALES]),
  /** Resorts to include; with `regions`, the union. Neither: every resort the account can see. */
  resorts: positiveIds.optional(),
  regions: positiveIds.optional(),
  endpoints: z
    .array(z.enum(ENDPOINT_GROUPS))
    .min(1)
    .default([...ENDPOINT_GROUPS]),
  /** Values of each variant parameter to publish; single-resort files get every combination. */
  variants: z
    .strictObject({
      forecast_only: z.array(z.boolean()).min(1).default([false, true]),
      forecast: z.array(z.boolean()).min(1).default([false, true]),
      links: z.array(z.boolean()).min(1).default([true, false]),
      days: z.array(z.int().min(0).max(5)).min(1).default([0, 1, 2, 3, 4, 5]),
    })
    .default({
      forecast_only: [false, true],
      forecast: [false, true],
      links: [true, false],
      days: [0, 1, 2, 3, 4, 5],
    }),
  /** Upstream requests under way at once. */
  concurrency: z.int().min(1).max(64).default(6),
  request: z
    .strictObject({
      timeout: Duration.default(30),
      /** Attempts per request, the first included. */
      attempts: z.int().min(1).max(10).default(4),
      /** Bodies larger than this many bytes are rejected. */
      maxBodyBytes: z
        .int()
        .positive()
        .default(32 * 1024 * 1024),
    })
    .default({ timeout: 30, attempts: 4, maxBodyBytes: 32 * 1024 * 1024 }),
  /**
   * How long a build may ask the upstream (scripts/docs/scheduling.md, "Faults"): once it has run this long it
   * starts no request, ends the ones under way, and publishes what it has (the rest kept stale or left
   * out, exit 3), well before a scheduler's time limit would kill it with nothing published.
   */
  deadline: Duration.default(DEFAULT_DEADLINE_SECONDS),
  /**
   * How old a kept copy may get (scripts/docs/snapshot.md, "Missing is not broken"): a part that would keep
   * a last good copy fetched longer ago than this is left out and named instead.
   */
  staleFor: Duration.default(DEFAULT_STALE_FOR_SECONDS),
  /** Refresh intervals per freshness class (scripts/docs/scheduling.md, "Freshness"). */
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
  /**
   * Over the allowance, `refuse` stops a run against a real upstream (start anyway with --force); `fit`
   * stretches refresh intervals and drops variants until the plan fits (`npm run build -- --plan` shows how).
   */
  budget: z.enum(['refuse', 'fit']).default('refuse'),
  /** Requests the account may make per month; default: `maxPerMonth` of the account record. */
  allowance: z.int().positive().optional(),
  /** How often the build runs, for the monthly request projection. */
  schedule: z
    .union([
      z.strictObject({ runsPerDay: z.number().positive().max(1440) }),
      z.strictObject({ cron: z.string().min(9) }),
    ])
    .default({ runsPerDay: 24 }),
  /**
   * `full` publishes the whole mirror; `widget` only what the element and the embeds read (for hosts with
   * file limits: scripts/docs/configuration.md, "Profiles and the hosts' file limits"), plus the region lists the next
   * scheduled run discovers the resorts from.
   */
  profile: z.enum(['full', 'widget']).default('full'),
  /**
   * The public URL of the published tree (the folder that holds `api/`). With it, the region lists' quick
   * links are absolute URLs, which clients that fetch them as written can follow; without it, links
   * relative to the list's own URL.
   */
  publicUrl: PublicUrl.optional(),
  /**
   * Origins besides the upstream's own that images (the attribution logo) may be copied from, e.g.
   * `["https://cdn.snow.example"]` (scripts/docs/configuration.md, "Configuration").
   */
  imageOrigins: z.array(Origin).default([]),
  /**
   * The alert feeds (scripts/docs/configuration.md, "Alert feeds"): an entry when a resort's new snow in 24
   * hours reaches `newSnowCm`, and its entries' link, a partner's page of the resort (else under `publicUrl`).
   */
  alerts: z
    .strictObject({
      newSnowCm: z
        .number({ error: 'give the new snow in 24 hours that makes an alert, in centimetres, such as 20' })
        .positive({ error: 'must be more than 0 cm, such as 20' })
        .max(1000, { error: 'must be at most 1000 cm, such as 20' })
        .default(DEFAULT_POWDER_CM),
      link: LinkTemplate.optional(),
    })
    .default({ newSnowCm: DEFAULT_POWDER_CM }),
  /**
   * The pre-rendered embeds (scripts/docs/configuration.md, "Season chart in the embeds"): `season: true` adds,
   * for each resort with a history and each locale, the card with its season chart
   * (`cards/<locale>/<id>.season.html` and `.season.include.html`).
   */
  embeds: z
    .strictObject({
      season: z.boolean({ error: 'give true or false' }).default(false),
    })
    .default({ season: false }),
  /** `npm run deploy`'s settings: validated there (`scripts/deploy/config.ts`), carried here untouched. */
  deploy: z.record(z.string(), z.unknown()).optional(),
});
export type SnapshotConfig = z.infer<typeof SnapshotConfig>;

/**
 * Validates a config object; `where` names its origin in messages (`package.json#resortConditions`), and
 * `flags` the keys a flag set (`locales` → `--locales`), which messages name by their flag instead.
 */
export function parseConfig(
  raw: unknown,
  where: string,
  flags: Partial<Record<string, string>> = {},
): SnapshotConfig {
  const result = SnapshotConfig.safeParse(raw ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const flag = flags[String(issue.path[0])];
    // a flag's list is counted as a reader counts it: `--locales, value 2`
    const at = flag
      ? `--${flag}` + (typeof issue.path[1] === 'number' ? `, value ${issue.path[1] + 1}` : '')
      : jsonPath(issue.path).replace(/^\$/, where);
    // a key it does not know, and the one it most likely meant
    if (issue.code === 'unrecognized_keys') {
      const known = Object.keys(SnapshotConfig.shape);
      return `${at}: ${issue.keys
        .map((key) => {
          const near = closest(key, known);
          return `"${key}" is not a setting${near ? ` (did you mean "${near}"?)` : ''}`;
        })
        .join('; ')}`;
    }
    return `${at}: ${issue.message}`;
  });
  throw new SnapshotError('config', `the configuration is invalid:\n  ${lines.join('\n  ')}`);
}

export function intervals(config: SnapshotConfig): Record<Freshness, number> {
  return { ...DEFAULT_INTERVALS, ...(config.refresh as Partial<Record<Freshness, number>>) };
}

/** The flags that override the config. */
export interface ConfigFlags {
  config?: string;
  out?: string;
  locales?: string;
  resorts?: string;
  regions?: string;
  endpoints?: string;
  concurrency?: string;
  profile?: string;
  'public-url'?: string;
}

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
const ids = (flag: string, value: string) =>
  list(value).map((s) => {
    if (!ID_PATTERN.test(s))
      throw new SnapshotError('usage', `--${flag}: "${s}" is not a positive whole number`);
    return Number(s);
  });

/** Which flag sets which key of the config. */
const FLAG_OF: Record<string, keyof ConfigFlags> = {
  out: 'out',
  locales: 'locales',
  resorts: 'resorts',
  regions: 'regions',
  endpoints: 'endpoints',
  profile: 'profile',
  publicUrl: 'public-url',
  concurrency: 'concurrency',
};

/** The config file (or package.json key) with the flags on top, validated. */
export async function loadConfig(flags: ConfigFlags, cwd: string): Promise<SnapshotConfig> {
  let raw: Record<string, unknown>;
  let where = 'package.json#resortConditions';
  if (flags.config) {
    where = flags.config;
    const text = await readFile(new URL(flags.config, `file://${cwd}/`), 'utf8').catch(
      (error: NodeJS.ErrnoException) => {
        throw new SnapshotError(
          'usage',
          `--config: cannot read ${flags.config} (${error.code ?? error.message})`,
        );
      },
    );
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new SnapshotError('config', `${flags.config}: not valid JSON (${(error as Error).message})`);
    }
  } else {
    const pkg = (await readFile(`${cwd}/package.json`, 'utf8').then(JSON.parse, () => ({}))) as Record<
      string,
      unknown
    >;
    // a key spelt another way (`resort-conditions`) would be ignored, and every resort built
    const near = Object.keys(pkg).find(
      (key) => key !== 'resortConditions' && key.toLowerCase().replace(/[^a-z]/g, '') === 'resortconditions',
    );
    if (near && pkg.resortConditions === undefined)
      throw new SnapshotError(
        'config',
        `package.json#${near}: the configuration's key is "resortConditions"; rename "${near}" to it`,
      );
    raw = (pkg.resortConditions as Record<string, unknown> | undefined) ?? {};
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new SnapshotError('config', `${where}: the configuration must be a JSON object`);
  const merged: Record<string, unknown> = { ...raw };
  if (flags.out) merged.out = flags.out;
  if (flags.locales) merged.locales = list(flags.locales);
  if (flags.resorts) merged.resorts = ids('resorts', flags.resorts);
  if (flags.regions) merged.regions = ids('regions', flags.regions);
  if (flags.endpoints) merged.endpoints = list(flags.endpoints);
  if (flags.profile) merged.profile = flags.profile;
  if (flags['public-url']) merged.publicUrl = flags['public-url'];
  if (flags.concurrency) {
    if (!/^\d+$/.test(flags.concurrency))
      throw new SnapshotError('usage', `--concurrency: "${flags.concurrency}" is not a whole number`);
    merged.concurrency = Number(flags.concurrency);
  }
  const flagged = Object.fromEntries(
    Object.entries(FLAG_OF).filter(([, flag]) => flags[flag] !== undefined && flags[flag] !== ''),
  );
  return parseConfig(merged, where, flagged);
}
