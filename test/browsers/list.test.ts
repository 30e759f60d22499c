/**
 * `<resort-conditions-list>` in Chromium, Firefox ESR and WebKitGTK, on a partner page of another origin with
 * `resort-conditions-list.css` in the head and the list's script async, for the sample's largest region (the
 * United States, 8 resorts) in every locale over the sweep (240 to 1400 px: each step of the list ± 1 px and
 * every 16 px, offset by 8 px between the root fonts of 16 and 20 px, pages.ts `widthsOf`), and for `resorts` lists of three ids: the text below a list
 * moves by 0 px from the first paint on and stands at the list's height (widget/README.md, "The list"), and
 * no box inside it moves between its loading frame and its rows (the group file is held until each list
 * shows its loading frame); no figure or day is cut or wraps, no state is cut (it has two lines); no header word breaks but at its
 * hyphens, no header is cut or off its column, and stacked rows show one labelled select (list-in-page.ts,
 * `listProblems`); no empty band is taller than a line of its text (the line under each row counted where
 * its border is drawn); every link, button and select is 24 px tall or more. At 15 widths from 304 to 1400 px
 * in every locale, the page asks for the region's group file exactly once and for nothing outside the
 * snapshot's origin, and axe finds nothing; the first Tab stop is the select, or in a table the first sort
 * button; a keyboard sorts it (Tab to a header button, Enter, Space) with `aria-sort` following, and the
 * select sorts as the buttons. A page of cards, a strip and a list
 * loads lit once, each script once and each file of the snapshot once. Chromium saves a picture of a table
 * and a phone's list as test-results/list.png (copied to widget/docs/list.png, the picture in
 * widget/README.md).
 *
 * `npm run test:browsers -- test/browsers/list.test.ts`; `RC_ENGINES=firefox` for one engine.
 */
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { FROZEN_NOW, IN_CI as CI } from '../helpers.ts';
import { ENGINES, launch, missing, type Engine, type Tab } from './engines.ts';
import { bands, innerShifts, LIST_BANDS, litCopies, markInnerBoxes } from './in-page.ts';
import { column, focused, headerProblems, listProblems, selectAsButtons } from './list-in-page.ts';
import { serveSite, servePartner, widthsOf, type List, type Partner, type Site } from './pages.ts';

/** The sample's largest region. */
const REGION = 429;
const ROWS = 8;
/** From 304 px (a 320 px phone with the body's 8 px margins) to 1400 px, and each side of the table's step (60em of 15 px: 900 px). */
const WIDTHS = [304, 320, 360, 400, 480, 560, 640, 720, 810, 899, 900, 901, 1024, 1200, 1400];

let root: string;
let site: Site;
let partner: Partner;
let axeSource: string;

beforeAll(async () => {
  if (ENGINES.every((e) => missing(e) && !CI)) return;
  root = await mkdtemp(join(tmpdir(), 'rc-list-'));
  const dist = join(root, 'dist');
  const sink = { write: () => true };
  const env = { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) };
  const code = await build({
    argv: ['--out', dist, '--locales', SUPPORTED_LOCALES.join(',')],
    env,
    stdout: sink,
    stderr: sink,
    widget: () => elementFiles(),
  });
  expect(code).toBe(0);
  site = await serveSite(dist);
  partner = await servePartner();
  await mkdir('test-results', { recursive: true });
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}, 600_000);

afterAll(async () => {
  await Promise.all([site?.close(), partner?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
});

/** In the page: each wrapper's list box and the offset of the text below it from the wrapper's top. */
function boxes() {
  return [...document.querySelectorAll<HTMLElement>('[data-where]')].map((w) => ({
    where: w.dataset.where!,
    below:
      Math.round(
        (w.querySelector('.below')!.getBoundingClientRect().top - w.getBoundingClientRect().top) * 100,
      ) / 100,
  }));
}

/**
 * A list's height at the default 15 px text (widget/README.md, "The list"'s heights; widget/list/styles.ts),
 * scaled down under 320 px:
 * a caption, the header (stacked, one line of 24 px: its select), the rows and the attribution's lines (its
 * text in lines of 7/6 of its 0.8em, 12 px at the default, 0.7333em under 450 px, its app links in lines of
 * 24 px); a table from 900 px, stacked rows below.
 */
function listHeight(width: number, rows: number, font = 16): number {
  // the element's text, 15 px at the default root font, its steps in em of it
  const host = (15 * font) / 16;
  // the text scales under 21.33em (320 px at the default root font)
  const em = Math.min(host, Math.max(10, width / 21.3333));
  const fixed = 2 + em * (1.5 + 2 + 0.3) + 4;
  if (width >= 60 * host) return fixed + 2.75 * em + 1.1667 * 0.8 * em + 24 + rows * 3 * em;
  // stacked, the header is the select's line of 24 px and half a line below it
  const head = 24 + 0.5 * em;
  const text = (width >= 30 * host ? 0.8 : 0.7333) * em;
  const attribution = width >= 40 * host ? 1.1667 * text + 24 : 2 * 1.1667 * text + 2 * 24;
  return fixed + head + attribution + rows * 9.6 * em;
}

/** The list's steps, in em of its 15 px text: where its text starts scaling, its attribution's two, the table. */
const LIST_STEPS_EM = [21.3333, 30, 40, 60];

/** In the page: each list whose largest empty band is taller than one line of its text. */
const tallBands = (tab: Tab) =>
  tab
    .evaluate(bands, LIST_BANDS)
    .then((found) =>
      found
        .filter((b) => b.band > b.line + 0.5)
        .map((b) => `${b.where}: an empty band of ${b.band.toFixed(1)} px between ${b.between}`),
    );

const listsAt = (locale: string): List[] =>
  WIDTHS.map((width) => ({
    where: `${locale} ${width}px`,
    attributes: { region: String(REGION), locale },
    wrapper: `width: ${width}px`,
  }));

/**
 * Opens a page of lists with the script and the group files held; measures the page before the script, and
 * each list's boxes once it shows its loading frame; lets the data go and waits for every list's `rows` rows.
 */
async function open(
  engine: Engine,
  lists: List[],
  rows = ROWS,
  viewport = { width: 1440, height: 900 },
  font = 16,
) {
  const release = site.hold();
  const releaseData = site.hold((path) => path.includes('/combinedreport/group='));
  site.requests.length = 0;
  const tab = await engine.open(partner.addLists({ site: site.url, now: FROZEN_NOW, font, lists }), viewport);
  try {
    await tab.waitFor(
      () =>
        !!(document.querySelector('link[rel=stylesheet]') as HTMLLinkElement | null)?.sheet &&
        (window as unknown as { __rc: { frames: number } }).__rc.frames > 0,
      null,
      'the style sheet and the first frame',
    );
    const before = await tab.evaluate(boxes, null);
    release();
    await tab.waitFor(
      () =>
        [...document.querySelectorAll('resort-conditions-list')].every(
          (el) => !!el.shadowRoot?.querySelector('tbody tr.message .ph'),
        ),
      null,
      'every list loading',
    );
    expect(await tab.evaluate(markInnerBoxes, null)).toBeGreaterThan(lists.length * 10);
    releaseData();
    await tab.waitFor(
      (rows: number) =>
        [...document.querySelectorAll('resort-conditions-list')].every(
          (el) => el.shadowRoot?.querySelectorAll('tbody tr:not(.message)').length === rows,
        ),
      rows,
      'every list with its rows',
      120_000,
    );
    return { tab, before };
  } catch (error) {
    release();
    releaseData();
    await tab.close();
    throw error;
  }
}

/**
 * What axe finds in the lists of `widths`: a phone's, a stacked list's and a table's read the same in every
 * width of their layout, and axe's time grows with the page (about two thirds of a page of 15 lists).
 */
async function axe(tab: Tab, source: string, locale: string, widths: readonly number[]): Promise<string[]> {
  await tab.evaluate((src: string) => {
    const script = document.createElement('script');
    script.textContent = src;
    document.head.append(script);
  }, source);
  const include = widths.map((width) => [`[data-where="${locale} ${width}px"]`]);
  return tab.evaluate(async (context: string[][]) => {
    const result = await (window as any).axe.run({ include: context }, { resultTypes: ['violations'] });
    return result.violations.map(
      (v: { id: string; nodes: unknown[]; help: string }) => `${v.id}: ${v.nodes.length} × ${v.help}`,
    );
  }, include);
}

/** The widths axe reads: a phone's list, a stacked one and a table. */
const AXE_WIDTHS = [320, 720, 1024];

describe.each(ENGINES)('<resort-conditions-list> in %s', (name) => {
  const skip = missing(name);
  let engine: Engine;
  beforeAll(async () => {
    if (!skip) engine = await launch(name);
  }, 120_000);
  afterAll(async () => engine?.close());

  it.skipIf(!!skip && !CI).each(SUPPORTED_LOCALES)(
    '%s: reserves its height (0 px shift), cuts nothing, breaks no header word, asks for the region once, and axe finds nothing',
    async (locale) => {
      const { tab, before } = await open(engine, listsAt(locale));
      try {
        await tab.evaluate(
          () => void ((window as unknown as { __rc: { stop: boolean } }).__rc.stop = true),
          null,
        );
        const after = await tab.evaluate(boxes, null);
        const seen = await tab.evaluate(
          () =>
            (
              window as unknown as {
                __rc: { seen: Record<string, { first: number; min: number; max: number }> };
              }
            ).__rc.seen,
          null,
        );
        expect(after).toEqual(before);
        after.forEach((b, i) => expect(b.below, b.where).toBeCloseTo(listHeight(WIDTHS[i]!, ROWS), 1));
        const moved = Object.entries(seen).filter(([, s]) => s.max - s.min > 0.5);
        expect(moved, 'text below a list moved').toEqual([]);
        expect(await tab.evaluate(innerShifts, null), 'a box inside a list moved').toEqual([]);
        expect(await tab.evaluate(listProblems, null)).toEqual([]);
        expect(await tab.evaluate(headerProblems, null)).toEqual([]);
        expect(await tallBands(tab), 'an empty band taller than a line').toEqual([]);
        const data = site.requests.filter((p) => p.includes('/combinedreport/') || p.includes('/snowreport'));
        expect(data).toEqual([
          `/api/${locale}/externalservice/resort/combinedreport/group=region-${REGION}.json`,
        ]);
        const foreign = await tab.evaluate(
          (origin: string) =>
            performance
              .getEntriesByType('resource')
              .map((e) => e.name)
              .filter((u) => !u.startsWith(origin) && !u.startsWith('data:')),
          site.url,
        );
        expect(foreign).toEqual([]);
        expect(await axe(tab, axeSource, locale, AXE_WIDTHS)).toEqual([]);
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it
    .skipIf(!!skip && !CI)
    .each(SUPPORTED_LOCALES.flatMap((locale) => [16, 20].map((font) => ({ locale, font }))))(
    'over the sweep, $locale at a root font of $font px: reserves its height, cuts nothing, breaks no header word, leaves no empty band, every target 24 px',
    async ({ locale, font }) => {
      const widths = widthsOf(font, LIST_STEPS_EM).map((w) => w.width);
      const lists = widths.map((width) => ({
        where: `${locale} ${width}px font=${font}px`,
        attributes: { region: String(REGION), locale },
        wrapper: `width: ${width}px`,
      }));
      const { tab, before } = await open(engine, lists, ROWS, undefined, font);
      try {
        await tab.evaluate(
          () => void ((window as unknown as { __rc: { stop: boolean } }).__rc.stop = true),
          null,
        );
        const after = await tab.evaluate(boxes, null);
        expect(after).toEqual(before);
        const wrong = after.filter((b, i) => Math.abs(b.below - listHeight(widths[i]!, ROWS, font)) > 0.05);
        expect(
          wrong.map(
            (b) =>
              `${b.where}: ${b.below} px, its height ${listHeight(widths[after.indexOf(b)]!, ROWS, font)}`,
          ),
        ).toEqual([]);
        const seen = await tab.evaluate(
          () =>
            (window as unknown as { __rc: { seen: Record<string, { min: number; max: number }> } }).__rc.seen,
          null,
        );
        expect(Object.entries(seen).filter(([, s]) => s.max - s.min > 0.5)).toEqual([]);
        expect(await tab.evaluate(innerShifts, null), 'a box inside a list moved').toEqual([]);
        expect(await tab.evaluate(listProblems, null)).toEqual([]);
        expect(await tab.evaluate(headerProblems, null)).toEqual([]);
        expect(await tallBands(tab), 'an empty band taller than a line').toEqual([]);
      } finally {
        await tab.close();
      }
    },
    600_000,
  );

  it.skipIf(!!skip && !CI)(
    "reserves a resorts list's rows from its ids before the script (0 px shift), written with spaces or an id twice, or beside an empty region",
    async () => {
      const widths = [320, 480, 600, 900, 1200];
      const lists = ['20,25,60', '60, 25, 20', '25,20,60,25', 'region="" 20,25,60'].flatMap((written) =>
        widths.map((width) => {
          const resorts = written.replace('region="" ', '');
          return {
            where: `${written} ${width}px`,
            attributes: { ...(resorts === written ? {} : { region: '' }), resorts, locale: 'en-US' },
            wrapper: `width: ${width}px`,
          };
        }),
      );
      const { tab, before } = await open(engine, lists, 3);
      try {
        await tab.evaluate(
          () => void ((window as unknown as { __rc: { stop: boolean } }).__rc.stop = true),
          null,
        );
        const after = await tab.evaluate(boxes, null);
        const seen = await tab.evaluate(
          () =>
            (window as unknown as { __rc: { seen: Record<string, { min: number; max: number }> } }).__rc.seen,
          null,
        );
        before.forEach((b, i) =>
          expect(b.below, b.where).toBeCloseTo(listHeight(widths[i % widths.length]!, 3), 1),
        );
        expect(after).toEqual(before);
        expect(Object.entries(seen).filter(([, s]) => s.max - s.min > 0.5)).toEqual([]);
        expect(await tab.evaluate(innerShifts, null), 'a box inside a list moved').toEqual([]);
        expect(
          site.requests.filter((p) => p.includes('/combinedreport/') || p.includes('/snowreport')),
        ).toEqual(['/api/en-US/externalservice/resort/combinedreport/group=all.json']);
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it.skipIf(!!skip && !CI)(
    'on a page of cards, a strip and a list: loads lit once, each script once and each file of the snapshot once',
    async () => {
      site.requests.length = 0;
      const tab = await engine.open(
        partner.addMixed({
          site: site.url,
          now: FROZEN_NOW,
          cards: [
            { where: 'card 25', resort: 25, wrapper: 'width: 800px' },
            { where: 'card 20', resort: 20, wrapper: 'width: 800px' },
            { where: 'strip 60', resort: 60, layout: 'compact', wrapper: 'width: 800px' },
          ],
          lists: [
            {
              where: 'list',
              attributes: { region: String(REGION), locale: 'en-US' },
              wrapper: 'width: 1024px',
            },
          ],
        }),
        { width: 1100, height: 900 },
      );
      try {
        await tab.waitFor(
          () =>
            [...document.querySelectorAll('resort-conditions')].every(
              (el) => !!el.shadowRoot?.querySelector('.frame h2:not(:has(slot))'),
            ) &&
            !!document
              .querySelector('resort-conditions-list')
              ?.shadowRoot?.querySelector('tbody tr[data-id]'),
          null,
          'every card, strip and list with its data',
        );
        const counts = new Map<string, number>();
        for (const path of site.requests) counts.set(path, (counts.get(path) ?? 0) + 1);
        expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
        // lit is in one chunk, which both scripts import
        expect(
          [...counts.keys()]
            .filter((p) => p.endsWith('.js'))
            .map((p) => p.replace(/\.[\w-]{8}\.js$/, '.js'))
            .sort(),
        ).toEqual(['/rc.compact.js', '/rc.core.js', '/resort-conditions-list.js', '/resort-conditions.js']);
        expect([...counts.keys()]).toEqual(
          expect.arrayContaining([
            '/api/manifest.json',
            '/api/en-US/externalservice/myaccount/attribution.json',
            `/api/en-US/externalservice/resort/combinedreport/group=region-${REGION}.json`,
          ]),
        );
        // one lit renders every element, and writes nothing to the page's globals
        const lit = await tab.evaluate(litCopies, null);
        expect(lit.elements).toBeGreaterThan(1);
        expect(lit).toEqual({ elements: lit.elements, rendered: lit.elements, copies: 1, global: false });
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it.runIf(name === 'chromium')(
    "saves the README's picture of the list: a region's table at 1024 px, and three resorts at 375 px under their sort select",
    async () => {
      // the page's padding (16 px) around the lists, and the room of its scrollbar, kept (widget/stable-gutter.css)
      const viewport = { width: 16 + 1024 + 16 + 375 + 16 + 15, height: 16 + 673 + 16 };
      const tab = await engine.open(
        partner.addLists({
          site: site.url,
          now: FROZEN_NOW,
          font: 16,
          lists: [
            {
              where: 'table',
              attributes: { region: String(REGION), locale: 'en-US' },
              wrapper: 'flex:none;width:1024px',
            },
            {
              where: 'phone',
              attributes: { resorts: '20,25,60', locale: 'en-US' },
              wrapper: 'flex:none;width:375px;margin:0',
            },
          ],
        }),
        viewport,
      );
      try {
        await tab.waitFor(
          () =>
            [...document.querySelectorAll('resort-conditions-list')].every(
              (el) => !!el.shadowRoot?.querySelector('tbody tr[data-id]'),
            ),
          null,
          'both lists with their rows',
        );
        const heights = await tab.evaluate(() => {
          for (const el of document.querySelectorAll('h1, .below')) el.remove();
          document.body.style.background = '#eef1f5';
          document.querySelector('main')!.style.cssText = 'display:flex;gap:16px;align-items:start';
          return [...document.querySelectorAll('resort-conditions-list')].map(
            (el) => el.getBoundingClientRect().height,
          );
        }, null);
        expect(heights[0]).toBeCloseTo(listHeight(1024, ROWS), 1);
        expect(heights[1]).toBeCloseTo(listHeight(375, 3), 1);
        const path = join('test-results', 'list.png');
        await tab.screenshot(path);
        // a PNG of the viewport's size: the IHDR chunk holds the width and the height
        const png = await readFile(path);
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([viewport.width, viewport.height]);
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it.skipIf(!!skip && !CI).each([
    { width: 480, stop: { control: 'select', text: 'Resort ▲', sort: null } },
    { width: 1024, stop: { control: 'button', text: 'Resort▲', sort: 'ascending' } },
  ])(
    "at $width px the first Tab stop in a list is its sort control (stacked: the select; a table: the first button), not the header's row",
    async ({ width, stop }) => {
      const { tab } = await open(engine, [
        {
          where: 'first stop',
          attributes: { region: String(REGION), locale: 'en-US' },
          wrapper: `width: ${width}px`,
        },
      ]);
      try {
        await tab.press('Tab');
        expect(await tab.evaluate(focused, null)).toEqual(stop);
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it.skipIf(!!skip && !CI)(
    "sorts from the stacked rows' select (899 px) as from the table's header buttons (900 px), each column both ways",
    async () => {
      const { tab } = await open(
        engine,
        // first the table, sorted by its buttons; then the stacked rows, by their select
        [900, 899].map((width) => ({
          where: `${width}px`,
          attributes: { region: String(REGION), locale: 'en-US' },
          wrapper: `width: ${width}px`,
        })),
      );
      try {
        expect(await tab.evaluate(selectAsButtons, null)).toEqual([]);
      } finally {
        await tab.close();
      }
    },
    300_000,
  );

  it.skipIf(!!skip && !CI)(
    'sorts by keyboard: Tab to a header button, Enter and Space, with aria-sort',
    async () => {
      const { tab } = await open(engine, [
        {
          where: 'keyboard',
          attributes: { region: String(REGION), locale: 'en-US' },
          wrapper: 'width: 1024px',
        },
      ]);
      try {
        for (let i = 0; i < 20 && (await tab.evaluate(focused, null)).text !== 'Base'; i++)
          await tab.press('Tab');
        expect(await tab.evaluate(focused, null)).toEqual({ control: 'button', text: 'Base', sort: null });
        await tab.press('Enter');
        await tab.waitFor(
          () =>
            document.activeElement?.shadowRoot?.activeElement?.closest('th')?.getAttribute('aria-sort') ===
            'descending',
          null,
          'aria-sort descending',
        );
        const base = (await tab.evaluate(column, 6)).filter((v) => v !== '–').map((v) => parseFloat(v));
        expect(base.length).toBeGreaterThan(3);
        expect(base).toEqual([...base].sort((a, b) => b - a));
        await tab.press('Space');
        await tab.waitFor(
          () =>
            document.activeElement?.shadowRoot?.activeElement?.closest('th')?.getAttribute('aria-sort') ===
            'ascending',
          null,
          'aria-sort ascending',
        );
        const up = (await tab.evaluate(column, 6)).filter((v) => v !== '–').map((v) => parseFloat(v));
        expect(up).toEqual([...base].sort((a, b) => a - b));
        expect(await tab.evaluate(focused, null)).toEqual({
          control: 'button',
          text: 'Base▲',
          sort: 'ascending',
        });
      } finally {
        await tab.close();
      }
    },
    300_000,
  );
});
