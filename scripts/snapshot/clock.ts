/**
 * The build's time, read before its source and its run, which both keep to it: the clock every fetch and
 * file is stamped with (fixed by SOURCE_DATE_EPOCH: scripts/docs/configuration.md, "Configuration"), and
 * the deadline (the config's `deadline`) after which no request starts.
 */
import { setMaxListeners } from 'node:events';
import { ResortConditionsError } from '../api/errors.ts';

/** The build's clock: now, or the instant `SOURCE_DATE_EPOCH` names (whole seconds since 1970). */
export function buildClock(env: Readonly<Record<string, string | undefined>>): () => number {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return Date.now;
  if (!/^\d{1,12}$/.test(epoch))
    throw new ResortConditionsError(
      'usage',
      `SOURCE_DATE_EPOCH: "${epoch}" is not a whole number of seconds`,
    );
  const fixed = Number(epoch) * 1000;
  return () => fixed;
}

/**
 * The build's deadline, from now: a timer the event loop holds until it is cleared (not
 * AbortSignal.timeout, whose signal can be collected and never fire), which never keeps the process up.
 * Every request under way listens to its signal: as many as the build's concurrency and more.
 */
export function startDeadline(seconds: number): { signal: AbortSignal; timer: NodeJS.Timeout } {
  const cutoff = new AbortController();
  setMaxListeners(0, cutoff.signal);
  const timer = setTimeout(() => cutoff.abort(), seconds * 1000);
  timer.unref();
  return { signal: cutoff.signal, timer };
}
