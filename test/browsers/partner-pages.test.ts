/**
 * The element at home on partner pages (widget/README.md, "Requests and safety", "Locales and units", "Sizes,
 * heights and layout"), in Chromium, Firefox ESR and WebKitGTK: a card, a strip and a list on a plain page, a
 * WordPress-style theme with a 62.5 % root and 18 px text, a right-to-left page, a page under the documented
 * strict Content-Security-Policy and a 182 px sidebar. On each: the text below moves by 0 px, no CSP
 * violation, no error or console error, every frame left-to-right, nothing cut, every link inside its frame's
 * padding; the card's text on the WordPress theme no smaller than on the plain page. In Chromium the card
 * under forced colours and as printed, with screenshots in test-results/partner-*.png. WebKitGTK's window is
 * 500 px at the narrowest (engines.ts), so it runs the widths from there.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listening } from '../../scripts/service/listen.ts';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';
import { FROZEN_NOW, IN_CI as CI } from '../helpers.ts';
import {
  chromiumBrowser,
  ENGINES,
  launch,
  missing,
  WEBKIT_MIN_WIDTH,
  type Engine,
  type EngineName,
} from './engines.ts';
import { listProblems, valueProblems } from './in-page.ts';
import {
  allShown,
  PARTNER_KINDS,
  readPage,
  servePartnerPages,
  type PageReading,
  type PartnerKind,
} from './partner-pages.ts';

const RESULTS = 'test-results';
const WIDTHS = [320, 768, 1280];
let root: string;
let site: Listening;
let partner: Listening;

beforeAll(async () => {
  if (ENGINES.every((e) => missing(e) && !CI)) return;
  root = await mkdtemp(join(tmpdir(), 'rc-partner-pages-'));
  const dist = join(root, 'dist');
  const sink = { write: () => true };
  const code = await build({
    argv: ['--out', dist, '--locales', 'en-US,de-DE,fr-FR'],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    widget: () => elementFiles(),
  });
  expect(code).toBe(0);
  site = await serveFolder(dist);
  partner = await servePartnerPages(site.url, FROZEN_NOW);
  await mkdir(RESULTS, { recursive: true });
}, 300_000);

afterAll(async () => {
  await Promise.all([site?.close(), partner?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
});

/** A page of `kind` at `width`, once its card, strip and list have drawn their files: what the watcher saw. */
async function visit(engine: Engine, kind: PartnerKind, width: number, query = '') {
  const tab = await engine.open(`${partner.url}/${kind}.html${query}`, { width, height: 900 });
  try {
    await tab.waitFor(allShown, null, `${kind} at ${width} px: the card, the strip and the list`);
    const reading = await tab.evaluate(readPage, null);
    const cut = [...(await tab.evaluate(valueProblems, null)), ...(await tab.evaluate(listProblems, null))];
    if (width === 768 && !query) await tab.screenshot(join(RESULTS, `partner-${kind}-${engine.name}.png`));
    return { reading, cut };
  } finally {
    await tab.close();
  }
}

for (const name of ENGINES) {
  const why = missing(name);
  if (why && !CI) console.warn(`${name}: partner pages skipped: ${why}`);
  describe.skipIf(!!why && !CI)(`in ${name}, partner pages`, { timeout: 600_000 }, () => {
    let engine: Engine;
    const widths =
      name === 'webkit' ? [WEBKIT_MIN_WIDTH, ...WIDTHS.filter((w) => w > WEBKIT_MIN_WIDTH)] : WIDTHS;
    const plain = new Map<number, PageReading>();
    beforeAll(async () => {
      if (why) throw new Error(`${name}: ${why}; CI needs every engine (.ci/run installs them)`);
      engine = await launch(name as EngineName);
    }, 120_000);
    afterAll(() => engine?.close());

    it('hears a violation of the strict policy: the control page’s one style attribute', async () => {
      const { reading } = await visit(engine, 'csp', widths[0]!, '?control');
      expect(reading.problems.filter((p) => p.startsWith('csp: style-src'))).toHaveLength(1);
    });

    for (const kind of PARTNER_KINDS)
      it.each(kind === 'sidebar' ? [widths.at(-1)!] : widths)(
        `on the ${kind} page at %i px: 0 px of shift, no violation or error, left to right, nothing cut, every link inside its frame`,
        async (width) => {
          const { reading, cut } = await visit(engine, kind, width);
          expect(reading.problems).toEqual([]);
          expect(reading.shift).toBeLessThanOrEqual(0.5);
          expect(reading.frames.map((f) => [f.what, f.dir, f.direction])).toEqual([
            ['resort-conditions', 'ltr', 'ltr'],
            ['resort-conditions compact', 'ltr', 'ltr'],
            ['resort-conditions-list', 'ltr', 'ltr'],
          ]);
          const { order } = reading;
          expect(order.firstDay).toBeLessThan(order.lastDay);
          expect(order.name).toBeLessThan(order.status);
          expect(order.firstHead).toBeLessThan(order.secondHead);
          expect(cut).toEqual([]);
          expect(reading.outside).toEqual([]);
          if (kind === 'plain') plain.set(width, reading);
          // 62.5 % of the root, 18 px of body text: the card's text follows the page's, not its root's
          if (kind === 'wordpress') {
            const before = plain.get(width)!;
            reading.frames.forEach((f, i) =>
              expect(f.fontSize, f.what).toBeGreaterThanOrEqual(before.frames[i]!.fontSize),
            );
            if (width >= 768) expect(reading.frames[0]!.fontSize).toBeCloseTo(18 * 0.9375, 2);
          }
        },
      );
  });
}

describe.skipIf(!ENGINES.includes('chromium') || (!!missing('chromium') && !CI))(
  'in chromium, forced colours and print',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromiumBrowser();
    }, 120_000);
    afterAll(() => browser?.close());

    it.each([
      { what: 'forced colours', media: { forcedColors: 'active' as const } },
      { what: 'print', media: { media: 'print' as const } },
    ])('draws the 7-day chart’s bars under $what', async ({ what, media }) => {
      const context = await browser.newContext({ viewport: { width: 768, height: 1400 }, timezoneId: 'UTC' });
      const page = await context.newPage();
      await page.emulateMedia(media);
      await page.goto(`${partner.url}/plain.html`);
      await page.waitForFunction(allShown);
      const bars = await page.evaluate(() =>
        [...document.querySelector('resort-conditions')!.shadowRoot!.querySelectorAll('.chart li')].map(
          (li) => {
            const rect = li.querySelector('rect')!;
            const track = li.querySelector('.track')!;
            return {
              height: rect.getBoundingClientRect().height,
              fill: getComputedStyle(rect).fill,
              line: getComputedStyle(track).borderBottomStyle,
              value: Number(li.querySelector('.value')!.textContent),
            };
          },
        ),
      );
      expect(bars).toHaveLength(7);
      // drawn, not a background that forced colours and paper leave out: a shape for every day with snow
      for (const bar of bars) {
        expect(bar.fill).not.toBe('none');
        expect(bar.line).toBe('solid');
        if (bar.value > 0) expect(bar.height).toBeGreaterThan(0);
      }
      await page.screenshot({ path: join(RESULTS, `partner-${what.replace(' ', '-')}.png`), fullPage: true });
      await context.close();
    });
  },
);
