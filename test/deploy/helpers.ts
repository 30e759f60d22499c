/**
 * What the deploy tests share: building a small release of the sample with the CLI, running the deploy
 * command in-process with its requests recorded, and reading a release back file by file.
 */
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { deployCommand } from '../../scripts/cli/deploy.ts';
import type { RequestRecord } from '../../scripts/deploy/store.ts';
import { currentRelease } from '../../scripts/snapshot/store/writer.ts';
import { elementFiles, type BundleFile } from '../../scripts/element/browser-files.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';
import type { LocalS3 } from './s3-server.ts';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EPOCH = String(FROZEN_NOW / 1000);

let bundle: Promise<BundleFile[]> | undefined;
/** The element's real bundle (its scripts, hashed chunks and style sheets), made once per test file. */
export const widget = () => (bundle ??= elementFiles());

/** Builds the sample (or `data`) into `out` with the CLI, in en-US only: ~1,400 files. */
export async function buildRelease(out: string, flags: string[] = [], data = DATA_DIR): Promise<void> {
  let stderr = '';
  const code = await build({
    argv: ['--out', out, '--locales', 'en-US', '--data', data, ...flags],
    env: { SOURCE_DATE_EPOCH: EPOCH },
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: REPO,
    widget,
  });
  expect(code, stderr).toBe(0);
}

/**
 * A copy of the sample dataset in `dir` with resort `id`'s report updated ten minutes later: its reports'
 * times change, on the same day (the depths follow the day: scripts/service/season.ts).
 */
export async function datasetWithNewerReport(dir: string, id: number): Promise<string> {
  await cp(DATA_DIR, dir, { recursive: true });
  const file = join(dir, 'resorts.json');
  const data = JSON.parse(await readFile(file, 'utf8')) as {
    resorts: Array<{ id: number; report: { updatedMinutesAgo: number } | null }>;
  };
  const report = data.resorts.find((r) => r.id === id)!.report!;
  report.updatedMinutesAgo -= 10;
  await writeFile(file, JSON.stringify(data));
  return dir;
}

export interface DeployRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Every answered request, in order. */
  requests: RequestRecord[];
  /**
   * Requests by kind that were not answered 5xx. (s3rver sometimes answers a batch delete 500 — a race in
   * its folder clean-up — and the SDK retries it: billed, counted in the summary, but not deterministic.)
   */
  counts: Record<RequestRecord['kind'], number>;
}

/** Runs `npm run deploy` in-process against the local S3 server. */
export async function runDeploy(
  s3: LocalS3,
  out: string,
  to: string,
  flags: string[] = [],
  env: Record<string, string> = s3.env,
): Promise<DeployRun> {
  let stdout = '';
  let stderr = '';
  const requests: RequestRecord[] = [];
  const code = await deployCommand({
    argv: ['--out', out, ...(to ? ['--to', to] : []), ...flags],
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: REPO,
    onRequest: (record) => requests.push(record),
  });
  const counts = { write: 0, read: 0, delete: 0, list: 0 };
  for (const r of requests) if (r.status < 500) counts[r.kind]++;
  return { code, stdout, stderr, requests, counts };
}

/** Every file of the release `out` links to: path → bytes. */
export async function releaseFiles(out: string): Promise<Map<string, Buffer>> {
  const root = (await currentRelease(out))!;
  const files = new Map<string, Buffer>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries
    .filter((e) => e.isFile())
    .sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const full = join(entry.parentPath, entry.name);
    files.set(relative(root, full), await readFile(full));
  }
  return files;
}

/** The bucket holds exactly the release under `prefix` (beside the deploy's own `.resort-conditions/`), byte for byte. */
export async function expectBucketEqualsRelease(
  s3: LocalS3,
  bucket: string,
  prefix: string,
  out: string,
): Promise<number> {
  const release = await releaseFiles(out);
  const objects = await s3.objects(bucket, prefix);
  const published = [...objects.keys()].filter((k) => !k.startsWith('.resort-conditions/')).sort();
  expect(published).toEqual([...release.keys()].sort());
  for (const [path, bytes] of release) expect(objects.get(path)!.bytes.equals(bytes), path).toBe(true);
  expect([...objects.keys()].filter((k) => k.startsWith('.resort-conditions/'))).toEqual([
    '.resort-conditions/index.json.gz',
  ]);
  return release.size;
}
