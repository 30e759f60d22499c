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
import { serveFolder } from '../../scripts/site/static-server.ts';
import { parseConfig, type SnapshotConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/local-source.ts';
import { Manifest } from '../../scripts/snapshot/manifest.ts';
import { remoteSource } from '../../scripts/snapshot/remote-source.ts';
import { runSnapshot, type SnapshotResult } from '../../scripts/snapshot/run.ts';
import type { Source } from '../../scripts/snapshot/source.ts';
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
  const segments = file.replace(/\.json$/, '').split('/').slice(1);
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
    overHttp = await runSnapshot({ config: config('http'), source: remote, families: remote.families, now, refresh: 'all' });
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
    const { source: _a, ...ma } = inProcess.manifest;
    const { source: _b, ...mb } = overHttp.manifest;
    expect(mb).toEqual(ma);
    expect(inProcess.manifest.source.kind).toBe('local');
    expect(overHttp.manifest.source.kind).toBe('remote');
  });

  it('writes a file that parses and validates against its schema for every manifest entry', async () => {
    const dir = join(root, 'local', 'api');
    const files = Object.keys(inProcess.manifest.files);
    expect((await listFiles(dir)).filter((f) => f !== 'manifest.json')).toEqual(files.sort());
    for (const file of files) {
      const result = schemaOfFile(file).safeParse(JSON.parse(await readFile(join(dir, file), 'utf8')));
      expect(result.success ? 'valid' : `${file}: ${result.error.message}`).toBe('valid');
    }
  });

  it('covers every endpoint output in every locale', () => {
    const files = new Set(Object.keys(inProcess.manifest.files));
    const id = dataset.resorts.find((r) => r.webcams.some((w) => w.online) && r.overview.en)!.id;
    for (const locale of LOCALES) {
      for (const path of [
        `resort/${id}/snowreport`,
        'resorts/snowreport/group=all',
        'resorts/snowreport/regionId=240',
        ...[0, 1, 2, 3, 4, 5].flatMap((n) => [`externalservice/resort/${id}/${n}/day/forecast`, `externalservice/resort/${id}/${n}/day/forecast/forecast_only=true`]),
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

  it('is served by a plain static file server at every path the README documents', async () => {
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
    expect(inProcess.manifest.files[`en-US/externalservice/resort/${none.id}/webcams.json`]).toBeUndefined();
  });

  it('leaves no demo secret anywhere in the output', async () => {
    const secrets = dataset.accounts.flatMap((a) => [a.apiKey, a.token, a.email, a.password, encodeURIComponent(a.email)]);
    for (const dir of ['local', 'http']) {
      for (const file of await listFiles(join(root, dir))) {
        const text = await readFile(join(root, dir, file), 'utf8');
        for (const secret of secrets) expect(text.includes(secret), `${dir}/${file}`).toBe(false);
      }
    }
  });

  it('rewrites the quick links of region lists to the mirror\'s own files', async () => {
    const file = 'fr-FR/externalservice/region/251/list.json';
    const list = JSON.parse(await readFile(join(root, 'local', 'api', file), 'utf8'));
    expect(list.restSnowReport).toBe('../../../../fr-FR/externalservice/resort/snowreport/group=region-251.json');
    for (const link of [list.restSnowReport, list.restRegionProfile, list.restCombinedReport]) {
      const target = new URL(link, `file://${join(root, 'local', 'api', file)}`);
      expect((await stat(target)).isFile()).toBe(true);
    }
    expect(list.resortQueryParam).toBe(`${list.resorts.map((r: any) => `resortId=${r.id}`).join('&')}&language=fr&country=FR`);
  });

  it('derives each resort\'s links and profile from the combined report', async () => {
    const id = dataset.resorts[3]!.id;
    const read = async (p: string) => JSON.parse(await readFile(join(root, 'local', 'api', 'fr-FR', p), 'utf8'));
    const combined = await read(`externalservice/resort/${id}/combinedreport.json`);
    expect(await read(`externalservice/resort/${id}/links.json`)).toEqual(combined.links);
    expect(await read(`externalservice/resort/${id}/profile.json`)).toEqual(combined.info);
  });

  it('records the build in the manifest', () => {
    const m = Manifest.parse(inProcess.manifest);
    expect(m.locales).toEqual(LOCALES);
    expect(m.resorts).toHaveLength(dataset.resorts.length);
    expect(m.resorts[0]).toEqual({ id: 20, name: dataset.resorts.find((r) => r.id === 20)!.name });
    expect(m.builtAt).toBe(new Date(FROZEN_NOW).toISOString());
    expect(m.requests.made).toBe(m.requests.lowerBound);
    expect(m.requests.saved).toBeGreaterThan(m.requests.made);
    expect(m.stale).toBe(0);
  });

  it('publishes the output folder as a link to a complete release', async () => {
    expect((await lstat(join(root, 'local'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, 'local'))).toMatch(/^\.local-releases\//);
  });
});

describe('the restricted account', () => {
  it('gets no forecast, overview or webcam files, and no weather in its reports', async () => {
    const result = await snapshot('basic', local(BASIC.email));
    const files = Object.keys(result.manifest.files);
    expect(files.length).toBeGreaterThan(500);
    expect(files.filter((f) => /\/forecast(\/|\.json)|\/overview\.json|\/webcams(\/|\.json)|forecast=true/.test(f))).toEqual([]);
    const id = dataset.resorts[0]!.id;
    const report = JSON.parse(await readFile(join(root, 'basic', 'api', `en-US/externalservice/resort/${id}/snowreport.json`), 'utf8'));
    expect(report.currentWeather).toBeUndefined();
  });
});

describe('rebuilding', () => {
  it('rewrites nothing but the manifest when the data did not change', async () => {
    await snapshot('again', local());
    const before = new Map<string, number>();
    for (const file of await listFiles(join(root, 'again'))) before.set(file, (await stat(join(root, 'again', file))).ino);
    const second = await snapshot('again', local());
    expect(second.summary.written).toBe(1);
    expect(second.summary.unchanged).toBe(before.size - 1);
    for (const file of await listFiles(join(root, 'again'))) {
      if (file !== 'api/manifest.json') expect((await stat(join(root, 'again', file))).ino, file).toBe(before.get(file));
    }
  });

  it('fails on an invalid upstream body and leaves the previous output untouched', async () => {
    await snapshot('guarded', local());
    const link = await readlink(join(root, 'guarded'));
    const manifest = await readFile(join(root, 'guarded', 'api', 'manifest.json'), 'utf8');
    const good = local();
    const broken: Source = {
      ...good,
      async fetch(request) {
        const response = await good.fetch(request);
        if (request.endpoint === 'multi.profile' || request.endpoint === 'multi.combinedreport') {
          const body = JSON.parse(response.body);
          body[String(dataset.resorts[2]!.id)].resortName = 42;
          return { ...response, body: JSON.stringify(body) };
        }
        return response;
      },
    };
    const error = await snapshot('guarded', broken).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('/externalservice/resort/combinedreport (en-US): the body breaks the schema');
    expect((error as Error).message).toContain(`resort ${dataset.resorts[2]!.id}, $["${dataset.resorts[2]!.id}"].resortName`);
    expect(await readlink(join(root, 'guarded'))).toBe(link);
    expect(await readFile(join(root, 'guarded', 'api', 'manifest.json'), 'utf8')).toBe(manifest);
    const leftovers = (await readdir(join(root, '.guarded-releases'))).filter((e) => e.startsWith('.staging'));
    expect(leftovers).toEqual([]);
  });
});
