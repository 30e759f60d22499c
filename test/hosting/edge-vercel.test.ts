/**
 * The edge function on Vercel as the docs say (scripts/docs/hosting.md, "Per host", Vercel): the
 * documented `middleware.js` in Vercel's Edge Runtime (the npm package `edge-runtime`, which `vercel dev`
 * runs edge code in), loaded as `vercel dev` loads it: bundled into one script that answers the runtime's
 * `fetch` event, with the project's variables as `process.env` and `ORIGIN` pointed at a bucket stand-in on
 * 127.0.0.1. Every answer the docs' tables document for the edge function (edge-answers.ts), and the
 * documented `matcher` read by path-to-regexp 6 (the syntax of Vercel's matchers): it takes the service's paths and
 * leaves the tree's own files to Vercel's static server. Vercel's build and its network are not run here.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { pathToRegexp } from 'path-to-regexp';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWERS,
  buildEdgeSite,
  documentedBlock,
  edgeAnswerChecks,
  serveBucket,
  type Bucket,
} from './edge-answers.ts';

let site: string;
let dist: string;
let bucket: Bucket | undefined;
let server: Awaited<ReturnType<typeof runServer>> | undefined;
let matcher: string[];

/** The documented middleware as one script, the way `vercel dev` bundles it (its imports inlined). */
async function bundled(entry: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: site,
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'middleware' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = (result as { output: Array<{ type: string; code?: string }> }).output.find(
    (file) => file.type === 'chunk',
  );
  return chunk!.code!;
}

beforeAll(async () => {
  ({ site, dist } = await buildEdgeSite());
  bucket = await serveBucket(dist);
  const source = await documentedBlock('js', 'export const config');
  await writeFile(join(site, 'middleware.js'), source);
  const vercelJson = JSON.parse(await documentedBlock('json', '"outputDirectory"')) as Record<
    string,
    unknown
  >;
  expect(vercelJson.outputDirectory).toBe('dist');
  const code = await bundled(join(site, 'middleware.js'));
  const runtime = new EdgeRuntime({
    initialCode: `${code}
addEventListener('fetch', (event) => event.respondWith(middleware.default(event.request, event)));`,
    extend: (context) => Object.assign(context, { process: { env: { ORIGIN: `${bucket!.url}/` } } }),
  });
  matcher = (runtime.evaluate('middleware.config') as { matcher: string[] }).matcher;
  server = await runServer({ runtime, host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await bucket?.close();
  await rm(site, { recursive: true, force: true });
});

describe("the edge function as Vercel middleware in Vercel's Edge Runtime, as scripts/docs/hosting.md says", () => {
  it('sends the service paths to the middleware and no file of the tree', async () => {
    const matches = (path: string) => matcher.some((pattern) => pathToRegexp(pattern).test(path));
    for (const [path] of ANSWERS) expect(matches(new URL(path, 'http://v').pathname), path).toBe(true);
    expect(matches('/externalservice/resort/20/nothing')).toBe(true);
    const files: string[] = [];
    for (const entry of await readdir(dist, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(`/${join(entry.parentPath, entry.name).slice(dist.length + 1)}`);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(matches)).toEqual([]);
  });

  edgeAnswerChecks(() => ({ url: server!.url.replace(/\/$/, ''), dist }));
});
