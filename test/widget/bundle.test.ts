import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementFiles, pageFiles, type BundleFile } from '../../scripts/element/browser-files.ts';
import { REPO } from '../deploy/helpers.ts';

/**
 * What a page loads of the elements' scripts, gzipped (`gzip -9`), by what it shows (widget/README.md,
 * "Size"); their style sheets have budgets of their own. A budget is raised only in the commit that makes a
 * page load more, with the reason.
 *
 * - A page of full cards loads `resort-conditions.js` and the chunk it imports (lit, the elements' shared
 *   base, the card): 15,360 bytes (widget/README.md's table, held below), within the 15 KB (15,360) of a card's page, the season chart's part in it
 *   (below); 15,326 before each day of a chart under 17em showed the first letter of its name (34); 15,356 before the rules that said one thing twice said it once (the rows that wrap, a state's
 *   colour and weight), the chart's rectangles closed themselves and its tracks lost a `min-height` that
 *   did nothing (30); 15,338 before the chart's bars were drawn from each day's figure as it reads (18: a week of
 *   traces that read 0 is a week without snow); 15,339 before the card's links stood 0.3em under its content and its attribution 0.2em under
 *   them (a narrow sidebar's bands within a line), 15,342 as written before the merges that took 3 bytes
 *   off; 15,347 before a week without snow became a line, its room the forecast's days (97 as first
 *   written; 12 less with the days' label and 0 in its unit for its text rather than a string of its own, 5
 *   more with each taller day's lines kept together and the plot as tall as the week's largest day), paid
 *   for by the retry button's and the pictures' rules going to the messages' chunk (59), Family A's inches
 *   rounded only where they are written and rules that did nothing (an `abbr` without a title has no
 *   underline to take off, a grid's item no flex size; 35 with the placeholder's width in its own rule and
 *   the narrowest step's padding in one block);
 *   15,297 before the frame set its own direction (`dir`, 14), the 7-day chart's bars became SVG
 *   rectangles that a strict CSP, forced colours and paper keep, a narrow sidebar's links kept their padding,
 *   a card its page on paper and the attribution its 12 px at the least as it grew with the card (44); 15,335 before its style sheets were minified whole (each `.css` file rather than pieces of
 *   template literals). It was 15,619 before the chunks were minified by terser (97), lit-html left out directives,
 *   which no template uses (122), and the metric units of each language went to its strings (54) and
 *   English's label of the strip's last days to the strip (11); 15,812 before the pictures and messages of
 *   a resort without a report went to the messages' chunk (140) and lit's writes to the page's globals
 *   went (54); 15,882 before the error of a file that cannot be loaded became a plain `Error` rather than
 *   the project's `ResortConditionsError` (68), 15,836 before what such a page never runs went to
 *   chunks of their own, loaded only where needed: the messages of a card without a report and the locale
 *   warning's text (`rc.messages`, 73), the reading of a pre-rendered copy (`rc.adopt`, 72), the table of
 *   the languages' chunks (`rc.languages`, 90). Before the list shared the card's code it loaded one script
 *   of 15,133 bytes; the card alone, bundled as one script then, was 15,627 (a state and an error code for a
 *   snapshot whose index cannot be read, a code and a reason on every `error` event, a warning for an
 *   invalid locale, the strip's geometry by steps and its loading, the element base both elements share),
 *   and sharing its chunk with the list cost 211 more (the script that imports it, the names the chunk
 *   exports). It was 16,080 before the list's English strings went to the list's script (86), the
 *   pre-render's own code to the pre-render (41) and the languages' chunks took one hash (115). The season
 *   chart (`season`) puts its attribute, the loading of its chunk, its placeholder and the room it takes
 *   on it; everything it draws, and its English strings, are in its own chunk.
 * - A page of a card and a list loads both scripts and the chunk once: at most 22 KB (two scripts of about
 *   15 KB each before).
 * - Another language adds its chunk (the card's and the list's strings) and the table that names it
 *   (`rc.languages`): with a page of cards within a cap of 17 KB (16 KB before the list's strings joined the
 *   languages' chunks and the code above); each under 1,350 bytes (1,250 before the season chart's four
 *   strings); the compact strip and the season chart add their chunks.
 */
const CARD_PAGE_BYTES = 15_360;
const CARD_AND_LIST_PAGE_BYTES = 22 * 1024;
const CAP_GZIP_BYTES = 17 * 1024;
/**
 * The compact strip's chunk (`layout="compact"`): loaded only by a page that shows one. 2.75 KB since its
 * steps for a sidebar, a banner, a band and a phone (its name fitted to its line, its figures in places).
 */
const COMPACT_GZIP_BYTES = 2.75 * 1024;
/**
 * The season chart's chunk (`season`): loaded only by a page with a card that shows one. With what it adds to
 * the card's page (CARD_PAGE_BYTES) and to a language's chunk (its four strings), within the 3 KB the card's
 * script may grow by for it: 2,452 bytes (its English strings with it).
 */
const SEASON_GZIP_BYTES = 2_560;
/** What the season chart may add to a card's script in all: its chunk and the card page's part. */
const SEASON_GROWTH_BYTES = 3 * 1024;
/** The card's page before the season chart (CARD_PAGE_BYTES). */
const CARD_PAGE_BEFORE_SEASON = 15_601;
const MUST_NOT_APPEAR = [
  'zod',
  'ZodError',
  'undici',
  'node:',
  'process.env',
  'sourceMappingURL',
  'lit-part',
  'reactiveElementVersions',
  'litHtmlVersions',
  'litHtmlPolyfillSupport',
  // lit-html's directives, which the build leaves out (scripts/tooling/bundle.ts)
  '_$litDirective$',
];

let files: BundleFile[];
const gzipped = (file: BundleFile) => gzipSync(file.bytes, { level: 9 }).byteLength;
const total = (list: BundleFile[]) => list.reduce((sum, f) => sum + gzipped(f), 0);
const text = (file: BundleFile) => Buffer.from(file.bytes).toString('utf8');
const named = (path: string) => files.find((f) => f.path === path)!;
const compact = () => files.find((f) => /^rc\.compact\.[\w-]+\.js$/.test(f.path))!;
const chart = () => files.find((f) => /^rc\.chart\.[\w-]+\.js$/.test(f.path))!;
const languages = () => files.filter((f) => /^rc\.[a-z]{2}\.[\w-]+\.js$/.test(f.path));
/** A lazy chunk of the card's by its name: `rc.messages.<hash>.js`… */
const lazy = (name: string) => files.find((f) => new RegExp(`^rc\\.${name}\\.[\\w-]{8}\\.js$`).test(f.path))!;
/** The scripts a page of cards loads before it draws: its script and the chunk the script imports. */
const cardPage = () => pageFiles(files, 'resort-conditions.js');
const listPage = () => pageFiles(files, 'resort-conditions-list.js');
const cardAndListPage = () => [...new Set([...cardPage(), ...listPage()])];

beforeAll(async () => {
  files = await elementFiles();
}, 120_000);

describe("the elements' scripts", () => {
  it(`load a page of cards within ${CARD_PAGE_BYTES} bytes gzipped: the script and the chunk it imports`, () => {
    expect(cardPage().map((f) => f.path.replace(/\.[\w-]{8}\.js$/, '.js'))).toEqual([
      'resort-conditions.js',
      'rc.core.js',
    ]);
    expect(total(cardPage())).toBeLessThanOrEqual(CARD_PAGE_BYTES);
    expect(total(cardPage())).toBeGreaterThan(3_000); // lit is inside
  });

  it(`load a page of a card and a list within ${CARD_AND_LIST_PAGE_BYTES} bytes gzipped, lit and the shared code once`, () => {
    const page = cardAndListPage();
    expect(page.map((f) => f.path.replace(/\.[\w-]{8}\.js$/, '.js')).sort()).toEqual([
      'rc.core.js',
      'resort-conditions-list.js',
      'resort-conditions.js',
    ]);
    expect(total(page)).toBeLessThanOrEqual(CARD_AND_LIST_PAGE_BYTES);
    // one lit: its template marker is in one file, the chunk both scripts import
    const lit = files.filter((f) => text(f).includes('_$litType$'));
    expect(lit.map((f) => f.path)).toEqual([pageFiles(files, 'resort-conditions.js')[1]!.path]);
    expect(pageFiles(files, 'resort-conditions-list.js')[1]).toBe(lit[0]);
    // one cache of the files: the module that fetches them is in that chunk alone
    expect(files.filter((f) => text(f).includes('credentials:`omit`')).map((f) => f.path)).toEqual([
      lit[0]!.path,
    ]);
  });

  it("are what widget/README.md's table of what a page loads says, byte for byte", async () => {
    const readme = await readFile(`${REPO}/widget/README.md`, 'utf8');
    const row = (page: string) => {
      const cells = new RegExp(`^\\| ${page} \\|.*$`, 'm').exec(readme)?.[0].split('|');
      const bytes = (cell = '') => Number(/([\d,]+) bytes/.exec(cell)?.[1]?.replace(/,/g, ''));
      return [bytes(cells?.[3]), bytes(cells?.[4])];
    };
    const css = (...paths: string[]) => paths.reduce((sum, p) => sum + gzipped(named(p)), 0);
    const card = css('resort-conditions.css');
    const list = css('resort-conditions-list.base.css');
    expect({
      cards: row('Full cards in English'),
      season: row('Cards with the season chart'),
      both: row('Cards and a list'),
      list: row('A list alone'),
    }).toEqual({
      cards: [total(cardPage()), card],
      season: [total(cardPage()) + gzipped(chart()), NaN],
      both: [total(cardAndListPage()), card + list],
      list: [total(listPage()), list],
    });
  });

  it(`keep a page of cards and any one language within ${CAP_GZIP_BYTES} bytes gzipped`, () => {
    expect(languages()).toHaveLength(14);
    for (const language of languages())
      expect(
        total(cardPage()) + gzipped(lazy('languages')) + gzipped(language),
        language.path,
      ).toBeLessThanOrEqual(CAP_GZIP_BYTES);
    for (const language of languages())
      expect(gzipSync(language.bytes).byteLength, language.path).toBeLessThan(1_350);
  });

  it(`load the compact strip as a chunk of its own, at or under ${COMPACT_GZIP_BYTES} bytes gzipped, that a full card never asks for`, () => {
    expect(gzipped(compact())).toBeLessThanOrEqual(COMPACT_GZIP_BYTES);
    const core = pageFiles(files, 'resort-conditions.js')[1]!;
    // the strip's templates and styles are in its chunk only; the shared chunk holds its height and the import
    for (const needle of ['.compact .vals', 'strip today', '<a class="more"'])
      expect(text(core).includes(needle), needle).toBe(false);
    expect(text(compact())).toContain('.compact .vals');
    expect(text(core)).toContain(compact().path);
  });

  it.each([
    // what a card says without a report (an error, an unknown resort, a resort closed for good or out of
    // season), its pictures (which the strip shows too), and the locale warning's text
    {
      name: 'messages',
      holds: ['part="retry"', 'is no language of the snow report', 'viewBox="0 0 48 40"', 'M35 9l8 8'],
      under: 1024,
    },
    // the reading of a pre-rendered copy's JSON
    { name: 'adopt', holds: ['script[type="application/json"]'], under: 512 },
    // the table of the languages' chunks
    { name: 'languages', holds: ['rc.de.', 'rc.ja.'], under: 512 },
  ])(
    'load what a page of full cards showing their reports never runs from rc.$name.*.js, only when needed',
    ({ name, holds, under }) => {
      const chunk = lazy(name);
      const core = text(pageFiles(files, 'resort-conditions.js')[1]!);
      expect(cardPage()).not.toContain(chunk);
      // the shared chunk names it in a dynamic import alone
      expect(core).toContain(`import(\`./${chunk.path}\`)`);
      for (const needle of holds) {
        expect(text(chunk), needle).toContain(needle);
        expect(core.includes(needle), needle).toBe(false);
      }
      expect(gzipped(chunk)).toBeLessThan(under);
    },
  );

  it(`load the season chart as a chunk of its own, at or under ${SEASON_GZIP_BYTES} bytes gzipped, that a card without \`season\` never asks for`, () => {
    expect(gzipped(chart())).toBeLessThanOrEqual(SEASON_GZIP_BYTES);
    expect(gzipped(chart()) + total(cardPage()) - CARD_PAGE_BEFORE_SEASON).toBeLessThanOrEqual(
      SEASON_GROWTH_BYTES,
    );
    // the page of cards does not hold it: its drawing, its styles and its check of the files are the chunk's
    expect(cardPage()).not.toContain(chart());
    const core = text(pageFiles(files, 'resort-conditions.js')[1]!);
    for (const needle of ['preserveAspectRatio', '.season .plot', '../history/', 'Open on {n} days.'])
      expect([core.includes(needle), text(chart()).includes(needle)], needle).toEqual([false, true]);
    // the core only imports it on demand, by its name
    expect(core).toContain(chart().path);
    expect(core).not.toMatch(new RegExp(`^import[^;]*${chart().path.replace(/\./g, '\\.')}`));
  });

  it('define each its own tag: a page with cards alone runs nothing of the list, a list alone no card', () => {
    const card = text(named('resort-conditions.js'));
    const list = text(named('resort-conditions-list.js'));
    // a tag's name in any of the three quotes a minifier may write
    const tag = (name: string) => new RegExp(`["'\`]${name}["'\`]`);
    expect(card).toMatch(new RegExp(`customElements\\.define\\(${tag('resort-conditions').source}`));
    expect(card).not.toContain('resort-conditions-list');
    expect(list).toMatch(new RegExp(`customElements\\.define\\(${tag('resort-conditions-list').source}`));
    expect(list).not.toMatch(tag('resort-conditions'));
    const core = text(pageFiles(files, 'resort-conditions.js')[1]!);
    for (const needle of ['customElements.define', 'href-pattern', 'aria-sort'])
      expect(core.includes(needle), needle).toBe(false);
  });

  it('are ES modules that import nothing but their chunks, the style sheets minified in them', () => {
    for (const script of ['resort-conditions.js', 'resort-conditions-list.js']) {
      const source = text(named(script));
      expect(source).toMatch(/^import(?:\{[^}]*\}from)?"\.\/rc\.core\.[\w-]+\.js";/);
      expect(source).not.toMatch(/from ?["'](?!\.\/)/);
    }
    expect(text(pageFiles(files, 'resort-conditions.js')[1]!)).toContain(
      ':host{--_bg:var(--rc-background,#fff);',
    );
    expect(
      languages()
        .map((f) => f.path.split('.')[1])
        .sort(),
    ).toEqual(['cs', 'da', 'de', 'es', 'fi', 'fr', 'it', 'ja', 'nl', 'no', 'pl', 'pt', 'sl', 'sv']);
    // the languages' chunks import nothing, each named by its own bytes (scripts/tooling/content-names.ts)
    expect(new Set(languages().map((f) => f.path.split('.')[2])).size).toBe(14);
    for (const language of languages()) expect(text(language), language.path).not.toMatch(/\bimport\b/);
  });

  it.each(MUST_NOT_APPEAR)('contain no "%s"', (needle) => {
    for (const file of files) expect(text(file).includes(needle), file.path).toBe(false);
  });

  it("shorten lit's internal property names in its chunk, and keep lit's markers", () => {
    const core = text(pageFiles(files, 'resort-conditions.js')[1]!);
    expect(core).not.toMatch(/_\$[A-Z][A-Za-z]\b/);
    for (const marker of ['_$litType$', '_$litPart$']) expect(core).toContain(marker);
  });
});

describe("the elements' style sheets", () => {
  /** A sheet's rules by their selector, as a minified sheet writes them. */
  const rule = (sheet: string, selector: string) =>
    new RegExp(`(^|\\})${selector.replace(/[()[\]:.*]/g, '\\$&')}\\{([^}]*)\\}`).exec(sheet)?.[2]?.split(';');

  it('come with resort-conditions.css: the room each card takes before the script runs, minified', () => {
    const sheet = text(named('resort-conditions.css'));
    expect(rule(sheet, ':where(resort-conditions:not(:defined))')).toEqual(
      expect.arrayContaining([
        'display:block',
        'contain:layout',
        'width:-webkit-fill-available',
        'width:stretch',
      ]),
    );
    expect(sheet).toContain(':where(resort-conditions:not(:defined))[days="5"]:before{--n:6}');
    expect(sheet).not.toMatch(/\/\*|\n./);
    expect(sheet).toMatch(
      /:where\(resort-conditions:not\(:defined\)\)\[layout=["']?compact["']?\]::?before\{/,
    );
    // the page's scrollbar keeps its room (widget/stable-gutter.css), weightless
    expect(rule(sheet, ':where(html)')).toEqual(['scrollbar-gutter:stable']);
    // 677 bytes with the compact strip's steps and the scrollbar's room; 720 with the text size of the page
    // around it (em, at least the reader's 15 px) and the attribution's 24 px targets in em of its text
    expect(gzipped(named('resort-conditions.css'))).toBeLessThan(740);
  });

  it('come with resort-conditions-list.base.css: the room each list takes before the script runs, minified', () => {
    const sheet = text(named('resort-conditions-list.base.css'));
    expect(rule(sheet, ':where(resort-conditions-list:not(:defined))')).toEqual(
      expect.arrayContaining(['display:block', 'contain:layout', 'container-type:inline-size']),
    );
    expect(sheet).toContain('var(--_n,var(--rc-rows,1))');
    expect(rule(sheet, ':where(html)')).toEqual(['scrollbar-gutter:stable']);
    expect(sheet).not.toMatch(/\/\*|\n./);
    // 492 bytes since the stacked rows' header is one select's line at every stacked width (494 with the
    // sort buttons' second line from 30em); 499 when the list's text first scaled down under 21.33em as
    // the card's (its font size and its attribution's, 34 bytes): 465 before
    expect(gzipped(named('resort-conditions-list.base.css'))).toBeLessThan(512);
  });
});
