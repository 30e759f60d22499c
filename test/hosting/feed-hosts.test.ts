/**
 * The alert feeds' headers in every rule set the build writes (scripts/docs/hosting.md, "Hosting"):
 * `_headers` and a deploy's object metadata (scripts/api/headers.ts), a real nginx with the generated
 * server block, a real Apache with the generated `.htaccess`, the edge function in front of a static
 * server, and the static server `npm run preview` runs. Atom as `application/atom+xml`, JSON Feed as
 * `application/feed+json`, the API's JSON still `application/json`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_TYPES } from '../../scripts/api/feeds.ts';
import { FEED_CACHE_CONTROL, headerRules, headersFile, headersFor } from '../../scripts/api/headers.ts';
import { apacheRules } from '../../scripts/hosting/rewrites-apache.ts';
import { edgeWorker } from '../../scripts/hosting/rewrites-edge.ts';
import { nginxRules } from '../../scripts/hosting/rewrites-nginx.ts';
import { serveFolder, type StaticServer } from '../../scripts/hosting/static-server.ts';
import { describeNeeding } from '../helpers.ts';
import { APACHE, startApache } from './apache.ts';
import { NGINX, startNginx } from './nginx.ts';

const API = 'en-US/externalservice/resort/25/combinedreport.json';
const OPTIONS = { locales: ['en-US'], groups: [{ name: 'all', ids: [25] }], files: [API] };

/** What each path must be sent with: [path, content type, cache-control or undefined for any]. */
const EXPECTED: ReadonlyArray<readonly [string, string, string | undefined]> = [
  ['/feeds/en-US/resort-25.atom', FEED_TYPES.atom, FEED_CACHE_CONTROL],
  ['/feeds/en-US/resort-25.json', FEED_TYPES.json, FEED_CACHE_CONTROL],
  ['/feeds/en-US/region-429.atom', FEED_TYPES.atom, FEED_CACHE_CONTROL],
  ['/feeds/en-US/region-429.json', FEED_TYPES.json, FEED_CACHE_CONTROL],
  [`/api/${API}`, 'application/json; charset=utf-8', undefined],
];

let root: string;
let dist: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'rc-feed-hosts-'));
  dist = join(root, 'dist');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  };
  for (const [path] of EXPECTED) write(path.slice(1), path.endsWith('.atom') ? '<feed/>' : '{}');
  write('_mirror/nginx.conf', nginxRules(OPTIONS));
  write('.htaccess', apacheRules(OPTIONS));
  write('_mirror/edge-worker.js', await edgeWorker(OPTIONS));
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Each path's answer from a host at `url`, as [path, status, content type, cache-control]. */
async function answers(url: string) {
  return Promise.all(
    EXPECTED.map(async ([path]) => {
      const response = await fetch(`${url}${path}`);
      await response.arrayBuffer();
      return [
        path,
        response.status,
        response.headers.get('content-type'),
        response.headers.get('cache-control'),
      ];
    }),
  );
}

/** The expected answers, with the host's own cache-control where the rules name none. */
const expected = (others: string | null) =>
  EXPECTED.map(([path, type, cache]) => [path, 200, type, cache ?? others]);

describe('the header rules (_headers, a deploy’s object metadata)', () => {
  it('type each feed by its format, with the feeds’ lifetime', () => {
    const headers = headersFor(headerRules([API]));
    expect(EXPECTED.map(([path]) => [path, headers(path.slice(1)).contentType])).toEqual(
      EXPECTED.map(([path, type]) => [path, type]),
    );
    expect(headers('feeds/de-DE/resort-25.atom').cacheControl).toBe(FEED_CACHE_CONTROL);
    expect(headersFile([API])).toContain(
      `/feeds/:locale/*.json\n  Content-Type: ${FEED_TYPES.json}\n  Cache-Control: ${FEED_CACHE_CONTROL}\n`,
    );
  });
});

describe('the static server of npm run preview', () => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await serveFolder(dist);
  });
  afterAll(() => server.close());

  it('sends each feed with its type', async () => {
    expect((await answers(server.url)).map((a) => a.slice(0, 3))).toEqual(
      expected(null).map((a) => a.slice(0, 3)),
    );
  });
});

describe('the edge function (in front of a static server)', () => {
  let origin: StaticServer;
  beforeAll(async () => {
    origin = await serveFolder(dist);
  });
  afterAll(() => origin.close());

  it('sends each feed with its type and lifetime', async () => {
    const worker = (await import(pathToFileURL(join(dist, '_mirror', 'edge-worker.js')).href)) as {
      default: { fetch(request: Request, env: { ORIGIN: string }): Promise<Response> };
    };
    const got = [];
    for (const [path] of EXPECTED.slice(0, 4)) {
      const response = await worker.default.fetch(new Request(`http://mirror.test${path}`), {
        ORIGIN: `${origin.url}/`,
      });
      got.push([
        path,
        response.status,
        response.headers.get('content-type'),
        response.headers.get('cache-control'),
      ]);
    }
    expect(got).toEqual(expected(null).slice(0, 4));
  });
});

describeNeeding(
  'nginx',
  NGINX !== undefined,
  'apt-get install nginx; .ci/run installs it',
)('a real nginx with the generated server block', () => {
  it('sends each feed with its type, its lifetime and CORS', async () => {
    const nginx = await startNginx(dist, join(dist, '_mirror', 'nginx.conf'));
    try {
      // the test's server block has no mime.types of its own: the API's files are outside the rules
      expect((await answers(nginx.url)).slice(0, 4)).toEqual(expected(null).slice(0, 4));
      const feed = await fetch(`${nginx.url}/feeds/en-US/resort-25.atom`);
      expect(feed.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await nginx.close();
    }
  }, 60_000);
});

describeNeeding(
  'apache2',
  APACHE !== undefined,
  'apt-get install apache2; .ci/run installs it',
)('a real Apache with the generated .htaccess', () => {
  it('sends each feed with its type, its lifetime and CORS', async () => {
    const apache = await startApache(dist, [root]);
    try {
      expect(await answers(apache.url)).toEqual(expected(null));
      const feed = await fetch(`${apache.url}/feeds/en-US/region-429.json`);
      expect(feed.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await apache.close();
    }
  }, 60_000);
});
