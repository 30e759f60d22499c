/**
 * `npm run bench`: snapshot speed as ratios measured in one run.
 *
 * For the sample data and for generated datasets (default 2,000 resorts; `--resorts 100,2000` for several
 * sizes; every supported locale) it runs one full in-process build as `npm run build` makes it (the
 * element, the demo page and the cards included) in a child process, so peak memory is that build's own;
 * then copies the published tree with `cp -r` (three times, the median counts; once above 100,000 files),
 * and prints files per second, build time over copy time, peak memory (the build's process and any
 * child of it together) against the 600 MB budget, the file watches the build held (none), and
 * upstream requests made over the lower bound the URI limit sets.
 *
 * Then deploys (scripts/docs/deployment.md, "Deployment") against a local S3 server (s3rver on 127.0.0.1): a first
 * deploy, a deploy with nothing to do, and one after a change in one resort, each with its time, objects and
 * requests by kind, and write requests over the files that changed. The sample always; the large dataset with
 * --deploy-large (s3rver takes an hour or more for the 833,409 files of 2,000 resorts in 16 locales; with
 * --locales en-US it is ~52,000).
 *
 * Then the element's bundle (gzip -9): its script, and with the largest language, over lit's runtime alone
 * (lit-html, which the element renders with) and over a minimal LitElement component, each bundled the way
 * the element is.
 *
 * It prints each table and writes them all to the benchmark page, `scripts/docs/bench.md` (`--page` for
 * another file).
 *
 *   npm run bench -- [--resorts 2000|100,2000] [--locales all|en-US,de-DE] [--skip-large] [--skip-deploy] [--deploy-large] [--page <file>]
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { generateResorts } from '../dataset/generate.ts';
import { RegionsFile } from '../dataset/schema.ts';
import { SUPPORTED_LOCALES } from '../api/locales.ts';
import { ResortConditionsError } from '../api/errors.ts';
import { exitCodeFor } from '../cli/exit-codes.ts';
import { parseFlags } from '../cli/process.ts';
import { removeTree } from '../snapshot/store/folder.ts';
import { freshBrowserFiles } from '../tooling/stamp.ts';
import { bundleScenario } from './bundle.ts';
import { deployScenario } from './deploy.ts';
import { benchPage, type Row } from './page.ts';
import { child, scenario } from './snapshot.ts';

/** Where the page of what the bench measured goes (page.ts). */
const PAGE = 'scripts/docs/bench.md';

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
    page: string;
  }>(process.argv.slice(2), {
    child: { type: 'string' },
    out: { type: 'string' },
    resorts: { type: 'string', default: '2000' },
    locales: { type: 'string', default: 'all' },
    'skip-large': { type: 'boolean' },
    'skip-deploy': { type: 'boolean' },
    'deploy-large': { type: 'boolean' },
    page: { type: 'string', default: PAGE },
  });
  if (values.help) {
    console.log(
      'npm run bench -- [--resorts 2000[,…]] [--locales all|<locale>,…] [--skip-large] [--skip-deploy] [--deploy-large] [--page <file>]',
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

  // the element's bundle as a build reads it, made first if its sources changed (not part of what is measured)
  await freshBrowserFiles(fileURLToPath(new URL('../..', import.meta.url)));
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
    const bundles = await bundleScenario();
    console.log("the element's bundle, gzip -9, over lit's runtime bundled the same way");
    console.table(bundles);
    const deploys: Row[] = [];
    if (!values['skip-deploy']) {
      deploys.push(...(await deployScenario('sample', 'data', locales, work)));
      if (values['deploy-large'])
        deploys.push(...(await deployScenario(`${count} resorts`, await dataOf(count), locales, work)));
      console.log(
        'deploys to a local S3 server (s3rver on 127.0.0.1), 16 requests at once; cost at AWS S3 Standard list prices',
      );
      console.table(deploys);
    }
    const page = benchPage({
      args: process.argv.slice(2),
      at: new Date().toISOString(),
      builds: rows,
      bundles,
      deploys,
    });
    await mkdir(dirname(values.page), { recursive: true });
    await writeFile(values.page, page);
    console.log(`written: ${values.page}`);
  } finally {
    await removeTree(work);
  }
}

main().catch((error: Error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = exitCodeFor(error);
});
