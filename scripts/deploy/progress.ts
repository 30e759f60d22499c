/**
 * Progress of a deploy — a bar on a terminal, a line every 5 seconds otherwise — and its summary:
 * objects uploaded, deleted and unchanged, bytes, requests by kind and what they cost.
 */
import { formatBytes } from '../snapshot/progress.ts';
import { formatDollars } from './cost.ts';
import type { RequestCounts } from './store.ts';

export interface DeployProgress {
  /** Adds `objects` to what the bar counts to. */
  total(objects: number): void;
  /** `count` objects uploaded, checked or deleted. */
  tick(count?: number): void;
  note(line: string): void;
  /** Clears the bar before the summary. */
  end(): void;
}

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export function createDeployProgress(stream: Stream, now: () => number = () => performance.now()): DeployProgress {
  let total = 0;
  let done = 0;
  let lastLine = now();
  const tty = stream.isTTY === true;
  const draw = () => {
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 40));
    const filled = Math.round((total === 0 ? 1 : Math.min(1, done / total)) * width);
    stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} objects`);
  };
  return {
    total(objects) {
      total += objects;
      if (tty && objects > 0) draw();
    },
    tick(count = 1) {
      done += count;
      if (tty) draw();
      else if (now() - lastLine >= 5000) {
        lastLine = now();
        stream.write(`${done}/${total} objects\n`);
      }
    },
    note(line) {
      stream.write(`${tty ? '\r\x1b[K' : ''}${line}\n`);
      if (tty && total > 0) draw();
    },
    end() {
      if (tty && total > 0) stream.write('\r\x1b[K');
    },
  };
}

/** A progress that says nothing: for library use and tests. */
export const silentDeployProgress: DeployProgress = { total() {}, tick() {}, note() {}, end() {} };

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
const requestLine = (r: RequestCounts) => `${plural(r.write, 'write')}, ${plural(r.delete, 'delete')}, ${plural(r.read, 'read')}, ${plural(r.list, 'list')}`;

/** The summary, two lines: `deployed … : 12 objects uploaded (…)` and `requests: …`. */
export function summaryLines(s: DeploySummary): string[] {
  const objects = `${plural(s.uploaded, 'object')} ${s.dryRun ? 'to upload' : 'uploaded'} (${formatBytes(s.bytes)}), ${s.deleted} ${s.dryRun ? 'to delete' : 'deleted'}, ${s.unchanged} unchanged${s.checked ? ` (${s.checked} checked after an unfinished deploy)` : ''}`;
  const head = s.dryRun ? `dry run, nothing written: ${s.target} from release ${s.release}: ${objects}` : `deployed release ${s.release} to ${s.target}: ${objects}`;
  const cost = `estimated ${formatDollars(s.cost)} at the prices of ${s.store}`;
  const requests = s.dryRun ? `requests it would make: ${requestLine(s.projected)}; ${cost}` : `requests: ${requestLine(s.requests)}; ${cost}; ${s.seconds.toFixed(1)} s`;
  return [head, requests];
}
