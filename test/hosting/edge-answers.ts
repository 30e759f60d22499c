/**
 * What the edge function answers (scripts/docs/hosting.md, "What the mirror answers" and "What it cannot
 * answer"), for each runtime it is deployed to as that section says (`edge-*.test.ts`): a build of two
 * resorts in en-US, the service's URLs onto their files, the refusals in the service's error shape with
 * their status codes, the headers (one JSON Content-Type, CORS, nosniff, the endpoint's lifetime), the 414
 * past 8,000 characters, and HEAD. Also the stand-in for a bucket that the origin forms read.
 */
import { mkdir, mkdtemp, open, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { expect, it } from 'vitest';
import { FEED_TYPES } from '../../scripts/api/feeds.ts';
import { ASSET_POLICY, FEED_CACHE_CONTROL } from '../../scripts/api/headers.ts';
import { ErrorBody } from '../../scripts/api/schemas/error.ts';
import { build } from '../../scripts/cli/build.ts';
import { mirrorErrors } from '../../scripts/hosting/rewrites.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';
import { REPO } from '../deploy/helpers.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
const ERRORS = mirrorErrors(['en-US']);
const sink = { write: () => true };

/** A build of resorts 20 and 25 in en-US into `<site>/dist`, with one image copy as the build names them. */
export async function buildEdgeSite(): Promise<{ site: string; dist: string }> {
  const site = await mkdtemp(join(tmpdir(), 'rc-edge-'));
  const dist = join(site, 'dist');
  const code = await build({
    argv: ['--out', dist, '--locales', 'en-US', '--resorts', '20,25', '--no-widget', '--data', DATA_DIR],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    cwd: site,
  });
  expect(code).toBe(0);
  // a build in a test copies no image
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'assets', '0123abcd.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { site, dist };
}

/**
 * The code blocks of scripts/docs/hosting.md, "Per host", in the language `lang`, as a partner copies
 * them (the list item's indent taken off).
 */
export async function documentedBlocks(lang: string): Promise<string[]> {
  const text = await readFile(join(REPO, 'scripts/docs/hosting.md'), 'utf8');
  const section = text.split('### Per host')[1]!.split('\n## ')[0]!;
  const blocks = [...section.matchAll(new RegExp(`\\n( *)\`\`\`${lang}\\n([\\s\\S]*?)\\n\\1\`\`\`\\n`, 'g'))];
  return blocks.map(([, indent, body]) => body!.replace(new RegExp(`^${indent}`, 'gm'), ''));
}

/** The one documented block in `lang` whose text holds `marker`. */
export async function documentedBlock(lang: string, marker: string): Promise<string> {
  const found = (await documentedBlocks(lang)).filter((b) => b.includes(marker));
  expect(found, `scripts/docs/hosting.md, "Per host": one ${lang} block with ${marker}`).toHaveLength(1);
  return found[0]!;
}

export interface Bucket {
  url: string;
  close(): Promise<void>;
}

/**
 * A bucket as the origin forms read it: the tree's files with the one type a bucket uploaded without
 * metadata sends (`application/octet-stream`), no CORS, and 403 for a missing object (a bucket without
 * list permission), on 127.0.0.1.
 */
export async function serveBucket(root: string): Promise<Bucket> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://b').pathname));
      const file = await open(join(root, path)).catch(() => undefined);
      const stat = await file?.stat();
      if (!file || !stat?.isFile() || path.includes('..')) {
        await file?.close();
        response
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const body = await file.readFile();
      await file.close();
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const lifetime = (seconds: number) =>
  `public, max-age=${seconds}, stale-while-revalidate=${seconds * 4}`;
const FAMILY_A = { 'x-api-key': 'any' };

/**
 * What the mirror answers (scripts/docs/hosting.md, "What the mirror answers"): a request, the file under
 * `dist/api/en-US/`, and its lifetime from the table of "Hosting" (the quick links' landing files: 900).
 */
export const ANSWERS: Array<[string, string, number, Record<string, string>?]> = [
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
export const urlOfLength = (length: number) => {
  const head = '/externalservice/resort/20/profile?token=t&pad=';
  return head + 'x'.repeat(length - head.length);
};

/**
 * What it cannot answer (scripts/docs/hosting.md, "What it cannot answer"): a request, its status, and the
 * error body's `error` and, where it is one of the mirror's fixed bodies, that body.
 */
export const REFUSALS: ReadonlyArray<{
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

/** Registers the checks of every documented answer against the edge function at `target().url`. */
export function edgeAnswerChecks(target: () => { url: string; dist: string }): void {
  it.each(ANSWERS)('answers %s with its file', async (path, file, seconds, headers) => {
    const response = await fetch(`${target().url}${path}`, { headers: headers ?? {} });
    const body = await response.text();
    expect([response.status, body]).toEqual([
      200,
      await readFile(join(target().dist, 'api/en-US', `${file}.json`), 'utf8'),
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
    const response = await fetch(`${target().url}${row.path}`, {
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
    const long = await fetch(`${target().url}${path}`);
    expect([long.status, await long.text()]).toEqual([
      200,
      await readFile(join(target().dist, 'api/en-US/externalservice/resort/20/profile.json'), 'utf8'),
    ]);
    const head = await fetch(`${target().url}/externalservice/resort/20/snowreport`, { method: 'HEAD' });
    expect([
      head.status,
      head.headers.get('content-type'),
      head.headers.get('cache-control'),
      await head.text(),
    ]).toEqual([200, JSON_TYPE, lifetime(1800), '']);
  });
}

/**
 * In front of a bucket (the origin forms): what the function passes through, as the docs say. The
 * bucket stand-in sends every file as `application/octet-stream`; the feeds still go out with their own
 * type and lifetime and the image copies with their sandbox, whatever the store sent, and a data file
 * unchanged.
 */
export function passThroughChecks(target: () => { url: string; dist: string }): void {
  it('passes the rest of the tree through: the feeds with their type, the image copies sandboxed', async () => {
    const { url, dist } = target();
    const sent = async (path: string) => {
      const response = await fetch(`${url}${path}`);
      const body = await response.text();
      const h = (name: string) => response.headers.get(name);
      return { status: response.status, type: h('content-type'), cache: h('cache-control'), body };
    };
    const file = (path: string) => readFile(join(dist, path), 'utf8');
    expect(await sent('/feeds/en-US/resort-25.atom')).toEqual({
      status: 200,
      type: FEED_TYPES.atom,
      cache: FEED_CACHE_CONTROL,
      body: await file('feeds/en-US/resort-25.atom'),
    });
    expect(await sent('/feeds/en-US/region-251.json')).toEqual({
      status: 200,
      type: FEED_TYPES.json,
      cache: FEED_CACHE_CONTROL,
      body: await file('feeds/en-US/region-251.json'),
    });
    const data = await sent('/api/en-US/externalservice/resort/20/profile.json');
    expect([data.status, data.body]).toEqual([
      200,
      await file('api/en-US/externalservice/resort/20/profile.json'),
    ]);
    const picture = await fetch(`${url}/assets/0123abcd.svg`);
    await picture.arrayBuffer();
    expect(
      ['content-security-policy', 'x-content-type-options', 'content-disposition'].map((h) =>
        picture.headers.get(h),
      ),
    ).toEqual([ASSET_POLICY, 'nosniff', 'attachment']);
  });
}
