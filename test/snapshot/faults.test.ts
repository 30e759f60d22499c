import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../scripts/dataset/generate.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { SnapshotError } from '../../scripts/snapshot/errors.ts';
import { Manifest } from '../../scripts/snapshot/manifest.ts';
import { readState, type State } from '../../scripts/snapshot/state.ts';
import { currentStatePath } from '../../scripts/snapshot/writer.ts';
import { remoteSource } from '../../scripts/snapshot/remote-source.ts';
import { retryAfterMs } from '../../scripts/snapshot/retry.ts';
import { runSnapshot, type SnapshotResult } from '../../scripts/snapshot/run.ts';
import { FATAL, REASON, startFaultServer, TRANSIENT, type Fault, type FaultServer } from './fault-server.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let root: string;
let upstream: FaultServer;
let clock = FROZEN_NOW;
const now = () => clock;

/** Each request's deadline, by its URL: a request the server holds (`hang`) is timed out as it arrives. */
const deadlines = new Map<string, AbortController>();

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-faults-'));
  upstream = await startFaultServer(dataset, now);
  upstream.onHang = (url) => deadlines.get(url)?.abort(new DOMException('the request is held', 'TimeoutError'));
});
afterAll(async () => {
  await upstream.close();
  await rm(root, { recursive: true, force: true });
});

async function build(out: string, extra: Record<string, unknown> = {}, sleeps: number[] = []): Promise<SnapshotResult> {
  const config = parseConfig({ out: join(root, out), locales: ['en-US'], regions: [251], concurrency: 8, ...extra }, 'test');
  const source = await remoteSource({
    baseUrl: upstream.url,
    apiKey: FULL.apiKey,
    legacyBaseUrl: upstream.url,
    email: FULL.email,
    password: FULL.password,
    timeoutMs: 30_000,
    deadline: (target) => {
      const controller = new AbortController();
      deadlines.set(target, controller);
      return controller.signal;
    },
    attempts: 2,
    maxBodyBytes: config.request.maxBodyBytes,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
  });
  try {
    return await runSnapshot({ config, source, families: source.families, now, refresh: 'all' });
  } finally {
    await source.close();
  }
}

/**
 * The published tree is whole: the index parses, the private state of the release it belongs to lists
 * every file with its hash, and the index's stale marks are the state's.
 */
async function assertComplete(out: string): Promise<{ manifest: Manifest; state: State }> {
  const manifest = Manifest.parse(JSON.parse(await readFile(join(root, out, 'api', 'manifest.json'), 'utf8')));
  const state = (await readState((await currentStatePath(join(root, out)))!))!;
  expect(state).toBeDefined();
  for (const [file, entry] of Object.entries(state.files)) {
    const bytes = await readFile(join(root, out, 'api', file));
    expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(entry.sha256);
  }
  // the index names each stale part once, with its file count; the state has the files
  const parts = new Map<string, { since: string; reason: string; files: number }>();
  for (const f of Object.values(state.files)) {
    if (!f.stale) continue;
    const part = parts.get(f.collection) ?? { since: f.stale.since, reason: f.stale.reason, files: 0 };
    part.files++;
    parts.set(f.collection, part);
  }
  expect(manifest.stale).toEqual([...parts].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([part, p]) => ({ part, ...p })));
  expect(manifest.builtAt).toBe(state.builtAt);
  return { manifest, state };
}

describe('a flaky upstream', () => {
  it('never leaves a broken tree: 200 seeded scenarios of faults', async () => {
    upstream.setFaults(() => 'none');
    const first = await build('site');
    expect(first.summary.stale).toBe(0);
    const rnd = random(4242);
    const tally: Record<string, number> = {};
    for (let scenario = 0; scenario < 200; scenario++) {
      clock += 3_600_000;
      const faulted = new Map<string, Fault>();
      const types = [...TRANSIENT, ...TRANSIENT, ...TRANSIENT, ...FATAL];
      const count = Math.floor(rnd() * 4); // 0 to 3 faulty paths
      const paths = ['/externalservice/region/countries/list', '/resorts/snowreport', '/externalservice/resort/snowreport', '/externalservice/resort/combinedreport', '/externalservice/resort/webcams', '/externalservice/resort/forecast', '/externalservice/myaccount/attribution', '/externalservice/resort/20/overview', '/externalservice/resort/428/overview', '/externalservice/region/251/list', '/externalservice/region/401/list', '/externalservice/region/311/list'];
      for (let i = 0; i < count; i++) faulted.set(paths[Math.floor(rnd() * paths.length)]!, types[Math.floor(rnd() * types.length)]!);
      upstream.setFaults((path) => faulted.get(path) ?? 'none');

      const linkBefore = await readlink(join(root, 'site'));
      const manifestBefore = await readFile(join(root, 'site', 'api', 'manifest.json'), 'utf8');
      const result: SnapshotResult | unknown = await build('site').catch((e: unknown) => e);
      const served = [...upstream.served.values()];
      const { manifest, state } = await assertComplete('site');

      if (result instanceof SnapshotError) {
        // nothing published: the tree is exactly what it was
        tally[result.code] = (tally[result.code] ?? 0) + 1;
        expect(await readlink(join(root, 'site'))).toBe(linkBefore);
        expect(await readFile(join(root, 'site', 'api', 'manifest.json'), 'utf8')).toBe(manifestBefore);
        if (result.code === 'secret_leak') expect(served).toContain('token-echo');
        else if (result.code === 'unsafe_output') expect(served.some((f) => (FATAL as readonly string[]).includes(f)), `${result.message} ${served}`).toBe(true);
        else expect(served.some((f) => (TRANSIENT as readonly string[]).includes(f)), `${result.code}: ${result.message} ${served}`).toBe(true);
        expect(result.message).not.toContain(dataset.accounts[0]!.token);
        continue;
      }
      if (!(result && typeof result === 'object' && 'manifest' in result)) throw result;
      const run = result as SnapshotResult;
      const kinds = new Set(run.failures.map((f) => f.kind));
      const outcome = kinds.has('contract') ? 'contract' : kinds.size ? 'stale' : 'fresh';
      tally[outcome] = (tally[outcome] ?? 0) + 1;
      // a body that echoes the token is refused before it can reach a file: as a contract break (a map
      // key that is not an id) or, as drift, by the secret scan that stops the run (above)
      if (served.includes('token-echo')) expect(kinds.has('contract')).toBe(true);
      if (kinds.has('contract')) expect(served.some((f) => f === 'invalid-json' || f === 'schema' || f === 'token-echo')).toBe(true);
      expect(manifest.builtAt).toBe(new Date(clock).toISOString());
      const failed = new Map(run.failures.map((f) => [f.collection, f]));
      for (const [file, entry] of Object.entries(state.files)) {
        const failure = failed.get(entry.collection);
        if (failure) {
          // kept from an earlier run, marked stale with the fault that hit its request; the public mark has no URL
          expect(entry.stale, file).toBeDefined();
          expect(entry.fetchedAt < manifest.builtAt).toBe(true);
          expect(entry.stale!.reason).toBe(failure.short);
          expect(manifest.stale.find((p) => p.part === entry.collection)!.reason).not.toMatch(/http|127\.0\.0\.1|token/);
          if (failure.kind === 'contract') {
            expect(failure.reason).toMatch(/not valid JSON|breaks the contract/);
          } else {
            const path = /"([^"?]+)/.exec(failure.reason)?.[1];
            const fault = path ? faulted.get(path) : undefined;
            expect(fault, failure.reason).toBeDefined();
            expect(failure.reason).toMatch(REASON[fault as keyof typeof REASON]);
          }
          expect(failure.reason).not.toContain(dataset.accounts[0]!.token);
        } else {
          expect(entry.stale, file).toBeUndefined();
          expect(entry.fetchedAt, file).toBe(manifest.builtAt);
        }
      }
    }
    // every kind of outcome happened
    expect(Object.keys(tally).sort()).toEqual(expect.arrayContaining(['fresh', 'stale', 'contract', 'secret_leak']));
    const leftovers = (await readdir(join(root, '.site-releases'))).filter((e) => e.startsWith('.staging'));
    expect(leftovers).toEqual([]);
  }, 240_000);

  it('honours Retry-After and backs off exponentially with jitter', async () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:58 GMT'))).toBe(2000);
    expect(retryAfterMs('soon')).toBeUndefined();
    const sleeps: number[] = [];
    upstream.setFaults((path) => (path === '/externalservice/myaccount/attribution' ? '503' : 'none'));
    clock += 3_600_000;
    const result = await build('site', {}, sleeps);
    expect(result.failures.map((f) => f.collection)).toEqual(['en-US attribution']);
    expect(sleeps).toEqual([250]); // attempt 1 of 2: 500 ms × 2^0 × jitter 0.5
  });

  it('fails on a body over the size limit and keeps the last good copy', async () => {
    upstream.setFaults(() => 'none');
    clock += 3_600_000;
    const result = await build('site', { request: { maxBodyBytes: 4000 } });
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.failures.every((f) => /larger than 4000 bytes/.test(f.reason))).toBe(true);
    await assertComplete('site');
  });
});

describe('hostile data', () => {
  it('never lets markup or script URLs from overviews, links, webcams or logos reach dist/', async () => {
    upstream.setFaults(() => 'xss');
    clock += 3_600_000;
    const result = await build('xss');
    expect(result.failures).toEqual([]);
    const files = Object.keys(result.state!.files);
    let overviews = 0;
    for (const file of files) {
      const text = await readFile(join(root, 'xss', 'api', file), 'utf8');
      expect(text, file).not.toMatch(/<script|<iframe|<img|<svg|<object|<embed|<form|<base|<math|<style|on(error|load|click|mouseover)\s*=|javascript:|vbscript:|data:text\/html|srcdoc/i);
      if (file.endsWith('/overview.json')) {
        overviews++;
        expect(text).toContain('<strong>kept</strong>');
        expect(text).toContain('<a href=\\"https://ok.example/\\" rel=\\"noopener nofollow\\">ok</a>');
      }
    }
    expect(overviews).toBeGreaterThan(0);
    const links = JSON.parse(await readFile(join(root, 'xss', 'api', 'en-US/externalservice/resort/20/links.json'), 'utf8'));
    expect(links.links.skireport.url).toBe('');
  });
});
