/**
 * How old a kept copy may get (scripts/docs/snapshot.md, "Missing is not broken"): a failed part whose last
 * good copy is older than `staleFor` is left out and named, with the failure it had; one within it is kept.
 */
import { describe, expect, it } from 'vitest';
import type { Fetched } from '../../../scripts/snapshot/model.ts';
import { agedPart, pastStaleFor } from '../../../scripts/snapshot/release/stale-age.ts';
import type { Failure } from '../../../scripts/snapshot/release/record-failures.ts';
import type { PreviousBuild } from '../../../scripts/snapshot/store/previous.ts';
import type { FileState } from '../../../scripts/snapshot/store/state.ts';

const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-02-14T09:30:00Z');
const WEEK = 7 * 24 * 3600;
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

/** A previous release whose files of the part were fetched `fetched` days ago, stale since `since` days ago. */
function previous(fetched: number, since?: number): PreviousBuild {
  const file: FileState = {
    sha256: '0'.repeat(64),
    size: 1,
    fetchedAt: at(fetched),
    collection: 'en-US multi.webcams',
    ...(since !== undefined ? { stale: { since: at(since), reason: 'HTTP 503' } } : {}),
  };
  return { file: () => file } as unknown as PreviousBuild;
}

const failed = {
  state: 'failed',
  collection: { key: 'en-US multi.webcams' },
  failure: { kind: 'upstream', reason: 'webcams: HTTP 503 after 4 attempts', short: 'HTTP 503' },
} as unknown as Fetched;

function judge(prev: PreviousBuild, limit: { staleFor?: number } = { staleFor: WEEK }) {
  const { staleFor } = limit;
  const to = { failures: [] as Failure[], missing: new Map<string, string>() };
  const left = agedPart(failed, ['en-US/webcams.json'], { previous: prev, now: () => NOW, staleFor }, to);
  return { left, ...to };
}

describe('staleFor', () => {
  it('keeps a failed part whose last good copy is six days old', () => {
    expect(judge(previous(6))).toEqual({ left: false, failures: [], missing: new Map() });
  });

  it('leaves out a failed part whose last good copy is eight days old, named with its failure', () => {
    const why = 'left out: its last good copy is 8 days old, past staleFor';
    expect(judge(previous(8))).toEqual({
      left: true,
      failures: [
        {
          kind: 'upstream',
          reason: `webcams: HTTP 503 after 4 attempts; ${why}`,
          short: `HTTP 503; ${why}`,
          collection: 'en-US multi.webcams',
          kept: false,
          aged: true,
        },
      ],
      missing: new Map([['en-US multi.webcams', `HTTP 503; ${why}`]]),
    });
  });

  it('measures from the start of the stale mark, not the time the copy was last carried', () => {
    // stale for nine days: the copy is nine days old, whenever the previous release carried it
    expect(judge(previous(9, 9)).left).toBe(true);
    expect(judge(previous(9, 3)).left).toBe(false);
  });

  it('has no limit when none is given, and says hours under a day', () => {
    expect(judge(previous(400), { staleFor: undefined }).left).toBe(false);
    expect(pastStaleFor([at(0.5)], NOW, 3600)).toBe(
      'left out: its last good copy is 12 hours old, past staleFor',
    );
    expect(pastStaleFor([at(1)], NOW, 3600)).toBe('left out: its last good copy is 1 day old, past staleFor');
  });
});
