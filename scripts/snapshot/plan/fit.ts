/**
 * Fits a plan into the allowance: the freshest refresh intervals and variants whose month, refreshing
 * what is due, stays under the allowance with a margin kept free. Pure: the caller applies the result to
 * the config (`--plan` prints it to paste; `"budget": "fit"` applies it on every run).
 *
 * 1. Stretch the refresh intervals one class and one rung at a time, round-robin, least-watched class
 *    first, the combined report (what the element shows) last, each up to its cap.
 * 2. If every class is at its cap and the plan is still over, drop non-default variants, least-watched
 *    first; a default variant is never dropped.
 * 3. If even that is not enough, the most-cut plan is returned with `fits: false`.
 *
 * The order of the cuts does not depend on the allowance, and the search stops at the first plan that
 * fits, so a larger allowance never gets longer intervals or fewer variants than a smaller one.
 */
import { ENDPOINT, type Freshness } from '../../api/endpoints.ts';
import { project, runsPerMonth, MONTH_MINUTES, type Projection } from './budget.ts';
import { intervals as configuredIntervals, type SnapshotConfig } from '../config.ts';
import { SnapshotError } from '../errors.ts';
import type { Collection } from '../model.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The intervals a class is stretched through, in seconds. */
export const LADDER: readonly number[] = [1, 2, 3, 4, 6, 8, 12, 24]
  .map((h) => h * HOUR)
  .concat([2, 7, 14, 30].map((d) => d * DAY));

/**
 * Least-watched first: profiles, links and overviews; region lists and attribution; webcams; snow;
 * forecast; and last the combined report, which is what the element shows.
 */
export const STRETCH_ORDER: readonly Freshness[] = [
  'static',
  'daily',
  'webcams',
  'snow',
  'forecast',
  'conditions',
];

/** The longest interval each class is stretched to. */
export const STRETCH_CAP: Readonly<Record<Freshness, number>> = {
  static: 30 * DAY,
  daily: 7 * DAY,
  webcams: 24 * HOUR,
  snow: 24 * HOUR,
  forecast: 24 * HOUR,
  conditions: 24 * HOUR,
};

type VariantParam = 'links' | 'forecast_only' | 'forecast';

/** Non-default variants, least-watched first: links without quick links, forecast only, with forecast. */
export const DROP_ORDER: ReadonlyArray<{ param: VariantParam; value: boolean }> = [
  { param: 'links', value: false },
  { param: 'forecast_only', value: true },
  { param: 'forecast', value: true },
];

/** Each parameter's default value, from the combined report, which takes all three. */
const DEFAULT_VALUE: Record<VariantParam, string> = Object.fromEntries(
  ENDPOINT['multi.combinedreport'].params.filter((p) => p.kind === 'boolean').map((p) => [p.name, p.default]),
) as Record<VariantParam, string>;

export interface FitInput {
  collections: readonly Collection[];
  config: SnapshotConfig;
  allowance: number;
  /** share of the allowance kept free, default 0.1 */
  margin?: number;
}

export interface Fit {
  intervals: Record<Freshness, number>;
  /** variant values kept, per parameter */
  variants: SnapshotConfig['variants'];
  /** collections (by key) dropped entirely */
  dropped: string[];
  projection: Projection;
  fits: boolean;
  /** human-readable steps, in order, e.g. "stretch forecast from 3 h to 6 h" */
  steps: string[];
}

/** `90 min`, `6 h`, `14 d`. */
export const humanDuration = (s: number): string =>
  s % DAY === 0
    ? `${s / DAY} d`
    : s % HOUR === 0
      ? `${s / HOUR} h`
      : s % 60 === 0
        ? `${s / 60} min`
        : `${s} s`;

/** The config's own notation: `6h`, `14d`. */
const configDuration = (s: number): string =>
  s % DAY === 0 ? `${s / DAY}d` : s % HOUR === 0 ? `${s / HOUR}h` : s % 60 === 0 ? `${s / 60}m` : `${s}s`;

export function fitPlan(input: FitInput): Fit {
  const { config, allowance } = input;
  const margin = input.margin ?? 0.1;
  if (!(allowance > 0))
    throw new SnapshotError(
      'config',
      `fitPlan: the allowance must be a positive number of requests, not ${allowance}`,
    );
  if (!(margin >= 0 && margin < 1))
    throw new SnapshotError(
      'config',
      `fitPlan: the margin is a share of the allowance from 0 to below 1, not ${margin}`,
    );
  const limit = allowance * (1 - margin);

  const intervals = configuredIntervals(config);
  const variants: SnapshotConfig['variants'] = {
    forecast_only: [...config.variants.forecast_only],
    forecast: [...config.variants.forecast],
    links: [...config.variants.links],
    days: [...config.variants.days],
  };
  let kept: readonly Collection[] = input.collections;
  const dropped: string[] = [];
  const steps: string[] = [];

  /**
   * The month does not depend on `due`: `project` counts each collection once every
   * ceil(interval / run period) runs, which is the steady state the fit is about. `due` only fills
   * `thisRun`; all-due describes the run right after the fitted config is applied (as `checkBudget`
   * projects a first run, with nothing fetched yet) and every later run where all intervals come due
   * together, i.e. the largest single run of the plan.
   */
  const monthly = (cs: readonly Collection[], iv: Record<Freshness, number>) =>
    project(cs, { intervals: iv, schedule: config.schedule, refresh: 'due', due: () => true }).monthly;
  let current = monthly(kept, intervals);
  const fits = () => current <= limit;

  // 1. stretch, round-robin, least-watched first
  const runs = runsPerMonth(config.schedule);
  const periodSeconds = runs > 0 ? (MONTH_MINUTES * 60) / runs : Infinity;
  const exhausted = new Set<Freshness>();
  while (!fits() && exhausted.size < STRETCH_ORDER.length) {
    for (const freshness of STRETCH_ORDER) {
      if (fits()) break;
      if (exhausted.has(freshness)) continue;
      const from = intervals[freshness];
      // the next rung that saves requests: with a run every 12 h, 2 h to 12 h all mean "every run"
      const rungs = LADDER.filter((r) => r > from && r <= STRETCH_CAP[freshness]);
      let taken: { to: number; requests: number; skipped: number } | undefined;
      for (const [i, to] of rungs.entries()) {
        const requests = monthly(kept, { ...intervals, [freshness]: to });
        if (requests < current) {
          taken = { to, requests, skipped: i };
          break;
        }
      }
      if (!taken) {
        exhausted.add(freshness);
        continue;
      }
      intervals[freshness] = taken.to;
      const why =
        taken.skipped > 0
          ? ` (shorter intervals change nothing with a run every ${humanDuration(Math.round(periodSeconds / 60) * 60)})`
          : '';
      steps.push(
        `stretch ${freshness} from ${humanDuration(from)} to ${humanDuration(taken.to)}${why}: ${current} → ${taken.requests} requests per month`,
      );
      current = taken.requests;
    }
  }

  // 2. drop non-default variants, least-watched first, never a parameter's last value
  for (const { param, value } of DROP_ORDER) {
    if (fits()) break;
    const values = variants[param];
    if (String(value) === DEFAULT_VALUE[param] || !values.includes(value) || values.length < 2) continue;
    const victims = kept.filter(
      (c) =>
        c.derivation.kind === 'multi' &&
        !c.derivation.isDefault &&
        c.derivation.variant[param] === String(value),
    );
    if (victims.length === 0) continue;
    const gone = new Set(victims);
    kept = kept.filter((c) => !gone.has(c));
    variants[param] = values.filter((v) => v !== value);
    dropped.push(...victims.map((c) => c.key));
    const requests = monthly(kept, intervals);
    steps.push(
      `drop the ${param}=${value} variant (${victims.length} collections): ${current} → ${requests} requests per month`,
    );
    current = requests;
  }

  const projection = project(kept, { intervals, schedule: config.schedule, refresh: 'due', due: () => true });
  return { intervals, variants, dropped, projection, fits: fits(), steps };
}

/** The fit for `--plan`: its steps, the month against the allowance, and the config to paste. */
export function formatFit(fit: Fit, allowance: number): string {
  const share = ((fit.projection.monthly / allowance) * 100).toFixed(1);
  const lines: string[] = [];
  if (fit.steps.length === 0) {
    lines.push('Fit: the plan fits as configured; nothing to change.');
  } else {
    lines.push(
      fit.fits
        ? 'Fit: to stay within the allowance, with a margin kept free:'
        : 'Fit: even after every cut below, the plan does not fit:',
    );
    fit.steps.forEach((step, i) => lines.push(`  ${i + 1}. ${step}`));
  }
  lines.push(
    `Projected after fitting: ${fit.projection.monthly} of ${allowance} requests per month (${share} %).`,
  );
  if (!fit.fits)
    lines.push('Publish fewer locales, resorts or endpoints, or run less often (config.schedule), to fit.');
  const refresh = Object.fromEntries(
    STRETCH_ORDER.slice()
      .reverse()
      .map((f) => [f, configDuration(fit.intervals[f])]),
  );
  lines.push(
    'Paste into the config (package.json "resortConditions", or the --config file):',
    `  "refresh": ${JSON.stringify(refresh)},`,
    `  "variants": ${JSON.stringify(fit.variants)}`,
    'or set "budget": "fit" in the config to fit the plan this way on every run.',
  );
  return `${lines.join('\n')}\n`;
}
