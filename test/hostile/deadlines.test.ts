/**
 * An upstream that trickles (scripts/ARCHITECTURE.md, "Threat model"): a body sent one byte at a time holds
 * no request past its deadline, under garbage collection too, and the build's own deadline ends the asking
 * and publishes what it has. What the server managed to send before each connection was cut is the
 * measure: the byte counts, not the clock.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import { trickle } from './server.ts';
import {
  buildAgainst,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
} from './upstream.ts';

/** One byte every 20 ms: a 100 KB body would take half an hour. */
const EVERY_MS = 20;
const SLOW_BODY = `[${'0,'.repeat(50_000)}0]`;
const FLAGS = ['--locales', 'en-US', '--regions', '251', '--endpoints', 'regions,combinedreport,snowreport'];
const ONE_VARIANT = { variants: { forecast_only: [false], forecast: [false], links: [true], days: [3] } };

let upstream: HostileUpstream;
let root: string;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  root = await scratch();
});
afterAll(async () => {
  await upstream.close();
  await removeScratch(root);
});

/** Writes a config file and answers its path. */
async function config(name: string, body: object): Promise<string> {
  const file = join(root, `${name}.json`);
  await writeFile(file, JSON.stringify({ ...ONE_VARIANT, ...body }));
  return file;
}

const manifestOf = async (out: string) =>
  Manifest.parse(JSON.parse((await published(out, 'api/manifest.json'))!));

/** Every connection to a path under `prefix`: how many, and the most bytes one got before it was cut. */
function connections(prefix: string): { count: number; cut: number; most: number } {
  let count = 0;
  let most = 0;
  for (const [url, times] of upstream.requests) if (url.startsWith(prefix)) count += times;
  for (const [url, bytes] of upstream.sent) if (url.startsWith(prefix)) most = Math.max(most, bytes);
  const cut = [...upstream.cut].filter((url) => url.startsWith(prefix)).length;
  return { count, cut, most };
}

describe('a body that trickles', () => {
  it('is cut at the request’s deadline on every attempt, under garbage collection, and the rest publishes', async () => {
    const out = join(root, 'trickle');
    const file = await config('trickle', { request: { timeout: 1, attempts: 2 } });
    upstream.reset();
    expect((await buildAgainst(upstream, out, { flags: FLAGS, config: file })).code).toBe(EXIT.ok);

    upstream.reset();
    upstream.replace((p) => p === '/externalservice/resort/combinedreport', trickle(SLOW_BODY, EVERY_MS));
    // collect garbage all through the build: a deadline whose signal could be collected would never fire
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 100);
    const run = await buildAgainst(upstream, out, {
      flags: [...FLAGS, '--refresh', 'all'],
      config: file,
    }).finally(() => clearInterval(collecting));

    expect(run.code, run.stderr).toBe(EXIT.stale);
    const slow = connections('/externalservice/resort/combinedreport');
    // two attempts, each cut after about a second: 50 bytes at one per 20 ms, where the body has 100,003
    expect(slow.count).toBe(2);
    expect(upstream.cut.size).toBe(1);
    expect(slow.most).toBeLessThan(2 * 100);
    const manifest = await manifestOf(out);
    expect(manifest.stale.map((s) => [s.part.split(' ')[1], s.reason])).toEqual([
      ['multi.combinedreport', 'timeout after 1000 ms after 2 attempts'],
    ]);
    // the snow reports were fetched again and published fresh
    expect(run.stderr).toContain('1 part kept from an earlier run and marked stale');
  }, 120_000);
});

describe('the build’s deadline', () => {
  it('stops the asking, ends what is under way and publishes what it has (exit 3)', async () => {
    const out = join(root, 'deadline');
    const file = await config('deadline', { deadline: 1 });
    upstream.reset();
    expect((await buildAgainst(upstream, out, { flags: FLAGS, config: file })).code).toBe(EXIT.ok);

    upstream.reset();
    // every resort's endpoint trickles; the region lists answer at once
    upstream.replace((p) => p.startsWith('/externalservice/resort/'), trickle(SLOW_BODY, EVERY_MS));
    const run = await buildAgainst(upstream, out, { flags: [...FLAGS, '--refresh', 'all'], config: file });
    expect(run.code, run.stderr).toBe(EXIT.stale);
    expect(run.stderr).toContain("the build's deadline (config deadline, 1 s) was reached");
    const slow = connections('/externalservice/resort/');
    // each request under way was ended at the build's deadline, a second in, not at its own 30 s
    expect(slow.cut).toBeGreaterThan(0);
    expect(slow.most).toBeLessThan(2 * 50 + 50);
    const manifest = await manifestOf(out);
    const reasons = new Set(manifest.stale.map((s) => s.reason));
    expect(manifest.stale.length).toBeGreaterThan(0);
    for (const reason of reasons)
      expect(reason).toMatch(
        /^(not asked: the build's deadline was reached|stopped at the build's deadline)/,
      );
    // the region lists were fetched again and are fresh
    expect(manifest.stale.some((s) => s.part.includes('region'))).toBe(false);
  }, 120_000);

  it('publishes a first build too, naming the parts it left out', async () => {
    const out = join(root, 'first');
    const file = await config('first', { deadline: 1 });
    upstream.reset();
    upstream.replace((p) => p.startsWith('/externalservice/resort/'), trickle(SLOW_BODY, EVERY_MS));
    const run = await buildAgainst(upstream, out, { flags: FLAGS, config: file });
    expect(run.code, run.stderr).toBe(EXIT.stale);
    const manifest = await manifestOf(out);
    expect(manifest.missing!.length).toBeGreaterThan(0);
    for (const part of manifest.missing!)
      expect(part.reason).toMatch(
        /^(not asked: the build's deadline was reached|stopped at the build's deadline)/,
      );
    expect(await published(out, 'api/en-US/externalservice/region/251/list.json')).toBeDefined();
  }, 120_000);
});
