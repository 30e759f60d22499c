/**
 * The deploys' measurement: a first deploy, one with nothing to do and one after a change in one resort,
 * to a local S3 server (s3rver on 127.0.0.1) in this process.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deploy } from '../deploy/deploy.ts';
import { readState } from '../snapshot/store/state.ts';
import { currentStatePath } from '../snapshot/store/writer.ts';
import { removeTree } from '../snapshot/store/folder.ts';
import { snapshotInto } from './snapshot.ts';

/**
 * A copy of `dataDir` in which the first resort's report says something else: a one-resort change (its
 * comment, which the sample serves as written; its depths follow the simulated season,
 * scripts/service/season.ts).
 */
async function withOneResortChanged(dataDir: string, into: string): Promise<string> {
  await cp(dataDir, into, { recursive: true });
  const file = join(into, 'resorts.json');
  const data = JSON.parse(await readFile(file, 'utf8')) as {
    resorts: Array<{ report: { comment?: Record<string, string> } | null }>;
  };
  const resort = data.resorts.find((r) => r.report)!;
  // in every language it is written in
  const comment = resort.report!.comment ?? { en: '' };
  for (const language of Object.keys(comment)) comment[language] += ' (updated)';
  resort.report!.comment = comment;
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
export async function deployScenario(name: string, dataDir: string, locales: string[], work: string) {
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
