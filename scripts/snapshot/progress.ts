/**
 * The closing summary of a build, which its progress (scripts/shared/progress.ts) writes once the bar is
 * cleared: files written, unchanged, skipped and stale, requests against their lower bound, bytes, seconds.
 */
import { formatBytes } from '../shared/progress.ts';

export interface Summary {
  written: number;
  unchanged: number;
  skipped: number;
  stale: number;
  requests: number;
  /** Requests spent proving the credentials before the plan (not part of the lower bound). */
  preflight: number;
  lowerBound: number;
  bytes: number;
  seconds: number;
}

/** A summary of nothing done (a `--plan` run). */
export const emptySummary = (): Summary => ({
  written: 0,
  unchanged: 0,
  skipped: 0,
  stale: 0,
  requests: 0,
  preflight: 0,
  lowerBound: 0,
  bytes: 0,
  seconds: 0,
});

export function summaryLine(s: Summary): string {
  return (
    `${s.written} files written, ${s.unchanged} unchanged, ${s.skipped} skipped, ${s.stale} stale; ` +
    `${s.requests} upstream requests (lower bound ${s.lowerBound})${s.preflight ? ` and ${s.preflight} to check the credentials` : ''}; ` +
    `${formatBytes(s.bytes)} in ${s.seconds.toFixed(1)} s`
  );
}
