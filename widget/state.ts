/**
 * Every state the element can be in: one discriminated union, each member with its own render function
 * and message. Derived from the files, never thrown.
 */
import type { ResortData } from './data.ts';

export type Status = 'open' | 'closed' | 'temporarily-closed' | 'weekends' | 'no-report' | 'permanently-closed' | 'out-of-season';

export type View =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'unknown-resort' }
  | { kind: 'report'; data: ResortData; status: Status; updated?: number; outdated: boolean; season?: { opening: string; closing: string } };

const BY_FLAG: Record<number, Status> = { 1: 'open', 2: 'closed', 3: 'temporarily-closed', 4: 'weekends', 5: 'no-report', 6: 'permanently-closed' };

/** The report view of loaded data at `now`; a report older than `outdatedAfterHours` is marked outdated. */
export function reportView(data: ResortData, now: number, outdatedAfterHours: number): View {
  const flag = data.combined.report?.openflag ?? data.familyA?.status?.openFlag;
  let status: Status = BY_FLAG[flag ?? 5] ?? 'no-report';
  const { openingDate, closingDate } = data.familyA?.status ?? {};
  const season = openingDate && closingDate ? { opening: openingDate, closing: closingDate } : undefined;
  if (season && status !== 'permanently-closed' && status !== 'open' && status !== 'weekends') {
    const today = new Date(now).toISOString().slice(0, 10);
    if (today < season.opening || today > season.closing) status = 'out-of-season';
  }
  const updatedAt = data.familyA?.updatedAt;
  const updated = updatedAt ? Date.parse(updatedAt) : undefined;
  const outdated = updated !== undefined && now - updated > outdatedAfterHours * 3_600_000;
  return { kind: 'report', data, status, ...(updated !== undefined ? { updated } : {}), outdated, ...(season ? { season } : {}) };
}
