/**
 * Images from a hostile upstream (scripts/ARCHITECTURE.md, "Threat model"): an attribution logo that is an
 * SVG document with script in it, a logo that redirects elsewhere or lives on another host, one that never
 * ends. Each build runs against a real HTTP server; what was published, what was refused, the exit code and
 * the bytes the server could push are asserted. The host rules the build writes are read by real nginx and
 * Apache, the edge function and a local S3 store, and a real Chromium opens the image as a page.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_POLICY } from '../../scripts/api/headers.ts';
import { assetPath } from '../../scripts/api/assets.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';
import { startS3 } from '../deploy/s3-server.ts';
import { runDeploy } from '../deploy/helpers.ts';
import { APACHE, startApache } from '../hosting/apache.ts';
import { NGINX, startNginx } from '../hosting/nginx.ts';
import { describeNeeding } from '../helpers.ts';
import { bytes, endless, redirect, startHostile, type HostileServer, type Route } from './server.ts';
import {
  buildAgainst,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
  type Run,
} from './upstream.ts';

/** An SVG with a script of the SVG namespace under a prefix, prefixed foreign content and an imported style sheet. */
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg" viewBox="0 0 16 16">
<x:script>document.documentElement.setAttribute('data-pwned', 'script')</x:script>
<x:foreignObject width="16" height="16"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></x:foreignObject>
<style>@import url(https://evil.example/x.css);</style>
<circle cx="8" cy="8" r="8" fill="#1f6fd1"/>
</svg>`;
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const ENDPOINTS = ['--locales', 'en-US', '--resorts', '20', '--endpoints', 'attribution,combinedreport'];

let upstream: HostileUpstream;
let elsewhere: HostileServer;
let root: string;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  elsewhere = await startHostile((path) => (path === '/logo.png' ? bytes('image/png', PNG) : undefined));
  root = await scratch();
});
afterAll(async () => {
  await upstream.close();
  await elsewhere.close();
  await removeScratch(root);
});

/** Points the attribution's logo at `url`, answers `routes` as given, and builds into `name`. */
async function buildWithLogo(
  name: string,
  url: string,
  extra: { config?: string; routes?: Record<string, Route> } = {},
): Promise<Run> {
  upstream.reset();
  for (const [path, route] of Object.entries(extra.routes ?? {})) upstream.replace((p) => p === path, route);
  upstream.change(
    (path) => path.endsWith('/myaccount/attribution'),
    (json) => ({ ...json, attributionLogo: url }),
  );
  return buildAgainst(upstream, join(root, name), {
    flags: ENDPOINTS,
    ...(extra.config ? { config: extra.config } : {}),
  });
}

const assets = (out: string) => readdir(join(out, 'assets')).catch(() => [] as string[]);

describe('an SVG logo with script in it', () => {
  let run: Run;
  let path: string;
  beforeAll(async () => {
    const url = `${upstream.url}/logos/evil.svg`;
    path = assetPath(url)!;
    run = await buildWithLogo('svg', url, {
      routes: { '/logos/evil.svg': bytes('image/svg+xml', EVIL_SVG) },
    });
  }, 120_000);

  it('is published as a picture that can run and load nothing', async () => {
    expect(run.code, run.stderr).toBe(0);
    expect(await assets(run.out)).toEqual([path.slice('assets/'.length)]);
    expect(await published(run.out, path)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="#1f6fd1"/></svg>\n',
    );
    // the include, which lives on partners' pages, carries the same picture inline
    const include = (await published(run.out, 'cards/en-US/20.include.html'))!;
    const inline = /data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(include)?.[1];
    expect(Buffer.from(inline!, 'base64').toString()).toBe(await published(run.out, path));
    expect(include).not.toMatch(/pwned|evil\.example|foreignObject/);
  });

  it('is served by every host rule the build writes with the sandboxing policy', async () => {
    const headers = (await published(run.out, '_headers'))!;
    expect(headers).toContain(
      `/assets/*\n  Cache-Control: public, max-age=86400\n  Content-Security-Policy: ${ASSET_POLICY}\n  Content-Disposition: attachment\n`,
    );
    // nosniff once, from the rule of every file: a host that matches two rules sends both values
    expect(headers).toContain('/*\n  Access-Control-Allow-Origin: *\n  X-Content-Type-Options: nosniff\n');
    expect(await published(run.out, '_mirror/nginx.conf')).toContain(
      `location ^~ /assets/ {\n    add_header Access-Control-Allow-Origin * always;\n    add_header Content-Security-Policy "${ASSET_POLICY}" always;`,
    );
    expect(await published(run.out, '.htaccess')).toContain(
      `  <FilesMatch "^[0-9a-f]{8}\\.(?:svg|png|jpg|gif|webp|avif)$">\n    Header always set Content-Security-Policy "${ASSET_POLICY}"`,
    );
  });

  it('is served with the policy by `npm run preview`', async () => {
    const preview = await serveFolder(run.out);
    try {
      const answer = await fetch(`${preview.url}/${path}`);
      expect([
        answer.headers.get('content-security-policy'),
        answer.headers.get('content-disposition'),
        answer.headers.get('access-control-allow-origin'),
      ]).toEqual([ASSET_POLICY, 'attachment', '*']);
    } finally {
      await preview.close();
    }
  });

  it('is answered with the policy by the edge function', async () => {
    const origin = await serveFolder(run.out);
    try {
      const worker = (await import(pathToFileURL(join(run.out, '_mirror', 'edge-worker.js')).href)) as {
        default: { fetch(request: Request, env: { ORIGIN: string }): Promise<Response> };
      };
      const answer = await worker.default.fetch(new Request(`http://mirror.test/${path}`), {
        ORIGIN: `${origin.url}/`,
      });
      expect([
        answer.status,
        answer.headers.get('content-security-policy'),
        answer.headers.get('x-content-type-options'),
        answer.headers.get('content-disposition'),
      ]).toEqual([200, ASSET_POLICY, 'nosniff', 'attachment']);
    } finally {
      await origin.close();
    }
  });

  it('is stored as a download by a deploy to object storage', async () => {
    const s3 = await startS3(['snow-site']);
    try {
      const deployed = await runDeploy(s3, run.out, 's3://snow-site/c');
      expect(deployed.code, deployed.stderr).toBe(0);
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: {
          accessKeyId: s3.env.AWS_ACCESS_KEY_ID!,
          secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY!,
        },
      });
      const object = await client.send(new GetObjectCommand({ Bucket: 'snow-site', Key: `c/${path}` }));
      const card = await client.send(
        new GetObjectCommand({ Bucket: 'snow-site', Key: 'c/cards/en-US/20.html' }),
      );
      expect([object.ContentType, object.ContentDisposition, card.ContentDisposition]).toEqual([
        'image/svg+xml',
        'attachment',
        undefined,
      ]);
      client.destroy();
    } finally {
      await s3.close();
    }
  });
});

describeNeeding(
  'nginx, apache2 and chromium',
  !!NGINX && !!APACHE && existsSync('/usr/bin/chromium'),
  'apt-get install nginx apache2 chromium; .ci/run installs them',
)('an SVG with script, should it reach the published tree, opened as a page on the snapshot’s origin', () => {
  let out: string;
  const RAW = 'assets/0badc0de.svg';
  beforeAll(async () => {
    upstream.reset();
    const run = await buildAgainst(upstream, join(root, 'raw'), { flags: ENDPOINTS });
    expect(run.code, run.stderr).toBe(0);
    out = run.out;
    // not the build's doing: a copy made by hand, to see what the hosts' rules do with it
    await mkdir(join(out, 'assets'), { recursive: true });
    await writeFile(join(out, RAW), EVIL_SVG);
  }, 120_000);

  /**
   * What a real Chromium makes of `url` opened as a page: `download` when it does not render it at all,
   * else whether the SVG's script ran (`script`) or not (null).
   */
  async function opened(url: string): Promise<string | null> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      const rendered = await page.goto(url).then(
        () => true,
        (error: Error) => {
          if (/Download is starting/.test(error.message)) return false;
          throw error;
        },
      );
      if (!rendered) return 'download';
      return await page.evaluate(() => document.documentElement.getAttribute('data-pwned'));
    } finally {
      await browser.close();
    }
  }

  it('runs its script where no rule applies (so the check can see it), and is no page behind nginx or Apache', async () => {
    // a server that sends the SVG as it is, with no rule of the build's
    const plain = await startHostile((p) => (p === `/${RAW}` ? bytes('image/svg+xml', EVIL_SVG) : undefined));
    const nginx = await startNginx(out, join(out, '_mirror', 'nginx.conf'));
    const apache = await startApache(out, [root]);
    try {
      expect(await opened(`${plain.url}/${RAW}`)).toBe('script');
      // a download, never a document (and were it rendered, sandboxed without script)
      expect(await opened(`${nginx.url}/${RAW}`)).toBe('download');
      expect(await opened(`${apache.url}/${RAW}`)).toBe('download');
      const answer = await fetch(`${nginx.url}/${RAW}`);
      expect(answer.headers.get('content-security-policy')).toBe(ASSET_POLICY);
      expect((await fetch(`${apache.url}/${RAW}`)).headers.get('content-security-policy')).toBe(ASSET_POLICY);
    } finally {
      await Promise.all([plain.close(), nginx.close(), apache.close()]);
    }
  }, 120_000);
});

describe('a logo elsewhere', () => {
  it('that redirects to another host publishes nothing from there and sends it no request', async () => {
    const run = await buildWithLogo('moved', `${upstream.url}/logos/moved.png`, {
      routes: { '/logos/moved.png': redirect(`${elsewhere.url}/logo.png`) },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(await assets(run.out)).toEqual([]);
    expect(elsewhere.requests.size).toBe(0);
    expect(run.stderr).toContain('is not copied: it answered HTTP 302, a redirect, which is not followed');
  }, 120_000);

  it('on a host that is not the upstream’s is not asked for, unless the config names its origin', async () => {
    const url = `${elsewhere.url}/logo.png`;
    const refused = await buildWithLogo('other', url);
    expect(refused.code, refused.stderr).toBe(0);
    expect(await assets(refused.out)).toEqual([]);
    expect(elsewhere.requests.size).toBe(0);
    expect(refused.stderr).toContain(
      `${elsewhere.url} is not one of the upstream's origins; add it to "imageOrigins"`,
    );

    const config = join(root, 'images.json');
    await writeFile(config, JSON.stringify({ imageOrigins: [elsewhere.url] }));
    const allowed = await buildWithLogo('allowed', url, { config });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(await assets(allowed.out)).toEqual([assetPath(url)!.slice('assets/'.length)]);
    expect(elsewhere.requests.get('/logo.png')).toBe(1);
  }, 120_000);
});

describe('a logo that never ends', () => {
  it('is cut at its size limit while it is read, and the build stays under 600 MB', async () => {
    upstream.reset();
    upstream.replace((p) => p === '/logos/big.png', endless('image/png', PNG));
    upstream.change(
      (path) => path.endsWith('/myaccount/attribution'),
      (json) => ({ ...json, attributionLogo: `${upstream.url}/logos/big.png` }),
    );
    // a build of its own process, so its memory is its own
    const out = join(root, 'big');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'build-child.ts')], {
      env: {
        ...process.env,
        CHILD_ARGS: JSON.stringify(['--out', out, ...ENDPOINTS]),
        CHILD_UPSTREAM: upstream.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await upstream.over('/logos/big.png');
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as { code: number; maxRssKiB: number };
    expect(code, stderr).toBe(0);
    expect(report.code, stderr).toBe(0);
    expect(stderr).toContain('is not copied: it is larger than 524288 bytes');
    expect(await assets(out)).toEqual([]);
    // what the server could push before the build hung up: the limit and what the sockets held
    expect(upstream.cut.has('/logos/big.png')).toBe(true);
    expect(upstream.sent.get('/logos/big.png')!).toBeLessThan(8 * 1024 * 1024);
    expect(report.maxRssKiB * 1024).toBeLessThan(600_000_000);
  }, 180_000);
});
