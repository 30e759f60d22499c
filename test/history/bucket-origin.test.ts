/**
 * The season's history read back from the bucket a deploy fills (scripts/docs/snapshot.md, "The season's
 * history"): two days built and deployed to a real S3 implementation, the private state then gone and no
 * `publicUrl`; the third day's build reads the first two back from the config's `deploy.to` with the
 * deploy's credentials, writes nothing there, and never prints a credential. With credentials the store
 * refuses, or a bucket that never answers, the build still publishes and says why a new history starts.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePath } from '../../scripts/api/paths.ts';
import { HistoryIndex, SeasonHistory, historyPath } from '../../scripts/api/schemas/history.ts';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { reportPoint } from '../../scripts/history/season.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';
import { REPO, runDeploy } from '../deploy/helpers.ts';
import { startS3, type LocalS3 } from '../deploy/s3-server.ts';

const DAY = 86_400_000;
const RESORTS = [20, 25, 60];
const SEASON = '2025-26';
const BUCKET = 'site';
const TO = `s3://${BUCKET}/snow`;
const PREFIX = 'snow/';

let s3: LocalS3;
let root: string;
let config: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-history-bucket-'));
  s3 = await startS3([BUCKET]);
  // the config a scheduled build and its deploy share: no publicUrl, the bucket as the deploy's target
  config = join(root, 'config.json');
  await writeFile(
    config,
    JSON.stringify({
      out: join(root, 'site', 'dist'),
      locales: ['en-US'],
      resorts: RESORTS,
      deploy: { to: TO },
    }),
  );
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

/** `npm run build -- --config <config>` on day `day` (0 is FROZEN_NOW) with `env` beside the build date. */
async function buildDay(
  day: number,
  env: Record<string, string>,
  flags: string[] = [],
): Promise<{ code: number; output: string }> {
  let output = '';
  const write = (text: string) => ((output += text), true);
  const code = await build({
    argv: ['--config', config, '--data', DATA_DIR, ...flags],
    env: { ...env, SOURCE_DATE_EPOCH: String((FROZEN_NOW + day * DAY) / 1000) },
    stdout: { write },
    stderr: { write },
    cwd: REPO,
  });
  return { code, output };
}

const readJson = async (out: string, path: string): Promise<unknown> =>
  JSON.parse(await readFile(join(out, path), 'utf8'));
const season = async (out: string, resort: number) =>
  SeasonHistory.parse(await readJson(out, historyPath(resort, SEASON)));
/** The point the published en-US combined report of `resort` makes, read from the tree as it is now. */
const publishedPoint = async (out: string, resort: number) =>
  reportPoint({
    combined: {
      body: await readJson(
        out,
        join(
          'api',
          filePath({ endpoint: 'combinedreport', params: { resortId: String(resort) }, locale: 'en-US' }),
        ),
      ),
      locale: 'en-US',
    },
  })!.day;
const dateOf = (day: { date: string }) => Date.parse(day.date);
/** The season files the bucket holds, each checked against the contract. */
async function bucketSeasons(): Promise<Map<number, SeasonHistory>> {
  const objects = await s3.objects(BUCKET, PREFIX);
  return new Map(
    RESORTS.map((id) => [
      id,
      SeasonHistory.parse(JSON.parse(objects.get(historyPath(id, SEASON))!.bytes.toString('utf8'))),
    ]),
  );
}

describe('the history read back from the bucket', () => {
  it('carries the two days the bucket holds into the third day built without the private state', async () => {
    const out = join(root, 'site', 'dist');
    const points = new Map<number, unknown[]>(RESORTS.map((id) => [id, []]));
    for (const day of [0, 1]) {
      const built = await buildDay(day, s3.env);
      expect(built.code, built.output).toBe(EXIT.ok);
      for (const id of RESORTS) points.get(id)!.push(await publishedPoint(out, id));
      const deployed = await runDeploy(s3, out, '', ['--config', config]);
      expect(deployed.code, deployed.stderr).toBe(EXIT.ok);
    }
    const held = await bucketSeasons();
    for (const id of RESORTS) expect(held.get(id)!.days, `resort ${id}`).toEqual(points.get(id));
    // consecutive days of one season
    const bucketDays = held.get(25)!.days;
    expect(bucketDays.map((d) => dateOf(d) - dateOf(bucketDays[0]!))).toEqual([0, DAY]);

    // the private state is gone: the output folder, its releases and their state
    await rm(join(root, 'site'), { recursive: true });
    const before = await s3.listing(BUCKET);
    const third = await buildDay(2, s3.env);
    expect(third.code, third.output).toBe(EXIT.ok);
    expect(third.output).toContain(
      `history: there is no previous release, so it was read back from ${TO}/ (3 resorts, 3 seasons)`,
    );
    expect(third.output).not.toMatch(/a new history starts/);
    for (const value of [s3.env.AWS_ACCESS_KEY_ID, s3.env.AWS_SECRET_ACCESS_KEY])
      expect(third.output).not.toContain(value);
    for (const id of RESORTS) {
      const days = (await season(out, id)).days;
      expect(days, `resort ${id}`).toHaveLength(3);
      expect(days.slice(0, 2), `resort ${id}`).toEqual(held.get(id)!.days);
      expect(days[2], `resort ${id}`).toEqual(await publishedPoint(out, id));
      expect(days.map((d) => dateOf(d) - dateOf(days[0]!))).toEqual([0, DAY, 2 * DAY]);
    }
    expect(HistoryIndex.parse(await readJson(out, 'history/index.json'))).toEqual({
      resorts: RESORTS.map((resort) => ({ resort, seasons: [SEASON] })),
    });
    // read only: the build wrote nothing to the bucket
    expect(await s3.listing(BUCKET)).toEqual(before);
  }, 60_000);

  it('starts a new history, and says why, when the store refuses the credentials', async () => {
    const secret = 'wrong-secret-5b0e2a91d7c4';
    const out = join(root, 'refused', 'dist');
    await mkdir(join(root, 'refused'));
    const third = await buildDay(2, { ...s3.env, AWS_SECRET_ACCESS_KEY: secret }, ['--out', out]);
    expect(third.code, third.output).toBe(EXIT.ok);
    const said =
      /^history: there is no previous release and (.+) could not be read \((.+)\): a new history starts$/m.exec(
        third.output,
      );
    expect(said, third.output).not.toBeNull();
    expect(said![1]).toBe(`${TO}/`);
    // why: the store refused the credentials (said without them)
    expect(said![2]).toMatch(/auth|credential|403/i);
    expect(third.output).not.toContain(secret);
    for (const id of RESORTS)
      expect((await season(out, id)).days, `resort ${id}`).toEqual([await publishedPoint(out, id)]);
  }, 30_000);

  it('gives up on a bucket that accepts the connection and never answers after the config’s request timeout', async () => {
    // an endpoint that takes every connection and says nothing: the store alone would wait minutes
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as { port: number };
    try {
      const quick = join(root, 'silent.json');
      await writeFile(
        quick,
        JSON.stringify({
          out: join(root, 'silent', 'dist'),
          locales: ['en-US'],
          resorts: RESORTS,
          request: { timeout: 1 },
          deploy: { to: TO },
        }),
      );
      let output = '';
      const write = (text: string) => ((output += text), true);
      const code = await build({
        argv: ['--config', quick, '--data', DATA_DIR],
        env: {
          ...s3.env,
          AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
          SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000),
        },
        stdout: { write },
        stderr: { write },
        cwd: REPO,
      });
      expect(code, output).toBe(EXIT.ok);
      expect(sockets.size).toBeGreaterThan(0);
      expect(output).toMatch(
        /^history: there is no previous release and s3:\/\/site\/snow\/ could not be read \(.*timeout.*\): a new history starts$/m,
      );
      for (const id of RESORTS) expect((await season(join(root, 'silent', 'dist'), id)).days).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 30_000);
});
