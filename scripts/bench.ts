/**
 * `npm run bench`: snapshot speed as ratios measured in one run.
 *
 * For the sample data and for generated datasets (default 2,000 resorts; `--resorts 100,2000` for several
 * sizes; every supported locale) it runs one full in-process build as `npm run build` makes it (the
 * element, the demo page and the cards included) in a child process, so peak memory is that build's own;
 * then copies the published tree with `cp -r` (three times, the median counts; once above 100,000 files),
 * and prints files per second, build time over copy time, peak memory (the build's process and the
 * bundler's child process together) against the 600 MB budget, the file watches the build held (none), and
 * upstream requests made over the lower bound the URI limit sets.
 *
 * Then deploys (scripts/README.md, "Deployment") against a local S3 server (s3rver on 127.0.0.1): a first
 * deploy, a deploy with nothing to do, and one after a change in one resort, each with its time, objects and
 * requests by kind, and write requests over the files that changed. The sample always; the large dataset with
 * --deploy-large (s3rver takes an hour or more for the 833,409 files of 2,000 resorts in 16 locales; with
 * --locales en-US it is ~52,000).
 *
 * Then the element's bundle (gzip -9): its script, and with the largest language, over lit's runtime alone
 * (lit-html, which the element renders with) and over a minimal LitElement component, each bundled the way
 * the element is.
 *
 *   npm run bench -- [--resorts 2000|100,2000] [--locales all|en-US,de-DE] [--skip-large] [--skip-deploy] [--deploy-large]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateResorts } from './dataset/generate.ts';
import { loadDataset } from './dataset/load.ts';
import { RegionsFile } from './dataset/schema.ts';
import { SUPPORTED_LOCALES } from './api/locales.ts';
import { ResortConditionsError } from './api/errors.ts';
import { exitCodeFor } from './cli/exit-codes.ts';
import { collectEarly, parseFlags } from './cli/process.ts';
import { parseConfig } from './snapshot/config.ts';
import { localSource } from './snapshot/source/local.ts';
import { formatBytes } from './snapshot/progress.ts';
import { runSnapshot } from './snapshot/run.ts';
import { deploy } from './deploy/deploy.ts';
import { bundleElements, bundleSource, pageFiles, type BundleFile } from './site/widget.ts';
import { buildSite } from './site/extras.ts';
import { readState } from './snapshot/store/state.ts';
import { currentStatePath } from './snapshot/store/writer.ts';
import { removeTree } from './snapshot/store/folder.ts';

const NOW = Date.parse('2026-02-14T09:30:00Z');

interface ChildResult {
  seconds: number;
  files: number;
  bytes: number;
  requests: number;
  lowerBound: number;
  /** The build's own peak, and the most it held with its child processes (the bundler's) at once. */
  maxRssBytes: number;
  /** The most file watches (inotify) the snapshot held at once: a build watches nothing. */
  watches: number;
}

/**
 * Counts this process's inotify watches every 100 ms (Linux: one `inotify wd:` line per watch in the
 * fdinfo of an inotify descriptor); the most seen. Elsewhere it counts nothing.
 */
function watchCounter(): { readonly most: number; stop(): void } {
  let most = 0;
  const count = () => {
    let n = 0;
    try {
      for (const fd of readdirSync('/proc/self/fd')) {
        try {
          if (readlinkSync(`/proc/self/fd/${fd}`) !== 'anon_inode:inotify') continue;
          n += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8')
            .split('\n')
            .filter((line) => line.startsWith('inotify wd:')).length;
        } catch {
          // closed while being read
        }
      }
    } catch {
      return;
    }
    most = Math.max(most, n);
  };
  const timer = setInterval(count, 100);
  return {
    get most() {
      return most;
    },
    stop() {
      count();
      clearInterval(timer);
    },
  };
}

/**
 * Samples every 50 ms the resident memory of this process and of its child processes together (Linux:
 * `VmRSS` of each in /proc, the children found through each thread's `children`); the most seen. A build
 * runs the bundler in a child of its own (scripts/site/bundler.ts): its memory counts with the build's.
 */
function treeRssCounter(): { readonly most: number; stop(): void } {
  let most = 0;
  const rssOf = (pid: number): number => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      let sum = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${pid}/task`))
        for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) sum += rssOf(Number(child));
      return sum;
    } catch {
      return 0; // ended while being read, or not Linux
    }
  };
  const sample = () => {
    most = Math.max(most, rssOf(process.pid));
  };
  const timer = setInterval(sample, 50);
  return {
    get most() {
      return most;
    },
    stop() {
      sample();
      clearInterval(timer);
    },
  };
}

/** Child mode: one snapshot, one JSON line on stdout. */
async function child(dataDir: string, out: string, locales: string[]): Promise<void> {
  collectEarly(); // as the build's command does
  const config = parseConfig({ out, locales, concurrency: 8 }, 'bench');
  const started = performance.now();
  // what `npm run build` publishes: the full profile, with the element, the demo page and the cards
  const watches = watchCounter();
  const memory = treeRssCounter();
  // the samplers stop whatever happens: a build that fails (a full disk) ends the child, it does not hang
  const { result, seconds } = await (async () => {
    // as `npm run build` does (scripts/cli/build.ts): the bundles first, in their own process, then the dataset
    const widget = await bundleElements();
    const dataset = await loadDataset(dataDir);
    const site = buildSite({
      locales: config.locales,
      sample: dataDir === 'data',
      profile: config.profile,
      widget: async () => widget,
    });
    const result = await runSnapshot({
      config,
      source: localSource(dataset, { now: () => NOW }),
      families: new Set(['A', 'B']),
      now: () => NOW,
      refresh: 'all',
      extraFiles: site.extraFiles,
      localeFiles: site.localeFiles!,
    }).finally(() => site.close());
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
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function scenario(name: string, dataDir: string, locales: string[], work: string) {
  const out = join(work, `${name}-dist`);
  execFileSync('sync'); // both sides start with nothing dirty in the page cache
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench.ts', '--child', dataDir, '--out', out, '--locales', locales.join(',')],
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
    requests: result.requests,
    'lower bound': result.lowerBound,
    'requests/bound': (result.requests / Math.max(1, result.lowerBound)).toFixed(3),
  };
  return row;
}

/**
 * The most memory a build may take, whatever the size of its tree (scripts/README.md, "What a build
 * needs"): 600 MB, printed in MiB as the rest (572.2 MiB).
 */
const MEMORY_BUDGET = 600_000_000;

/** Runs the snapshot child into `out` (the same process as the speed scenario, without the copies). */
function snapshotInto(name: string, dataDir: string, out: string, locales: string[]): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench.ts', '--child', dataDir, '--out', out, '--locales', locales.join(',')],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (run.status !== 0) throw new Error(`${name}: the snapshot failed:\n${run.stderr}`);
}

/** A copy of `dataDir` in which the first resort reports 30 cm more snow: a one-resort change. */
async function withOneResortChanged(dataDir: string, into: string): Promise<string> {
  await cp(dataDir, into, { recursive: true });
  const file = join(into, 'resorts.json');
  const data = JSON.parse(await readFile(file, 'utf8')) as {
    resorts: Array<{ report: { depthCm: { base: number } } | null }>;
  };
  const resort = data.resorts.find((r) => r.report)!;
  resort.report!.depthCm.base += 30;
  await writeFile(file, JSON.stringify(data));
  return into;
}

/** Files whose hash differs between two private states (relative to `api/`). */
const changedFiles = (
  before: Record<string, { sha256: string }>,
  after: Record<string, { sha256: string }>,
) =>
  Object.keys(after).filter((path) => before[path]?.sha256 !== after[path]!.sha256).length +
  Object.keys(before).filter((path) => !after[path]).length;

/**
 * First deploy, no-change deploy and a one-resort change of `dataDir` to a local S3 server, in-process
 * (the server shares the process: times include its work, as a store's own latency would).
 */
async function deployScenario(name: string, dataDir: string, locales: string[], work: string) {
  const { default: S3rver } = await import('s3rver');
  const storage = join(work, `${name}-s3`);
  const out = join(work, `${name}-deploy-dist`);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: storage,
    silent: true,
    configureBuckets: [{ name: 'bench' }],
  });
  const { port } = await server.run();
  const env = {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
  };
  const rows: Array<Record<string, string | number>> = [];
  try {
    const once = async (label: string, changed: number) => {
      const { summary } = await deploy({
        out,
        target: { bucket: 'bench', prefix: 'site/' },
        env,
        concurrency: 16,
        attempts: 5,
      });
      const r = summary.requests;
      rows.push({
        scenario: name,
        deploy: label,
        'files changed': changed,
        uploaded: summary.uploaded,
        deleted: summary.deleted,
        unchanged: summary.unchanged,
        writes: r.write,
        deletes: r.delete,
        reads: r.read,
        lists: r.list,
        'writes/changed': changed === 0 ? '-' : (r.write / changed).toFixed(3),
        seconds: summary.seconds.toFixed(2),
        'AWS S3 cost': `$${((r.write * 0.005 + r.list * 0.005 + r.read * 0.0004) / 1000).toFixed(4)}`,
      });
    };
    snapshotInto(name, dataDir, out, locales);
    const first = (await readState((await currentStatePath(out))!))!.files;
    await once('first', Object.keys(first).length + 1);
    await once('no change', 0);
    snapshotInto(name, await withOneResortChanged(dataDir, join(work, `${name}-changed-data`)), out, locales);
    const after = (await readState((await currentStatePath(out))!))!.files;
    await once('one resort changed', changedFiles(first, after));
  } finally {
    await server.close();
    await removeTree(storage);
    await removeTree(out);
    await removeTree(join(work, `.${name}-deploy-dist-releases`));
  }
  return rows;
}

async function main(): Promise<void> {
  const values = parseFlags<{
    help?: boolean;
    child?: string;
    out?: string;
    resorts: string;
    locales: string;
    'skip-large'?: boolean;
    'skip-deploy'?: boolean;
    'deploy-large'?: boolean;
  }>(process.argv.slice(2), {
    child: { type: 'string' },
    out: { type: 'string' },
    resorts: { type: 'string', default: '2000' },
    locales: { type: 'string', default: 'all' },
    'skip-large': { type: 'boolean' },
    'skip-deploy': { type: 'boolean' },
    'deploy-large': { type: 'boolean' },
  });
  if (values.help) {
    console.log(
      'npm run bench -- [--resorts 2000[,…]] [--locales all|<locale>,…] [--skip-large] [--skip-deploy] [--deploy-large]',
    );
    return;
  }
  const locales = values.locales === 'all' ? [...SUPPORTED_LOCALES] : values.locales!.split(',');
  if (values.child) return child(values.child, values.out!, locales);
  const counts = values.resorts!.split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 18))
    throw new ResortConditionsError(
      'usage',
      `--resorts "${values.resorts}": each size must be a whole number of at least 18, e.g. --resorts 100,2000`,
    );

  const work = await mkdtemp(join(tmpdir(), 'rc-bench-'));
  try {
    // each row as soon as it is measured, as JSON (a large size runs for many minutes); the table at the end
    const measured = (row: Record<string, string | number>) => {
      console.log(JSON.stringify(row));
      return row;
    };
    const rows = [measured(await scenario('sample', 'data', locales, work))];
    const dataOf = async (count: number) => {
      const dir = join(work, `data-${count}`);
      await cp('data', dir, { recursive: true });
      const regions = RegionsFile.parse(JSON.parse(await readFile('data/regions.json', 'utf8'))).regions;
      const resorts = generateResorts({ count, seed: 99, regions, ids: [] });
      await writeFile(
        join(dir, 'resorts.json'),
        JSON.stringify({ notice: 'generated for npm run bench', resorts }),
      );
      return dir;
    };
    if (!values['skip-large'])
      for (const count of counts)
        rows.push(measured(await scenario(`${count} resorts`, await dataOf(count), locales, work)));
    const count = counts.at(-1)!;
    console.log(`locales: ${locales.length}; in-process source; times in one run on this machine`);
    console.table(rows);
    console.log("the element's bundle, gzip -9, over lit's runtime bundled the same way");
    console.table(await bundleScenario());
    if (!values['skip-deploy']) {
      const deploys = await deployScenario('sample', 'data', locales, work);
      if (values['deploy-large'])
        deploys.push(...(await deployScenario(`${count} resorts`, await dataOf(count), locales, work)));
      console.log(
        'deploys to a local S3 server (s3rver on 127.0.0.1), 16 requests at once; cost at AWS S3 Standard list prices',
      );
      console.table(deploys);
    }
  } finally {
    await removeTree(work);
  }
}

/** The element's script (with the chunk it imports) and its largest language, against lit-html alone and a minimal LitElement. */
async function bundleScenario() {
  const gz = (files: BundleFile[]) =>
    files.reduce((sum, f) => sum + gzipSync(f.bytes, { level: 9 }).byteLength, 0);
  const element = await bundleElements();
  const script = pageFiles(element, 'resort-conditions.js');
  const largest = element.filter((f) => /^rc\.[a-z]{2}\./.test(f.path)).sort((a, b) => gz([b]) - gz([a]))[0]!;
  const litHtml = gz(
    await bundleSource(
      "import { html, render } from 'lit/html.js'; render(html`<p>${document.title}</p>`, document.body);",
    ),
  );
  const litElement = gz(
    await bundleSource(
      "import { LitElement, html } from 'lit'; class X extends LitElement { static properties = { a: {} }; render() { return html`<p>${this.a}</p>`; } } customElements.define('x-x', X);",
    ),
  );
  return [
    { bundle: 'resort-conditions.js (an English card)', bytes: gz(script) },
    {
      bundle: `with the largest language (${largest.path.split('.')[1]})`,
      bytes: gz(script) + gz([largest]),
    },
  ].map((row) => ({
    ...row,
    'over lit-html': (row.bytes / litHtml).toFixed(2),
    'over LitElement': (row.bytes / litElement).toFixed(2),
    'lit-html alone': litHtml,
    'LitElement alone': litElement,
  }));
}

main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = exitCodeFor(error);
});
