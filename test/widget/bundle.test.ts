import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { elementFiles, pageFiles, type BundleFile } from '../../scripts/site/browser-files.ts';

/**
 * What a page loads of the elements' scripts, gzipped (`gzip -9`), by what it shows (widget/README.md,
 * "Size"); their style sheets have budgets of their own. A budget is raised only in the commit that makes a
 * page load more, with the reason.
 *
 * - A page of full cards loads `resort-conditions.js` and the chunk it imports (lit, the elements' shared
 *   base, the card): 15,838 bytes, budget 15,900. Before the list shared the card's code it loaded one script
 *   of 15,133 bytes; the card alone, bundled as one script today, is 15,627 (a state and an error code for a
 *   snapshot whose index cannot be read, a code and a reason on every `error` event, a warning for an invalid
 *   locale, the strip's geometry by steps and its loading, the element base both elements share), and
 *   sharing its chunk with the list costs 211 more (the script that imports it, the names the chunk exports).
 *   It was 16,080 before the list's English strings went to the list's script (86), the pre-render's own code
 *   to the pre-render (41) and the languages' chunks took one hash (115). The issue's 15 KB (15,360) is
 *   not reached: widget/README.md, "Size".
 * - A page of a card and a list loads both scripts and the chunk once: at most 22 KB (two scripts of about
 *   15 KB each before).
 * - Another language adds its chunk (the card's and the list's strings): with a page of cards within a cap
 *   of 17 KB (16 KB before the list's strings joined the languages' chunks and the code above); the compact
 *   strip adds its chunk.
 */
const CARD_PAGE_BYTES = 15_900;
const CARD_AND_LIST_PAGE_BYTES = 22 * 1024;
const CAP_GZIP_BYTES = 17 * 1024;
/**
 * The compact strip's chunk (`layout="compact"`): loaded only by a page that shows one. 2.75 KB since its
 * steps for a sidebar, a banner, a band and a phone (its name fitted to its line, its figures in places).
 */
const COMPACT_GZIP_BYTES = 2.75 * 1024;
const MUST_NOT_APPEAR = [
  'zod',
  'ZodError',
  'undici',
  'node:',
  'process.env',
  'sourceMappingURL',
  'lit-part',
  'reactiveElementVersions',
];

let files: BundleFile[];
const gzipped = (file: BundleFile) => gzipSync(file.bytes, { level: 9 }).byteLength;
const total = (list: BundleFile[]) => list.reduce((sum, f) => sum + gzipped(f), 0);
const text = (file: BundleFile) => Buffer.from(file.bytes).toString('utf8');
const named = (path: string) => files.find((f) => f.path === path)!;
const compact = () => files.find((f) => /^rc\.compact\.[\w-]+\.js$/.test(f.path))!;
const languages = () => files.filter((f) => /^rc\.[a-z]{2}\.[\w-]+\.js$/.test(f.path));
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

  it(`keep a page of cards and any one language within ${CAP_GZIP_BYTES} bytes gzipped`, () => {
    expect(languages()).toHaveLength(14);
    for (const language of languages())
      expect(total(cardPage()) + gzipped(language), language.path).toBeLessThanOrEqual(CAP_GZIP_BYTES);
    for (const language of languages())
      expect(gzipSync(language.bytes).byteLength, language.path).toBeLessThan(1_250);
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

  it('define each its own tag: a page with cards alone runs nothing of the list, a list alone no card', () => {
    const card = text(named('resort-conditions.js'));
    const list = text(named('resort-conditions-list.js'));
    expect(card).toContain('customElements.define(`resort-conditions`');
    expect(card).not.toContain('resort-conditions-list');
    expect(list).toContain('customElements.define(`resort-conditions-list`');
    expect(list).not.toContain('`resort-conditions`');
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
    // the languages' chunks import nothing and share one hash (vite.config.ts, LANGUAGES_HASH)
    expect(new Set(languages().map((f) => f.path.split('.')[2])).size).toBe(1);
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
    // the page's scrollbar keeps its room (widget/styles.ts, STABLE_GUTTER), weightless
    expect(rule(sheet, ':where(html)')).toEqual(['scrollbar-gutter:stable']);
    // 677 bytes with the compact strip's steps and the scrollbar's room
    expect(gzipped(named('resort-conditions.css'))).toBeLessThan(720);
  });

  it('come with resort-conditions-list.css: the room each list takes before the script runs, minified', () => {
    const sheet = text(named('resort-conditions-list.css'));
    expect(rule(sheet, ':where(resort-conditions-list:not(:defined))')).toEqual(
      expect.arrayContaining(['display:block', 'contain:layout', 'container-type:inline-size']),
    );
    expect(sheet).toContain('var(--_n,var(--rc-rows,1))');
    expect(rule(sheet, ':where(html)')).toEqual(['scrollbar-gutter:stable']);
    expect(sheet).not.toMatch(/\/\*|\n./);
    // 499 bytes since the list's text scales down under 21.33em as the card's (its font size and its
    // attribution's, 34 bytes): 465 before
    expect(gzipped(named('resort-conditions-list.css'))).toBeLessThan(512);
  });
});
