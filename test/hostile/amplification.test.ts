/**
 * Amplification (scripts/docs/scheduling.md, "Request budget"): with no `allowance` in the config (the account
 * record's is the upstream's word), lists that suddenly name thousands more resorts, or states, stop the build before it asks
 * for them. The requests the server received are the measure.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import {
  buildAgainst,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
} from './upstream.ts';

const FLAGS = ['--locales', 'en-US', '--regions', '251', '--endpoints', 'regions,combinedreport'];
const requestsMade = (upstream: HostileUpstream) =>
  [...upstream.requests.values()].reduce((n, count) => n + count, 0);

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

describe('a scope that grows far beyond the last release’s, the allowance unknown', () => {
  it('5,000 more resorts in a state’s list: the build stops before it asks for them (exit 5)', async () => {
    const out = join(root, 'resorts');
    upstream.reset();
    const first = await buildAgainst(upstream, out, { flags: FLAGS, token: true });
    expect(first.code, first.stderr).toBe(EXIT.ok);
    const manifest = await readFile(join(out, 'api', 'manifest.json'), 'utf8');

    upstream.reset();
    upstream.change(
      (p) => p === '/externalservice/region/251/list',
      (list: { resorts: Array<{ id: number; resortName: string }> }) => {
        for (let i = 0; i < 5000; i++) list.resorts.push({ id: 100_000 + i, resortName: `Resort ${i}` });
      },
    );
    // the lists are due again (a day later)
    const run = await buildAgainst(upstream, out, { flags: [...FLAGS, '--refresh', 'all'], token: true });
    expect(run.code, run.stderr).toBe(EXIT.budget);
    expect(run.stderr).toContain(
      "the upstream's lists name 5002 resorts where the last release had 2 (at most 52 without an allowance in the config)",
    );
    expect(run.stderr).toContain('or run once with --force if the growth is real');
    // the two families' probes, the countries list and the lists of the six states and regions of the
    // country: nothing of the resorts
    expect(requestsMade(upstream)).toBe(9);
    expect([...upstream.requests.keys()].some((url) => url.includes('combinedreport'))).toBe(false);
    expect(await readFile(join(out, 'api', 'manifest.json'), 'utf8')).toBe(manifest);
  }, 120_000);

  it('5,000 more states in the countries list: the build stops before it asks for their lists', async () => {
    const out = join(root, 'states');
    upstream.reset();
    expect((await buildAgainst(upstream, out, { flags: FLAGS, token: true })).code).toBe(EXIT.ok);

    upstream.reset();
    upstream.change(
      (p) => p === '/externalservice/region/countries/list',
      (countries: Array<{ id: number; states: Array<Record<string, unknown>> }>) => {
        const states = countries.find((c) => c.id === 429)!.states;
        for (let i = 0; i < 5000; i++)
          states.push({ id: 200_000 + i, regionName: `State ${i}`, regionType: 'STATE' });
      },
    );
    // the lists are due again (a day later)
    const run = await buildAgainst(upstream, out, { flags: [...FLAGS, '--refresh', 'all'], token: true });
    expect(run.code, run.stderr).toBe(EXIT.budget);
    expect(run.stderr).toMatch(
      /the upstream's lists name 50\d\d region lists where the last release had \d+/,
    );
    expect(requestsMade(upstream)).toBeLessThanOrEqual(3);
  }, 120_000);

  it('is held when the allowance comes from the account record: that is the upstream’s word too', async () => {
    const out = join(root, 'record');
    upstream.reset();
    expect((await buildAgainst(upstream, out, { flags: FLAGS })).code).toBe(EXIT.ok);
    upstream.reset();
    upstream.change(
      (p) => p.startsWith('/externalservice/authorization/account/'),
      (account) => ({ ...account, maxPerMonth: 1_000_000_000 }),
    );
    upstream.change(
      (p) => p === '/externalservice/region/251/list',
      (list: { resorts: Array<{ id: number; resortName: string }> }) => {
        for (let i = 0; i < 300; i++) list.resorts.push({ id: 100_000 + i, resortName: `Resort ${i}` });
      },
    );
    const run = await buildAgainst(upstream, out, { flags: [...FLAGS, '--refresh', 'all'] });
    expect(run.code, run.stderr).toBe(EXIT.budget);
    expect([...upstream.requests.keys()].some((url) => url.includes('combinedreport'))).toBe(false);
  }, 120_000);

  it('is not held when the config states the allowance: the plan is held to it instead', async () => {
    const out = join(root, 'known');
    const config = join(root, 'allowance.json');
    await writeFile(config, JSON.stringify({ allowance: 1_000_000 }));
    upstream.reset();
    expect((await buildAgainst(upstream, out, { flags: FLAGS, config })).code).toBe(EXIT.ok);
    upstream.reset();
    upstream.change(
      (p) => p === '/externalservice/region/251/list',
      (list: { resorts: Array<{ id: number; resortName: string }> }) => {
        for (let i = 0; i < 60; i++) list.resorts.push({ id: 100_000 + i, resortName: `Resort ${i}` });
      },
    );
    const run = await buildAgainst(upstream, out, { flags: [...FLAGS, '--refresh', 'all'], config });
    expect(run.stderr).not.toContain('where the last release had');
    expect([...upstream.requests.keys()].some((url) => url.includes('combinedreport'))).toBe(true);
  }, 120_000);
});
