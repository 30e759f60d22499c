/**
 * The summary of a deploy, written once its progress (scripts/shared/progress.ts) is cleared: objects
 * uploaded, deleted and unchanged, bytes, requests by kind and what they cost.
 */
import { formatBytes } from '../shared/progress.ts';
import { formatDollars } from './cost.ts';
import type { RequestCounts } from './store.ts';

export interface DeploySummary {
  /** `s3://bucket/prefix/` */
  target: string;
  release: string;
  dryRun: boolean;
  uploaded: number;
  /** Bytes uploaded. */
  bytes: number;
  deleted: number;
  unchanged: number;
  /** Objects a deploy that did not finish may have touched, checked with HEAD. */
  checked: number;
  /** Requests made, retries included (a dry run makes reads only). */
  requests: RequestCounts;
  /** Requests the deploy makes (for a dry run: would make, its reads included). */
  projected: RequestCounts;
  /** US dollars for `projected`, at `store`'s prices. */
  cost: number;
  store: string;
  seconds: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const requestLine = (r: RequestCounts) =>
  `${plural(r.write, 'write')}, ${plural(r.delete, 'delete')}, ${plural(r.read, 'read')}, ${plural(r.list, 'list')}`;

/**
 * The summary, two lines: the objects (`deployed …: 12 objects uploaded (…), 0 objects deleted, …`) and the
 * requests of each kind, bookkeeping included (`requests: 14 writes, 2 deletes, …`): a deploy that writes
 * deletes twice even when no object leaves, the rights probe and the journal (scripts/docs/deployment.md,
 * "Progress, summary and cost").
 */
export function summaryLines(s: DeploySummary): string[] {
  const objects = `${plural(s.uploaded, 'object')} ${s.dryRun ? 'to upload' : 'uploaded'} (${formatBytes(s.bytes)}), ${plural(s.deleted, 'object')} ${s.dryRun ? 'to delete' : 'deleted'}, ${s.unchanged} unchanged${s.checked ? ` (${s.checked} checked in the bucket first)` : ''}`;
  const head = s.dryRun
    ? `dry run, nothing written: ${s.target} from release ${s.release}: ${objects}`
    : `deployed release ${s.release} to ${s.target}: ${objects}`;
  const cost = `estimated ${formatDollars(s.cost)} at the prices of ${s.store}`;
  const requests = s.dryRun
    ? `requests it would make: ${requestLine(s.projected)}; ${cost}`
    : `requests: ${requestLine(s.requests)}; ${cost}; ${s.seconds.toFixed(1)} s`;
  return [head, requests];
}
