import { lstat, mkdtemp, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { SnowReportList } from '../../scripts/api/schemas/family-a.ts';
import { schemaFor } from '../../scripts/api/schemas/by-endpoint.ts';
import { matchRoute } from '../../scripts/api/endpoints.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';
import { parseConfig, type SnapshotConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import { readState } from '../../scripts/snapshot/store/state.ts';
import { remoteSource } from '../../scripts/snapshot/source/remote.ts';
import { runSnapshot, type SnapshotResult } from '../../scripts/snapshot/run.ts';
import type { Source } from '../../scripts/snapshot/source/source.ts';
import { BASIC, FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let root: string;
let server: RunningServer;
const now = () => FROZEN_NOW;
const LOCALES = ['en-US', 'fr-FR'];

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-snapshot-'));
  server = await startServer(dataset, { port: 0, now });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const config = (out: string, extra: Record<string, unknown> = {}): SnapshotConfig =>
  parseConfig({ out: join(root, out), locales: LOCALES, ...extra }, 'test');
const local = (account = FULL.email) => localSource(dataset, { account, now });
const snapshot = (out: string, source: Source, extra: Record<string, unknown> = {}) =>
  runSnapshot({ config: config(out, extra), source, families: new Set(['A', 'B']), now, refresh: 'all' });

/** Every file under `dir` (following the published link), relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/** The schema a published file must satisfy, found from its path alone. */
function schemaOfFile(file: string): z.ZodType {
  const segments = file
    .replace(/\.json$/, '')
    .split('/')
    .slice(1);
  const path = segments.filter((s) => !s.includes('='));
  const match = matchRoute(path);
  if (!match) throw new Error(`no endpoint for ${file}`);
  if (match.endpoint.id === 'a.snowreport') return SnowReportList;
  return schemaFor(match.endpoint);
}

describe('a snapshot of the embedded service', () => {
  let inProcess: SnapshotResult;
  let overHttp: SnapshotResult;

  beforeAll(async () => {
    inProcess = await snapshot('local', local());
    const token = dataset.accounts.find((a) => a.email === FULL.email)!.token;
    const remote = await remoteSource({
      baseUrl: server.url,
      apiKey: FULL.apiKey,
      legacyBaseUrl: server.url,
      token,
      timeoutMs: 10_000,
      attempts: 1,
      maxBodyBytes: 1 << 26,
    });
    overHttp = await runSnapshot({
      config: config('http'),
      source: remote,
      families: remote.families,
      now,
      refresh: 'all',
    });
    await remote.close();
  });

  it('is byte-identical in-process and over HTTP', async () => {
    const a = join(root, 'local');
    const b = join(root, 'http');
    const files = await listFiles(a);
    expect(await listFiles(b)).toEqual(files);
    for (const file of files.filter((f) => f !== 'api/manifest.json')) {
      expect((await readFile(join(b, file))).equals(await readFile(join(a, file))), file).toBe(true);
    }
    const { source: _a, ...ma } = inProcess.manifest!;
    const { source: _b, ...mb } = overHttp.manifest!;
    expect(mb).toEqual(ma);
    expect(inProcess.manifest!.source.kind).toBe('local');
    expect(overHttp.manifest!.source.kind).toBe('remote');
    expect(overHttp.state!.files).toEqual(inProcess.state!.files);
  });

  it('writes a file that parses and validates against its schema for every manifest entry', async () => {
    const dir = join(root, 'local', 'api');
    const files = Object.keys(inProcess.state!.files);
    expect((await listFiles(dir)).filter((f) => f !== 'manifest.json')).toEqual(files.sort());
    for (const file of files) {
      const result = schemaOfFile(file).safeParse(JSON.parse(await readFile(join(dir, file), 'utf8')));
      expect(result.success ? 'valid' : `${file}: ${result.error.message}`).toBe('valid');
    }
  });

  it('covers every endpoint output in every locale', () => {
    const files = new Set(Object.keys(inProcess.state!.files));
    const id = dataset.resorts.find((r) => r.webcams.some((w) => w.online) && r.overview.en)!.id;
    for (const locale of LOCALES) {
      for (const path of [
        `resort/${id}/snowreport`,
        'resorts/snowreport/group=all',
        'resorts/snowreport/regionId=240',
        ...[0, 1, 2, 3, 4, 5].flatMap((n) => [
          `externalservice/resort/${id}/${n}/day/forecast`,
          `externalservice/resort/${id}/${n}/day/forecast/forecast_only=true`,
        ]),
        `externalservice/resort/${id}/links`,
        `externalservice/resort/${id}/profile`,
        `externalservice/resort/${id}/snowreport`,
        `externalservice/resort/${id}/snowreport/forecast_only=true`,
        `externalservice/resort/${id}/combinedreport`,
        `externalservice/resort/${id}/combinedreport/forecast_only=true/forecast=true/links=false`,
        `externalservice/resort/${id}/webcams`,
        ...['snowreport', 'profile', 'combinedreport', 'webcams', 'forecast'].flatMap((t) => [
          `externalservice/resort/${t}/group=all`,
          `externalservice/resort/${t}/ordered/group=all`,
          `externalservice/resort/${t}/group=region-240`,
          `externalservice/resort/${t}/ordered/group=region-251`,
        ]),
        'externalservice/region/countries/list',
        'externalservice/region/429/list',
        'externalservice/region/251/list',
        'externalservice/myaccount/attribution',
      ]) {
        expect(files.has(`${locale}/${path}.json`), `${locale}/${path}.json`).toBe(true);
      }
    }
    expect(files.has(`en-US/externalservice/resort/${id}/overview.json`)).toBe(true);
    expect([...files].some((f) => f.includes('authorization'))).toBe(false);
  });

  it('is served by a plain static file server at every path scripts/README.md documents', async () => {
    const files = await serveFolder(join(root, 'local'));
    try {
      for (const path of [
        'en-US/externalservice/resort/20/snowreport.json',
        'en-US/externalservice/resort/20/snowreport/forecast_only=true.json',
        'fr-FR/externalservice/resort/20/5/day/forecast.json',
        'en-US/externalservice/resort/20/combinedreport/forecast_only=true/forecast=true/links=false.json',
        'en-US/externalservice/resort/20/links.json',
        'en-US/externalservice/resort/20/profile.json',
        'en-US/externalservice/resort/snowreport/group=all.json',
        'en-US/externalservice/resort/profile/ordered/group=region-251.json',
        'en-US/externalservice/region/251/list.json',
        'en-US/externalservice/region/countries/list.json',
        'en-US/externalservice/myaccount/attribution.json',
        'en-US/resorts/snowreport/group=all.json',
        'en-US/resorts/snowreport/regionId=242.json',
        'en-US/resort/20/snowreport.json',
        'manifest.json',
      ]) {
        const response = await fetch(`${files.url}/api/${path}`);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(await response.json()).toBeTruthy();
      }
    } finally {
      await files.close();
    }
  });

  it('publishes no file for webcams the service answers 404 for', () => {
    const none = dataset.resorts.find((r) => r.webcams.length === 0)!;
    expect(inProcess.state!.files[`en-US/externalservice/resort/${none.id}/webcams.json`]).toBeUndefined();
  });

  it('leaves no demo secret anywhere in the output', async () => {
    const secrets = dataset.accounts.flatMap((a) => [
      a.apiKey,
      a.token,
      a.email,
      a.password,
      encodeURIComponent(a.email),
    ]);
    for (const dir of ['local', 'http']) {
      for (const file of await listFiles(join(root, dir))) {
        const text = await readFile(join(root, dir, file), 'utf8');
        for (const secret of secrets) expect(text.includes(secret), `${dir}/${file}`).toBe(false);
      }
    }
  });

  it("rewrites the quick links of region lists to the mirror's own files", async () => {
    const file = 'fr-FR/externalservice/region/251/list.json';
    const list = JSON.parse(await readFile(join(root, 'local', 'api', file), 'utf8'));
    expect(list.restSnowReport).toBe(
      '../../../../fr-FR/externalservice/resort/snowreport/group=region-251.json',
    );
    for (const link of [list.restSnowReport, list.restRegionProfile, list.restCombinedReport]) {
      const target = new URL(link, `file://${join(root, 'local', 'api', file)}`);
      expect((await stat(target)).isFile()).toBe(true);
    }
    expect(list.resortQueryParam).toBe(
      `${list.resorts.map((r: any) => `resortId=${r.id}`).join('&')}&language=fr&country=FR`,
    );
  });

  it("derives each resort's links and profile from the combined report", async () => {
    const id = dataset.resorts[3]!.id;
    const read = async (p: string) =>
      JSON.parse(await readFile(join(root, 'local', 'api', 'fr-FR', p), 'utf8'));
    const combined = await read(`externalservice/resort/${id}/combinedreport.json`);
    expect(await read(`externalservice/resort/${id}/links.json`)).toEqual(combined.links);
    expect(await read(`externalservice/resort/${id}/profile.json`)).toEqual(combined.info);
  });

  it('publishes an index of what readers need and nothing more', async () => {
    const m = Manifest.parse(JSON.parse(await readFile(join(root, 'local', 'api', 'manifest.json'), 'utf8')));
    expect(Object.keys(m)).toEqual(['version', 'builtAt', 'source', 'locales', 'resorts', 'stale']);
    expect(m.locales).toEqual(LOCALES);
    expect(m.resorts).toHaveLength(dataset.resorts.length);
    expect(m.resorts[0]).toEqual({ id: 20, name: dataset.resorts.find((r) => r.id === 20)!.name });
    expect(m.builtAt).toBe(new Date(FROZEN_NOW).toISOString());
    expect(m.stale).toEqual([]);
    expect((await stat(join(root, 'local', 'api', 'manifest.json'))).size).toBeLessThan(4096);
  });

  it('keeps the request counts, hashes and ledger in the private state beside the releases', async () => {
    const state = inProcess.state!;
    expect(state.requests.made).toBe(state.requests.lowerBound);
    expect(state.requests.saved).toBeGreaterThan(state.requests.made);
    expect(state.ledger).toEqual({ month: '2026-02', requests: state.requests.made });
    expect(state.identity.kind).toBe('local');
    const link = await readlink(join(root, 'local'));
    const onDisk = await readState(join(root, `${link}.state.json`));
    expect(onDisk).toEqual(state);
    expect((await listFiles(join(root, 'local'))).some((f) => f.includes('state'))).toBe(false);
  });

  it('publishes the output folder as a link to a complete release', async () => {
    expect((await lstat(join(root, 'local'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'local'))).toMatch(/^\.local-releases\//);
  });
});

describe('the restricted account', () => {
  it('gets no forecast, overview or webcam files, and no weather in its reports', async () => {
    const result = await snapshot('basic', local(BASIC.email));
    const files = Object.keys(result.state!.files);
    expect(files.length).toBeGreaterThan(500);
    expect(
      files.filter((f) =>
        /\/forecast(\/|\.json)|\/overview\.json|\/webcams(\/|\.json)|forecast=true/.test(f),
      ),
    ).toEqual([]);
    const id = dataset.resorts[0]!.id;
    const report = JSON.parse(
      await readFile(
        join(root, 'basic', 'api', `en-US/externalservice/resort/${id}/snowreport.json`),
        'utf8',
      ),
    );
    expect(report.currentWeather).toBeUndefined();
  });
});

describe('rebuilding', () => {
  it('rewrites nothing, the index included, when the data did not change', async () => {
    await snapshot('again', local());
    const before = new Map<string, number>();
    for (const file of await listFiles(join(root, 'again')))
      before.set(file, (await stat(join(root, 'again', file))).ino);
    const second = await snapshot('again', local());
    expect(second.summary.written).toBe(0);
    expect(second.summary.unchanged).toBe(before.size);
    for (const file of await listFiles(join(root, 'again')))
      expect((await stat(join(root, 'again', file))).ino, file).toBe(before.get(file));
  });

  it('keeps the last good files of a part whose body breaks the contract, marked stale, and publishes the rest', async () => {
    const first = await snapshot('guarded', local());
    const broken: Source = {
      ...local(),
      async fetch(request) {
        const response = await local().fetch(request);
        return request.endpoint === 'attribution'
          ? { ...response, body: '{"requiresAttribution": "yes",' }
          : response;
      },
    };
    const result = await snapshot('guarded', broken);
    expect(result.failures.map((f) => [f.collection, f.kind, f.kept])).toEqual([
      ['en-US attribution', 'contract', true],
      ['fr-FR attribution', 'contract', true],
    ]);
    const file = 'en-US/externalservice/myaccount/attribution.json';
    expect(result.state!.files[file]!.stale).toEqual({
      since: first.state!.files[file]!.fetchedAt,
      reason: result.failures[0]!.short,
    });
    expect(result.failures[0]!.short).toMatch(/^is not valid JSON/);
    expect(result.manifest!.stale).toEqual([
      { part: 'en-US attribution', ...result.state!.files[file]!.stale, files: 1 },
      {
        part: 'fr-FR attribution',
        ...result.state!.files['fr-FR/externalservice/myaccount/attribution.json']!.stale,
        files: 1,
      },
    ]);
    expect(Object.values(result.state!.files).filter((f) => f.stale)).toHaveLength(2);
    const leftovers = (await readdir(join(root, '.guarded-releases'))).filter((e) =>
      e.startsWith('.staging'),
    );
    expect(leftovers).toEqual([]);
  });

  it('keeps only the files that hold a resort whose record breaks the contract; the other resorts stay fresh', async () => {
    const first = await snapshot('one-record', local());
    const id = dataset.resorts[2]!.id;
    const broken: Source = {
      ...local(),
      async fetch(request) {
        const response = await local().fetch(request);
        if (request.endpoint === 'multi.combinedreport') {
          const body = JSON.parse(response.body);
          body[String(id)].resortName = 42;
          return { ...response, body: JSON.stringify(body) };
        }
        return response;
      },
    };
    const result = await snapshot('one-record', broken);
    const contract = result.failures.filter((f) => f.kind === 'contract');
    // every combined-report collection (8 variants × 2 locales) had the broken record; nothing else did
    expect(contract).toHaveLength(16);
    expect(result.failures).toHaveLength(16);
    expect(contract.every((f) => f.kept && f.resorts?.length === 1 && f.resorts[0] === id)).toBe(true);
    const enUS = contract.find((f) => f.collection.startsWith('en-US multi.combinedreport'))!;
    expect(enUS.reason).toBe(
      `/externalservice/resort/combinedreport (en-US): the record of resort ${id} breaks the contract: $["${id}"].resortName: Invalid input: expected string, received number`,
    );
    expect(enUS.short).toBe(`the record of resort ${id} broke the contract`);

    const files = result.state!.files;
    const own = `en-US/externalservice/resort/${id}/combinedreport.json`;
    expect(files[own]!.stale).toEqual({
      since: first.state!.files[own]!.fetchedAt,
      reason: `the record of resort ${id} breaks the contract`,
    });
    expect(JSON.parse(await readFile(join(root, 'one-record', 'api', own), 'utf8')).resortName).toBe(
      dataset.resorts[2]!.name,
    );
    // its links and profile come from the same record: kept too
    for (const derived of ['links', 'profile'])
      expect(files[`en-US/externalservice/resort/${id}/${derived}.json`]!.stale, derived).toBeDefined();
    // every other resort's files of the same answer are fresh
    const other = dataset.resorts.find((r) => r.id !== id)!.id;
    expect(files[`en-US/externalservice/resort/${other}/combinedreport.json`]!.stale).toBeUndefined();
    expect(files[`en-US/externalservice/resort/${other}/profile.json`]!.stale).toBeUndefined();
    // what is stale is the resort's own files and the group files that hold it, nothing else
    const stale = Object.entries(files).filter(([, f]) => f.stale);
    for (const [path, f] of stale) {
      expect(f.collection, path).toMatch(/multi\.combinedreport/);
      const group = /group=(all|region-\d+)/.exec(path);
      if (group) {
        const ids = result.scope.groups.find((g) => g.name === group[1])!.ids;
        expect(ids, path).toContain(id);
      } else {
        expect(path, path).toContain(`/resort/${id}/`);
      }
    }
    const staleCount = stale.length;
    const collectionFiles = Object.values(files).filter((f) =>
      /multi\.combinedreport/.test(f.collection),
    ).length;
    expect(staleCount).toBeGreaterThan(0);
    expect(staleCount * 5).toBeLessThan(collectionFiles);
    // the index names each stale part once, with the files it keeps
    expect(result.manifest!.stale).toHaveLength(16);
    expect(result.manifest!.stale.reduce((n, p) => n + p.files, 0)).toBe(staleCount);
    expect(result.manifest!.missing).toBeUndefined();
  });

  it('leaves out a part whose body breaks the contract when it has no earlier copy, and says so', async () => {
    const broken: Source = {
      ...local(),
      async fetch(request) {
        const response = await local().fetch(request);
        return request.endpoint === 'attribution'
          ? { ...response, body: '{"requiresAttribution": "yes",' }
          : response;
      },
    };
    const result = await snapshot('fresh-broken', broken);
    expect(result.failures.map((f) => [f.collection, f.kind, f.kept])).toEqual([
      ['en-US attribution', 'contract', false],
      ['fr-FR attribution', 'contract', false],
    ]);
    expect(result.failures[0]!.reason).toMatch(/attribution \(en-US\): the body is not valid JSON/);
    expect(Object.keys(result.state!.files).filter((f) => f.includes('attribution'))).toEqual([]);
    expect(Object.keys(result.state!.files).length).toBeGreaterThan(1000);
  });
});
