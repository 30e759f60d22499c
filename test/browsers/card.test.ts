/**
 * The element, the cards and the frame loader in Debian's Chromium, on a partner page of another origin
 * (widget/README.md, "Embeds"): layout shift, themes and contrast, layout at every width, no third-party requests, the
 * embeds. Screenshots go to test-results/.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listening } from '../../scripts/service/listen.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { build } from '../../scripts/cli/build.ts';
import { FROZEN_NOW } from '../helpers.ts';
import { CHROMIUM, chromiumBrowser, describeChromium, ENGINES } from './engines.ts';
import { litCopies, valueProblems } from './in-page.ts';
import {
  observeLayoutShifts,
  serveDelayed,
  servePartner,
  type PartnerOptions,
  type Theme,
} from './card-pages.ts';

const hasChromium = ENGINES.includes('chromium') && existsSync(CHROMIUM);

const RESULTS = 'test-results';
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'pl-PL'];
/** Out of season: the snapshot is of February, the reader in July. */
const SUMMER = Date.parse('2026-07-15T10:00:00Z');

let root: string;
let dist: string;
let fast: Listening;
let partner: Listening;
const delayed = new Map<number, Listening>();
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  root = await mkdtemp(join(tmpdir(), 'rc-browser-'));
  dist = join(root, 'dist');
  const sink = { write: () => true };
  const env = { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) };
  const code = await build({
    argv: ['--out', dist, '--locales', LOCALES.join(',')],
    env,
    stdout: sink,
    stderr: sink,
    widget: () => elementFiles(),
  });
  expect(code).toBe(0);
  fast = await serveDelayed(dist, 0);
  for (const ms of [150, 2000]) delayed.set(ms, await serveDelayed(dist, ms));
  partner = await servePartner();
  await mkdir(RESULTS, { recursive: true });
  browser = await chromiumBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([fast, partner, ...delayed.values()].map((s) => s?.close()));
  if (root) await rm(root, { recursive: true, force: true });
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for. */
  requests: string[];
  problems: string[];
  /** Lets the held requests go (OpenOptions.hold). */
  release(): void;
}

interface OpenOptions {
  /** `commit`: return as soon as the page starts (before its scripts run); default: its load event. */
  until?: 'commit' | 'load';
  width?: number;
  height?: number;
  theme?: Theme;
  now?: number;
  javaScript?: boolean;
  /** Requests for these URLs wait until the test calls `release()`. */
  hold?: RegExp;
}

async function open(
  o: Omit<PartnerOptions, 'site' | 'dist'> & { site?: string },
  {
    until = 'load',
    width = 1200,
    height = 900,
    theme = 'light',
    now = FROZEN_NOW,
    javaScript = true,
    hold,
  }: OpenOptions = {},
): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: theme === 'dark' ? 'dark' : 'light',
    timezoneId: 'UTC',
    javaScriptEnabled: javaScript,
  });
  await context.addInitScript(observeLayoutShifts);
  await context.addInitScript(contrastInPage);
  const page = await context.newPage();
  await page.clock.setFixedTime(now);
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  let release = () => {};
  if (hold) {
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(hold, async (route) => {
      await gate;
      await route.continue();
    });
  }
  const options: PartnerOptions = { site: fast.url, dist, theme, ...o };
  await page.goto(`${partner.url}/?o=${encodeURIComponent(JSON.stringify(options))}`, { waitUntil: until });
  return { context, page, requests, problems, release };
}

/** Waits until every element shows something other than its skeleton, then two frames more. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('resort-conditions')].every((el) =>
        el.shadowRoot?.querySelector('.frame:not(.loading)'),
      ),
    null,
    { timeout: 20_000 },
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Loads axe-core into the page and answers its violations (of every rule, or of `rules`), as `rule: n × help` lines. */
async function axe(page: Page, rules?: string[]): Promise<string[]> {
  await page.addScriptTag({
    content: await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  });
  return page.evaluate(async (only) => {
    const result = await (window as any).axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map(
      (v: any) =>
        `${v.id}: ${v.nodes.length} × ${v.help} (${v.nodes
          .map((n: any) => n.failureSummary)
          .join('; ')
          .slice(0, 300)})`,
    );
  }, rules);
}

/** In the page: WCAG contrast of two CSS colours (any syntax; the first is laid over the second). */
function contrastInPage() {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const rgba = (color: string, under = 'white') => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = under;
    ctx.fillRect(0, 0, 1, 1);
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data];
  };
  const luminance = ([r, g, b]: number[]) =>
    [r!, g!, b!]
      .map((c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  (window as unknown as { contrast: (fg: string, bg: string) => number }).contrast = (fg, bg) => {
    const back = rgba(bg);
    const front = rgba(fg, `rgb(${back.slice(0, 3).join(',')})`);
    const [a, b] = [luminance(front), luminance(back)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  };
}

const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/** Runs `task` over `items`, `limit` at a time (two cores: a few pages at once). */
async function inBatches<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit)
    out.push(...(await Promise.all(items.slice(i, i + limit).map(task))));
  return out;
}

describeChromium()('in Chromium, on a partner page of another origin', { timeout: 120_000 }, () => {
  it('shows a resort in English with imperial units and in German with metric, and asks nothing of any other origin', async () => {
    const { context, page, requests, problems } = await open({ embed: 'module', resorts: [25] });
    await settled(page);
    const de = await open({ embed: 'module', resorts: [25], locale: 'de-DE' });
    await settled(de.page);
    const text = (p: Page) =>
      p.evaluate(() =>
        document.querySelector('resort-conditions')!.shadowRoot!.textContent!.replace(/\s+/g, ' '),
      );
    expect(await text(page)).toMatch(/Snow depth.*Base\d+ in/);
    expect(await text(page)).toMatch(/°F.*\d+ mph/);
    expect(await text(de.page)).toMatch(/Schneehöhe.*Tal\d+ cm/);
    expect(await text(de.page)).toMatch(/°C.*\d+ km\/h/);
    // the logo is the published copy, and loaded
    const logo = await page.evaluate(() => {
      const img = document
        .querySelector('resort-conditions')!
        .shadowRoot!.querySelector<HTMLImageElement>('.attribution img')!;
      return { src: img.src, loaded: img.complete && img.naturalWidth > 0 };
    });
    expect(logo.src.startsWith(`${fast.url}/assets/`)).toBe(true);
    expect(logo.loaded).toBe(true);
    const allowed = new Set([partner.url, fast.url]);
    const elsewhere = [...requests, ...de.requests].filter((url) => !allowed.has(new URL(url).origin));
    expect(elsewhere).toEqual([]);
    expect([...problems, ...de.problems]).toEqual([]);
    await context.close();
    await de.context.close();
  });

  it('loads lit once, each script once and each file of the snapshot once on a page of cards, a strip and a list', async () => {
    const { context, page, requests, problems } = await open({
      embed: 'module',
      resorts: [25, 20, { id: 60, layout: 'compact' }],
      list: 429,
      reserve: true,
    });
    await settled(page);
    await page.waitForFunction(
      () =>
        !!document.querySelector('resort-conditions-list')?.shadowRoot?.querySelector('tbody tr[data-id]'),
    );
    const paths = requests.filter((u) => u.startsWith(fast.url)).map((u) => new URL(u).pathname);
    const counts = new Map<string, number>();
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    // lit is in one chunk, which both scripts import
    const scripts = [...counts.keys()].filter((p) => p.endsWith('.js')).sort();
    expect(scripts.map((p) => p.replace(/\.[\w-]{8}\.js$/, '.js'))).toEqual([
      '/rc.compact.js',
      '/rc.core.js',
      '/resort-conditions-list.js',
      '/resort-conditions.js',
    ]);
    const api = [...counts.keys()].filter((p) => p.startsWith('/api/')).sort();
    expect(api).toContain('/api/manifest.json');
    expect(api).toContain('/api/en-US/externalservice/myaccount/attribution.json');
    expect(api).toContain('/api/en-US/externalservice/resort/combinedreport/group=region-429.json');
    // one lit renders every element, and writes nothing to the page's globals
    const lit = await page.evaluate(litCopies);
    expect(lit.elements).toBeGreaterThan(1);
    expect(lit).toEqual({ elements: lit.elements, rendered: lit.elements, copies: 1, global: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  describe('layout shift (CLS, summed from layout-shift entries without input)', () => {
    const WIDTHS = [320, 375, 768, 1200];
    const STATES = [
      { state: 'report', resort: 25, now: FROZEN_NOW },
      { state: 'out of season', resort: 25, now: SUMMER },
      { state: 'permanently closed', resort: 136, now: FROZEN_NOW },
      { state: 'unknown id', resort: 999_999, now: FROZEN_NOW },
    ];
    const table: string[] = [];

    afterAll(async () => {
      if (table.length)
        await writeFile(
          join(RESULTS, 'cls.tsv'),
          `embed\tdelay ms\twidth px\tstate\tCLS\n${table.sort().join('\n')}\n`,
        );
    });

    it.each([150, 2000])(
      'stays at or under 0.01 for the module script, files answered after %i ms',
      async (delay) => {
        const cases = WIDTHS.flatMap((width) => STATES.map((s) => ({ width, ...s })));
        const results = await inBatches(cases, 8, async ({ width, state, resort, now }) => {
          const { context, page } = await open(
            { embed: 'module', resorts: [resort], site: delayed.get(delay)!.url },
            { width, now, height: 800 },
          );
          await settled(page);
          const frame = await page.evaluate(
            () => document.querySelector('resort-conditions')!.shadowRoot!.querySelector('.frame')!.className,
          );
          const value = await cls(page);
          const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
          await context.close();
          table.push(`module\t${delay}\t${width}\t${state}\t${value.toFixed(4)}`);
          return { width, state, frame, value, shifts };
        });
        expect(results.map((r) => [r.state, r.frame.replace('frame ', '')])).toEqual(
          cases.map((c) => [
            c.state,
            {
              report: 'open',
              'out of season': 'out-of-season',
              'permanently closed': 'permanently-closed',
              'unknown id': 'unknown',
            }[c.state],
          ]),
        );
        for (const r of results)
          expect(r.value, `${r.state} at ${r.width} px: ${r.shifts.join('; ')}`).toBeLessThanOrEqual(0.01);
      },
    );

    it('stays at or under 0.01 with resort-conditions.css in the head and the script async at the end: style sheet after 150 ms, script and files after 2000 ms', async () => {
      const cases = [
        ...WIDTHS.map((width) => ({ width, days: undefined as number | undefined, resort: 25 })),
        { width: 320, days: 0, resort: 25 },
        { width: 1200, days: 5, resort: 25 },
        { width: 768, days: 3, resort: 999_999 },
      ];
      const results = await inBatches(cases, 8, async ({ width, days, resort }) => {
        // the style sheet after 150 ms; the script held until the room is measured, then after 2 s, as the files
        const { context, page, release } = await open(
          {
            embed: 'module',
            reserve: true,
            styleSite: delayed.get(150)!.url,
            resorts: [resort],
            site: delayed.get(2000)!.url,
            ...(days === undefined ? {} : { days }),
          },
          { width, height: 800, hold: /resort-conditions\.js$/, until: 'commit' },
        );
        // before the script: the room is there, and the element's own content reads in it
        await page.waitForFunction(
          () =>
            (document.querySelector('link[rel=stylesheet]') as HTMLLinkElement | null)?.sheet &&
            document.querySelector('p.below'),
        );
        const before = await page.evaluate(() => ({
          defined: !!customElements.get('resort-conditions'),
          height: document.querySelector('resort-conditions')!.getBoundingClientRect().height,
          link: document.querySelector('resort-conditions a')!.getBoundingClientRect().height,
        }));
        release();
        await page.waitForFunction(() => customElements.get('resort-conditions'), null, {
          timeout: 20_000,
        });
        await settled(page);
        const after = await page.evaluate(
          () => document.querySelector('resort-conditions')!.getBoundingClientRect().height,
        );
        const value = await cls(page);
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
        await context.close();
        table.push(
          `module + css\t2000\t${width}\t${resort === 25 ? 'report' : 'unknown id'}, days ${days ?? 'unset'}\t${value.toFixed(4)}`,
        );
        return { where: `${width} px, days ${days}, resort ${resort}`, before, after, value, shifts };
      });
      for (const r of results) {
        expect(r.before.defined, r.where).toBe(false);
        expect(r.before.link, r.where).toBeGreaterThan(0);
        expect(Math.abs(r.before.height - r.after), r.where).toBeLessThan(0.5);
        expect(r.value, `${r.where}: ${r.shifts.join('; ')}`).toBeLessThanOrEqual(0.01);
      }
    });

    it('stays at or under 0.01 for a server-side include that streams in and that the element takes over, files after 2000 ms', async () => {
      const results = await inBatches(WIDTHS, 4, async (width) => {
        const { context, page } = await open(
          { embed: 'include', resorts: [25, 136], site: delayed.get(2000)!.url, pause: 400 },
          { width, height: 800, until: 'commit' },
        );
        // readable before the script arrives (declarative shadow DOM)…
        await page.waitForFunction(() =>
          document.querySelector('resort-conditions')?.shadowRoot?.querySelector('h2'),
        );
        expect(
          await page.evaluate(
            () => document.querySelector('resort-conditions')!.shadowRoot!.querySelector('h2')!.textContent,
          ),
        ).toBe('Elk Ridge');
        await page.evaluate(() => {
          const w = window as unknown as { __skeleton: boolean };
          w.__skeleton = false;
          for (const el of document.querySelectorAll('resort-conditions')) {
            new MutationObserver(() => (w.__skeleton ||= !!el.shadowRoot!.querySelector('.loading'))).observe(
              el.shadowRoot!,
              { childList: true, subtree: true },
            );
          }
        });
        // …then taken over by the element, without a skeleton in between
        await page.waitForFunction(
          () =>
            customElements.get('resort-conditions') &&
            [...document.querySelectorAll('resort-conditions')].every(
              (el) => !el.shadowRoot!.querySelector('script'),
            ),
          null,
          { timeout: 20_000 },
        );
        expect(await page.evaluate(() => (window as unknown as { __skeleton: boolean }).__skeleton)).toBe(
          false,
        );
        await settled(page);
        const value = await cls(page);
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
        await context.close();
        table.push(`include\t2000\t${width}\treport + permanently closed\t${value.toFixed(4)}`);
        return { width, value, shifts };
      });
      for (const r of results)
        expect(r.value, `${r.width} px: ${r.shifts.join('; ')}`).toBeLessThanOrEqual(0.01);
    });
  });

  describe('themes: light, dark and a partner theme through the custom properties', () => {
    const SHOTS = ['en-US', 'de-DE', 'fr-FR', 'ja-JP'].flatMap((locale) =>
      [375, 1200].map((width) => ({ locale, width })),
    );

    it.each(['light', 'dark', 'partner'] as const)(
      '%s: axe finds no contrast below 4.5:1, every mark is visible, Expert is a double diamond',
      async (theme) => {
        const results = await inBatches(SHOTS, 4, async ({ locale, width }) => {
          const { context, page, problems } = await open(
            { embed: 'module', resorts: [25], locale },
            { width, theme },
          );
          await settled(page);
          const violations = await axe(page, ['color-contrast']);
          const marks = await page.evaluate(() => {
            const root = document.querySelector('resort-conditions')!.shadowRoot!;
            const bg = getComputedStyle(root.querySelector('.frame')!).backgroundColor;
            const contrast = (window as unknown as { contrast: (fg: string, bg: string) => number }).contrast;
            const shapes = [...root.querySelectorAll('.difficulty .mark')].map((m) => ({
              name: m.parentElement!.className,
              contrast: contrast(getComputedStyle(m).fill, bg),
              diamonds: (m.querySelector('path')?.getAttribute('d')?.match(/M/g) ?? []).length,
            }));
            const strokes = [...root.querySelectorAll('.icon :is(path, circle)')].map((p) => ({
              name: p.getAttribute('class'),
              contrast: contrast(getComputedStyle(p).stroke, bg),
            }));
            return { shapes, strokes };
          });
          const element = (await page.locator('resort-conditions').boundingBox())!;
          await page.screenshot({
            path: join(RESULTS, `${theme}-${locale}-${width}.png`),
            clip: { x: 0, y: Math.max(0, element.y - 48), width, height: element.height + 96 },
            fullPage: true,
          });
          await context.close();
          return { locale, width, violations, marks, problems };
        });
        for (const r of results) {
          const where = `${theme} ${r.locale} ${r.width}`;
          expect(r.violations, where).toEqual([]);
          expect(r.problems, where).toEqual([]);
          expect(
            r.marks.shapes.map((m) => m.name),
            where,
          ).toEqual(['d1', 'd2', 'd3', 'd4']);
          for (const m of r.marks.shapes) expect(m.contrast, `${where} ${m.name}`).toBeGreaterThanOrEqual(3);
          expect(
            r.marks.shapes.map((m) => (m.name === 'd4' ? m.diamonds : m.name === 'd3' ? m.diamonds : 0)),
            where,
          ).toEqual([0, 0, 1, 2]);
          for (const s of r.marks.strokes) expect(s.contrast, `${where} ${s.name}`).toBeGreaterThanOrEqual(3);
        }
      },
    );

    it.each([
      { element: 'dark', reader: 'light', background: 'rgb(20, 27, 36)' },
      { element: 'light', reader: 'dark', background: 'rgb(255, 255, 255)' },
    ] as const)(
      'theme $element wins over a reader who prefers $reader, contrast intact',
      async ({ element, reader, background }) => {
        const { context, page, problems } = await open(
          { embed: 'module', resorts: [25], elementTheme: element, theme: element },
          { theme: reader, width: 375 },
        );
        await settled(page);
        const frame = await page.evaluate(
          () =>
            getComputedStyle(
              document.querySelector('resort-conditions')!.shadowRoot!.querySelector('.frame')!,
            ).backgroundColor,
        );
        expect(frame).toBe(background);
        expect(await axe(page, ['color-contrast'])).toEqual([]);
        expect(problems).toEqual([]);
        await page.screenshot({
          path: join(RESULTS, `theme-attribute-${element}-375.png`),
          fullPage: true,
        });
        await context.close();
      },
    );

    it.each(['light', 'dark', 'partner'] as const)('%s: every state, side by side', async (theme) => {
      const { context, page } = await open(
        {
          embed: 'module',
          resorts: [189, 136, 117, 999_999],
          locale: 'en-GB',
          css: 'main { max-width: none; display: grid; grid-template-columns: repeat(2, 1fr); gap: 0 16px } main > h1, main > p:first-of-type { grid-column: 1 / -1 } p.below { display: none }',
        },
        { width: 1100, theme },
      );
      await settled(page);
      expect(await axe(page)).toEqual([]);
      await page.screenshot({ path: join(RESULTS, `${theme}-states-1100.png`), fullPage: true });
      await context.close();
    });

    it('one resort twice on a page, as a strip and as a card: axe finds nothing (no two landmarks of one name)', async () => {
      const { context, page } = await open(
        { embed: 'module', resorts: [{ id: 189, layout: 'compact' }, 189], locale: 'en-US' },
        { width: 1024 },
      );
      await settled(page);
      expect(await axe(page)).toEqual([]);
      await context.close();
    });

    it('keeps the attribution visible at 4.5:1 or more whatever the page sets', async () => {
      const HOSTILE = [
        'resort-conditions { --rc-padding: 400px }',
        'resort-conditions { --rc-padding: 0 2000px }',
        'resort-conditions { --rc-background: transparent; --rc-color: transparent; --rc-accent-color: transparent }',
        'resort-conditions { --rc-background: #777; --rc-color: #777; --rc-accent-color: #777 }',
        'resort-conditions { --rc-background: banana; --rc-color: 12px }',
        'resort-conditions::part(card) { color: transparent; background: #ff0; font-size: 0 }',
        'resort-conditions { visibility: hidden; color: transparent; font-size: 2px }',
        'resort-conditions { --rc-background: rgba(0, 0, 0, 0.5) } body { background: #000 }',
        'resort-conditions { --rc-background: #12344d; --rc-color: #12344d }',
        // through the parts and the font: fade, black out, clip, push, shrink, grow or cover the card
        'resort-conditions::part(card) { opacity: 0 }',
        'resort-conditions::part(card) { filter: brightness(0) }',
        'resort-conditions::part(card) { clip-path: inset(0 0 70px 0) }',
        'resort-conditions::part(forecast) { margin-bottom: 2000px }',
        'resort-conditions::part(card) { font-size: 0 }',
        'resort-conditions { --rc-font: 0px/0 serif }',
        'resort-conditions::part(card) { flex: 0 0 5000px; height: 5000px; overflow: visible; grid-row: 2; order: 9 }',
        'resort-conditions::part(card) { position: absolute; inset: 0; z-index: 2147483647; background: #fff }',
        'resort-conditions::part(card) { transform: translateY(300px); background: #000 }',
        'resort-conditions { --rc-radius: 50% }',
        'resort-conditions { --rc-radius: 0 0 400px 400px }',
      ];
      const results = await inBatches(HOSTILE, 4, async (css) => {
        const { context, page } = await open({ embed: 'module', resorts: [20], css }, { width: 768 });
        await settled(page);
        const seen = await page.evaluate(() => {
          const a = document.querySelector('resort-conditions')!.shadowRoot!.querySelector('.attribution')!;
          const style = getComputedStyle(a);
          const contrast = (window as unknown as { contrast: (fg: string, bg: string) => number }).contrast;
          a.scrollIntoView({ block: 'center' });
          const root = a.getRootNode() as ShadowRoot;
          const frame = root.querySelector('.frame')!.getBoundingClientRect();
          // nothing between it and the shadow root fades, filters or clips it, it lies inside the frame, and it is on top
          const ancestors: Element[] = [];
          for (let n: Element | null = a; n; n = n.parentElement) ancestors.push(n);
          const untouched = ancestors.every((n) => {
            const s = getComputedStyle(n);
            return s.opacity === '1' && s.filter === 'none' && s.clipPath === 'none';
          });
          const box = a.getBoundingClientRect();
          const inside =
            box.top >= frame.top &&
            box.bottom <= frame.bottom &&
            box.left >= frame.left &&
            box.right <= frame.right;
          // its centre and its four corners (a rounded frame could cut those) are its own
          const points = [
            [box.left + box.width / 2, box.top + box.height / 2],
            [box.left + 3, box.top + 3],
            [box.right - 3, box.top + 3],
            [box.left + 3, box.bottom - 3],
            [box.right - 3, box.bottom - 3],
          ];
          const hits = points.map(([x, y]) => root.elementFromPoint(x!, y!));
          const hit = hits.every((h) => h && a.contains(h)) ? hits[0] : null;
          return {
            why: JSON.stringify({
              untouched,
              inside,
              hits: hits.map((h) => h?.outerHTML.slice(0, 40)),
              box: [box.top, box.bottom],
              frame: [frame.top, frame.bottom],
            }),
            shown:
              style.display !== 'none' &&
              style.visibility === 'visible' &&
              untouched &&
              inside &&
              !!hit &&
              a.contains(hit) &&
              box.width > 100 &&
              box.height > 10 &&
              parseFloat(style.fontSize) >= 12,
            text: contrast(style.color, style.backgroundColor),
            links: [...a.querySelectorAll('a')].map((l) =>
              contrast(getComputedStyle(l).color, style.backgroundColor),
            ),
          };
        });
        await context.close();
        return { css, ...seen };
      });
      for (const r of results) {
        expect(r.shown, `${r.css} ${r.why}`).toBe(true);
        expect(r.text, r.css).toBeGreaterThanOrEqual(4.5);
        for (const l of r.links) expect(l, r.css).toBeGreaterThanOrEqual(4.5);
      }
    });
  });

  it('fills the forecast rows for 0–5 days at every width, keeps values with their units and the chart labels readable', async () => {
    const items = ['en-US', 'fr-FR', 'de-DE', 'pl-PL'].flatMap((locale) =>
      [0, 1, 2, 3, 4, 5].map((days) => ({ locale, days })),
    );
    const css = 'p.below { display: none }';
    const { context, page } = await open({ embed: 'module', resorts: [], css }, { width: 320 });
    await page.evaluate((list) => {
      const main = document.querySelector('main')!;
      for (const { locale, days } of list)
        main.insertAdjacentHTML(
          'beforeend',
          `<resort-conditions resort="20" locale="${locale}" days="${days}"></resort-conditions>`,
        );
    }, items);
    const failures: string[] = [];
    for (const width of [320, 375, 414, 452, 511, 591, 600, 732, 768, 1024, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      failures.push(
        ...(await page.evaluate((w) => {
          const out: string[] = [];
          for (const el of document.querySelectorAll('resort-conditions')) {
            const root = el.shadowRoot!;
            const where = `${w}px ${el.getAttribute('locale')} days=${el.getAttribute('days')}`;
            const list = root.querySelector('.days')!.getBoundingClientRect();
            const tiles = [...root.querySelectorAll('.days li')].map((li) => li.getBoundingClientRect());
            const rows = new Map<number, DOMRect[]>();
            for (const t of tiles) rows.set(Math.round(t.top), [...(rows.get(Math.round(t.top)) ?? []), t]);
            const counts = [...rows.values()].map((r) => r.length);
            if (new Set(counts).size !== 1) out.push(`${where}: rows of ${counts.join(' + ')} tiles`);
            for (const row of rows.values()) {
              if (Math.abs(row[0]!.left - list.left) > 1.5 || Math.abs(row.at(-1)!.right - list.right) > 1.5)
                out.push(`${where}: a row does not fill the width`);
            }
            for (const label of root.querySelectorAll('.chart :is(.day, .value)')) {
              const style = getComputedStyle(label);
              const column = label.parentElement!.getBoundingClientRect();
              const box = label.getBoundingClientRect();
              if (
                style.display === 'none' ||
                parseFloat(style.fontSize) < 11 ||
                box.width > column.width + 0.5
              )
                out.push(`${where}: chart label "${label.textContent}" unreadable`);
            }
          }
          return out;
        }, width)),
      );
      // a value and its unit on one line, nothing cut by its tile or the frame
      failures.push(...(await page.evaluate(valueProblems)).map((f) => `${width}px viewport, ${f}`));
    }
    expect(failures).toEqual([]);
    await context.close();
  });

  it('says a week without snow in a line and gives its room to the forecast: no band or blank plot taller than a line, the same height as a card with a chart', async () => {
    const css = 'main { max-width: none } p.below, main > h1, main > p { display: none }';
    const { context, page } = await open({ embed: 'module', resorts: [], css }, { width: 320 });
    // resort 60 (closed) with nothing in its last seven days; resort 20 as published, its chart drawn
    await page.route(/\/resort\/60\/snowreport\.json$/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({
        response,
        json: { ...body, recent: body.recent.map((r: object) => ({ ...r, snow: 0 })) },
      });
    });
    const cards = ['en-US', 'de-DE', 'ja-JP'].flatMap((locale) =>
      [0, 3, 5].flatMap((days) => [60, 20].map((id) => ({ locale, days, id }))),
    );
    await page.evaluate((list) => {
      const main = document.querySelector('main')!;
      for (const { locale, days, id } of list)
        main.insertAdjacentHTML(
          'beforeend',
          `<resort-conditions resort="${id}" locale="${locale}" days="${days}"></resort-conditions>`,
        );
    }, cards);
    const failures: string[] = [];
    for (const host of [240, 320, 400, 480, 560, 768, 900, 1000, 1248]) {
      await page.setViewportSize({ width: host + 32, height: 900 });
      await settled(page);
      failures.push(
        ...(await page.evaluate((width) => {
          const out: string[] = [];
          const els = [...document.querySelectorAll('resort-conditions')];
          for (const [i, el] of els.entries()) {
            const frame = el.shadowRoot!.querySelector<HTMLElement>('.frame')!;
            const where = `${width}px ${el.getAttribute('locale')} days=${el.getAttribute('days')} resort ${el.getAttribute('resort')}`;
            const dry = frame.querySelector('.dry');
            if (el.getAttribute('resort') === '60') {
              if (!dry || frame.querySelector('.chart'))
                out.push(`${where}: no line for the week, or a plot`);
              // the card beside it, with its chart, takes the same room: the reservation holds for both
              const other = els[i + 1]!.getBoundingClientRect().height;
              if (Math.abs(el.getBoundingClientRect().height - other) > 0.01)
                out.push(
                  `${where}: ${el.getBoundingClientRect().height} px tall, the card with a chart ${other}`,
                );
              if (
                dry &&
                dry.getBoundingClientRect().height > parseFloat(getComputedStyle(dry).lineHeight) + 0.5
              )
                out.push(`${where}: the line is ${dry.getBoundingClientRect().height} px tall`);
            }
            // what the card draws: its text (by its glyphs' boxes), its pictures, the forecast's tiles (their
            // borders), each track's line and each bar as tall as drawn, so that a plot of empty tracks is
            // empty but its line
            const spans: Array<{ top: number; bottom: number; name: string }> = [];
            const name = (n: Node) => {
              const e = (n instanceof Element ? n : n.parentElement)!;
              return e.closest('[part]')?.getAttribute('part') ?? e.nodeName.toLowerCase();
            };
            const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              if (!n.textContent!.trim() || n.parentElement!.closest('.visually-hidden, [hidden]')) continue;
              const range = document.createRange();
              range.selectNodeContents(n);
              for (const r of range.getClientRects())
                if (r.height > 0) spans.push({ top: r.top, bottom: r.bottom, name: name(n) });
            }
            for (const e of frame.querySelectorAll(
              '.days li, svg.icon, svg.mark, svg.glyph, img, .chart rect',
            )) {
              const r = e.getBoundingClientRect();
              if (r.height > 0) spans.push({ top: r.top, bottom: r.bottom, name: name(e) });
            }
            for (const t of frame.querySelectorAll('.track')) {
              const r = t.getBoundingClientRect();
              spans.push({ top: r.bottom - 2, bottom: r.bottom, name: 'chart' });
            }
            spans.sort((a, b) => a.top - b.top);
            const fb = frame.getBoundingClientRect();
            const fs = getComputedStyle(frame);
            const end = fb.bottom - parseFloat(fs.borderBottomWidth) - parseFloat(fs.paddingBottom);
            const line = parseFloat(fs.fontSize) * 1.4;
            let reach = fb.top + parseFloat(fs.borderTopWidth) + parseFloat(fs.paddingTop);
            let last = 'the frame’s padding';
            for (const sp of [...spans, { top: end, bottom: end, name: 'the frame’s padding' }]) {
              if (sp.top - reach > line + 0.5)
                out.push(
                  `${where}: an empty band of ${(sp.top - reach).toFixed(1)} px between ${last} and ${sp.name}`,
                );
              if (sp.bottom > reach) [reach, last] = [sp.bottom, sp.name];
            }
          }
          return out;
        }, host)),
      );
      if (host === 320 || host === 1000)
        for (const [i, locale] of [
          [0, 'en-US'],
          [6, 'de-DE'],
        ] as const) {
          const pair = page.locator('resort-conditions');
          await pair.nth(i + 2).screenshot({ path: join(RESULTS, `snowless-week-${host}-${locale}.png`) });
          await pair.nth(i + 3).screenshot({ path: join(RESULTS, `snowy-week-${host}-${locale}.png`) });
        }
    }
    expect(failures).toEqual([]);
    await context.close();
  });

  it.each([
    // the narrowest width of each step; under 320 px the card scales down with its width
    { text: 'the default text size', root: '', hosts: [240, 288, 360, 400, 480, 560, 900] },
    // a reader's larger text (Chrome's "Large"): the steps and the scaling follow the text size
    { text: 'text at 20 px', root: 'html { font-size: 20px }', hosts: [256, 400, 768] },
  ])(
    'gives every resort’s report room in its frame, in every built language, with $text',
    async ({ root, hosts }) => {
      const { manifest } = {
        manifest: JSON.parse(await readFile(join(dist, 'api', 'manifest.json'), 'utf8')) as {
          resorts: Array<{ id: number }>;
        },
      };
      const css = `main { max-width: none } p.below, main > h1, main > p { display: none } ${root}`;
      const { context, page } = await open({ embed: 'module', resorts: [], css }, { width: 320 });
      await page.evaluate(
        ({ ids, locales }) => {
          const main = document.querySelector('main')!;
          for (const locale of locales)
            for (const id of ids)
              main.insertAdjacentHTML(
                'beforeend',
                `<resort-conditions resort="${id}" locale="${locale}"></resort-conditions>`,
              );
        },
        // the longest of the built languages (the full 15 were measured when the steps were set: styles.ts)
        { ids: manifest.resorts.map((r) => r.id), locales: ['de-DE', 'fr-FR', 'en-US', 'ja-JP'] },
      );
      const tight: string[] = [];
      const clipped: string[] = [];
      // page padding 16 px: the element is 32 px narrower than the viewport
      for (const host of hosts) {
        await page.setViewportSize({ width: host + 32, height: 900 });
        await settled(page);
        // no value, label or status is cut at its edge by what holds it, nor wraps away from its unit
        clipped.push(...(await page.evaluate(valueProblems)).map((f) => `${host}px host, ${f}`));
        tight.push(
          ...(await page.evaluate((width) => {
            // the same frame without its fixed height, the body without shrinking: what the content needs
            const natural = new CSSStyleSheet();
            natural.replaceSync(
              '.frame{height:auto!important}.body{flex:none!important;overflow:visible!important}.report .chart{flex:none!important;height:6.5em}.report .comment{flex:none!important}',
            );
            const elements = [...document.querySelectorAll('resort-conditions')];
            const height = () =>
              elements.map((el) => el.shadowRoot!.querySelector('.frame')!.getBoundingClientRect().height);
            const fixed = height();
            const sheets = elements.map((el) => el.shadowRoot!.adoptedStyleSheets);
            elements.forEach((el, i) => (el.shadowRoot!.adoptedStyleSheets = [...sheets[i]!, natural]));
            const needed = height();
            elements.forEach((el, i) => (el.shadowRoot!.adoptedStyleSheets = sheets[i]!));
            return elements.flatMap((el, i) =>
              needed[i]! > fixed[i]! + 0.5
                ? [
                    `${width}px ${el.getAttribute('locale')} ${el.getAttribute('resort')}: needs ${needed[i]!.toFixed(1)} px of ${fixed[i]!.toFixed(1)}`,
                  ]
                : [],
            );
          }, host)),
        );
      }
      expect(tight).toEqual([]);
      expect(clipped).toEqual([]);
      await context.close();
    },
  );

  describe('pre-rendered cards', () => {
    it('read without JavaScript, from the snapshot’s origin only', async () => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 900 },
        javaScriptEnabled: false,
        timezoneId: 'UTC',
      });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`${fast.url}/cards/de-DE/25.html`);
      const text = await page.evaluate(() =>
        document.querySelector('resort-conditions')!.shadowRoot!.textContent!.replace(/\s+/g, ' '),
      );
      expect(text).toMatch(/Elk Ridge.*Geöffnet.*Schneehöhe.*Tal\d+ cm.*Vorhersage.*Heute/);
      expect(await page.title()).toBe('Elk Ridge: Schneebericht');
      expect(requests.every((url) => new URL(url).origin === fast.url)).toBe(true);
      await page.screenshot({ path: join(RESULTS, 'card-nojs-de-DE-375.png'), fullPage: true });
      const heights: Record<number, number> = {};
      for (const width of [300, 320, 360, 375, 400, 480, 560, 640, 768, 900, 1200]) {
        await page.setViewportSize({ width, height: 900 });
        // what a frame must show: the card's bottom edge and the page's margin below it
        heights[width] = await page.evaluate(() =>
          Math.ceil(
            document.querySelector('resort-conditions')!.getBoundingClientRect().bottom +
              scrollY +
              parseFloat(getComputedStyle(document.body).marginBottom),
          ),
        );
      }
      // the table of heights in widget/README.md ("Sizes, heights and layout"): the card's height by the frame's width
      // under 320 px the card scales down with its width, but for its 24 px link targets
      expect(heights).toEqual({
        300: 1042,
        320: 1102,
        360: 1018,
        375: 1018,
        400: 1056,
        480: 974,
        560: 869,
        640: 755,
        768: 755,
        900: 662,
        1200: 662,
      });
      await context.close();
    });

    it('size their iframes through the loader, which trusts only the cards’ origin', async () => {
      const { context, page, requests, problems } = await open(
        { embed: 'iframe', resorts: [25, 136], locale: 'fr-FR' },
        { width: 768 },
      );
      await page.waitForFunction(() =>
        [...document.querySelectorAll('iframe')].every((f) => f.style.height.endsWith('px')),
      );
      const sizes = async () =>
        Promise.all(
          page
            .mainFrame()
            .childFrames()
            .filter((frame) => frame.url().includes('/cards/'))
            .map(async (frame) => {
              const inner = await frame.evaluate(
                () => document.querySelector('resort-conditions')!.getBoundingClientRect().height,
              );
              const outer = await (
                await frame.frameElement()
              ).evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height);
              return [Math.ceil(inner), outer];
            }),
        );
      const before = await sizes();
      for (const [inner, outer] of before) expect(outer).toBe(inner);
      // a height from the page itself, or from a frame of another origin, changes nothing
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            // the loader listened first: when this listener has both messages, the loader has had them
            const seen = new Set<number>();
            addEventListener('message', (event) => {
              if (event.data?.type === 'resort-conditions:height' && [5, 7].includes(event.data.height))
                seen.add(event.data.height);
              if (seen.size === 2) resolve();
            });
            window.postMessage({ type: 'resort-conditions:height', height: 5 }, '*');
            const rogue = document.createElement('iframe');
            rogue.srcdoc = `<script>parent.postMessage({ type: 'resort-conditions:height', height: 7 }, '*')</script>`;
            document.body.append(rogue);
          }),
      );
      expect(await sizes()).toEqual(before);
      expect(
        requests.filter(
          (url) => ![partner.url, fast.url].includes(new URL(url).origin) && !url.startsWith('about:'),
        ),
      ).toEqual([]);
      expect(problems).toEqual([]);
      await page.evaluate(() => document.querySelector('iframe:last-of-type')!.remove());
      // frames below the fold are painted once they have been in view
      for (const frame of await page.locator('iframe').all()) await frame.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(RESULTS, 'iframe-fr-FR-768.png'), fullPage: true });
      await context.close();
    });

    it('size frames sandboxed with allow-scripts alone (an opaque origin), and only those of the cards’ origin', async () => {
      const { context, page, problems } = await open(
        { embed: 'iframe', resorts: [25], locale: 'en-US', sandbox: 'allow-scripts' },
        { width: 375 },
      );
      await page.waitForFunction(() => document.querySelector('iframe')!.style.height.endsWith('px'));
      // a 375 px page leaves the frame under 360 px wide: 1,102 px in widget/README.md's table of heights
      expect(await page.evaluate(() => document.querySelector('iframe')!.style.height)).toBe('1102px');
      // a sandboxed frame of another document says the same as the card, with another height: nothing changes
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            addEventListener('message', (event) => event.data?.height === 7 && resolve());
            const rogue = document.createElement('iframe');
            rogue.setAttribute('sandbox', 'allow-scripts');
            rogue.srcdoc = `<script>parent.postMessage({ type: 'resort-conditions:height', height: 7 }, '*')</script>`;
            document.body.append(rogue);
          }),
      );
      expect(
        await page.evaluate(() => [...document.querySelectorAll('iframe')].map((f) => f.style.height)),
      ).toEqual(['1102px', '']);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('size frames that loaded before the loader arrived: the loader asks them again', async () => {
      // the page's load event waits for its frames: each card has reported its height to a page not listening yet
      const { context, page } = await open(
        { embed: 'iframe', resorts: [25, 136], locale: 'de-DE', noLoader: true },
        { width: 375 },
      );
      expect(
        await page.evaluate(() => [...document.querySelectorAll('iframe')].map((f) => f.style.height)),
      ).toEqual(['40rem', '40rem']);
      await page.addScriptTag({ url: `${fast.url}/resort-conditions-frame.js` });
      await page.waitForFunction(() =>
        [...document.querySelectorAll('iframe')].every((f) => f.style.height.endsWith('px')),
      );
      for (const frame of page
        .mainFrame()
        .childFrames()
        .filter((f) => f.url().includes('/cards/'))) {
        const inner = await frame.evaluate(() =>
          Math.ceil(document.querySelector('resort-conditions')!.getBoundingClientRect().height),
        );
        expect(
          await (
            await frame.frameElement()
          ).evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height),
        ).toBe(inner);
      }
      await context.close();
    });
  });

  it('fills the space in layouts that size it by its content: a flex row, a float, inline-block, absolute', async () => {
    const { context, page, problems } = await open(
      { embed: 'module', resorts: [], css: 'main { max-width: none }' },
      { width: 1000 },
    );
    const LAYOUTS = {
      'block (the usual)': '<div style="width:600px">$</div>',
      'a flex row beside a sidebar':
        '<div style="display:flex;width:1000px"><aside style="flex:none;width:200px">Sidebar</aside>$</div>',
      'inline-block': '<div style="width:600px">$</div>',
      float: '<div style="width:600px">$</div>',
      'grid, justify-items: start': '<div style="display:grid;justify-items:start;width:600px">$</div>',
      'a centred column':
        '<div style="display:flex;flex-direction:column;align-items:center;width:600px">$</div>',
      absolute: '<div style="position:relative;width:600px;height:1100px">$</div>',
      'fit-content': '<div style="width:600px">$</div>',
    };
    const STYLE: Record<string, string> = {
      'inline-block': 'display:inline-block',
      float: 'float:left',
      absolute: 'position:absolute;top:0;left:0',
      'fit-content': 'width:fit-content',
    };
    await page.evaluate(
      ({ layouts, style }) => {
        const main = document.querySelector('main')!;
        for (const [name, html] of Object.entries(layouts)) {
          main.insertAdjacentHTML(
            'beforeend',
            `<section data-layout="${name}" style="overflow:hidden">${html.replace('$', `<resort-conditions resort="25" style="${style[name] ?? ''}"></resort-conditions>`)}</section>`,
          );
        }
      },
      { layouts: LAYOUTS, style: STYLE },
    );
    await settled(page);
    const widths = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('section[data-layout]')].map((section) => {
          const el = section.querySelector('resort-conditions')!;
          const attribution = el.shadowRoot!.querySelector('.attribution')!.getBoundingClientRect();
          return [
            section.getAttribute('data-layout'),
            {
              element: Math.round(el.getBoundingClientRect().width),
              attribution: attribution.width > 200 && attribution.height > 10,
            },
          ];
        }),
      ),
    );
    expect(widths).toEqual({
      'block (the usual)': { element: 600, attribution: true },
      'a flex row beside a sidebar': { element: 800, attribution: true },
      'inline-block': { element: 600, attribution: true },
      float: { element: 600, attribution: true },
      'grid, justify-items: start': { element: 600, attribution: true },
      'a centred column': { element: 600, attribution: true },
      absolute: { element: 600, attribution: true },
      // the page asks for the content's width, which a card has not: 20rem
      'fit-content': { element: 320, attribution: true },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders every resort of the demo page without console errors or axe violations', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 1400 },
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(FROZEN_NOW);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
    await page.goto(`${fast.url}/`);
    expect(await page.locator('resort-conditions').count()).toBe(36);
    await settled(page);
    await page.selectOption('#locale', 'de-DE');
    await page.waitForFunction(() =>
      document.querySelector('resort-conditions')!.shadowRoot!.textContent!.includes('Schneehöhe'),
    );
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: join(RESULTS, 'demo.png'), fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('saves the README screenshot: one resort in English and in German', async () => {
    const css =
      'main { max-width: 58rem; display: grid; grid-template-columns: 1fr 1fr; gap: 0 24px } main > h1, main > p { display: none } resort-conditions { margin: 0 }';
    const resorts = [
      { id: 25, locale: 'en-US' },
      { id: 25, locale: 'de-DE' },
    ];
    const { context, page } = await open({ embed: 'module', resorts, css }, { width: 960 });
    await settled(page);
    const texts = await page
      .locator('resort-conditions')
      .evaluateAll((els) => els.map((el) => el.shadowRoot?.textContent ?? ''));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Snow depth');
    expect(texts[1]).toContain('Schneehöhe');
    const box = (await page.locator('main').boundingBox())!;
    const png = await page.screenshot({ path: join(RESULTS, 'readme.png'), clip: box, fullPage: true });
    // a PNG of the clip's size: the IHDR chunk holds the width and the height
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      Math.round(box.width),
      Math.round(box.height),
    ]);
    await context.close();
  });
});
