/**
 * The element at home on partner pages (widget/README.md, "Requests and safety", "Locales and units", "Sizes,
 * heights and layout"), in Chromium, Firefox ESR and WebKitGTK: a card, a strip and a list on a plain page, a
 * WordPress-style theme with a 62.5 % root and 18 px text, a right-to-left page, a page under the documented
 * strict Content-Security-Policy, a 182 px sidebar, and pages on Bootstrap 5, Tailwind's preflight, Pico and
 * normalize.css (devDependencies); Bootstrap's grid of six cards; a page that adds a card after its load. On
 * each: the text below moves by 0 px, no CSP violation, no error or console error, every frame
 * left-to-right, nothing cut, no empty band over a line of text (a blank plot counts as empty), every link
 * inside its frame's padding; the card's text on the WordPress theme no smaller than on the plain page. In
 * Chromium and Firefox the plain, Bootstrap and grid pages under forced colours and in print media, with the
 * same checks, and the 7-day chart's bars and the list's lines and sort select drawn there (engines.ts, `Media`: Chromium's emulated by
 * playwright; Firefox's forced colours mode as a reader sets it, `browser.display.document_color_use` 2,
 * and its print media as its developer tools' print simulation sets it). WebKitGTK cannot be put into
 * either: WebCore's `forced-colors` media feature is always `none`, and WebKitWebDriver neither prints nor
 * emulates a media type (`WEBKIT_MEDIA`); there the test holds that it answers `forced-colors: none` (a
 * WebKit that gains the mode fails it, to be tested then) and that the bars are drawn shapes, which both would
 * keep. In Chromium a strip in the first screen without layout shift. Screenshots in
 * test-results/partner-*.png. WebKitGTK's window is 500 px at the narrowest (engines.ts), so it runs the
 * widths from there.
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
  WEBKIT_MEDIA,
  WEBKIT_MIN_WIDTH,
  type Engine,
  type EngineName,
} from './engines.ts';
import { observeLayoutShifts } from './card-pages.ts';
import {
  bands,
  CARD_BANDS,
  LIST_BANDS,
  STRIP_BANDS,
  stripCuts,
  valueProblems,
  type Band,
} from './in-page.ts';
import { listDrawn, listProblems } from './list-in-page.ts';
import {
  allShown,
  everyShown,
  GRID_RESORTS,
  PARTNER_KINDS,
  readPage,
  servePartnerPages,
  type OtherPage,
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

/** Each band taller than one line of its element's text (half a pixel of rounding allowed). */
const tooTall = (found: Band[]) =>
  found
    .filter((b) => b.band > b.line + 0.5)
    .map((b) => `${b.where}: ${b.band.toFixed(1)} px between ${b.between}`);

/** A function of in-page.ts run in the page (a tab's or a playwright page's `evaluate`). */
type Run = <A, R>(fn: (arg: A) => R, arg: A) => Promise<R>;

/** In the page, what is cut and which bands are empty: the cards', the strips' and the lists'. */
async function inspect(run: Run) {
  const cut = [
    ...(await run(valueProblems, null)),
    ...(await run(stripCuts, null)),
    ...(await run(listProblems, null)),
  ];
  const empty = tooTall([
    ...(await run(bands, CARD_BANDS)),
    ...(await run(bands, STRIP_BANDS)),
    ...(await run(bands, LIST_BANDS)),
  ]);
  return { cut, empty };
}

/** A page of `kind` at `width`, once its card, strip and list have drawn their files: what the watcher saw. */
async function visit(engine: Engine, kind: PartnerKind | OtherPage, width: number, query = '') {
  const tab = await engine.open(`${partner.url}/${kind}.html${query}`, { width, height: 900 });
  try {
    if (PARTNER_KINDS.includes(kind as PartnerKind))
      await tab.waitFor(allShown, null, `${kind} at ${width} px: the card, the strip and the list`);
    else await tab.waitFor(everyShown, null, `${kind} at ${width} px: every element`);
    if (kind === 'added')
      await tab.waitFor(
        () => !!document.querySelector('[data-added]')?.shadowRoot?.querySelector('.frame:not(.loading)'),
        null,
        `${kind} at ${width} px: the card added after the load`,
      );
    const { cut, empty } = await inspect((fn, arg) => tab.evaluate(fn, arg) as never);
    const reading = await tab.evaluate(readPage, null);
    const hosts = await tab.evaluate(() => document.querySelectorAll('resort-conditions').length, null);
    if ((width === 768 || width === WEBKIT_MIN_WIDTH || kind === 'sidebar') && !query)
      await tab.screenshot(join(RESULTS, `partner-${kind}-${width}-${engine.name}.png`));
    return { reading, cut, empty, hosts };
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
          const { reading, cut, empty } = await visit(engine, kind, width);
          expect(reading.problems).toEqual([]);
          expect(reading.shift).toBeLessThanOrEqual(0.5);
          expect(empty).toEqual([]);
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

    it.each(widths)(
      "on Bootstrap's grid of cards at %i px: 0 px of shift, no violation or error, left to right, nothing cut, no empty band",
      async (width) => {
        const { reading, cut, empty, hosts } = await visit(engine, 'grid', width);
        expect(hosts).toBe(GRID_RESORTS.length);
        expect(reading.problems).toEqual([]);
        expect(reading.shift).toBeLessThanOrEqual(0.5);
        expect(reading.frames.map((f) => [f.dir, f.direction])).toEqual(
          GRID_RESORTS.map(() => ['ltr', 'ltr']),
        );
        expect(cut).toEqual([]);
        expect(empty).toEqual([]);
        expect(reading.outside).toEqual([]);
      },
    );

    it.each([widths[0]!, widths.at(-1)!])(
      'on a page that adds a card after its load, at %i px: nothing that was there moves, no violation or error, nothing cut, no empty band',
      async (width) => {
        const { reading, cut, empty, hosts } = await visit(engine, 'added', width);
        expect(hosts).toBe(3);
        expect(reading.problems).toEqual([]);
        expect(reading.shift).toBeLessThanOrEqual(0.5);
        expect(cut).toEqual([]);
        expect(empty).toEqual([]);
        expect(reading.outside).toEqual([]);
      },
    );
  });
}

describe.skipIf(!ENGINES.includes('chromium') || (!!missing('chromium') && !CI))(
  'in chromium, a strip in the first screen',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromiumBrowser();
    }, 120_000);
    afterAll(() => browser?.close());

    // the strip's chunk held until its frame has been drawn from the core's styles alone, or answered as it
    // comes: the layout-shift observer of the page's own first paint on
    it.each([
      { width: 320, hold: true },
      { width: 768, hold: true },
      { width: 1280, hold: true },
      { width: 768, hold: false },
    ])(
      'lays a strip in the first screen out as a strip from its first paint, at $width px (chunk held: $hold): no layout shift',
      async ({ width, hold }) => {
        const context = await browser.newContext({ viewport: { width, height: 800 }, timezoneId: 'UTC' });
        await context.addInitScript(observeLayoutShifts);
        const page = await context.newPage();
        let release = () => {};
        const gate = new Promise<void>((resolve) => (release = resolve));
        if (hold)
          await page.route(/\/rc\.compact\.[\w-]+\.js$/, async (route) => {
            await gate;
            await route.continue();
          });
        await page.goto(`${partner.url}/strip-first.html`);
        const strip = () =>
          document.querySelector('resort-conditions')?.shadowRoot?.querySelector('.frame.compact');
        if (hold) {
          await page.waitForFunction(strip);
          // two frames drawn with the frame and nothing of the strip's own styles
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          release();
        }
        await page.waitForFunction(
          () => !!document.querySelector('resort-conditions')?.shadowRoot?.querySelector('.compact .vals'),
        );
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const { cls, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: string[] };
          return { cls: w.__cls, shifts: w.__shifts };
        });
        if (hold && width === 768) await page.screenshot({ path: join(RESULTS, 'partner-strip-first.png') });
        await context.close();
        expect(cls, shifts.join('; ')).toBe(0);
      },
    );
  },
);

/** In the page: the first card's 7-day chart, a day a bar: its drawn height and its plot's, its fill and line, its value. */
function chartBars() {
  return [...document.querySelector('resort-conditions')!.shadowRoot!.querySelectorAll('.chart li')].map(
    (li) => {
      const track = li.querySelector('.track')!;
      const rect = track.querySelector('rect')!;
      return {
        height: rect.getBoundingClientRect().height,
        plot: track.querySelector('svg')!.getBoundingClientRect().height,
        fill: getComputedStyle(rect).fill,
        line: getComputedStyle(track).borderBottomStyle,
        value: Number(li.querySelector('.value')!.textContent),
      };
    },
  );
}

/**
 * The chart's bars are drawn shapes, not a background that forced colours and paper leave out: each on its
 * drawn line, one for every day with snow, the week's largest as tall as the plot.
 */
function expectDrawnBars(bars: ReturnType<typeof chartBars>) {
  expect(bars).toHaveLength(7);
  const max = Math.max(...bars.map((b) => b.value));
  expect(max).toBeGreaterThan(0);
  for (const bar of bars) {
    expect(bar.fill).not.toBe('none');
    expect(bar.line).toBe('solid');
    if (bar.value > 0) expect(bar.height).toBeGreaterThan(0);
    if (bar.value === max) expect(bar.height).toBeCloseTo(bar.plot, 0);
  }
}

const MEDIA = [
  { what: 'forced colours', media: 'forced-colors', query: '(forced-colors: active)' },
  { what: 'print', media: 'print', query: 'print' },
] as const;

for (const name of ENGINES.filter((e) => e !== 'webkit')) {
  const why = missing(name);
  for (const { what, media, query } of MEDIA)
    describe.skipIf(!!why && !CI)(`in ${name}, ${what}`, { timeout: 600_000 }, () => {
      let engine: Engine;
      beforeAll(async () => {
        if (why) throw new Error(`${name}: ${why}; CI needs every engine (.ci/run installs them)`);
        engine = await launch(name, media);
      }, 120_000);
      afterAll(() => engine?.close());

      // the partner pages in those media: what the watcher saw, what is cut or empty
      it.each(
        (['plain', 'bootstrap', 'grid'] as const).flatMap((kind) =>
          [320, 1280].map((width) => ({ kind, width })),
        ),
      )(
        `on the $kind page at $width px under ${what}: 0 px of shift, no violation or error, left to right, nothing cut, no empty band`,
        async ({ kind, width }) => {
          const tab = await engine.open(`${partner.url}/${kind}.html`, { width, height: 900 });
          try {
            expect(await tab.evaluate((q: string) => matchMedia(q).matches, query)).toBe(true);
            await tab.waitFor(
              kind === 'grid' ? everyShown : allShown,
              null,
              `${kind} at ${width} px under ${what}`,
            );
            const { cut, empty } = await inspect((fn, arg) => tab.evaluate(fn, arg) as never);
            const reading = await tab.evaluate(readPage, null);
            if (width === 320)
              await tab.screenshot(join(RESULTS, `partner-${kind}-${media}-${width}-${name}.png`), {
                fullPage: true,
              });
            expect(reading.problems).toEqual([]);
            expect(reading.shift).toBeLessThanOrEqual(0.5);
            expect(new Set(reading.frames.map((f) => `${f.dir} ${f.direction}`))).toEqual(
              new Set(['ltr ltr']),
            );
            expect(cut).toEqual([]);
            expect(empty).toEqual([]);
          } finally {
            await tab.close();
          }
        },
      );

      // a table at 1280 px, stacked rows under their select at 320 px
      it.each([320, 1280])(
        `draws the list’s lines and its sort select at %i px under ${what}`,
        async (width) => {
          const tab = await engine.open(`${partner.url}/plain.html`, { width, height: 900 });
          try {
            await tab.waitFor(allShown, null, `the plain page at ${width} px under ${what}`);
            expect(await tab.evaluate(listDrawn, null)).toEqual([]);
          } finally {
            await tab.close();
          }
        },
      );

      it(`draws the 7-day chart’s bars under ${what}`, async () => {
        const tab = await engine.open(`${partner.url}/plain.html`, { width: 768, height: 1400 });
        try {
          await tab.waitFor(allShown, null, `the plain page under ${what}`);
          expectDrawnBars(await tab.evaluate(chartBars, null));
          await tab.screenshot(join(RESULTS, `partner-chart-${media}-${name}.png`), { fullPage: true });
        } finally {
          await tab.close();
        }
      });
    });
}

// WebKit: what its driver can put it in, the screen (WEBKIT_MEDIA says why no more); there, the bars that
// forced colours and paper would keep are drawn shapes as in the other engines
describe.skipIf(!ENGINES.includes('webkit') || (!!missing('webkit') && !CI))(
  'in webkit, forced colours and print',
  { timeout: 600_000 },
  () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await launch('webkit');
    }, 120_000);
    afterAll(() => engine?.close());

    it('cannot be put into either by its driver', async () => {
      await expect(launch('webkit', 'forced-colors')).rejects.toThrow(WEBKIT_MEDIA);
      await expect(launch('webkit', 'print')).rejects.toThrow(WEBKIT_MEDIA);
      const tab = await engine.open(`${partner.url}/plain.html`, { width: 768, height: 900 });
      try {
        // a WebKit that gains forced colours answers `active` to the page's own query: extend the tests then
        expect(
          await tab.evaluate(
            () => [
              matchMedia('(forced-colors: none)').matches,
              matchMedia('(forced-colors: active)').matches,
            ],
            null,
          ),
        ).toEqual([true, false]);
      } finally {
        await tab.close();
      }
    });

    it('draws the list’s lines and its select as borders, not shadows or a background', async () => {
      for (const width of [WEBKIT_MIN_WIDTH, 1280]) {
        const tab = await engine.open(`${partner.url}/plain.html`, { width, height: 900 });
        try {
          await tab.waitFor(allShown, null, `the plain page at ${width} px`);
          expect(await tab.evaluate(listDrawn, null)).toEqual([]);
        } finally {
          await tab.close();
        }
      }
    });

    it('draws the 7-day chart’s bars as shapes, not a background', async () => {
      const tab = await engine.open(`${partner.url}/plain.html`, { width: 768, height: 1400 });
      try {
        await tab.waitFor(allShown, null, 'the plain page');
        expectDrawnBars(await tab.evaluate(chartBars, null));
      } finally {
        await tab.close();
      }
    });
  },
);
