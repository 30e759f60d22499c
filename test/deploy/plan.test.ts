/**
 * The pure parts of a deploy: the target address, the headers of the `_headers` table, the plan and the
 * requests it costs.
 */
import { describe, expect, it } from 'vitest';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { costOf, pricesFor } from '../../scripts/deploy/cost.ts';
import { projectRequests } from '../../scripts/deploy/deploy.ts';
import { DEFAULT_CACHE_CONTROL, headerRules, headersFile, headersFor } from '../../scripts/api/headers.ts';
import { planDeploy, settleChecks, uploads } from '../../scripts/deploy/plan.ts';
import type { LocalObject } from '../../scripts/deploy/release-files.ts';
import { fingerprint } from '../../scripts/deploy/remote-index.ts';
import { parseTarget } from '../../scripts/deploy/target.ts';

describe('parseTarget', () => {
  it.each([
    { value: 's3://site', expected: { bucket: 'site', prefix: '' } },
    { value: 's3://site/', expected: { bucket: 'site', prefix: '' } },
    { value: 's3://my.site-1/snow/v1/', expected: { bucket: 'my.site-1', prefix: 'snow/v1/' } },
    { value: 's3://site//snow', expected: { bucket: 'site', prefix: 'snow/' } },
  ])('reads $value', ({ value, expected }) => {
    expect(parseTarget(value, '--to')).toEqual(expected);
  });

  it.each([
    { value: 'site/snow', message: '--to: "site/snow" is not an s3:// address' },
    { value: 's3://Site', message: '--to: "Site" is not a bucket name' },
    { value: 's3://site/../up', message: '--to: the prefix segment ".." is not allowed' },
    { value: 's3://site/a b', message: '--to: the prefix segment "a b" is not allowed' },
  ])('refuses $value', ({ value, message }) => {
    expect(() => parseTarget(value, '--to')).toThrow(message);
  });
});

describe('headersFor', () => {
  const files = [
    'en-US/externalservice/resort/20/combinedreport.json',
    'en-US/externalservice/resort/20/3/day/forecast.json',
    'de-DE/externalservice/resort/snowreport/group=region-251.json',
    'en-US/resorts/snowreport/regionId=242.json',
    'en-US/externalservice/region/countries/list.json',
  ];
  const headers = headersFor(headerRules(files));

  it('reads the rules the _headers file holds', () => {
    const table = headersFile(files);
    expect(table).toContain(
      '/api/:locale/externalservice/resort/:id/combinedreport.json\n  Content-Type: application/json; charset=utf-8\n  Cache-Control: public, max-age=900, stale-while-revalidate=3600\n',
    );
    expect(table.split('\n\n').map((block) => block.split('\n')[0])).toEqual(
      headerRules(files).map((rule) => rule.pattern),
    );
  });

  it.each([
    {
      path: 'api/fr-FR/externalservice/resort/605/combinedreport.json',
      cache: 'public, max-age=900, stale-while-revalidate=3600',
    },
    {
      path: 'api/en-US/externalservice/resort/605/0/day/forecast.json',
      cache: 'public, max-age=1800, stale-while-revalidate=7200',
    },
    {
      path: 'api/en-US/externalservice/resort/snowreport/group=all.json',
      cache: 'public, max-age=1800, stale-while-revalidate=7200',
    },
    {
      path: 'api/de-DE/resorts/snowreport/regionId=9.json',
      cache: 'public, max-age=1800, stale-while-revalidate=7200',
    },
    {
      path: 'api/ja-JP/externalservice/region/countries/list.json',
      cache: 'public, max-age=21600, stale-while-revalidate=86400',
    },
    { path: 'api/manifest.json', cache: 'public, max-age=60' },
  ])('gives $path the rule of its shape', ({ path, cache }) => {
    expect(headers(path)).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: cache });
  });

  it.each([
    { path: 'resort-conditions.js', type: 'text/javascript; charset=utf-8', cache: 'public, max-age=300' },
    {
      path: 'resort-conditions-frame.js',
      type: 'text/javascript; charset=utf-8',
      cache: 'public, max-age=300',
    },
    {
      path: 'cards/de-DE/20.include.html',
      type: 'text/html; charset=utf-8',
      cache: 'public, max-age=900, stale-while-revalidate=3600',
    },
    {
      path: 'resort-conditions-list.js',
      type: 'text/javascript; charset=utf-8',
      cache: 'public, max-age=300',
    },
    { path: 'resort-conditions-list.css', type: 'text/css; charset=utf-8', cache: 'public, max-age=300' },
    {
      path: 'lists/de-DE/region-429.include.html',
      type: 'text/html; charset=utf-8',
      cache: 'public, max-age=900, stale-while-revalidate=3600',
    },
    {
      path: 'assets/0a1b2c3d.svg',
      type: 'image/svg+xml',
      cache: 'public, max-age=86400',
      disposition: 'attachment',
    },
  ])('gives the element’s $path its own rule', ({ path, type, cache, disposition }) => {
    expect(headers(path)).toEqual({
      contentType: type,
      cacheControl: cache,
      ...(disposition ? { contentDisposition: disposition } : {}),
    });
  });

  it('gives each chunk of the bundle a build publishes a year of cache, and its scripts five minutes', async () => {
    const files = (await elementFiles()).map((f) => f.path).filter((path) => path.endsWith('.js'));
    const chunks = files.filter((path) => /^rc\.[\w-]+\.[\w-]{8}\.js$/.test(path));
    // the shared chunk, the strip's, the season chart's, the messages', the languages'…
    expect(chunks.length).toBeGreaterThan(15);
    for (const chunk of chunks)
      expect(headers(chunk), chunk).toEqual({
        contentType: 'text/javascript; charset=utf-8',
        cacheControl: 'public, max-age=31536000, immutable',
      });
    for (const script of files.filter((path) => !chunks.includes(path)))
      expect(headers(script).cacheControl, script).toBe('public, max-age=300');
  });

  it.each([
    { path: 'index.html', type: 'text/html; charset=utf-8', cache: DEFAULT_CACHE_CONTROL },
    { path: 'embed/en-US/20.html', type: 'text/html; charset=utf-8', cache: DEFAULT_CACHE_CONTROL },
    { path: 'logo.svg', type: 'image/svg+xml', cache: DEFAULT_CACHE_CONTROL },
    { path: '_headers', type: 'text/plain; charset=utf-8', cache: DEFAULT_CACHE_CONTROL },
    { path: 'LICENSE', type: 'application/octet-stream', cache: DEFAULT_CACHE_CONTROL },
  ])('gives $path, which no rule types, the type of its extension', ({ path, type, cache }) => {
    expect(headers(path)).toEqual({ contentType: type, cacheControl: cache });
  });

  it('lets a later rule win, as hosts that merge rules in file order do', () => {
    const h = headersFor([
      { pattern: '/*', headers: [['Cache-Control', 'no-cache']] },
      {
        pattern: '/cards/*',
        headers: [
          ['Content-Type', 'text/html'],
          ['Cache-Control', 'public, max-age=900'],
        ],
      },
    ]);
    expect(h('cards/x.html')).toEqual({ contentType: 'text/html', cacheControl: 'public, max-age=900' });
    expect(h('x.json')).toEqual({ contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' });
  });
});

const object = (path: string, version = 'a'): LocalObject => {
  const o = {
    path,
    sha256: version.repeat(64).slice(0, 64),
    size: 10,
    contentType: 'application/json',
    cacheControl: 'public, max-age=60',
  };
  return { ...o, fingerprint: fingerprint(o) };
};
const releaseOf = (...objects: LocalObject[]) => new Map(objects.map((o) => [o.path, o]));

describe('planDeploy', () => {
  const index = {
    objects: {
      'api/a.json': object('api/a.json').fingerprint,
      'api/b.json': object('api/b.json').fingerprint,
      'api/manifest.json': object('api/manifest.json').fingerprint,
      'api/gone.json': 'ffffffffffffffff',
    },
    unknown: new Set<string>(),
  };

  it('uploads new objects first, then changed ones, then the manifest; deletes what left', () => {
    const plan = planDeploy(
      releaseOf(
        object('api/a.json'),
        object('api/b.json', 'b'),
        object('api/new.json'),
        object('api/manifest.json', 'b'),
      ),
      index,
    );
    expect(uploads(plan).map((o) => o.path)).toEqual(['api/new.json', 'api/b.json', 'api/manifest.json']);
    expect(plan).toMatchObject({ unchanged: 1, remove: ['api/gone.json'], check: [] });
  });

  it('uploads an object whose headers changed even when its bytes did not', () => {
    const changed = { ...object('api/a.json'), cacheControl: 'public, max-age=900' };
    const plan = planDeploy(releaseOf({ ...changed, fingerprint: fingerprint(changed) }), {
      objects: { 'api/a.json': object('api/a.json').fingerprint },
      unknown: new Set(),
    });
    expect(plan.overwrite.map((o) => o.path)).toEqual(['api/a.json']);
  });

  it('checks what an unfinished deploy may have touched, and deletes its leftovers', () => {
    const plan = planDeploy(releaseOf(object('api/a.json'), object('api/c.json')), {
      objects: index.objects,
      unknown: new Set(['api/a.json', 'api/c.json', 'api/left.json']),
    });
    expect(plan.check.map((o) => o.path)).toEqual(['api/a.json', 'api/c.json']);
    expect(plan.remove).toEqual(['api/b.json', 'api/gone.json', 'api/left.json', 'api/manifest.json']);
    const settled = settleChecks(
      plan,
      new Map([
        ['api/a.json', object('api/a.json').fingerprint],
        ['api/c.json', undefined],
      ]),
    );
    expect({
      create: settled.create.map((o) => o.path),
      unchanged: settled.unchanged,
      check: settled.check,
    }).toEqual({ create: ['api/c.json'], unchanged: 1, check: [] });
  });

  it.each([
    {
      name: 'nothing changed',
      uploads: 0,
      removes: 0,
      unknown: 0,
      expected: { write: 0, delete: 0, read: 2, list: 0 },
    },
    {
      name: 'one file changed',
      uploads: 1,
      removes: 0,
      unknown: 0,
      expected: { write: 3, delete: 2, read: 2, list: 0 },
    },
    {
      name: '2,500 files left',
      uploads: 1,
      removes: 2500,
      unknown: 0,
      expected: { write: 3, delete: 5, read: 2, list: 0 },
    },
    {
      name: 'an unfinished deploy already did everything',
      uploads: 0,
      removes: 0,
      unknown: 3,
      expected: { write: 1, delete: 2, read: 2, list: 0 },
    },
  ])('costs the fewest requests when $name', ({ uploads: up, removes, unknown, expected }) => {
    const plan = {
      create: Array.from({ length: up }, (_, i) => object(`api/${i}.json`)),
      overwrite: [],
      last: [],
      check: [],
      remove: Array.from({ length: removes }, (_, i) => `api/x${i}.json`),
      unchanged: 0,
    };
    expect(
      projectRequests(
        plan,
        { objects: {}, unknown: new Set(Array.from({ length: unknown }, (_, i) => `u${i}`)) },
        { write: 0, delete: 0, read: 2, list: 0 },
      ),
    ).toEqual(expected);
  });
});

describe('the cost estimate', () => {
  it.each([
    { endpoint: undefined, store: 'AWS S3 Standard (us-east-1)', dollars: 5.0004 },
    { endpoint: 'https://0123.r2.cloudflarestorage.com', store: 'Cloudflare R2', dollars: 4.50036 },
    { endpoint: 'https://s3.us-west-004.backblazeb2.com', store: 'Backblaze B2', dollars: 0.0004 },
    { endpoint: 'https://storage.googleapis.com', store: 'Google Cloud Storage (Standard)', dollars: 5.0004 },
    {
      endpoint: 'http://127.0.0.1:9000',
      store: 'a self-hosted or unknown store (no price known; set deploy.prices)',
      dollars: 0,
    },
  ])(
    'prices a million writes and a thousand reads and deletes at $endpoint',
    ({ endpoint, store, dollars }) => {
      const prices = pricesFor(endpoint);
      expect(prices.store).toBe(store);
      expect(costOf({ write: 1_000_000, read: 1000, list: 0, delete: 1000 }, prices.prices)).toBeCloseTo(
        dollars,
        6,
      );
    },
  );
});
