/**
 * The benchmark page, `scripts/docs/bench.md`: what the last `npm run bench` measured, as tables, with the
 * machine, the command and the day it ran. The page is written by the bench only; the docs link to it
 * rather than copy its numbers.
 */
import { cpus, totalmem } from 'node:os';
import { formatBytes } from '../shared/progress.ts';

export type Row = Record<string, string | number>;

export interface Measured {
  /** The flags the bench ran with, as typed after `npm run bench --`. */
  args: readonly string[];
  /** The moment it ended (ISO 8601). */
  at: string;
  builds: Row[];
  bundles: Row[];
  deploys: Row[];
}

/** A markdown table of `rows`, their columns those of the first row; `|` in a cell escaped. */
export function table(rows: readonly Row[]): string {
  if (rows.length === 0) return '(not measured in this run)';
  const columns = Object.keys(rows[0]!);
  const cell = (value: string | number | undefined) => String(value ?? '').replace(/\|/g, '\\|');
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c) => cell(row[c])).join(' | ')} |`),
  ].join('\n');
}

export function benchPage(measured: Measured): string {
  const cpu = cpus();
  const command = ['npm run bench', ...(measured.args.length ? ['--', ...measured.args] : [])].join(' ');
  return `# What \`npm run bench\` measured

Written by \`npm run bench\` (scripts/bench/); do not edit: run it again. Each ratio is of two times
or two sizes measured in the same run on the same machine, which is what compares across machines.

- Command: \`${command}\`
- Ended: ${measured.at}
- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown processor'}, ${formatBytes(totalmem())} of memory, Node.js ${process.version}, ${process.platform}

## Snapshot

One full build as \`npm run build\` makes it (the element, the demo page and the cards included) in a
child process, against \`cp -r\` of the tree it published (the median of three copies; one above 100,000
files); peak memory is the build's process tree, against the 600 MB budget; requests against the lower
bound the URI limit sets; the season's steps (the history, then the alert feeds) run again alone over the
published tree, on a history's first day (none before it) and after a year of daily builds (a point for
each of the 364 days before the build's; the feeds remember the day before's alerts, as the private state
holds them: scripts/bench/season.ts), against the build's time.

${table(measured.builds)}

## Deploys

To a local S3 server (s3rver on 127.0.0.1, in the bench's process): a first deploy, one with nothing to
do, one after a change in one resort; the cost at AWS S3 Standard's list prices.

${table(measured.deploys)}

## The element's bundle

gzip -9 of the script a page of English cards loads (the entry and the chunk it imports) and with its
largest language, over lit's runtime bundled the same way.

${table(measured.bundles)}
`;
}
