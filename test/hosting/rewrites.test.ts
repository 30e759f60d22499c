/**
 * The rule files themselves (scripts/hosting/rewrites*.ts), on small hand-made trees: what each host's rules
 * can name, the edge function's reading of a request, and nginx's limits (a token of at most 4096 bytes).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../scripts/api/schemas/error.ts';
import { mirrorFiles } from '../../scripts/hosting/mirror.ts';
import { mirrorErrors, publishedSets, subsets, type MirrorOptions } from '../../scripts/hosting/rewrites.ts';
import { edgeWorker } from '../../scripts/hosting/rewrites-edge.ts';
import { nginxRules } from '../../scripts/hosting/rewrites-nginx.ts';
import { describeNeeding } from '../helpers.ts';
import { NGINX, startNginx } from './nginx.ts';
import { parseRedirects, resolveRedirect } from './netlify.ts';
import type { ExtraFile } from '../../scripts/snapshot/store/staging.ts';

/** A country of 400 resorts: its quick link is longer than any token nginx reads. */
const BIG = Array.from({ length: 400 }, (_, i) => 1000 + i);
const OPTIONS: MirrorOptions = {
  locales: ['de-DE', 'en-US', 'de-AT'],
  groups: [
    { name: 'all', ids: [20, 428, ...BIG] },
    { name: 'region-251', ids: [20, 428] },
    { name: 'region-430', ids: BIG },
    { name: 'region-999', ids: [7] },
  ],
  files: [
    'de-DE/externalservice/resort/snowreport/group=all.json',
    'de-DE/externalservice/resort/profile/ordered/group=region-251.json',
    'en-US/externalservice/resort/snowreport/group=region-430.json',
    'en-US/resorts/snowreport/regionId=251.json',
  ],
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-rewrites-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the resort sets the rules name', () => {
  it('are the groups with published files, keyed as the service writes its quick links', () => {
    const sets = publishedSets(OPTIONS);
    expect(sets.map((s) => s.name)).toEqual(['all', 'region-251', 'region-430']);
    expect(sets[1]!.query).toBe('resortId=20&resortId=428');
  });

  it('try the most specific variant first', () => {
    expect(subsets(['a', 'b', 'c']).map((s) => s.join(''))).toEqual([
      'abc',
      'ab',
      'ac',
      'bc',
      'a',
      'b',
      'c',
      '',
    ]);
  });
});

describe('the error bodies', () => {
  it.each([[['en-US']], [['de-DE', 'fr-FR']]])(
    "are in the service's shape and safe inside an nginx string (%j)",
    (locales) => {
      for (const [name, body] of Object.entries(mirrorErrors(locales))) {
        expect(ErrorBody.parse(body), name).toEqual(body);
        expect(body.message, name).not.toMatch(/['$\\\n]/);
      }
    },
  );
});

describe('the rule files', () => {
  let files: ExtraFile[] = [];
  beforeAll(async () => {
    files = await mirrorFiles(OPTIONS);
  });
  const text = (path: string) => Buffer.from(files.find((f) => f.path === path)!.bytes).toString('utf8');

  it('are published beside api/: Netlify, Apache, nginx, the edge function and one error body per reason', () => {
    expect(files.map((f) => f.path).filter((p) => !p.startsWith('_mirror/errors/'))).toEqual([
      '_redirects',
      '.htaccess',
      '_mirror/nginx.conf',
      '_mirror/edge-worker.js',
    ]);
    expect(files.filter((f) => f.path.startsWith('_mirror/errors/'))).toHaveLength(
      Object.keys(mirrorErrors(OPTIONS.locales)).length,
    );
  });

  it('give Netlify one rule per locale and variant, a published locale before the catch-all, en-US last', () => {
    const rules = parseRedirects(text('_redirects'));
    const resolve = (path: string) => {
      const url = new URL(path, 'http://x');
      return resolveRedirect(rules, url.pathname, url.searchParams);
    };
    expect(
      resolve('/externalservice/resort/20/combinedreport?links=false&language=de&country=AT&forecast=true'),
    ).toEqual({
      status: 200,
      to: '/api/de-AT/externalservice/resort/20/combinedreport/forecast=true/links=false.json',
    });
    expect(resolve('/externalservice/resort/20/profile?language=fr&country=FR')).toEqual({
      status: 404,
      to: '/_mirror/errors/locale.json',
    });
    expect(resolve('/externalservice/resort/20/profile?language=de')).toEqual({
      status: 200,
      to: '/api/en-US/externalservice/resort/20/profile.json',
    });
    expect(resolve('/externalservice/region/countries/list')).toEqual({
      status: 200,
      to: '/api/en-US/externalservice/region/countries/list.json',
    });
    expect(resolve('/resorts/snowreport?regionId=251')).toEqual({
      status: 200,
      to: '/api/en-US/resorts/snowreport/regionId=251.json',
    });
    expect(resolve('/resorts/snowreport?regionId=252')).toEqual({
      status: 404,
      to: '/_mirror/errors/file.json',
    });
  });

  it("give Apache JSON error documents for the service's paths only, chosen by the request line as sent", () => {
    // a real Apache runs the rules in mirror.test.ts; here, the part a rewrite must not change
    const htaccess = text('.htaccess');
    const block =
      /<If "%\{THE_REQUEST\} =~ m#\^\\S\+ \/\(([^)]*)\)[^"]*">\n((?: {2}ErrorDocument .*\n)+)<\/If>/.exec(
        htaccess,
      );
    expect(block?.[2]).toBe(
      '  ErrorDocument 400 /_mirror/errors/bad-request.json\n  ErrorDocument 404 /_mirror/errors/not-found.json\n  ErrorDocument 405 /_mirror/errors/method.json\n',
    );
    expect(htaccess.match(/RewriteRule /g)!.length).toBeGreaterThan(40);
  });

  it('build a long resort set in pieces for nginx, each under its 4096-byte token', () => {
    const conf = nginxRules(OPTIONS);
    expect(Math.max(...conf.split(/[\s;]+/).map((token) => token.length))).toBeLessThan(4096);
    expect(conf).toContain('set $rc_key "${rc_key}');
  });
});

describe('the edge function', () => {
  interface Edge {
    resolve(
      method: string,
      target: string,
      header?: (name: string) => string | null,
    ): { file?: string; error?: ErrorBody } | undefined;
  }
  let edge: Edge;
  beforeAll(async () => {
    const file = join(root, 'edge-worker.js');
    await writeFile(file, await edgeWorker(OPTIONS));
    edge = (await import(pathToFileURL(file).href)) as Edge;
  });

  it.each([
    [
      '/externalservice/resort/20/snowreport?token=x&language=DE&country=at&forecast_only=TRUE',
      'api/de-AT/externalservice/resort/20/snowreport/forecast_only=true.json',
    ],
    [
      '/externalservice/resort/20/snowreport?forecast_only=false',
      'api/en-US/externalservice/resort/20/snowreport.json',
    ],
    [
      '/externalservice/resort/20/2/day/forecast?country=DE',
      'api/en-US/externalservice/resort/20/2/day/forecast.json',
    ],
    [
      '/externalservice/resort/profile?resortId=428,20&token=x&language=de&country=DE',
      'api/de-DE/externalservice/resort/profile/group=region-251.json',
    ],
    [
      '/externalservice/resort/profile?resortId=20&resortId=428&resortId=20',
      'api/en-US/externalservice/resort/profile/group=region-251.json',
    ],
    [
      '/externalservice/resort/profile/ordered?resortId=20&resortId=428',
      'api/en-US/externalservice/resort/profile/ordered/group=region-251.json',
    ],
    [
      '/externalservice/resort/forecast?resortId=20&resortId=428&days=5',
      'api/en-US/externalservice/resort/forecast/group=region-251.json',
    ],
    [
      '/de-AT/externalservice/resort/snowreport/group=all.json',
      'api/de-AT/externalservice/resort/snowreport/group=all.json',
    ],
  ])('reads %s as the service does', (target, file) => {
    expect(edge.resolve('GET', target)).toMatchObject({ file });
  });

  it.each([
    ['/externalservice/resort/profile/ordered?resortId=428&resortId=20', 400],
    ['/externalservice/resort/forecast?resortId=20&resortId=428&days=3', 400],
    ['/externalservice/resort/profile?resortId=7', 400],
    ['/externalservice/resort/20/profile?language=fr&country=FR', 404],
    ['/externalservice/authorization/account/a/b', 404],
  ])('refuses %s with %i', (target, status) => {
    expect(edge.resolve('GET', target)?.error?.status).toBe(status);
  });

  it("takes Family A's language from the locale header and leaves other paths alone", () => {
    expect(
      edge.resolve('GET', '/resort/20/snowreport', (name) => (name === 'locale' ? 'de_CH' : null)),
    ).toMatchObject({ file: 'api/de-DE/resort/20/snowreport.json' });
    expect(edge.resolve('GET', '/resort/20/snowreport', () => 'xx')).toMatchObject({
      file: 'api/en-US/resort/20/snowreport.json',
    });
    expect(edge.resolve('GET', '/index.html')).toBeUndefined();
  });
});

describeNeeding(
  'nginx',
  NGINX !== undefined,
  'apt-get install nginx; .ci/run installs it',
)('nginx with a long resort set', () => {
  it('answers the quick link of a country of 400 resorts', async () => {
    const dist = join(root, 'dist');
    const file = join(dist, 'api/en-US/externalservice/resort/snowreport/group=region-430.json');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '{"big":true}\n');
    await mkdir(join(dist, '_mirror'), { recursive: true });
    await writeFile(join(dist, '_mirror/nginx.conf'), nginxRules(OPTIONS));
    const nginx = await startNginx(dist, join(dist, '_mirror/nginx.conf'));
    try {
      const query = BIG.map((id) => `resortId=${id}`).join('&');
      const found = await fetch(
        `${nginx.url}/externalservice/resort/snowreport?token=t&${query}&language=en&country=US`,
      );
      expect(found.status).toBe(200);
      expect(await found.json()).toEqual({ big: true });
      const other = await fetch(
        `${nginx.url}/externalservice/resort/snowreport?token=t&${query.replace('resortId=1399', 'resortId=1400')}`,
      );
      expect(other.status).toBe(400);
    } finally {
      await nginx.close();
    }
  });
});
