/**
 * The README's promise, in Chromium, Firefox ESR and WebKitGTK, on a partner page of another origin with
 * `resort-conditions.css` in the head and the script async: nothing below a card moves from the first paint
 * on, at every width from 240 to 1400 px (each step of the layout ± 1 px, and every 16 px: from 240 px at a root
 * font of 16 px, from 248 px at 20 px, so every 8 px across the two; pages.ts, `widthsOf`), for every `days`
 * value (unset, 0–5 and invalid ones) and a root font of 16 and 20 px; the reserved box is the final box in
 * every layout context; no value is cut or wraps away from its unit in any of the 15 languages; every link
 * and button is at least 24 px tall; no empty band across a card with a report is taller than one line of its
 * text (the greatest and the median band of each engine are printed). The compact strip (`layout="compact"`)
 * moves nothing either, from 240 to 1400 px in every language at both root fonts, is its step's height, leaves
 * no empty band taller than a line of its text, cuts nothing it shows (no value, name, state, link or
 * attribution) and wraps no value away from its unit, and keeps its links and buttons 24 px tall; Chromium
 * saves a picture of it as test-results/compact.png (copied to widget/docs/compact.png, the README's). A
 * A card with the season chart (`season`, its history written into the test's site) moves nothing, leaves no
 * empty band taller than a line and cuts none of the chart's texts, in every language at any width and both
 * root fonts; Chromium saves a picture of it as test-results/season.png (widget/docs/season.png). A
 * partner's article whose own script reads the page's layout from the first frame moves nothing at viewport
 * heights just under, between and over the heights it takes with and without its scrollbar.
 * Failures of each engine go to test-results/sweep-<engine>.tsv (WebKit's at 20 px to sweep-webkit-20px.tsv).
 *
 * Each engine is a test file of its own (sweep-chromium.test.ts, sweep-firefox.test.ts; WebKit's root font of
 * 20 px in sweep-webkit-20px.test.ts, the rest in sweep-webkit.test.ts), so that two run at once on two
 * cores. `npm run test:browsers`; `RC_ENGINES=firefox npm run test:browsers` or `npx vitest run --mode
 * browsers test/browsers/sweep-firefox.test.ts` for one engine; `-t compact` for the strip's check alone.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { STRIP_STEPS, stripHeight } from '../../widget/card/compact-geometry.ts';
import { FROZEN_NOW, IN_CI as CI } from '../helpers.ts';
import {
  ENGINES,
  launch,
  missing,
  WEBKIT_MIN_WIDTH,
  type Engine,
  type EngineName,
  type Tab,
} from './engines.ts';
import {
  bands as bands_,
  smallTargets,
  STRIP_BANDS,
  stripCuts,
  valueProblems,
  type Band,
} from './in-page.ts';
import { serveSite, servePartner, widthsOf, type Card, type Partner, type Site } from './pages.ts';
import { grouped, type Failure } from './failures.ts';
import { writeHistory } from '../widget/season-history.ts';

const RESULTS = 'test-results';

/** The element's steps, in em of its 15 px text (0.9375rem): where the card starts scaling, then each layout step (widget/card/styles.ts). */
const STEPS_EM = [21.3333, 24, 26.6666, 32, 37.3333, 42.6666, 60];
const FONTS = [16, 20];
/**
 * Every value the `days` attribute may have on a partner's page, a page each: unset and the valid ones; and
 * some it may not, which the element and its style sheet read as 3 (widget/card/days.ts, `forecastDays`;
 * test/widget/reservation.test.ts), on one page, each at every fifth width in turn.
 */
const DAYS: Array<Array<string | undefined>> = [
  [undefined],
  ['0'],
  ['1'],
  ['2'],
  ['3'],
  ['4'],
  ['5'],
  ['7', '03', '', '-1', 'abc'],
];

/** The compact strip's steps, in em of its 15 px text (widget/card/compact-geometry.ts), and where it starts scaling. */
const STRIP_STEPS_EM = [21.3333, ...STRIP_STEPS.map((s) => s.from).filter((from) => from > 0)];

/** The sweep's widths at a root font, by the card's steps unless told (pages.ts). */
const sweepWidths = (font: number, stepsEm: readonly number[] = STEPS_EM) => widthsOf(font, stepsEm);

let root: string;
let site: Site;
let partner: Partner;
/** The sample's resorts, in id order. */
let resorts: number[];

interface Box {
  where: string;
  below: number;
  width: number;
  height: number;
}

/** In the page: each wrapper's card box and the offset of the text below it from the wrapper's top. */
function boxes(): Box[] {
  return [...document.querySelectorAll<HTMLElement>('[data-where]')].map((w) => {
    const top = w.getBoundingClientRect().top;
    const el = w.querySelector('resort-conditions')!.getBoundingClientRect();
    return {
      where: w.dataset.where!,
      below: w.querySelector('.below')!.getBoundingClientRect().top - top,
      width: el.width,
      height: el.height,
    };
  });
}

/**
 * In the page: for every full card with a report, its largest empty band, a strip across the card's width
 * where nothing shows. The blocks are the header, the line under it, each block of the report, the forecast
 * and the foot (links and attribution); each counts from the top to the bottom of its content, inside its own
 * box (a block stretched taller than its content, or a comment clamped, counts by what shows), and with the
 * margins designed around it (its own and its first or last children's). A band is room that no block covers,
 * from the header down to the frame's padding; in two columns, room under the shorter of two blocks side by
 * side is not a band.
 */
function emptyBands(): Band[] {
  const out: Band[] = [];
  const margin = (el: Element | null, side: 'marginTop' | 'marginBottom') => {
    let sum = 0;
    for (; el; el = side === 'marginTop' ? el.firstElementChild : el.lastElementChild)
      sum += parseFloat(getComputedStyle(el)[side]) || 0;
    return sum;
  };
  for (const el of document.querySelectorAll('resort-conditions')) {
    const frame = el.shadowRoot?.querySelector<HTMLElement>('.frame:not(.compact)');
    if (!frame?.querySelector('.body.report')) continue;
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${Math.round(el.getBoundingClientRect().width)}px ${el.getAttribute('resort')}`;
    const blocks = [
      ...frame.querySelectorAll(
        ':scope > .content > :is(header, .meta, .forecast), .body.report > *, :scope > .season > :not(.visually-hidden), :scope > .foot',
      ),
    ]
      .flatMap((b) => {
        const box = b.getBoundingClientRect();
        if (box.height === 0 || box.width === 0) return [];
        const range = document.createRange();
        range.selectNodeContents(b);
        const inner = range.getBoundingClientRect();
        const shown = inner.height > 0;
        return [
          {
            name: b.getAttribute('part') ?? b.classList[0] ?? b.nodeName.toLowerCase(),
            top: Math.max(box.top, shown ? inner.top : box.top) - margin(b, 'marginTop'),
            bottom: Math.min(box.bottom, shown ? inner.bottom : box.bottom) + margin(b, 'marginBottom'),
          },
        ];
      })
      .sort((a, b) => a.top - b.top);
    const fb = frame.getBoundingClientRect();
    const fs = getComputedStyle(frame);
    const end = fb.bottom - parseFloat(fs.borderBottomWidth) - parseFloat(fs.paddingBottom);
    const line = parseFloat(fs.fontSize) * 1.4;
    let worst: Band = { where, band: 0, line, between: '' };
    let reach = blocks[0]?.bottom ?? end;
    let last = blocks[0]?.name ?? '';
    for (const b of [...blocks.slice(1), { name: 'the frame’s padding', top: end, bottom: end }]) {
      if (b.top - reach > worst.band)
        worst = { where, band: b.top - reach, line, between: `${last} and ${b.name}` };
      if (b.bottom > reach) [reach, last] = [b.bottom, b.name];
    }
    out.push(worst);
  }
  return out;
}

/**
 * In the page: each card with `season` and a report whose chart does not show (a figure in the part
 * `season`, in the room the card keeps for it), whose plot is under two lines of its text tall, or whose
 * texts (its label, its legend, the scale and the first and last day) its box cuts or that are cut inside.
 */
function seasonCharts(): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll('resort-conditions[season]')) {
    const where = el.closest<HTMLElement>('[data-where]')?.dataset.where ?? el.getAttribute('resort')!;
    const frame = el.shadowRoot?.querySelector('.frame:not(.compact)');
    if (!frame?.querySelector('.body.report')) continue;
    const part = frame.querySelector<HTMLElement>(':scope > figure[part=season]');
    if (!part) {
      out.push(`${where}: no season chart`);
      continue;
    }
    const box = part.getBoundingClientRect();
    for (const v of part.querySelectorAll('.head > *, .value')) {
      const r = v.getBoundingClientRect();
      const text = `"${(v.textContent ?? '').trim().replace(/\s+/g, ' ')}"`;
      const past = Math.max(box.left - r.left, r.right - box.right, r.bottom - box.bottom, box.top - r.top);
      if (past > 0.5) out.push(`${where}: ${text} is cut by the season chart (${past.toFixed(1)} px)`);
      if (v.scrollWidth > v.clientWidth + 1) out.push(`${where}: ${text} is cut inside`);
    }
    const plot = part.querySelector('.plot')!.getBoundingClientRect().height;
    const line = parseFloat(getComputedStyle(part).fontSize) * 1.4;
    if (plot < 2 * line) out.push(`${where}: the season chart's plot is ${plot.toFixed(1)} px tall`);
  }
  return out;
}

interface Measured {
  before: Box[];
  after: Box[];
  seen: Record<string, { first: number; min: number; max: number }>;
  frames: number;
  defined: boolean;
  values: string[];
  targets: string[];
  bands: Band[];
  /** The compact strips' largest empty bands, and what they cut. */
  stripBands: Band[];
  stripCuts: string[];
  /** The season charts that do not show, or whose texts are cut. */
  seasonCharts: string[];
}

/**
 * Loads the cards on one page with the script held, measures every box once the style sheet has applied,
 * lets the script go, waits until every card shows its final state, and measures again.
 */
async function measure(
  engine: Engine,
  cards: Card[],
  font: number,
  viewport = { width: 1440, height: 900 },
  article = false,
): Promise<Measured> {
  const release = site.hold();
  let tab: Tab | undefined;
  try {
    // a partner's article has a script of its own that reads the page's layout from the first frame
    const page = { site: site.url, now: FROZEN_NOW, font, cards, article, early: article };
    tab = await engine.open(partner.add(page), viewport);
    await tab.waitFor(
      () =>
        !!(document.querySelector('link[rel=stylesheet]') as HTMLLinkElement | null)?.sheet &&
        document.readyState !== 'loading' &&
        (window as unknown as { __rc: { frames: number } }).__rc.frames > 0,
      null,
      'the style sheet and the first frame',
    );
    const before = await tab.evaluate(boxes, null);
    const defined = await tab.evaluate(() => !!customElements.get('resort-conditions'), null);
    release();
    await tab.waitFor(
      () =>
        !!customElements.get('resort-conditions') &&
        [...document.querySelectorAll('resort-conditions')].every(
          (el) =>
            el.shadowRoot?.querySelector('.frame:not(.loading)') &&
            // a season chart's block holds its room until its chunk and its file are in
            !el.shadowRoot.querySelector('div.season'),
        ),
      null,
      'every card in its final state',
      180_000,
    );
    // two frames more, recorded
    await tab.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      null,
    );
    const after = await tab.evaluate(boxes, null);
    const { seen, frames } = await tab.evaluate(() => {
      const rc = (
        window as unknown as {
          __rc: {
            stop: boolean;
            frames: number;
            seen: Record<string, { first: number; min: number; max: number }>;
          };
        }
      ).__rc;
      rc.stop = true;
      return { seen: rc.seen, frames: rc.frames };
    }, null);
    const values = await tab.evaluate(valueProblems, null);
    const targets = await tab.evaluate(smallTargets, null);
    const bands = await tab.evaluate(emptyBands, null);
    const stripBands = await tab.evaluate(bands_, STRIP_BANDS);
    const stripCuts_ = await tab.evaluate(stripCuts, null);
    const seasonCharts_ = await tab.evaluate(seasonCharts, null);
    return {
      seasonCharts: seasonCharts_,
      before,
      after,
      seen,
      frames,
      defined,
      values,
      targets,
      bands,
      stripBands,
      stripCuts: stripCuts_,
    };
  } finally {
    release();
    await tab?.close();
  }
}

const px = (n: number) => `${Math.round(n * 10) / 10} px`;

/** Each card whose text below moved, or whose reserved box is not its final box, as failures. */
function shifts(engine: EngineName, m: Measured, compareWidth = false): Failure[] {
  const out: Failure[] = [];
  if (m.defined)
    out.push({
      engine,
      check: 'page',
      where: 'page',
      detail: 'the element was defined before the script was let go',
    });
  const after = new Map(m.after.map((b) => [b.where, b]));
  for (const b of m.before) {
    const a = after.get(b.where)!;
    const seen = m.seen[b.where];
    const moved = Math.max(Math.abs(a.below - b.below), seen ? seen.max - seen.min : 0);
    const resized =
      Math.abs(a.height - b.height) >= 0.5 || (compareWidth && Math.abs(a.width - b.width) >= 0.5);
    if (moved >= 0.5 || resized) {
      const box = compareWidth
        ? `${px(b.width)} × ${px(b.height)}, final ${px(a.width)} × ${px(a.height)}`
        : `${px(b.height)}, final ${px(a.height)}`;
      const range =
        seen && seen.max - seen.min >= 0.5 ? ` (text below from ${px(seen.min)} to ${px(seen.max)})` : '';
      out.push({
        engine,
        check: compareWidth ? 'box' : 'shift',
        where: b.where,
        detail: `reserved ${box}, text below moved ${px(moved)}${range}`,
      });
    }
  }
  return out;
}

/** `where: detail` lines from the page, as failures. */
const fromLines = (engine: EngineName, check: Failure['check'], lines: string[]): Failure[] =>
  lines.map((l) => {
    const at = l.indexOf(': ');
    return { engine, check, where: l.slice(0, at), detail: l.slice(at + 2) };
  });

/** Each card or strip whose largest empty band is taller than one line of its text, as failures. */
const tallBands = (engine: EngineName, bands: Band[]): Failure[] =>
  bands
    .filter((b) => b.band > b.line + 0.5)
    .map((b) => ({
      engine,
      check: 'band',
      where: b.where,
      detail: `an empty band of ${px(b.band)} between ${b.between}, over one line (${px(b.line)})`,
    }));

/** The greatest and the median of some sizes, in px. */
function spread(sizes: number[]): string {
  const sorted = [...sizes].sort((a, b) => a - b);
  const median = sorted.length ? (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2 : 0;
  return `greatest ${px(sorted.at(-1) ?? 0)}, median ${px(median)}, of ${sorted.length} cards`;
}

const daysName = (d: string | undefined) => (d === undefined ? 'unset' : `"${d}"`);

/**
 * The sweep in one engine, a test file of its own (sweep-<engine>.test.ts): the build it measures, the checks
 * at each root font of `fonts`, and with `rest` the checks of no one root font (the pictures, the layout
 * contexts, the article). Skipped when `RC_ENGINES` leaves the engine out. Two files run at a time
 * (vite.config.ts): two engines share the machine's two cores, and WebKit, the slowest to draw, is two files.
 */
export function sweep(name: EngineName, fonts: readonly number[] = FONTS, rest = true): void {
  /** The file's failures table: test-results/sweep-<engine>.tsv, the 20 px file's sweep-webkit-20px.tsv. */
  const file = rest ? name : `${name}-${fonts.map((f) => `${f}px`).join('-')}`;
  beforeAll(async () => {
    if (!ENGINES.includes(name) || (missing(name) && !CI)) return;
    root = await mkdtemp(join(tmpdir(), 'rc-sweep-'));
    const dist = join(root, 'dist');
    const sink = { write: () => true };
    const env = { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) };
    const code = await build({
      argv: ['--out', dist, '--profile', 'widget', '--locales', SUPPORTED_LOCALES.join(',')],
      env,
      stdout: sink,
      stderr: sink,
      widget: () => elementFiles(),
    });
    expect(code).toBe(0);
    resorts = (
      JSON.parse(await readFile(join(dist, 'api', 'manifest.json'), 'utf8')) as {
        resorts: Array<{ id: number }>;
      }
    ).resorts.map((r) => r.id);
    // the season's history of every resort, for the season chart, as a build publishes it beside api/
    await writeHistory(dist, resorts);
    site = await serveSite(dist);
    partner = await servePartner();
    await mkdir(RESULTS, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([site?.close(), partner?.close()]);
    if (root) await rm(root, { recursive: true, force: true });
  });

  const why = missing(name);
  const chosen = ENGINES.includes(name);
  if (chosen && why && !CI) console.warn(`${name}: browser sweep skipped: ${why}`);

  describe.skipIf(!chosen || (!!why && !CI))(
    `in ${name}, on a partner page of another origin, style sheet in the head, script async`,
    { timeout: 1_800_000 },
    () => {
      let engine: Engine;
      const failures: Failure[] = [];

      beforeAll(async () => {
        if (why) throw new Error(`${name}: ${why}; CI needs every engine (.ci/run installs them)`);
        engine = await launch(name);
      }, 120_000);

      /** The engine's table so far: written after every check, so a long run can be read while it goes on. */
      const table = () => {
        const rows = failures.map((f) => [f.engine, f.check, f.where, f.detail].join('\t'));
        return writeFile(
          join(RESULTS, `sweep-${file}.tsv`),
          `engine\tcheck\twhere\tdetail\n${rows.join('\n')}${rows.length ? '\n' : ''}`,
        );
      };

      afterAll(async () => {
        await engine?.close();
      });

      /**
       * Measures one page. A page that does not load or settle (a browser that hangs or loses its window) is a
       * failure of its own, and the browser starts afresh for the next page.
       */
      const load = async (
        page: string,
        ...args: Parameters<typeof measure> extends [Engine, ...infer R] ? R : never
      ): Promise<Measured | Failure> => {
        try {
          return await measure(engine, ...args);
        } catch (error) {
          await engine.close().catch(() => undefined);
          engine = await launch(name);
          return {
            engine: name,
            check: 'page',
            where: page,
            detail: `did not settle: ${(error as Error).message || (error as Error).name}`,
          };
        }
      };

      /** Runs `check`, keeps its failures for the engine's table, and asserts there are none. */
      const collect = async (check: () => Promise<Failure[]>) => {
        const found = await check();
        failures.push(...found);
        await table();
        expect(grouped(found)).toEqual([]);
      };

      it.each(fonts)(
        'moves no text below a card and leaves no empty band taller than a line, at any width and days value, root font %i px',
        async (font) => {
          const bands: number[] = [];
          await collect(async () => {
            const out: Failure[] = [];
            for (const values of DAYS) {
              const cards = sweepWidths(font).map(({ width, slot: i }, n) => {
                const days = values[n % values.length];
                return {
                  where: `${width}px days=${daysName(days)} font=${font}px #${resorts[i % resorts.length]}`,
                  resort: resorts[i % resorts.length]!,
                  days,
                  wrapper: `width:${width}px`,
                };
              });
              const m = await load(`days=${values.map(daysName).join(' ')} font=${font}px`, cards, font);
              if ('check' in m) out.push(m);
              else {
                out.push(
                  ...shifts(name, m),
                  ...fromLines(name, 'value', m.values),
                  ...tallBands(name, m.bands),
                );
                bands.push(...m.bands.map((b) => b.band));
              }
            }
            console.log(`${name}, root font ${font} px, every days value: empty bands ${spread(bands)}`);
            return out;
          });
        },
      );

      it.each(fonts)(
        'cuts no value, keeps each with its unit, every link and button 24 px tall and no empty band taller than a line, in every language at any width, root font %i px',
        async (font) => {
          const bands: number[] = [];
          await collect(async () => {
            const out: Failure[] = [];
            for (const locale of SUPPORTED_LOCALES) {
              const cards = sweepWidths(font).map(({ width, slot: i }) => ({
                where: `${width}px ${locale} font=${font}px #${resorts[i % resorts.length]}`,
                resort: resorts[i % resorts.length]!,
                locale,
                wrapper: `width:${width}px`,
              }));
              const m = await load(`${locale} font=${font}px`, cards, font);
              if ('check' in m) out.push(m);
              else
                out.push(
                  ...shifts(name, m),
                  ...fromLines(name, 'value', m.values),
                  ...fromLines(name, 'target', m.targets),
                  ...tallBands(name, m.bands),
                );
              bands.push(...('check' in m ? [] : m.bands.map((b) => b.band)));
            }
            console.log(`${name}, root font ${font} px, every language: empty bands ${spread(bands)}`);
            return out;
          });
        },
      );

      it.each(fonts)(
        'keeps the compact strip at its step’s height, moving nothing, with no empty band taller than a line and nothing cut, in every language at any width, root font %i px',
        async (font) => {
          const widths = sweepWidths(font, STRIP_STEPS_EM);
          const em = (15 * font) / 16;
          /**
           * The strip's height at a width (widget/card/compact-geometry.ts): its step by the width in em of the
           * element's text, its lines in em of its frame's, which scales down under 21.33em.
           */
          const expected = (width: number) => {
            const step = STRIP_STEPS.find((s) => width / em >= s.from)!;
            return stripHeight(step, Math.min(em, Math.max(10, width / 21.3333)));
          };
          const bands: number[] = [];
          await collect(async () => {
            const out: Failure[] = [];
            for (const locale of SUPPORTED_LOCALES) {
              const cards = widths.map(({ width, slot: i }) => ({
                where: `${width}px compact ${locale} font=${font}px #${resorts[i % resorts.length]}`,
                resort: resorts[i % resorts.length]!,
                locale,
                layout: 'compact',
                wrapper: `width:${width}px`,
              }));
              const m = await load(`compact ${locale} font=${font}px`, cards, font);
              if ('check' in m) {
                out.push(m);
                continue;
              }
              out.push(
                ...shifts(name, m),
                ...fromLines(name, 'value', m.values),
                ...fromLines(name, 'value', m.stripCuts),
                ...fromLines(name, 'target', m.targets),
                ...tallBands(name, m.stripBands),
              );
              bands.push(...m.stripBands.map((b) => b.band));
              for (const [i, b] of m.after.entries()) {
                const height = expected(widths[i]!.width);
                if (Math.abs(b.height - height) > 1)
                  out.push({
                    engine: name,
                    check: 'box',
                    where: b.where,
                    detail: `${px(b.height)} tall, its step ${px(height)}`,
                  });
              }
            }
            console.log(`${name}, root font ${font} px, compact strips: empty bands ${spread(bands)}`);
            return out;
          });
        },
      );

      it.each(fonts)(
        'shows the season chart (`season`) moving nothing, with no empty band taller than a line and nothing of it cut, in every language at any width, root font %i px',
        async (font) => {
          const bands: number[] = [];
          await collect(async () => {
            const out: Failure[] = [];
            for (const locale of SUPPORTED_LOCALES) {
              const cards = sweepWidths(font).map(({ width, slot: i }) => ({
                where: `${width}px season ${locale} font=${font}px #${resorts[i % resorts.length]}`,
                resort: resorts[i % resorts.length]!,
                locale,
                season: true,
                wrapper: `width:${width}px`,
              }));
              const m = await load(`season ${locale} font=${font}px`, cards, font);
              if ('check' in m) {
                out.push(m);
                continue;
              }
              out.push(
                ...shifts(name, m),
                ...fromLines(name, 'value', m.values),
                ...fromLines(name, 'value', m.seasonCharts),
                ...fromLines(name, 'target', m.targets),
                ...tallBands(name, m.bands),
              );
              bands.push(...m.bands.map((b) => b.band));
            }
            console.log(`${name}, root font ${font} px, season charts: empty bands ${spread(bands)}`);
            return out;
          });
        },
      );

      /**
       * Opens `cards` at `viewport` on a plain background, once each element's shadow root holds `ready`, saves a
       * picture of the viewport as test-results/<file>, and answers what each element's `label` (an element of its
       * shadow root) says: its `aria-label`, else its text.
       */
      async function picture(
        file: string,
        cards: Card[],
        viewport: { width: number; height: number },
        ready: string,
        label: string,
      ): Promise<string[]> {
        const tab = await engine.open(
          partner.add({ site: site.url, now: FROZEN_NOW, font: 16, cards }),
          viewport,
        );
        try {
          await tab.waitFor(
            (selector) =>
              [...document.querySelectorAll('resort-conditions')].every((el) =>
                el.shadowRoot?.querySelector(selector),
              ),
            ready,
            `every element with ${ready}`,
          );
          const labels = await tab.evaluate((selector) => {
            for (const p of document.querySelectorAll('.below')) p.remove();
            document.body.style.background = '#eef1f5';
            return [...document.querySelectorAll('resort-conditions')].map((el) => {
              const found = el.shadowRoot!.querySelector(selector)!;
              return found.getAttribute('aria-label') ?? found.textContent ?? '';
            });
          }, label);
          const path = join(RESULTS, file);
          await tab.screenshot(path);
          // a PNG of the viewport's size: the IHDR chunk holds the width and the height
          const png = await readFile(path);
          expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
          expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([viewport.width, viewport.height]);
          return labels;
        } finally {
          await tab.close();
        }
      }

      it.runIf(rest && name === 'chromium')(
        'saves the README’s picture of the season chart: a card in light and one in dark, in two languages',
        async () => {
          const cards = [
            {
              resort: 25,
              locale: 'en-US',
              theme: 'light',
              wrapper: 'display:inline-block;width:600px;margin-right:16px;vertical-align:top',
            },
            {
              resort: 20,
              locale: 'de-DE',
              theme: 'dark',
              wrapper: 'display:inline-block;width:600px;vertical-align:top',
            },
          ].map((c) => ({ ...c, where: `season.png ${c.locale}`, season: true }));
          // two cards of 600 px side by side, the page's padding (16 px) around them, and the window's scrollbar
          const viewport = { width: 16 + 600 + 16 + 600 + 16 + 20, height: 1000 };
          const labels = await picture(
            'season.png',
            cards,
            viewport,
            'figure[part=season] svg',
            'figure[part=season]',
          );
          expect(labels).toEqual(['Season 2025-26', 'Saison 2025-26']);
        },
      );

      it.runIf(rest && name === 'chromium')(
        'saves the README’s picture of the compact strip: a band, a banner, a phone and a sidebar, in four languages',
        async () => {
          const strips = [
            { resort: 20, locale: 'en-US', wrapper: 'width:1000px' },
            { resort: 25, locale: 'de-DE', wrapper: 'width:728px' },
            { resort: 60, locale: 'pt-PT', wrapper: 'display:inline-block;width:375px;margin-right:16px' },
            { resort: 395, locale: 'ja-JP', wrapper: 'display:inline-block;width:300px;vertical-align:top' },
          ];
          const cards = strips.map((c) => ({ ...c, where: `compact.png ${c.locale}`, layout: 'compact' }));
          // the page's padding (16 px) around strips of 133.75 px (a band, a banner) and 235.5 px (under 480 px)
          const viewport = { width: 1032, height: 16 + 134 + 16 + 134 + 16 + 236 + 16 };
          const names = await picture(
            'compact.png',
            cards,
            viewport,
            '.frame.compact h2:not(:has(slot))',
            '.frame.compact h2',
          );
          expect(names).toEqual(['Silver Hollow', 'Elk Ridge', 'Cinder Peak', 'Shirakaba Kogen']);
        },
      );

      it.runIf(rest)(
        'reserves the final box in every layout context: block, inline-block, float, grid, a centred column, absolute',
        async () => {
          const CONTEXTS: Record<string, { wrapper: string; style?: string }> = {
            block: { wrapper: '' },
            'inline-block': { wrapper: '', style: 'display:inline-block' },
            float: { wrapper: '', style: 'float:left' },
            'grid justify-items:start': { wrapper: 'display:grid;justify-items:start;' },
            'centred column': { wrapper: 'display:flex;flex-direction:column;align-items:center;' },
            absolute: {
              wrapper: 'position:relative;height:1800px;',
              style: 'position:absolute;top:0;left:0',
            },
          };
          await collect(async () => {
            const out: Failure[] = [];
            for (const font of FONTS) {
              const cards = [375, 600, 1000].flatMap((width) =>
                Object.entries(CONTEXTS).map(([context, c]) => ({
                  where: `${width}px ${context} font=${font}px`,
                  resort: 25,
                  wrapper: `${c.wrapper}width:${width}px`,
                  style: c.style,
                })),
              );
              const m = await load(`layout contexts font=${font}px`, cards, font);
              out.push(...('check' in m ? [m] : shifts(name, m, true)));
            }
            return out;
          });
        },
      );

      it.runIf(rest)(
        'moves no paragraph of a partner’s article that reads its layout from the first frame, where the page’s scrollbar depends on the card, root font 16 and 20 px',
        async () => {
          // a card and a short text: the page's height is near the viewport's, so a scrollbar can come and go.
          // The page's padding is 32 px and a classic scrollbar 12–17 px: a viewport 6 px over a step's width holds
          // the card over the step without a scrollbar and under it with one; under 21.33em (400 px at a root
          // font of 20 px) the card's height follows its width.
          const WIDTHS = [320, 375, 414, 600, 768, 1200].flatMap((width) =>
            FONTS.map((font) => ({ width, font })),
          );
          const NEAR_STEPS = STEPS_EM.flatMap((em) =>
            FONTS.map((font) => ({ width: Math.round((em * 15 * font) / 16) + 32 + 6, font })),
          );
          await collect(async () => {
            const out: Failure[] = [];
            // WebKitGTK's window is never narrower than WEBKIT_MIN_WIDTH: a narrower article would be a page in
            // an iframe, where no scrollbar of the page's own comes and goes; the width sweep checks those widths
            const viewports = [...WIDTHS, ...NEAR_STEPS].filter(
              (v) => name !== 'webkit' || v.width >= WEBKIT_MIN_WIDTH,
            );
            for (const { width, font } of viewports) {
              const where = (height: number) => `viewport ${width}×${height} font=${font}px`;
              const heights = await pageHeights(width, font).catch(() => undefined);
              if (!heights) {
                out.push({
                  engine: name,
                  check: 'page',
                  where: where(0),
                  detail: 'its heights could not be read',
                });
                continue;
              }
              // just under the heights the page takes with and without a scrollbar (a scrollbar in either case),
              // between them (either case holds), and over them
              const [low, high] = [Math.min(...heights), Math.max(...heights)];
              for (const height of new Set([low - 10, Math.round((low + high) / 2), high + 10])) {
                const cards = [{ where: where(height), resort: 25, wrapper: '' }];
                const m = await load(cards[0]!.where, cards, font, { width, height }, true);
                out.push(...('check' in m ? [m] : shifts(name, m)));
              }
            }
            return out;
          });
        },
      );

      /**
       * The heights of the partner's article at a viewport width, its card shown, with the page's scrollbar and
       * without it, as a page that keeps no room for its scrollbar lays it out: the viewport heights between
       * which the scrollbar depends on the card.
       */
      async function pageHeights(width: number, font: number): Promise<number[]> {
        const cards = [{ where: 'heights', resort: 25, wrapper: '' }];
        const tab = await engine.open(
          partner.add({ site: site.url, now: FROZEN_NOW, font, cards, article: true }),
          { width, height: 4000 },
        );
        try {
          await tab.waitFor(
            () =>
              !!document
                .querySelector('resort-conditions')
                ?.shadowRoot?.querySelector('.frame:not(.loading)'),
            null,
            'the card in its final state',
          );
          return await tab.evaluate(
            () =>
              ['hidden', 'scroll'].map((overflow) => {
                const root = document.documentElement;
                root.style.scrollbarGutter = 'auto';
                root.style.overflowY = overflow;
                return root.scrollHeight;
              }),
            null,
          );
        } finally {
          await tab.close();
        }
      }
    },
  );
}
