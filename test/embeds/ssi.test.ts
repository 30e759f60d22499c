/**
 * The server-side include of widget/README.md ("Embeds"), run as it stands: its HTML and its nginx
 * snippet, taken from that file, in a real nginx, in front of a stand-in for the snapshot's host that
 * compresses whatever the request allows. A built card is included as text; a locale the snapshot does not build, an unknown id,
 * a 410, a redirect and a host that never answers (nginx gives up after the snippet's 5 s) get the stub,
 * never the host's error page.
 */
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { handled, listen, type Listening } from '../../scripts/service/listen.ts';
import { DATA_DIR, describeNeeding, FROZEN_NOW } from '../helpers.ts';
import { NGINX, startNginx, type RunningNginx } from '../hosting/nginx.ts';

/** The fenced blocks of a language that follow `heading` in widget/README.md, up to the next bold heading. */
async function readmeBlocks(heading: string, language: string): Promise<string[]> {
  const readme = await readFile(join(DATA_DIR, '..', 'widget', 'README.md'), 'utf8');
  const start = readme.indexOf(heading);
  expect(start, heading).toBeGreaterThan(0);
  const section = readme.slice(start, readme.indexOf('\n**', start + heading.length));
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

describeNeeding(
  'nginx',
  NGINX !== undefined,
  'apt-get install nginx; .ci/run installs it',
)('the documented server-side include in a real nginx', () => {
  let root: string;
  let snapshot: Listening;
  let nginx: RunningNginx;
  let page: string;
  const asked: Array<string | undefined> = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rc-ssi-'));
    const dist = join(root, 'dist');
    const sink = { write: () => true };
    const code = await build({
      argv: ['--out', dist, '--locales', 'en-US,de-DE', '--resorts', '25'],
      env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
      stdout: sink,
      stderr: sink,
      widget: async () => [],
    });
    expect(code).toBe(0);
    // the snapshot's host: gzip whenever the request accepts it, the host's own HTML page for a 404
    snapshot = await listen(
      createServer(
        handled(async (request, response) => {
          asked.push(request.headers['accept-encoding']);
          const path = normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)).replace(
            /^\/+/,
            '',
          );
          // a host that answers anything but a card: gone, moved elsewhere, or nothing at all
          if (path.endsWith('/410.include.html'))
            return void response.writeHead(410, { 'content-type': 'text/html' }).end('<h1>410 Gone</h1>');
          if (path.endsWith('/301.include.html'))
            return void response
              .writeHead(301, { location: 'https://elsewhere.example/', 'content-type': 'text/html' })
              .end('<h1>301 Moved Permanently</h1>');
          if (path.endsWith('/1.include.html')) return; // never answers
          const body = await readFile(join(dist, path)).catch(() => undefined);
          if (!body)
            return void response
              .writeHead(404, { 'content-type': 'text/html' })
              .end('<html><body><h1>404 Not Found</h1></body></html>');
          const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
          response.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            ...(gzip ? { 'content-encoding': 'gzip' } : {}),
          });
          response.end(gzip ? gzipSync(body) : body);
        }),
      ),
    );
    const [html] = await readmeBlocks('**Server-side include**', 'html');
    const [conf] = await readmeBlocks('**Server-side include**', 'nginx');
    const pages = join(root, 'pages');
    await mkdir(pages);
    const card = (locale: string, id: number) =>
      html!.replace('/snow/cards/en-US/25.include.html', `/snow/cards/${locale}/${id}.include.html`);
    const stubbed = [
      card('fr-FR', 25),
      card('en-US', 999999),
      card('en-US', 410),
      card('en-US', 301),
      card('en-US', 1),
    ];
    await writeFile(
      join(pages, 'index.html'),
      `<!doctype html>\n<title>Partner</title>\n${card('en-US', 25)}\n${stubbed.join('\n')}\n`,
    );
    await writeFile(join(root, 'site.conf'), conf!.replace('https://your-cdn.example/', `${snapshot.url}/`));
    nginx = await startNginx(pages, join(root, 'site.conf'));
    const response = await fetch(`${nginx.url}/index.html`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    page = await response.text();
  }, 120_000);

  afterAll(async () => {
    await nginx?.close();
    await snapshot?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('includes a built card as text, though the browser accepts gzip', () => {
    const cards =
      page.match(
        /<resort-conditions resort="25" locale="en-US" days="3"><template shadowrootmode="open">/g,
      ) ?? [];
    expect(cards).toHaveLength(1);
    expect(page).toContain('<h2 part="name">Elk Ridge</h2>');
    expect(asked.every((encoding) => encoding === undefined || encoding === '')).toBe(true);
    expect(page).not.toContain('\u001f\u008b');
  });

  it('shows the stub for a locale not built, an unknown id, a 410, a redirect and a host that never answers', () => {
    const stubs = page.match(/<a href="https:\/\/elk-ridge\.example\/">Elk Ridge snow report<\/a>/g) ?? [];
    expect(stubs).toHaveLength(5);
    expect(page).not.toMatch(/404|410|301|Not Found|Gone|Moved|Gateway|nginx/i);
    expect(asked.length).toBe(6);
  });

  it('keeps the snapshot’s location for the includes only', async () => {
    const direct = await fetch(`${nginx.url}/snow/cards/en-US/25.include.html`);
    expect(direct.status).not.toBe(200);
    expect(await direct.text()).not.toContain('resort-conditions');
  });
});
