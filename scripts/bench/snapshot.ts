/**
 * The snapshot's measurement: one full build as `npm run build` makes it, in a child process of its own
 * (so peak memory is that build's), against `cp -r` of the tree it published.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadDataset } from '../dataset/load.ts';
import { collectEarly } from '../cli/process.ts';
import { parseConfig } from '../snapshot/config.ts';
import { localSource } from '../snapshot/source/local.ts';
import { formatBytes } from '../shared/progress.ts';
import { runSnapshot } from '../snapshot/run.ts';
import { elementFiles } from '../element/browser-files.ts';
import { publishingSteps } from '../cli/publishers.ts';
import { treeRssCounter, watchCounter } from './measure.ts';
import { fillSeasons, seasonSeconds } from './season.ts';

/** The entry the child runs: `--child <data> --out <dir> --locales <list>`. */
const ENTRY = 'scripts/bench/main.ts';

const NOW = Date.parse('2026-02-14T09:30:00Z');

/** The season's steps: seconds, the history's bytes, and the feed files made and linked (season.ts). */
type SeasonCost = Awaited<ReturnType<typeof seasonSeconds>>;

interface ChildResult {
  seconds: number;
  files: number;
  bytes: number;
  requests: number;
  lowerBound: number;
  /** The build's own peak, and the most it held with its child processes, if any, at once. */
  maxRssBytes: number;
  /** The most file watches (inotify) the snapshot held at once: a build watches nothing. */
  watches: number;
  /** The season's steps (history and alert feeds) run again alone over the published tree (season.ts). */
  season: SeasonCost;
  /** The same once every history holds a whole season. */
  seasonEnd: SeasonCost;
}

/**
 * The most memory a build may take, whatever the size of its tree (scripts/docs/snapshot.md, "What a build
 * needs"): 600 MB, printed in MiB as the rest (572.2 MiB).
 */
export const MEMORY_BUDGET = 600_000_000;

/** Child mode: one snapshot, one JSON line on stdout. */
export async function child(dataDir: string, out: string, locales: string[]): Promise<void> {
  collectEarly(); // as the build's command does
  const config = parseConfig({ out, locales, concurrency: 8 }, 'bench');
  const started = performance.now();
  // what `npm run build` publishes: the full profile, with the element, the demo page and the cards
  const watches = watchCounter();
  const memory = treeRssCounter();
  // the samplers stop whatever happens: a build that fails (a full disk) ends the child, it does not hang
  const { result, seconds } = await (async () => {
    // as `npm run build` does (scripts/cli/build.ts): the bundle first (made before, bench/main.ts), then the dataset
    const widget = await elementFiles();
    const dataset = await loadDataset(dataDir);
    // every dataset of the embedded service is built as the sample, whatever its folder (cli/build.ts)
    const result = await runSnapshot({
      config,
      source: localSource(dataset, { now: () => NOW }),
      families: new Set(['A', 'B']),
      now: () => NOW,
      refresh: 'all',
      publishing: () => publishingSteps({ config, sample: true, bundle: widget, widget: true }),
    });
    return { result, seconds: (performance.now() - started) / 1000 };
  })().finally(() => {
    watches.stop();
    memory.stop();
  });
  const line: ChildResult = {
    seconds,
    files: result.summary.written + result.summary.unchanged,
    bytes: result.summary.bytes,
    requests: result.state!.requests.made,
    lowerBound: result.state!.requests.lowerBound,
    maxRssBytes: Math.max(process.resourceUsage().maxRSS * 1024, memory.most),
    watches: watches.most,
    // a history's first day: no history before it
    season: await mkdir(`${out}-new`, { recursive: true }).then(() =>
      seasonSeconds(out, result.scope, config.locales, `${out}-new`),
    ),
    seasonEnd: await fillSeasons(out, `${out}-season`).then(() =>
      seasonSeconds(out, result.scope, config.locales, `${out}-season`),
    ),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The season's steps: history + feeds seconds. */
const seasonCell = (s: SeasonCost) =>
  `${s.history.toFixed(2)} + ${s.feeds.toFixed(2)} (history ${formatBytes(s.bytes)}; feed files made ${s.made}, linked ${s.linked})`;
const seasonShare = (s: { history: number; feeds: number }, build: number) =>
  `${(((s.history + s.feeds) / build) * 100).toFixed(1)} %`;

export async function scenario(name: string, dataDir: string, locales: string[], work: string) {
  const out = join(work, `${name}-dist`);
  execFileSync('sync'); // both sides start with nothing dirty in the page cache
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', ENTRY, '--child', dataDir, '--out', out, '--locales', locales.join(',')],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (run.status !== 0) throw new Error(`${name}: the snapshot failed:\n${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as ChildResult;
  // the baseline: coreutils cp, the fastest ordinary way to make the same tree; the median of three,
  // because a disk's copy time swings with its cache (2 s to 18 s for the sample on one machine); one
  // copy of a tree of more than 100,000 files, which runs for minutes and does not fit in the cache anyway.
  // Nothing is removed before the last measurement of the run (the work folder goes at the end): on ext4
  // without a journal, making files costs several times more for minutes after many were deleted (the
  // inode allocator passes over each recently freed inode), which would weigh on whatever runs next
  const copies: number[] = [];
  for (let i = 0; i < (result.files > 100_000 ? 1 : 3); i++) {
    execFileSync('sync');
    const copyStarted = performance.now();
    execFileSync('cp', ['-r', '--dereference', out, join(work, `${name}-copy-${i}`)]);
    copies.push((performance.now() - copyStarted) / 1000);
  }
  const copySeconds = copies.sort((a, b) => a - b)[copies.length >> 1]!;
  const row = {
    scenario: name,
    files: result.files,
    size: formatBytes(result.bytes),
    'snapshot s': result.seconds.toFixed(2),
    'files/s': Math.round(result.files / result.seconds),
    'copy s': copySeconds.toFixed(2),
    'snapshot/copy': (result.seconds / copySeconds).toFixed(2),
    'peak RSS': formatBytes(result.maxRssBytes),
    [`RSS ≤ ${formatBytes(MEMORY_BUDGET)}`]: result.maxRssBytes <= MEMORY_BUDGET ? 'yes' : 'NO',
    'file watches': result.watches,
    'season s, day 1': seasonCell(result.season),
    'season/snapshot, day 1': seasonShare(result.season, result.seconds),
    'season s, a year of builds': seasonCell(result.seasonEnd),
    'season/snapshot, a year of builds': seasonShare(result.seasonEnd, result.seconds),
    requests: result.requests,
    'lower bound': result.lowerBound,
    'requests/bound': (result.requests / Math.max(1, result.lowerBound)).toFixed(3),
  };
  return row;
}

/** Runs the snapshot child into `out` (the same process as the speed scenario, without the copies). */
export function snapshotInto(name: string, dataDir: string, out: string, locales: string[]): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', ENTRY, '--child', dataDir, '--out', out, '--locales', locales.join(',')],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (run.status !== 0) throw new Error(`${name}: the snapshot failed:\n${run.stderr}`);
}
