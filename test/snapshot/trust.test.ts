/**
 * A scheduled build must never publish wrong data, lose data or fail silently: the source identity, the
 * preflight, the circuit breaker, the refusal to touch a folder the tool did not make, the real service's
 * bodies, and the exit codes that say what happened. Each case runs the CLI the way a scheduler does.
 */
import { createServer } from 'node:http';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { listen } from '../../scripts/service/listen.ts';
import { createService } from '../../scripts/service/service.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { AUTH_BREAKER } from '../../scripts/snapshot/fetch/fetch.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import type { Source } from '../../scripts/snapshot/source/source.ts';
import { readState, type State } from '../../scripts/snapshot/store/state.ts';
import { currentStatePath } from '../../scripts/snapshot/store/writer.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURE = join(REPO, 'test', 'fixtures', 'upstream', 'countries-list.json');
const EPOCH = String(FROZEN_NOW / 1000);

let dataset: Dataset;
let root: string;
let server: RunningServer;
/** Requests the embedded service's HTTP server answered, as its log lines. */
const served: string[] = [];

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-trust-'));
  server = await startServer(dataset, { now: () => FROZEN_NOW, log: (line) => served.push(line) });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run build -- <args>` in-process, with `env` as the whole environment. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await build({
    argv: ['--no-widget', '--locales=en-US', ...args],
    env: { SOURCE_DATE_EPOCH: EPOCH, ...env },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    cwd: REPO,
  });
  return { code, stdout, stderr };
}

const token = () => dataset.accounts.find((a) => a.email === FULL.email)!.token;
const remoteEnv = (url: string, overrides: Record<string, string> = {}) => ({
  RC_BASE_URL: url,
  RC_API_KEY: FULL.apiKey,
  RC_LEGACY_BASE_URL: url,
  RC_TOKEN: token(),
  ...overrides,
});
const stateOf = async (out: string): Promise<State> => (await readState((await currentStatePath(out))!))!;

/** Every file under `dir` (following the published link), relative to it, with its bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.set(full.slice(dir.length + 1), await readFile(full, 'utf8'));
    }
  };
  await walk(dir);
  return out;
}

describe('the source identity', () => {
  it('never carries a file of the embedded sample into a build of another source', async () => {
    // a real-looking upstream: the embedded service over a changed copy of the dataset
    const changed: Dataset = {
      ...dataset,
      resorts: dataset.resorts.map((r) => ({ ...r, name: `${r.name} (live)` })),
    };
    const live = await startServer(changed, { now: () => FROZEN_NOW });
    try {
      const out = join(root, 'switch');
      expect((await cli(['--out', out, '--regions', '251'])).code).toBe(EXIT.ok);
      const sampleTree = await tree(out);
      const switched = await cli(['--out', out, '--regions', '251', '--force'], remoteEnv(live.url));
      expect(switched.code, switched.stderr).toBe(EXIT.ok);
      const state = await stateOf(out);
      expect(state.identity.kind).toBe('remote');
      expect(state.requests.made).toBeGreaterThanOrEqual(state.requests.lowerBound);
      expect(state.requests.lowerBound).toBeGreaterThan(0);
      // a clean build of the same source gives the same tree: nothing of the sample survived
      const clean = join(root, 'switch-clean');
      expect((await cli(['--out', clean, '--regions', '251', '--force'], remoteEnv(live.url))).code).toBe(
        EXIT.ok,
      );
      const after = await tree(out);
      expect([...after.keys()].sort()).toEqual([...(await tree(clean)).keys()].sort());
      let differing = 0;
      for (const [file, text] of after) {
        expect(text, file).toBe((await tree(clean)).get(file));
        if (sampleTree.get(file) !== text) differing++;
      }
      for (const r of changed.resorts.filter((r) => r.stateId === 251 || r.regionIds.includes(251))) {
        expect(after.get(`api/en-US/externalservice/resort/${r.id}/combinedreport.json`)).toContain('(live)');
      }
      expect(differing).toBeGreaterThan(0);
    } finally {
      await live.close();
    }
  }, 60_000);
});

describe('one account, one source', () => {
  it('is the same source by RC_TOKEN and by RC_EMAIL with RC_PASSWORD: files carried over, one ledger entry', async () => {
    const out = join(root, 'same-account');
    const args = ['--out', out, '--regions', '251', '--force'];
    const byToken = await cli([...args, '--refresh', 'all'], remoteEnv(server.url));
    expect(byToken.code, byToken.stderr).toBe(EXIT.ok);
    const first = await stateOf(out);
    const byPassword = await cli(
      [...args, '--refresh', 'due'],
      remoteEnv(server.url, { RC_TOKEN: '', RC_EMAIL: FULL.email, RC_PASSWORD: FULL.password }),
    );
    expect(byPassword.code, byPassword.stderr).toBe(EXIT.ok);
    expect(byPassword.stderr).not.toContain('another source');
    const second = await stateOf(out);
    // nothing was due, so nothing was fetched again: every file is the first run's
    expect(second.requests.byEndpoint).toEqual({});
    expect(Object.keys(second.files).length).toBe(Object.keys(first.files).length);
    for (const [path, f] of Object.entries(second.files))
      expect(f.fetchedAt, path).toBe(first.files[path]!.fetchedAt);
    // one ledger entry adds up both runs: the token request and the probes of the second included
    const ledger = JSON.parse(
      await readFile(join(root, '.same-account-releases', 'ledger.json'), 'utf8'),
    ) as { entries: Array<{ requests: number }> };
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]!.requests).toBe(first.requests.made + second.requests.made + 2);
    // the private state says the same
    expect(second.ledger.requests).toBe(ledger.entries[0]!.requests);
  }, 60_000);
});

describe('the preflight', () => {
  it('spends one request on wrong credentials, publishes nothing and exits with the auth code', async () => {
    const out = join(root, 'wrong');
    expect((await cli(['--out', out, '--regions', '251'], remoteEnv(server.url))).code).toBe(EXIT.ok);
    const link = await readlink(out);
    const before = served.length;
    for (const refresh of ['due', 'all']) {
      const run = await cli(
        ['--out', out, '--regions', '251', '--refresh', refresh],
        remoteEnv(server.url, { RC_TOKEN: 'deadbeef'.repeat(6), RC_API_KEY: 'nope-nope' }),
      );
      expect(run.code, run.stderr).toBe(EXIT.auth);
      expect(run.stderr).toMatch(
        /Family B at http:\/\/127\.0\.0\.1:\d+ \(RC_LEGACY_BASE_URL, RC_TOKEN\) refused the credentials \(HTTP 401\)/,
      );
      expect(run.stderr).not.toContain('deadbeef');
    }
    expect(served.length - before).toBe(2); // one probe per run
    expect(await readlink(out)).toBe(link);
    // the probes are in the month's ledger, under their own credentials; the right ones' count is intact
    const ledger = JSON.parse(await readFile(join(root, '.wrong-releases', 'ledger.json'), 'utf8'));
    expect(ledger.entries.map((e: { requests: number }) => e.requests)).toEqual([
      2,
      (await stateOf(out)).requests.made,
    ]);
  });

  it('refuses a wrong e-mail address or password at the token request', async () => {
    const before = served.length;
    const run = await cli(['--out', join(root, 'wrong-password'), '--regions', '251'], {
      RC_LEGACY_BASE_URL: server.url,
      RC_EMAIL: FULL.email,
      RC_PASSWORD: 'not-the-password',
    });
    expect(run.code).toBe(EXIT.auth);
    expect(run.stderr).toContain('check RC_EMAIL and RC_PASSWORD');
    expect(run.stderr).not.toContain('not-the-password');
    expect(served.length - before).toBe(1);
    await expect(lstat(join(root, 'wrong-password'))).rejects.toThrow();
  });

  it('stops at an unreachable upstream before spending anything and exits with its own code', async () => {
    const run = await cli(
      [
        '--out',
        join(root, 'unreachable'),
        '--resorts',
        '20',
        '--config',
        await requestConfig({ attempts: 1 }),
      ],
      {
        RC_BASE_URL: 'http://127.0.0.1:9',
        RC_API_KEY: FULL.apiKey,
      },
    );
    expect(run.code).toBe(EXIT.unreachable);
    expect(run.stderr).toMatch(
      /Family A at http:\/\/127\.0\.0\.1:9 \(RC_BASE_URL, RC_API_KEY\) cannot be reached: .*ECONNREFUSED/,
    );
    await expect(lstat(join(root, 'unreachable'))).rejects.toThrow();
  });
});

/** A config file with `request` settings. */
async function requestConfig(request: Record<string, unknown>): Promise<string> {
  const file = join(root, `config-${Object.values(request).join('-')}.json`);
  await writeFile(file, JSON.stringify({ request }));
  return file;
}

describe('the circuit breaker', () => {
  it(`stops a run after ${AUTH_BREAKER} answers of 401 in a row instead of walking the whole plan`, async () => {
    const local = localSource(dataset, { account: FULL.email, now: () => FROZEN_NOW });
    let calls = 0;
    const revoked: Source = {
      ...local,
      async fetch(request) {
        calls++;
        // the credentials are revoked once discovery is done
        return request.endpoint.startsWith('region.')
          ? local.fetch(request)
          : { status: 401, body: '{"status":401,"error":"unauthorized","message":"the token is not valid"}' };
      },
    };
    const config = parseConfig({ out: join(root, 'revoked'), locales: ['en-US'], concurrency: 1 }, 'test');
    const error = await runSnapshot({
      config,
      source: revoked,
      families: new Set(['A', 'B']),
      now: () => FROZEN_NOW,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'upstream_auth' });
    const discovery = 1 + 33; // the countries list and the lists of its states and regions
    expect(calls).toBeLessThanOrEqual(discovery + AUTH_BREAKER + 2 * config.concurrency);
    await expect(lstat(join(root, 'revoked'))).rejects.toThrow();
  });
});

describe('folders the tool did not make', () => {
  it('refuses an existing output folder and touches nothing in it', async () => {
    const out = join(root, 'theirs');
    await mkdir(out);
    await writeFile(join(out, 'keep.txt'), 'x');
    const run = await cli(['--out', out, '--resorts', '20']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(
      `${out} is a folder with 1 entry that this tool did not make; nothing was touched`,
    );
    expect(await readFile(join(out, 'keep.txt'), 'utf8')).toBe('x');
    expect(await readdir(out)).toEqual(['keep.txt']);
    await expect(lstat(join(root, '.theirs-releases'))).rejects.toThrow();
  });

  it('refuses a releases folder it did not make, and a link that points elsewhere', async () => {
    const out = join(root, 'odd');
    await mkdir(join(root, '.odd-releases'));
    await writeFile(join(root, '.odd-releases', 'notes.txt'), 'mine');
    expect((await cli(['--out', out, '--resorts', '20'])).code).toBe(EXIT.usage);
    expect(await readdir(join(root, '.odd-releases'))).toEqual(['notes.txt']);
    const elsewhere = join(root, 'elsewhere');
    await mkdir(elsewhere);
    await symlink(elsewhere, join(root, 'linked'));
    expect((await cli(['--out', join(root, 'linked'), '--resorts', '20'])).code).toBe(EXIT.usage);
    expect(await readlink(join(root, 'linked'))).toBe(elsewhere);
  });

  it('takes an empty folder, and marks the releases folder as its own', async () => {
    const out = join(root, 'empty');
    await mkdir(out);
    expect((await cli(['--out', out, '--resorts', '20'])).code).toBe(EXIT.ok);
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect(await readdir(join(root, '.empty-releases'))).toContain('.resort-conditions');
  });
});

describe("the real service's bodies", () => {
  it('publishes the real countries list, with no drift and no token of its quick links', async () => {
    const countries = await readFile(FIXTURE, 'utf8');
    const service = createService(dataset, { now: () => FROZEN_NOW });
    const http = createServer((request, response) => {
      const url = request.url ?? '/';
      const real = url.startsWith('/externalservice/region/countries/list');
      const answer = real
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: countries }
        : service({ method: 'GET', url, headers: request.headers as Record<string, string> });
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
    const upstream = await listen(http);
    try {
      const out = join(root, 'real');
      // Andorra (228) has three resorts; the embedded service does not know them, so they have no reports
      const run = await cli(['--out', out, '--regions', '228', '--endpoints', 'regions,snowreport'], {
        RC_LEGACY_BASE_URL: upstream.url,
        RC_TOKEN: token(),
      });
      expect(run.code, run.stderr).toBe(EXIT.ok);
      // a state may go without its regionType, as one of the real list does (scripts/api/README.md, "Drift and wrong")
      expect(run.stderr).not.toContain('drift');
      const state = await stateOf(out);
      expect(state.drift['region.countries']).toBeUndefined();
      const published = JSON.parse(
        await readFile(join(out, 'api', 'en-US/externalservice/region/countries/list.json'), 'utf8'),
      );
      expect(published).toHaveLength(35);
      // a snapshot of some resorts lists those only (of the 1,904 the real list names): every id it names has files
      expect(countries.match(/"resortName"/g)!.length).toBeGreaterThanOrEqual(1904);
      expect(
        published.flatMap((c: { resorts: Array<{ id: number }> }) => c.resorts.map((r) => r.id)).sort(),
      ).toEqual([1547, 1548, 1549].sort());
      const swiss = published.find((c: { states: Array<{ id: number }> }) =>
        c.states.some((s) => s.id === 1249),
      );
      expect(swiss.states.find((s: { id: number }) => s.id === 1249)).toEqual({
        id: 1249,
        regionName: 'TdG - Valais',
      });
      const manifest = Manifest.parse(JSON.parse(await readFile(join(out, 'api', 'manifest.json'), 'utf8')));
      expect(manifest.resorts.map((r) => r.name)).toEqual([
        'Grandvalira',
        'Vallnord / Arcalís',
        'Vallnord / Pal-Arinsal',
      ]);
      for (const [file, text] of await tree(out)) {
        expect(text, file).not.toContain('0123456789abcdef0123456789abcdef');
        expect(text, file).not.toContain(token());
      }
    } finally {
      await upstream.close();
    }
  }, 60_000);
});

describe('the public index', () => {
  it('is byte-identical across two builds of identical data, and holds no ledger or counts', async () => {
    const out = join(root, 'twice');
    expect((await cli(['--out', out, '--regions', '251'])).code).toBe(EXIT.ok);
    const first = await readFile(join(out, 'api', 'manifest.json'), 'utf8');
    expect((await cli(['--out', out, '--regions', '251'])).code).toBe(EXIT.ok);
    expect(await readFile(join(out, 'api', 'manifest.json'), 'utf8')).toBe(first);
    expect(first).not.toMatch(/ledger|requests|sha256|fetchedAt/);
    const state = await stateOf(out);
    expect(state.ledger.requests).toBe(2 * state.requests.made);
  });
});

describe('a plan that fits the allowance', () => {
  const ALL =
    '--locales=en-US,en-GB,de-DE,fr-FR,it-IT,es-ES,nl-NL,pt-PT,sv-SE,no-NO,da-DK,fi-FI,pl-PL,cs-CZ,sl-SI,ja-JP';

  it('is proposed by --plan when the projection is over, and applied by "budget": "fit"', async () => {
    const plan = await cli(['--plan', '--out', join(root, 'plan'), ALL]);
    // the embedded service spends no allowance: its plan exits as its build would start, with 0
    expect(plan.code).toBe(EXIT.ok);
    expect(plan.stdout).toContain('Projected: 144240 of 100000 requests per month');
    expect(plan.stdout).toContain('the same plan against a real upstream exits 5');
    expect(plan.stdout).toContain('Projected after fitting: 76160 of 100000 requests per month (76.2 %)');
    expect(plan.stdout).toContain('"budget": "fit"');
    const config = join(root, 'fit.json');
    await writeFile(config, JSON.stringify({ budget: 'fit' }));
    const fitted = await cli(['--config', config, '--plan', '--out', join(root, 'plan'), ALL]);
    expect(fitted.code, fitted.stdout).toBe(EXIT.ok);
    expect(fitted.stdout).toContain('Projected: 76160 of 100000 requests per month (76.2 %');
  });
});
