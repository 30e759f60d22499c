/**
 * The edge function deployed as the docs say (scripts/docs/hosting.md, "Per host", Cloudflare Workers), in
 * `wrangler dev` (the npm package's workerd, offline on 127.0.0.1): a build of two resorts in en-US with
 * the docs' own `wrangler.jsonc` beside it, in both of its forms. With the tree as the Worker's static
 * assets: every answer the docs' tables document for the edge function (edge-answers.ts) and the files the
 * asset server answers itself. In front of a bucket (`vars.ORIGIN`, a bucket stand-in on 127.0.0.1): every
 * answer again, read from the bucket, and what the Worker passes through.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_TYPES } from '../../scripts/api/feeds.ts';
import { ASSET_POLICY, FEED_CACHE_CONTROL } from '../../scripts/api/headers.ts';
import {
  buildEdgeSite,
  documentedBlock,
  edgeAnswerChecks,
  JSON_TYPE,
  passThroughChecks,
  serveBucket,
  type Bucket,
} from './edge-answers.ts';
import { startWorker, type RunningWrangler } from './wrangler.ts';

/** The public URL the docs' bucket form names, which the test points at its bucket stand-in. */
const DOCUMENTED_ORIGIN = 'https://bucket.example.org/snow/';

let site: string;
let dist: string;
let worker: RunningWrangler | undefined;
let bucketSite: string;
let bucket: Bucket | undefined;
let bucketWorker: RunningWrangler | undefined;

beforeAll(async () => {
  ({ site, dist } = await buildEdgeSite());
  await writeFile(join(site, 'wrangler.jsonc'), await documentedBlock('jsonc', '"assets"'));
  worker = await startWorker(site);
  // the bucket form: the same build published to a bucket, the Worker beside its own copy of dist
  bucket = await serveBucket(dist);
  bucketSite = join(site, 'bucket-form');
  const config = await documentedBlock('jsonc', '"ORIGIN"');
  expect(config).toContain(DOCUMENTED_ORIGIN);
  await rm(bucketSite, { recursive: true, force: true });
  await cp(dist, join(bucketSite, 'dist'), { recursive: true });
  await writeFile(join(bucketSite, 'wrangler.jsonc'), config.replace(DOCUMENTED_ORIGIN, `${bucket.url}/`));
  bucketWorker = await startWorker(bucketSite);
}, 180_000);

afterAll(async () => {
  await worker?.close();
  await bucketWorker?.close();
  await bucket?.close();
  await rm(site, { recursive: true, force: true });
});

describe('the edge function in wrangler dev with the tree as its static assets, as scripts/docs/hosting.md says', () => {
  it('runs the built worker with the tree as its static assets', () => {
    expect(worker!.output).toMatch(/env\.ASSETS\s+Assets/);
  });

  edgeAnswerChecks(() => ({ url: worker!.url, dist }));

  it('leaves the rest of the tree to the asset server and its _headers: feeds, image copies, data files, 404', async () => {
    const sent = async (path: string) => {
      const response = await fetch(`${worker!.url}${path}`);
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
    const picture = await fetch(`${worker!.url}/assets/0123abcd.svg`);
    await picture.arrayBuffer();
    expect(
      ['content-security-policy', 'x-content-type-options', 'content-disposition'].map((h) =>
        picture.headers.get(h),
      ),
    ).toEqual([ASSET_POLICY, 'nosniff', 'attachment']);
    // html_handling "none": a page at its own URL, not a redirect to the URL without `.html`
    const include = await fetch(`${worker!.url}/404.html`, { redirect: 'manual' });
    expect([include.status, await include.text()]).toEqual([200, await file('404.html')]);
    // a missing data file: the 404 page under its path's rule, the data's type and lifetime (the docs say so)
    const data = await sent('/api/en-US/externalservice/resort/20/snowreport.json');
    const absent = await sent('/api/en-US/externalservice/resort/999999/snowreport.json');
    expect([absent.status, absent.type, absent.cache, absent.body]).toEqual([
      404,
      JSON_TYPE,
      data.cache,
      await file('404.html'),
    ]);
    const missing = await sent('/no/such/page');
    expect([missing.status, missing.body]).toEqual([404, await file('404.html')]);
  });
});

describe('the edge function in wrangler dev in front of a bucket (vars.ORIGIN), as scripts/docs/hosting.md says', () => {
  it('runs the built worker with ORIGIN and no assets', () => {
    expect(bucketWorker!.output).toMatch(/env\.ORIGIN\s+\(/);
    expect(bucketWorker!.output).not.toMatch(/env\.ASSETS/);
  });

  edgeAnswerChecks(() => ({ url: bucketWorker!.url, dist }));
  passThroughChecks(() => ({ url: bucketWorker!.url, dist }));
});
