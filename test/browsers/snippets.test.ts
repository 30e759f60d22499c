/**
 * The documentation's snippets, pasted as they stand into a page of another origin in Debian's Chromium,
 * with the snapshot served as `npm run preview` serves it (scripts/hosting/static-server.ts): the Quick start
 * of README.md renders its card; the iframe snippets of widget/README.md ("iframe") move nothing below
 * them in a column of any width, with `resort-conditions-frame.css` (scripts/tooling/reservations.ts) alone and
 * once the loader has set each frame's height; the demo page's snippets follow the chosen resort and locale
 * and name the host it is served from.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { handled, listen, type Listening } from '../../scripts/service/listen.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { rescaled } from '../../scripts/tooling/reservations.ts';
import { FROZEN_NOW } from '../helpers.ts';
import { chromiumBrowser, describeChromium } from './engines.ts';

const REPO = resolve(import.meta.dirname, '..', '..');
const HOST = 'https://your-cdn.example';

/** The `html` code blocks of a Markdown file, in order. */
async function htmlBlocks(file: string): Promise<string[]> {
  const text = await readFile(join(REPO, file), 'utf8');
  return [...text.matchAll(/^```html\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** The block under a heading of widget/README.md. */
async function blocksUnder(heading: string): Promise<string[]> {
  const text = await readFile(join(REPO, 'widget', 'README.md'), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  const end = text.indexOf('\n#', start + heading.length + 2);
  return [...text.slice(start, end).matchAll(/^```html\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** A snippet split where it says so: what goes in `<head>`, and what goes where the card goes (all of it, unless it says). */
function split(snippet: string): { head: string; body: string } {
  const [head, body] = snippet.split(/^<!-- where .* -->$/m);
  if (body === undefined) return { head: '', body: snippet };
  return { head: head!.replace(/^<!-- in the page's <head> -->$/m, ''), body };
}

describe('the frame style sheet rules', () => {
  it("rescales the element's container queries and font size to a container of the reader's text size, and rounds heights up", () => {
    expect(
      rescaled(
        `  x {\n    font-size: max(10px, min(1em, 100cqi / 21.3333));\n    height: calc(2em + 1px);\n  }\n  @container (width < 32em) {\n    x {\n      height: calc(3em + (1px));\n    }\n  }\n`,
        { fontSize: true },
      ),
    ).toBe(
      `  x {\n    font-size: max(10px, min(0.9375em, 100cqi / 21.3333));\n    height: calc(2em + 1px);height: round(up, calc(2em + 1px) - 0.01px, 1px);\n  }\n  @container (width < 30em) {\n    x {\n      height: calc(3em + (1px));height: round(up, calc(3em + (1px)) - 0.01px, 1px);\n    }\n  }\n`,
    );
  });

  it("refuses rules whose shape it does not know, so that a change of the element's fails the build", () => {
    expect(() => rescaled('x { height: calc(1em); }', { fontSize: false })).toThrow(/no container queries/);
    expect(() => rescaled('@container (width < 2em) { x { font-size: 1em; } }', { fontSize: true })).toThrow(
      /font size/,
    );
    // minified as lightningcss writes it
    expect(
      rescaled(
        'x{font-size:max(10px,min(1em,4.68751cqi));height:calc(1em + 2px)}@container (width<32em){x{--a:1}}',
        {
          fontSize: true,
        },
      ),
    ).toBe(
      'x{font-size:max(10px,min(0.9375em,4.68751cqi));height:calc(1em + 2px);height: round(up, calc(1em + 2px) - 0.01px, 1px)}@container (width<30em){x{--a:1}}',
    );
  });
});

let root: string;
let site: Listening;
let partner: Listening;
let browser: Browser;
/** The page each partner request answers, by its path. */
const pages = new Map<string, string>();

describeChromium()('the snippets in Chromium, on a page of another origin', () => {
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rc-snippets-'));
    const dist = join(root, 'dist');
    const sink = { write: () => true };
    // the cards with their season chart too (widget/README.md, "Season chart"): one day of history
    const config = join(root, 'config.json');
    await writeFile(config, JSON.stringify({ embeds: { season: true } }));
    const code = await build({
      argv: ['--out', dist, '--locales', 'en-US,de-DE', '--config', config],
      env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
      stdout: sink,
      stderr: sink,
      widget: () => elementFiles(),
    });
    expect(code).toBe(0);
    site = await serveFolder(dist);
    partner = await listen(
      createServer(
        handled(async (request, response) => {
          const page = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
          response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page);
        }),
      ),
    );
    browser = await chromiumBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site, partner].map((s) => s?.close()));
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** A partner page at `path`: the snippets' head parts in `<head>`, each body part in a column of `width`, a line of text below each. */
  const partnerPage = (path: string, snippets: string[], width: number, root = '100%') => {
    const parts = snippets.map((s) => split(s.replaceAll(HOST, site.url)));
    pages.set(
      path,
      `<!doctype html><html lang="en" style="font-size: ${root}"><head><meta charset="utf-8"><title>Partner</title><link rel="icon" href="data:,">${parts.map((p) => p.head).join('')}</head>
<body style="margin: 0"><main style="width: ${width}px">${parts.map((p, i) => `<h2>Above ${i}</h2>${p.body}<p class="below">Text below ${i}</p>`).join('\n')}</main></body></html>`,
    );
    return `${partner.url}${path}`;
  };

  const open = async (width: number): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> => {
    const context = await browser.newContext({ viewport: { width: width + 40, height: 4000 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return { page, problems, close: () => context.close() };
  };

  it("renders README.md's Quick start on another origin, from the snapshot as npm run preview serves it", async () => {
    const [quickStart] = await htmlBlocks('README.md');
    expect(quickStart).toContain('<resort-conditions resort="25">');
    const { page, problems, close } = await open(1000);
    try {
      // the reader's day is the snapshot's
      await page.clock.setFixedTime(FROZEN_NOW);
      await page.goto(partnerPage('/quick-start', [quickStart!], 1000));
      await page.waitForFunction(() =>
        document.querySelector('resort-conditions')?.shadowRoot?.textContent?.includes('Elk Ridge'),
      );
      expect(
        await page.evaluate(() => document.querySelector('resort-conditions')!.shadowRoot!.textContent),
      ).toMatch(/Elk Ridge[\s\S]*Today/);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it.each([
    ...[240, 320, 360, 375, 400, 480, 560, 640, 900, 1000, 1400].map((width) => ({ width, root: '100%' })),
    // a page that sets its own root font: the frames follow the reader's text size, not the page's
    { width: 375, root: '62.5%' },
    { width: 1000, root: '62.5%' },
  ])(
    "moves nothing below widget/README.md's iframe snippets in a column of $width px (the page's root font $root)",
    async ({ width, root }) => {
      const [card, others] = await blocksUnder('### iframe');
      expect(card).toContain('<div class="resort-conditions-frame">');
      const frames = [card!, ...others!.trim().split('\n')];
      const { page, problems, close } = await open(width);
      try {
        // the loader waits until the text's place with the style sheet alone has been read
        let release = () => {};
        const held = new Promise<void>((done) => (release = done));
        await page.route(/resort-conditions-frame\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        // (the held script holds the page's load event back: the frames' own loads are what to wait for)
        await page.goto(partnerPage(`/frames-${width}-${root}`, frames, width, root), {
          waitUntil: 'domcontentloaded',
        });
        await Promise.all(
          page
            .frames()
            .slice(1)
            .map((frame) => frame.waitForLoadState('load')),
        );
        const below = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('.below')].map((p) => p.getBoundingClientRect().top),
          );
        const before = await below();
        release();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('iframe')].every((frame) => frame.style.height !== ''),
        );
        expect(await below()).toEqual(before);
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    },
    60_000,
  );

  it("writes the demo page's snippets for the chosen resort and locale, with the host it is served from", async () => {
    const { page, close } = await open(1000);
    try {
      await page.goto(`${site.url}/`);
      await page.selectOption('#resort', '25');
      await page.selectOption('#locale', 'de-DE');
      const iframe = await page.textContent('code[data-snippet="iframe"]');
      expect(iframe).toBe(
        `<link rel="stylesheet" href="${site.url}/resort-conditions-frame.css">\n` +
          `<script async src="${site.url}/resort-conditions-frame.js"></script>\n` +
          `<div class="resort-conditions-frame"><iframe src="${site.url}/cards/de-DE/25.html" title="Elk Ridge snow report" loading="lazy"></iframe></div>`,
      );
      expect(await page.textContent('code[data-snippet="card"]')).toContain(
        '<resort-conditions resort="25" locale="de-DE">',
      );
      expect(await page.textContent('figcaption')).toBe('Silver Hollow · resort="20"');
    } finally {
      await close();
    }
  }, 60_000);
});
