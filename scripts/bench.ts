/**
 * `npm run bench`: snapshot speed as ratios measured in one run.
 *
 * For the sample data and for a generated dataset (default 2,000 resorts, every supported locale) it runs
 * one full in-process snapshot in a child process (so peak memory is that snapshot's own), then copies the
 * published tree three times (the median counts), and prints files per second, snapshot time over copy time, peak memory, and upstream
 * requests made over the lower bound the URI limit sets.
 *
 *   npm run bench -- [--resorts 2000] [--locales all|en-US,de-DE] [--skip-large]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateResorts } from './dataset/generate.ts';
import { loadDataset } from './dataset/load.ts';
import { RegionsFile } from './dataset/schema.ts';
import { SUPPORTED_LOCALES } from './api/locales.ts';
import { parseConfig } from './snapshot/config.ts';
import { localSource } from './snapshot/local-source.ts';
import { formatBytes } from './snapshot/progress.ts';
import { runSnapshot } from './snapshot/run.ts';

const NOW = Date.parse('2026-02-14T09:30:00Z');

interface ChildResult {
  seconds: number;
  files: number;
  bytes: number;
  requests: number;
  lowerBound: number;
  maxRssBytes: number;
}

/** Child mode: one snapshot, one JSON line on stdout. */
async function child(dataDir: string, out: string, locales: string[]): Promise<void> {
  const dataset = await loadDataset(dataDir);
  const config = parseConfig({ out, locales, concurrency: 8 }, 'bench');
  const started = performance.now();
  const result = await runSnapshot({ config, source: localSource(dataset, { now: () => NOW }), families: new Set(['A', 'B']), now: () => NOW, refresh: 'all' });
  const seconds = (performance.now() - started) / 1000;
  const line: ChildResult = {
    seconds,
    files: Object.keys(result.state!.files).length + 1,
    bytes: result.summary.bytes,
    requests: result.state!.requests.made,
    lowerBound: result.state!.requests.lowerBound,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function scenario(name: string, dataDir: string, locales: string[], work: string) {
  const out = join(work, `${name}-dist`);
  execFileSync('sync'); // both sides start with nothing dirty in the page cache
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--child', dataDir, '--out', out, '--locales', locales.join(',')], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=8192' },
  });
  if (run.status !== 0) throw new Error(`${name}: the snapshot failed:\n${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').pop()!) as ChildResult;
  // the baseline: coreutils cp, the fastest ordinary way to make the same tree; the median of three,
  // because a disk's copy time swings with its cache (2 s to 18 s for the sample on one machine)
  const copies: number[] = [];
  for (let i = 0; i < 3; i++) {
    execFileSync('sync');
    const copyStarted = performance.now();
    execFileSync('cp', ['-r', '--dereference', out, join(work, `${name}-copy`)]);
    copies.push((performance.now() - copyStarted) / 1000);
    await rm(join(work, `${name}-copy`), { recursive: true, force: true });
  }
  const copySeconds = copies.sort((a, b) => a - b)[1]!;
  const row = {
    scenario: name,
    files: result.files,
    size: formatBytes(result.bytes),
    'snapshot s': result.seconds.toFixed(2),
    'files/s': Math.round(result.files / result.seconds),
    'copy s': copySeconds.toFixed(2),
    'snapshot/copy': (result.seconds / copySeconds).toFixed(2),
    'peak RSS': formatBytes(result.maxRssBytes),
    requests: result.requests,
    'lower bound': result.lowerBound,
    'requests/bound': (result.requests / Math.max(1, result.lowerBound)).toFixed(3),
  };
  await rm(out, { recursive: true, force: true });
  await rm(join(work, `.${name}-dist-releases`), { recursive: true, force: true });
  return row;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      child: { type: 'string' },
      out: { type: 'string' },
      resorts: { type: 'string', default: '2000' },
      locales: { type: 'string', default: 'all' },
      'skip-large': { type: 'boolean' },
    },
  });
  const locales = values.locales === 'all' ? [...SUPPORTED_LOCALES] : values.locales!.split(',');
  if (values.child) return child(values.child, values.out!, locales);
  const count = Number(values.resorts);
  if (!Number.isInteger(count) || count < 18) throw new Error('--resorts must be a whole number of at least 18');

  const work = await mkdtemp(join(tmpdir(), 'rc-bench-'));
  try {
    const rows = [await scenario('sample', 'data', locales, work)];
    if (!values['skip-large']) {
      const large = join(work, 'data');
      await cp('data', large, { recursive: true });
      const regions = RegionsFile.parse(JSON.parse(await readFile('data/regions.json', 'utf8'))).regions;
      const resorts = generateResorts({ count, seed: 99, regions, ids: [] });
      await writeFile(join(large, 'resorts.json'), JSON.stringify({ notice: 'generated for npm run bench', resorts }));
      rows.push(await scenario(`${count} resorts`, large, locales, work));
    }
    console.log(`locales: ${locales.length}; in-process source; times in one run on this machine`);
    console.table(rows);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 1;
});
