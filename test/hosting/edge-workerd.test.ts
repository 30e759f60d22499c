/**
 * The edge function deployed as the docs say (scripts/docs/hosting.md, "Per host", Cloudflare Workers): a
 * build of two resorts in en-US, the docs' own `wrangler.jsonc` beside it, and `wrangler dev` (the npm
 * package's workerd, offline on 127.0.0.1) running `_mirror/edge-worker.js` with the tree as its static
 * assets. Every answer the docs' tables document for the edge function: the service's URLs onto their
 * files, the refusals in the service's error shape with their status codes, and the headers (one JSON
 * Content-Type, CORS, nosniff, the endpoint's lifetime), and the files the asset server answers itself.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_TYPES } from '../../scripts/api/feeds.ts';
import { ASSET_POLICY, FEED_CACHE_CONTROL } from '../../scripts/api/headers.ts';
import { ErrorBody } from '../../scripts/api/schemas/error.ts';
import { build } from '../../scripts/cli/build.ts';
import { mirrorErrors } from '../../scripts/hosting/rewrites.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';
import { REPO } from '../deploy/helpers.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const ERRORS = mirrorErrors(['en-US']);
const sink = { write: () => true };

let site: string;
let dist: string;
let url: string;
let output = '';
let close: (() => Promise<void>) | undefined;

/** The `wrangler.jsonc` of scripts/docs/hosting.md, "Per host", as a partner copies it. */
async function documentedConfig(): Promise<string> {
  const text = await readFile(join(REPO, 'scripts/docs/hosting.md'), 'utf8');
  const section = text.split('### Per host')[1]!.split('\n## ')[0]!;
  const block = /\n( *)```jsonc\n([\s\S]*?)\n\1```\n/.exec(section);
  expect(block, 'scripts/docs/hosting.md, "Per host": the wrangler.jsonc block').not.toBeNull();
  return block![2]!.replace(new RegExp(`^${block![1]}`, 'gm'), '');
}

/** `wrangler dev` in `cwd` (its config there), with no network of its own; answers its URL. */
async function startWranglerDev(cwd: string, home: string): Promise<string> {
  const bin = join(REPO, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = ['dev', '--ip', '127.0.0.1', '--port', '0', '--inspector-port', '0'];
  const child = spawn(process.execPath, [bin, ...args, '--show-interactive-dev-session=false'], {
    cwd,
    // its own process group, so that closing it ends workerd too
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      CI: 'true',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      WRANGLER_HIDE_BANNER: 'true',
      WRANGLER_LOG_PATH: join(home, 'logs'),
      NO_COLOR: '1',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  close = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  return new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`wrangler dev exited (${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'rc-edge-workerd-'));
  dist = join(site, 'dist');
  const code = await build({
    argv: ['--out', dist, '--locales', 'en-US', '--resorts', '20,25', '--no-widget', '--data', DATA_DIR],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    cwd: site,
  });
  expect(code).toBe(0);
  // an image copy as the build names them (a build in a test copies none)
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'assets', '0123abcd.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(site, 'wrangler.jsonc'), await documentedConfig());
  const home = join(site, 'home');
  await mkdir(home);
  url = await startWranglerDev(site, home);
}, 120_000);

afterAll(async () => {
  await close?.();
  await rm(site, { recursive: true, force: true });
});

const lifetime = (seconds: number) => `public, max-age=${seconds}, stale-while-revalidate=${seconds * 4}`;
const FAMILY_A = { 'x-api-key': 'any' };

/**
 * What the mirror answers (scripts/docs/hosting.md, "What the mirror answers"): a request, the file under
 * `dist/api/en-US/`, and its lifetime from the table of "Hosting" (the quick links' landing files: 900).
 */
const ANSWERS: Array<[string, string, number, Record<string, string>?]> = [
  ['/externalservice/resort/20/snowreport?token=t', 'externalservice/resort/20/snowreport', 1800],
  [
    '/externalservice/resort/20/snowreport?forecast_only=TRUE&country=us&token=t&language=EN',
    'externalservice/resort/20/snowreport/forecast_only=true',
    1800,
  ],
  ['/externalservice/resort/25/profile?language=en&country=US', 'externalservice/resort/25/profile', 86400],
  ['/externalservice/resort/25/links?token=t', 'externalservice/resort/25/links', 86400],
  ['/externalservice/resort/20/overview?token=t', 'externalservice/resort/20/overview', 86400],
  ['/externalservice/resort/20/webcams?token=t', 'externalservice/resort/20/webcams', 900],
  ['/externalservice/resort/20/2/day/forecast?token=t', 'externalservice/resort/20/2/day/forecast', 1800],
  [
    '/externalservice/resort/25/5/day/forecast?forecast_only=true',
    'externalservice/resort/25/5/day/forecast/forecast_only=true',
    1800,
  ],
  ['/externalservice/resort/20/combinedreport?token=t', 'externalservice/resort/20/combinedreport', 900],
  [
    '/externalservice/resort/20/combinedreport?links=false&forecast=true',
    'externalservice/resort/20/combinedreport/forecast=true/links=false',
    900,
  ],
  ['/externalservice/region/countries/list?token=t', 'externalservice/region/countries/list', 21600],
  ['/externalservice/region/251/list?token=t', 'externalservice/region/251/list', 21600],
  ['/externalservice/region/253/list?token=t', 'externalservice/region/253/list', 21600],
  ['/externalservice/myaccount/attribution?token=t', 'externalservice/myaccount/attribution', 21600],
  [
    '/externalservice/resort/snowreport?token=t&resortId=20&resortId=25&language=en&country=US',
    'externalservice/resort/snowreport/group=all',
    1800,
  ],
  [
    '/externalservice/resort/combinedreport?resortId=25,20',
    'externalservice/resort/combinedreport/group=all',
    900,
  ],
  [
    '/externalservice/resort/profile/ordered?resortId=20&resortId=25',
    'externalservice/resort/profile/ordered/group=all',
    86400,
  ],
  [
    '/en-US/externalservice/resort/snowreport/group=all.json',
    'externalservice/resort/snowreport/group=all',
    900,
  ],
  ['/resort/20/snowreport', 'resort/20/snowreport', 1800, FAMILY_A],
  ['/resort/25/snowreport', 'resort/25/snowreport', 1800, { ...FAMILY_A, locale: 'en-US' }],
  ['/resorts/snowreport', 'resorts/snowreport/group=all', 1800, { ...FAMILY_A, locale: 'en' }],
  ['/resorts/snowreport?regionId=251', 'resorts/snowreport/regionId=251', 1800, FAMILY_A],
];

/** A Family B URL of exactly `length` characters (a padding parameter the mirror ignores). */
const urlOfLength = (length: number) => {
  const head = '/externalservice/resort/20/profile?token=t&pad=';
  return head + 'x'.repeat(length - head.length);
};

/**
 * What it cannot answer (scripts/docs/hosting.md, "What it cannot answer"): a request, its status, and the
 * error body's `error` and, where it is one of the mirror's fixed bodies, that body.
 */
const REFUSALS: ReadonlyArray<{
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  status: number;
  error: string;
  body?: keyof typeof ERRORS;
}> = [
  {
    name: 'a set of resorts no group has',
    path: '/externalservice/resort/snowreport?resortId=20&resortId=999',
    status: 400,
    error: 'bad_request',
    body: 'resort-set',
  },
  {
    name: 'the ordered form in another order',
    path: '/externalservice/resort/profile/ordered?resortId=25&resortId=20',
    status: 400,
    error: 'bad_request',
    body: 'resort-set',
  },
  {
    name: 'a group in another variant',
    path: '/externalservice/resort/snowreport?resortId=20&resortId=25&forecast_only=true',
    status: 400,
    error: 'bad_request',
    body: 'resort-set',
  },
  {
    name: 'Family A with resortIds',
    path: '/resorts/snowreport?resortIds=20,25',
    headers: FAMILY_A,
    status: 400,
    error: 'bad_request',
    body: 'resort-set',
  },
  {
    name: 'a locale the mirror does not publish',
    path: '/externalservice/resort/20/profile?language=de&country=DE',
    status: 404,
    error: 'not_found',
    body: 'locale',
  },
  {
    name: 'Family A in a language the mirror does not publish',
    path: '/resort/20/snowreport',
    headers: { ...FAMILY_A, locale: 'de-DE' },
    status: 404,
    error: 'not_found',
    body: 'locale',
  },
  {
    name: 'an unknown resort',
    path: '/externalservice/resort/999999/profile?token=t',
    status: 404,
    error: 'not_found',
  },
  { name: 'an unknown region', path: '/externalservice/region/999999/list', status: 404, error: 'not_found' },
  {
    name: 'Family A for an unknown region',
    path: '/resorts/snowreport?regionId=999999',
    headers: FAMILY_A,
    status: 404,
    error: 'not_found',
  },
  {
    name: 'the webcams of a resort with none',
    path: '/externalservice/resort/25/webcams',
    status: 404,
    error: 'not_found',
  },
  {
    name: 'the credential endpoints',
    path: '/externalservice/authorization/token/a%40b.c/secret',
    status: 404,
    error: 'not_found',
    body: 'credentials',
  },
  {
    name: 'a resort id that is no number',
    path: '/externalservice/resort/abc/profile',
    status: 400,
    error: 'bad_request',
    body: 'id',
  },
  {
    name: 'N outside 0 to 5',
    path: '/externalservice/resort/20/9/day/forecast',
    status: 400,
    error: 'bad_request',
    body: 'days',
  },
  {
    name: 'a boolean neither true nor false',
    path: '/externalservice/resort/20/snowreport?forecast_only=maybe',
    status: 400,
    error: 'bad_request',
    body: 'boolean',
  },
  {
    name: 'an unsupported language',
    path: '/externalservice/resort/20/profile?language=xx&country=US',
    status: 400,
    error: 'bad_request',
    body: 'language',
  },
  {
    name: 'a country of three letters',
    path: '/externalservice/resort/20/profile?language=de&country=DEU',
    status: 400,
    error: 'bad_request',
    body: 'country',
  },
  {
    name: 'a malformed locale header',
    path: '/resort/20/snowreport',
    headers: { ...FAMILY_A, locale: 'not a locale' },
    status: 400,
    error: 'bad_request',
    body: 'locale-header',
  },
  {
    name: 'a multi-resort request without ids',
    path: '/externalservice/resort/profile?token=t',
    status: 400,
    error: 'bad_request',
    body: 'no-ids',
  },
  {
    name: 'an unknown path',
    path: '/externalservice/resort/20/nothing',
    status: 404,
    error: 'not_found',
    body: 'endpoint',
  },
  {
    name: 'an unknown path under /resorts/',
    path: '/resorts/nothing',
    headers: FAMILY_A,
    status: 404,
    error: 'not_found',
    body: 'endpoint',
  },
  {
    name: 'a POST',
    path: '/externalservice/resort/20/profile',
    method: 'POST',
    status: 405,
    error: 'method_not_allowed',
    body: 'method',
  },
  {
    name: 'a URI of 8,001 characters',
    path: urlOfLength(8001),
    status: 414,
    error: 'uri_too_long',
    body: 'uri-too-long',
  },
];

describe('the edge function in wrangler dev, configured as scripts/docs/hosting.md says', () => {
  it('runs the built worker with the tree as its static assets', () => {
    expect(output).toMatch(/env\.ASSETS\s+Assets/);
  });

  it.each(ANSWERS)('answers %s with its file', async (path, file, seconds, headers) => {
    const response = await fetch(`${url}${path}`, { headers: headers ?? {} });
    const body = await response.text();
    expect([response.status, body]).toEqual([
      200,
      await readFile(join(dist, 'api/en-US', `${file}.json`), 'utf8'),
    ]);
    expect(
      Object.fromEntries(
        ['content-type', 'access-control-allow-origin', 'x-content-type-options', 'cache-control'].map(
          (h) => [h, response.headers.get(h)],
        ),
      ),
    ).toEqual({
      'content-type': JSON_TYPE,
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'cache-control': lifetime(seconds),
    });
  });

  it.each(REFUSALS)("refuses $name in the service's error shape", async (row) => {
    const response = await fetch(`${url}${row.path}`, {
      method: row.method ?? 'GET',
      headers: row.headers ?? {},
    });
    const text = await response.text();
    expect(response.status, text).toBe(row.status);
    const body = ErrorBody.parse(JSON.parse(text));
    expect([body.status, body.error]).toEqual([row.status, row.error]);
    if (row.body) expect(body).toEqual(ERRORS[row.body]);
    expect([
      response.headers.get('content-type'),
      response.headers.get('access-control-allow-origin'),
    ]).toEqual([JSON_TYPE, '*']);
    expect(response.headers.get('allow')).toBe(row.status === 405 ? 'GET' : null);
  });

  it('answers a URI of 8,000 characters, and HEAD with the headers and no body', async () => {
    const path = urlOfLength(8000);
    expect(path).toHaveLength(8000);
    const long = await fetch(`${url}${path}`);
    expect([long.status, await long.text()]).toEqual([
      200,
      await readFile(join(dist, 'api/en-US/externalservice/resort/20/profile.json'), 'utf8'),
    ]);
    const head = await fetch(`${url}/externalservice/resort/20/snowreport`, { method: 'HEAD' });
    expect([
      head.status,
      head.headers.get('content-type'),
      head.headers.get('cache-control'),
      await head.text(),
    ]).toEqual([200, JSON_TYPE, lifetime(1800), '']);
  });

  it('leaves the rest of the tree to the asset server and its _headers: feeds, image copies, data files, 404', async () => {
    const sent = async (path: string) => {
      const response = await fetch(`${url}${path}`);
      const body = await response.text();
      const h = (name: string) => response.headers.get(name);
      return {
        status: response.status,
        type: h('content-type'),
        cache: h('cache-control'),
        cors: h('access-control-allow-origin'),
        body,
      };
    };
    const file = (path: string) => readFile(join(dist, path), 'utf8');
    expect(await sent('/feeds/en-US/resort-25.atom')).toEqual({
      status: 200,
      type: FEED_TYPES.atom,
      cache: FEED_CACHE_CONTROL,
      cors: '*',
      body: await file('feeds/en-US/resort-25.atom'),
    });
    expect(await sent('/feeds/en-US/region-251.json')).toEqual({
      status: 200,
      type: FEED_TYPES.json,
      cache: FEED_CACHE_CONTROL,
      cors: '*',
      body: await file('feeds/en-US/region-251.json'),
    });
    expect((await sent('/api/en-US/externalservice/resort/20/profile.json')).type).toBe(JSON_TYPE);
    const picture = await fetch(`${url}/assets/0123abcd.svg`);
    await picture.arrayBuffer();
    expect(
      ['content-security-policy', 'x-content-type-options', 'content-disposition'].map((h) =>
        picture.headers.get(h),
      ),
    ).toEqual([ASSET_POLICY, 'nosniff', 'attachment']);
    const missing = await sent('/no/such/page');
    expect([missing.status, missing.body]).toEqual([404, await file('404.html')]);
  });
});
