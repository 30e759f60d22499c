/**
 * How old a kept copy may get (config `staleFor`; scripts/docs/snapshot.md, "Missing is not broken"): a
 * part that would keep its last good copy, stale, is left out instead once that copy's fetch time is older
 * than the setting, and named, as a part with no earlier copy is.
 */
import { whereOf } from '../fetch/validate.ts';
import type { Output } from '../derive/derive.ts';
import type { Fetched } from '../model.ts';
import type { PreviousBuild } from '../store/previous.ts';
import type { FileState } from '../store/state.ts';
import type { Failure } from './record-failures.ts';

const DAY = 24 * 3600 * 1000;

/** When the copy of a file was last good: the start of its stale mark, else its fetch time. */
export const lastGood = (file: FileState): string => file.stale?.since ?? file.fetchedAt;

/**
 * What the build says of a copy last good at `since` (ISO times, the oldest first wins) when it is older
 * than `staleFor` seconds at `now`; undefined when every one is within it, or there is no limit.
 */
export function pastStaleFor(
  sinces: Iterable<string | undefined>,
  now: number,
  staleFor: number | undefined,
): string | undefined {
  if (staleFor === undefined) return undefined;
  let oldest = Infinity;
  for (const since of sinces) if (since !== undefined) oldest = Math.min(oldest, Date.parse(since));
  const age = now - oldest;
  if (!(age > staleFor * 1000)) return undefined;
  const days = Math.floor(age / DAY);
  const words = days >= 1 ? `${days} day${days === 1 ? '' : 's'}` : `${Math.floor(age / 3600_000)} hours`;
  return `left out: its last good copy is ${words} old, past staleFor`;
}

/** What the release knows to judge an age by (`ReleaseOptions`). */
interface Clock {
  previous: PreviousBuild;
  now: () => number;
  staleFor?: number | undefined;
}

/**
 * Whether the previous copy of `output`'s file, kept stale, would be too old (`staleFor`); the resort it
 * was kept for (`keep`) goes into `aged` with why.
 */
export function agedFile(output: Output, aged: Map<number, string>, o: Clock): boolean {
  const why = pastStaleFor([lastGood(o.previous.file(output.file)!)], o.now(), o.staleFor);
  if (why && output.keep !== undefined) aged.set(output.keep, why);
  return why !== undefined;
}

/**
 * Whether a failed or not-due part whose kept files are `kept` holds a stale copy too old to keep; if so,
 * its failure goes into `to.failures` and its line of the index's `missing` into `to.missing`.
 */
export function agedPart(
  f: Fetched,
  kept: readonly string[],
  o: Clock,
  to: { failures: Failure[]; missing: Map<string, string> },
): boolean {
  const marks = kept.map((p) => {
    const file = o.previous.file(p)!;
    // a part not due keeps fresh files fresh: only a copy already stale has an age to judge
    return f.state === 'failed' ? lastGood(file) : file.stale?.since;
  });
  const why = pastStaleFor(marks, o.now(), o.staleFor);
  if (!why) return false;
  const failure = f.failure;
  const c = f.collection;
  to.failures.push({
    kind: failure?.kind ?? 'upstream',
    ...failure,
    reason: failure ? `${failure.reason}; ${why}` : `${whereOf(c)}: ${why}`,
    short: failure ? `${failure.short}; ${why}` : why,
    collection: c.key,
    kept: false,
    aged: true,
  });
  to.missing.set(c.key, failure ? `${failure.short}; ${why}` : why);
  return true;
}
