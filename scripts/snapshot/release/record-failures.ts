/**
 * What the release says of one collection's records (release.ts): records left out for what they held,
 * resorts whose records broke the contract, and resorts the answer did not hold at all — each kept from its
 * last good copy, stale, or left out and named (scripts/docs/snapshot.md, "Missing is not broken").
 */
import { whereOf } from '../fetch/validate.ts';
import type { FetchFailure, Fetched } from '../model.ts';

export interface Failure extends FetchFailure {
  collection: string;
  /** Whether the part's earlier state was kept (files or absence, stale); false: it is missing from the release. */
  kept: boolean;
  /** The part was known to be absent, and stays so. */
  absent?: boolean;
  /** Left out because its last good copy was older than the config's `staleFor`. */
  aged?: boolean;
  /** The resorts whose records broke the contract, or that the answer left out, when the rest of the part was used. */
  resorts?: number[];
  /**
   * Resorts the answer left out that no release had a file of (a resort with no report yet): said, not a
   * fault of the build; they have no file, as a resort the upstream does not know.
   */
  notice?: boolean;
}

/** Why a resort's files are stale when the answer did not hold it (missing is not broken). */
export const LEFT_OUT = 'left out of the answer';

/**
 * The resorts an answer left out: those that kept a last good copy, those that lost a file for want of one;
 * `aged`: those, left out or broken, whose last good copy was too old to keep (`staleFor`), with why.
 */
export interface LeftOut {
  kept: ReadonlySet<number>;
  lost: ReadonlySet<number>;
  aged?: ReadonlyMap<number, string>;
}

const ids = (set: Iterable<number>) => [...new Set(set)].sort((a, b) => a - b);

/**
 * The failures of one fetched collection's records, each with what the index's `missing` says of the part
 * when a file had no earlier copy; `lost`: files of broken records with no earlier copy.
 */
export function recordFailures(
  f: Fetched,
  lost: number,
  absent: LeftOut,
): Array<{ failure: Failure; missing?: string }> {
  const c = f.collection;
  const answer: Array<{ failure: Failure; missing?: string }> = [];
  if (f.dropped) {
    const n = f.dropped.length;
    answer.push({
      failure: {
        kind: 'contract',
        reason: f.dropped.map((why) => `${whereOf(c)}: ${why}`).join('\n  '),
        short: `${n} record${n === 1 ? '' : 's'} broke the contract and ${n === 1 ? 'was' : 'were'} left out`,
        collection: c.key,
        kept: true,
      },
    });
  }
  // kept: stale (exit 3); with no earlier copy, a resort the answer never held has no file, as before
  for (const [set, notice] of [
    [absent.kept, false],
    [absent.lost, true],
  ] as const) {
    const left = ids(set);
    if (left.length === 0) continue;
    const short = `${left.length === 1 ? `resort ${left[0]} was` : `resorts ${left.join(', ')} were`} ${LEFT_OUT}${notice ? ' and had no earlier copy' : ''}`;
    answer.push({
      failure: {
        kind: 'upstream',
        reason: `${whereOf(c)}: ${short}`,
        short,
        collection: c.key,
        kept: !notice,
        resorts: left,
        ...(notice ? { notice } : {}),
      },
    });
  }
  const aged = ids(absent.aged?.keys() ?? []);
  if (aged.length > 0) {
    // left out and named as a part with no earlier copy is: exit 4 when a record broke, else 3
    const short = `${aged.length === 1 ? `resort ${aged[0]}` : `resorts ${aged.join(', ')}`} ${absent.aged!.get(aged[0]!)!}`;
    answer.push({
      failure: {
        kind: aged.some((id) => f.broken?.has(id)) ? 'contract' : 'upstream',
        reason: `${whereOf(c)}: ${short}`,
        short,
        collection: c.key,
        kept: false,
        aged: true,
        resorts: aged,
      },
      missing: short,
    });
  }
  if (f.broken) {
    const resorts = ids(f.broken.keys());
    const reason = resorts.map((id) => `${whereOf(c)}: ${f.broken!.get(id)}`).join('\n  ');
    const short = `${resorts.length === 1 ? `the record of resort ${resorts[0]}` : `the records of resorts ${resorts.join(', ')}`} broke the contract`;
    answer.push({
      failure: { kind: 'contract', reason, short, collection: c.key, kept: lost === 0, resorts },
      ...(lost > 0
        ? { missing: `${short}; ${lost} file${lost === 1 ? '' : 's'} with no earlier copy left out` }
        : {}),
    });
  }
  return answer;
}
