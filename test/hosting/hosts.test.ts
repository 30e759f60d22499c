/**
 * The built tree as each static host reads it (scripts/docs/hosting.md, "What each host does"): a sample
 * build in en-US and de-DE, its `_headers` and `_redirects` through Netlify's own parsers
 * (`@netlify/headers-parser`, `@netlify/redirect-parser`) and redirect engine (`netlify-redirector`), and
 * the whole tree served by Cloudflare Pages' own asset server (`wrangler pages dev`). For every published
 * file: one Content-Type and one Cache-Control, the feeds' own types, CORS, the image copies' sandbox; a
 * missing file answers 404; and the docs' table of what each host does says what the engines do.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_TYPES } from '../../scripts/api/feeds.ts';
import { ASSET_POLICY, headerRules, headersFor, type ObjectHeaders } from '../../scripts/api/headers.ts';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';
import { REPO } from '../deploy/helpers.ts';
import { headersSent, netlifyEngine, netlifyHeaders, netlifyRedirectRules } from './netlify-engine.ts';
import { startPages, type RunningPages } from './wrangler.ts';

const sink = { write: () => true };
/** The files the hosts read as settings and never publish. */
const SETTINGS = new Set(['_headers', '_redirects']);
/** What Cloudflare Pages sends where no rule names a lifetime. */
const CLOUDFLARE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** The rows of the docs' table the engines check. */
const HEADERS_ROW = "`_headers`: CORS, the types, the lifetimes above, the image copies' sandbox";
const MIRROR_ROW = "the service's URLs ([the mirror](#moving-an-existing-client-to-the-mirror))";
const MISSING = ['/api/en-US/externalservice/resort/999999/snowreport.json', '/no/such/page'];

let root: string;
let dist: string;
/** Every published file, relative to the tree, `/`-separated. */
let files: string[];
let expected: (path: string) => ObjectHeaders;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-hosts-'));
  dist = join(root, 'dist');
  const code = await build({
    argv: ['--out', dist, '--locales', 'en-US,de-DE', '--data', DATA_DIR],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    cwd: root,
    // the element, its cards, lists and demo page, from the bundle the tests' global setup made
    widget: () => elementFiles(REPO),
  });
  expect(code).toBe(0);
  // an image copy as the build names them, should this build have copied none (a build in a test has no logo)
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'assets', '0123abcd.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dist, join(e.parentPath, e.name)).split('\\').join('/'))
    .filter((f) => !SETTINGS.has(f))
    .sort();
  // the data files, as the build and a deploy name them to the rules: a locale's, not the manifest
  const api = files.filter((f) => /^api\/[a-z]{2}-[A-Z]{2}\//.test(f)).map((f) => f.slice('api/'.length));
  expected = headersFor(headerRules(api));
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** What the rules must give a file: its Content-Type, or undefined where the host's own type by extension is right. */
function typeOf(file: string): string | undefined {
  if (/^feeds\/[^/]+\/[^/]+\.atom$/.test(file)) return FEED_TYPES.atom;
  if (/^feeds\/[^/]+\/[^/]+\.json$/.test(file)) return FEED_TYPES.json;
  if (/^(api|history)\/.*\.json$/.test(file)) return 'application/json; charset=utf-8';
  if (/^(cards|lists)\//.test(file)) return 'text/html; charset=utf-8';
  if (/^(rc\.|resort-conditions)[^/]*\.js$/.test(file)) return 'text/javascript; charset=utf-8';
  if (/^resort-conditions[^/]*\.css$/.test(file)) return 'text/css; charset=utf-8';
  return undefined;
}

/** The files the rules give a lifetime: all but the pages at the root and the mirror's own files. */
const ruled = (file: string) => !/^(index\.html|404\.html|\.htaccess|_mirror\/.*)$/.test(file);

/** The rows of the docs' table of what each host does: the first cell → column → cell. */
async function hostTable(): Promise<Map<string, Map<string, string>>> {
  const text = await readFile(join(REPO, 'scripts/docs/hosting.md'), 'utf8');
  const section = text
    .split('### What each host does')[1]!
    .split('\n\n')
    .find((b) => b.startsWith('|'))!;
  const [head, , ...rows] = section.split('\n').map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim()),
  );
  return new Map(rows.map((cells) => [cells[0]!, new Map(head!.map((h, i) => [h, cells[i]!]))]));
}

/** Whether the table's cell for `row` and `host` says the host does it (✓) or not (—). */
async function says(row: string, host: string): Promise<boolean> {
  const cell = (await hostTable()).get(row)?.get(host);
  expect(cell, `scripts/docs/hosting.md, "What each host does": ${row} / ${host}`).toMatch(/^(✓|—)/);
  return cell!.startsWith('✓');
}

describe('Netlify', () => {
  it('parses `_headers` and `_redirects` without an error, every rule kept', async () => {
    const headers = await netlifyHeaders(dist);
    const redirects = await netlifyRedirectRules(dist);
    expect(headers.errors).toEqual([]);
    expect(redirects.errors).toEqual([]);
    const written = (await readFile(join(dist, '_redirects'), 'utf8')).split('\n');
    expect(redirects.rules).toHaveLength(written.filter((l) => l.startsWith('/')).length);
    const blocks = (await readFile(join(dist, '_headers'), 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith('/'));
    expect(headers.rules.map((r) => r.for)).toEqual(blocks);
  });

  it('gives every published file one rule per header: the feeds, the data, the assets as the docs say', async () => {
    const { rules } = await netlifyHeaders(dist);
    const twice: string[] = [];
    const wrong: string[] = [];
    for (const file of files) {
      const sent = headersSent(rules, `/${file}`);
      for (const [name, values] of sent)
        if (values.length > 1) twice.push(`${file} ${name}: ${values.join(' | ')}`);
      const one = (name: string) => sent.get(name)?.[0];
      if (one('access-control-allow-origin') !== '*') wrong.push(`${file}: no CORS`);
      if (one('x-content-type-options') !== 'nosniff') wrong.push(`${file}: no nosniff`);
      if (typeOf(file) && one('content-type') !== typeOf(file)) wrong.push(`${file}: ${one('content-type')}`);
      if (ruled(file) && one('cache-control') !== expected(file).cacheControl)
        wrong.push(`${file}: ${one('cache-control')} (a deploy: ${expected(file).cacheControl})`);
      if (file.startsWith('assets/') && one('content-security-policy') !== ASSET_POLICY)
        wrong.push(`${file}: no sandbox`);
    }
    expect(twice.slice(0, 5)).toEqual([]);
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(files.filter((f) => f.endsWith('.atom')).length).toBeGreaterThan(100);
    expect(files.filter((f) => f.startsWith('assets/')).length).toBeGreaterThan(0);
    expect(await says(HEADERS_ROW, 'Netlify')).toBe(true);
  });

  it('answers a missing file from no rule, with the tree’s 404 page', async () => {
    const ask = await netlifyEngine(dist);
    for (const path of MISSING) expect(ask(path), path).toBeNull();
    expect(existsSync(join(dist, '404.html'))).toBe(true);
    expect(await says('a missing file', 'Netlify')).toBe(true);
  });

  it('keeps the rules with query conditions and with status 400 and 404, as the docs’ table says', async () => {
    const ask = await netlifyEngine(dist);
    const german = ask('/externalservice/resort/20/snowreport', 'token=x&language=de&country=DE');
    expect(german).toEqual({ to: '/api/de-DE/externalservice/resort/20/snowreport.json', status: 200 });
    expect(existsSync(join(dist, german!.to))).toBe(true);
    expect(await says('`_redirects` rules with query conditions', 'Netlify')).toBe(true);
    const set = ask('/externalservice/resort/snowreport', 'resortId=20&resortId=428');
    expect(set).toEqual({ to: '/_mirror/errors/resort-set.json', status: 400 });
    expect(await says('`_redirects` rules answering 400 or 404', 'Netlify')).toBe(true);
    expect(await says(MIRROR_ROW, 'Netlify')).toBe(true);
  });
});

describe('Cloudflare Pages (wrangler pages dev)', () => {
  let pages: RunningPages;
  /** Each published file's answer: status and the headers that matter, as sent. */
  const answers = new Map<string, { status: number; headers: Headers }>();
  /** The files answered by a redirect first: file → where to. */
  const redirected = new Map<string, string>();
  /**
   * The files asked for: the first and the last of each kind, files that differ only in their locale and
   * ids (the rules' placeholders). Netlify's matcher above reads every file; this server, at some 20 ms
   * a file, would take a minute and more for all of them.
   */
  let asked: string[];
  beforeAll(async () => {
    pages = await startPages(dist);
    const kinds = new Map<string, string[]>();
    for (const file of files) {
      const kind = file.replace(/[a-z]{2}-[A-Z]{2}/g, 'L').replace(/\d+/g, 'N');
      kinds.set(kind, [...(kinds.get(kind) ?? []), file]);
    }
    asked = [...kinds.values()].flatMap((group) => [...new Set([group[0]!, group.at(-1)!])]);
    const queue = [...asked];
    const worker = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        // a page's URL is answered by a redirect to its URL without `.html` (pretty URLs), where the page is
        const first = await fetch(`${pages.url}/${file}`, { redirect: 'manual' });
        await first.arrayBuffer();
        if (first.status === 308) redirected.set(file, first.headers.get('location') ?? '');
        const response = first.status === 308 ? await fetch(`${pages.url}/${file}`) : first;
        if (response !== first) await response.arrayBuffer();
        answers.set(file, { status: response.status, headers: response.headers });
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }, 180_000);
  afterAll(() => pages?.close());

  it('reads every header rule, and drops the redirect rules the docs’ table says it drops', async () => {
    const headers = (await netlifyHeaders(dist)).rules;
    expect(pages.output).toContain(`Parsed ${headers.length} valid header rules`);
    expect(pages.output).not.toMatch(/invalid header rules/);
    const redirects = (await netlifyRedirectRules(dist)).rules;
    const queries = redirects.filter((r) => Object.keys(r.query).length > 0).length;
    const refusals = redirects.filter((r) => Object.keys(r.query).length === 0 && r.status >= 400).length;
    expect(pages.output).toContain(`Found ${queries + refusals} invalid redirect rules`);
    expect(pages.output).toContain(`Parsed ${redirects.length - queries - refusals} valid redirect rules`);
    expect(queries).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
    expect(await says('`_redirects` rules with query conditions', 'Cloudflare Pages')).toBe(false);
    expect(await says('`_redirects` rules answering 400 or 404', 'Cloudflare Pages')).toBe(false);
  });

  it('sends every published file with one Content-Type and one Cache-Control, the feeds’ and the data’s own', async () => {
    const wrong: string[] = [];
    for (const file of asked) {
      const { status, headers } = answers.get(file)!;
      const type = headers.get('content-type') ?? '';
      const cache = headers.get('cache-control') ?? '';
      if (status !== 200) wrong.push(`${file}: ${status}`);
      if ((typeOf(file) ?? type) !== type || type.split('/').length !== 2)
        wrong.push(`${file}: Content-Type ${type}`);
      if (cache !== (ruled(file) ? expected(file).cacheControl : CLOUDFLARE_CACHE_CONTROL))
        wrong.push(`${file}: Cache-Control ${cache}`);
      if (headers.get('access-control-allow-origin') !== '*')
        wrong.push(`${file}: CORS ${headers.get('access-control-allow-origin')}`);
      if (headers.get('x-content-type-options') !== 'nosniff')
        wrong.push(`${file}: X-Content-Type-Options ${headers.get('x-content-type-options')}`);
      if (file.startsWith('assets/') && headers.get('content-security-policy') !== ASSET_POLICY)
        wrong.push(`${file}: Content-Security-Policy ${headers.get('content-security-policy')}`);
    }
    expect(answers.size).toBeGreaterThan(100);
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(await says(HEADERS_ROW, 'Cloudflare Pages')).toBe(true);
  });

  it('answers a page’s URL with a 308 to its URL without `.html`, and that URL with the page, as the docs’ table says', async () => {
    const html = asked.filter((f) => f.endsWith('.html'));
    const pretty = (f: string) => `/${f.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
    expect(html.length).toBeGreaterThan(4);
    expect(html.filter((f) => redirected.get(f) !== pretty(f))).toEqual([]);
    expect([...redirected.keys()].filter((f) => !f.endsWith('.html'))).toEqual([]);
    const include = 'cards/en-US/25.include.html';
    const response = await fetch(`${pages.url}${pretty(include)}`, { redirect: 'manual' });
    expect([response.status, await response.text()]).toEqual([
      200,
      await readFile(join(dist, include), 'utf8'),
    ]);
    expect(await says("a page's URL (`cards/en-US/25.include.html`)", 'Cloudflare Pages')).toBe(false);
  });

  it('answers a German service URL with the English file, as the docs’ table says', async () => {
    const url = `${pages.url}/externalservice/resort/20/snowreport?token=x&language=de&country=DE`;
    const body = await (await fetch(url)).text();
    const file = (locale: string) =>
      readFile(join(dist, 'api', locale, 'externalservice/resort/20/snowreport.json'), 'utf8');
    expect(body).toBe(await file('en-US'));
    expect(body).not.toBe(await file('de-DE'));
    expect(await says(MIRROR_ROW, 'Cloudflare Pages')).toBe(false);
  });

  it('answers a missing file 404 with the tree’s 404 page, never 200 with the demo page', async () => {
    const page = await readFile(join(dist, '404.html'), 'utf8');
    for (const path of MISSING) {
      const response = await fetch(`${pages.url}${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, 404, page]);
      // the answer has the headers of its path's rule: a data file's JSON type over the HTML page
      expect(response.headers.get('content-type')).toBe(typeOf(path.slice(1)) ?? 'text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(await says('a missing file', 'Cloudflare Pages')).toBe(true);
  });
});
