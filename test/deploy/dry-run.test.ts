/**
 * `npm run deploy -- --dry-run` against a real S3 implementation (s3rver on 127.0.0.1): what it says it
 * would do is what the deploy that follows does — the objects uploaded, deleted and unchanged, and the
 * requests of each kind (scripts/docs/deployment.md, "Deployment").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease, runDeploy } from './helpers.ts';
import { startS3, type LocalS3 } from './s3-server.ts';

let s3: LocalS3;
let root: string;
const out = () => join(root, 'dist');
const TO = 's3://site/snow';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-dry-run-'));
  s3 = await startS3(['site']);
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** The numbers of a summary's two lines, the same words for a dry run and a deploy. */
function numbers(stdout: string) {
  const objects =
    /(\d+) objects? (?:to upload|uploaded) \([^)]*\), (\d+) objects? (?:to delete|deleted), (\d+) unchanged/.exec(
      stdout,
    );
  const requests = /(\d+) writes?, (\d+) deletes?, (\d+) reads?, (\d+) lists?/.exec(stdout);
  expect(objects, stdout).not.toBeNull();
  expect(requests, stdout).not.toBeNull();
  const [uploaded, deleted, unchanged] = objects!.slice(1).map(Number);
  const [write, del, read, list] = requests!.slice(1).map(Number);
  return { objects: { uploaded, deleted, unchanged }, requests: { write, delete: del, read, list } };
}

describe('npm run deploy -- --dry-run', () => {
  it.each([
    ['a first release', ['--resorts', '20,25,60,101']],
    ['resorts that leave', ['--resorts', '20,25']],
    ['nothing to do', ['--resorts', '20,25']],
  ])(
    'says what the deploy that follows does: %s',
    async (_, flags) => {
      await buildRelease(out(), flags);
      const dry = await runDeploy(s3, out(), TO, ['--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.counts.write + dry.counts.delete).toBe(0);
      const real = await runDeploy(s3, out(), TO);
      expect(real.code, real.stderr).toBe(0);
      expect(numbers(dry.stdout).objects).toEqual(numbers(real.stdout).objects);
      // the requests the bucket answered: a batch delete s3rver answers 500 at times is retried and counted
      // again in the deploy's own line (helpers.ts, `DeployRun.counts`)
      expect(numbers(dry.stdout).requests).toEqual(real.counts);
      expect(dry.stdout).toMatch(/, \d+ objects? to delete, /);
    },
    60_000,
  );
});
