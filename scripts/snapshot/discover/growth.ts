/**
 * A scope that grows far beyond the last release's while the operator states no allowance
 * (scripts/docs/scheduling.md, "Request budget"): the upstream's lists are data like any other, and a countries list that suddenly names
 * thousands more resorts would have the build ask for all of them; the account record's allowance is the
 * upstream's word too. Unless the config sets `allowance`, such a build stops before it asks, or is told
 * `--force`. Pure.
 */
import { SnapshotError } from '../errors.ts';

/** A scope may grow to twice the last release's, or by this many, whichever is more. */
export const GROWTH_FACTOR = 2;
export const GROWTH_SLACK = 50;

/** The most a scope of `before` may grow to before a build without a known allowance stops. */
export const growthLimit = (before: number): number =>
  Math.max(GROWTH_FACTOR * before, before + GROWTH_SLACK);

/**
 * Throws `budget` when `now` (of `what`: resorts, region lists) is past the growth limit of the last
 * release's `before`; a first build (no `before`) is held by nothing but its plan.
 */
export function checkGrowth(what: string, now: number, before: number | undefined): void {
  if (before === undefined || now <= growthLimit(before)) return;
  throw new SnapshotError(
    'budget',
    `the upstream's lists name ${now} ${what} where the last release had ${before} (at most ${growthLimit(before)} without an allowance in the config). ` +
      'With no allowance in the config nothing of yours holds this build to one, so it stopped before asking for them; nothing was published. ' +
      'Set "allowance" in the config, or run once with --force if the growth is real',
  );
}
