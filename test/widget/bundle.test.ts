import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleList, bundleWidget, type BundleFile } from '../../scripts/site/widget.ts';

/**
 * The budget is raised only in the commit that makes the bundle grow, with the reason. The cap is 16 KB
 * gzipped (widget/README.md, "Size"). The script holds everything an English card runs (lit, the
 * element, its styles, its templates and English); a card in another language loads that language's
 * strings beside it, and the two together stay within the cap. 14.8 KB: a page with only the full card
 * loads no more than it did before the compact strip and the list.
 */
const BUDGET_GZIP_BYTES = Math.floor(14.8 * 1024);
/** The compact strip's chunk (`layout="compact"`): loaded only by a page that shows one. */
const COMPACT_GZIP_BYTES = 2 * 1024;
const CAP_GZIP_BYTES = 16 * 1024;
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
const text = (file: BundleFile) => Buffer.from(file.bytes).toString('utf8');
const main = () => files.find((f) => f.path === 'resort-conditions.js')!;
const compact = () => files.find((f) => /^rc\.compact\.[\w-]+\.js$/.test(f.path))!;

beforeAll(async () => {
  files = await bundleWidget();
}, 120_000);

describe('the bundle', () => {
  it(`keeps the script at or under ${BUDGET_GZIP_BYTES} bytes gzipped`, () => {
    expect(gzipped(main())).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    expect(gzipped(main())).toBeGreaterThan(3_000); // lit is inside
  });

  it(`keeps the script and any one language within ${CAP_GZIP_BYTES} bytes gzipped`, () => {
    const languages = files.filter((f) => f !== main() && f !== compact() && f.path.endsWith('.js'));
    expect(languages).toHaveLength(14);
    for (const language of languages)
      expect(gzipped(main()) + gzipped(language), language.path).toBeLessThanOrEqual(CAP_GZIP_BYTES);
  });

  it(`loads the compact strip as a chunk of its own, at or under ${COMPACT_GZIP_BYTES} bytes gzipped, that a full card never asks for`, () => {
    expect(gzipped(compact())).toBeLessThanOrEqual(COMPACT_GZIP_BYTES);
    expect(text(compact())).toContain('.compact .strip');
    // the strip's templates and styles are in its chunk only; the script holds just its height and the import
    for (const needle of ['.compact .strip', 'strip today', 'adoptedStyleSheets=[...'])
      expect(text(main()).includes(needle), needle).toBe(false);
    expect(text(main())).toContain(compact().path);
  });

  it('comes with resort-conditions.css: the room each card takes before the script runs, minified', () => {
    const sheet = files.find((f) => f.path === 'resort-conditions.css')!;
    const first = /^:where\(resort-conditions:not\(:defined\)\)\{([^}]*)\}/
      .exec(text(sheet))?.[1]
      ?.split(';');
    expect(first).toEqual(
      expect.arrayContaining([
        'display:block',
        'contain:layout',
        'width:-webkit-fill-available',
        'width:stretch',
      ]),
    );
    expect(text(sheet)).toContain(':where(resort-conditions:not(:defined))[days="5"]:before{--n:6}');
    expect(text(sheet)).not.toMatch(/\/\*|\n./);
    expect(text(sheet)).toMatch(
      /:where\(resort-conditions:not\(:defined\)\)\[layout=["']?compact["']?\]::?before\{height:calc\(/,
    );
    // 603 bytes with the compact strip's two rules
    expect(gzipped(sheet)).toBeLessThan(640);
  });

  it.each(MUST_NOT_APPEAR)('contains no "%s"', (needle) => {
    for (const file of files) expect(text(file).includes(needle), file.path).toBe(false);
  });

  it("shortens lit's internal property names in its script, and keeps lit's markers", () => {
    expect(text(main())).not.toMatch(/_\$[A-Z][A-Za-z]\b/);
    for (const marker of ['_$litType$', '_$litPart$']) expect(text(main())).toContain(marker);
  });

  it('is one ES module with lit inside, one small chunk per language but English, and the compact strip’s', () => {
    const source = text(main());
    expect(source).not.toMatch(/^import .* from ["'](?!\.\/)/m);
    // nothing but the element's own code stands between a page and its first paint
    expect(source).not.toMatch(/(^|[;}])import[^(]/);
    expect(source).toContain('customElements');
    // the style sheet is minified when bundled (vite.config.ts)
    expect(source).toContain(':host{--_bg:var(--rc-background,#fff);');
    const chunks = files.filter(
      (f) => f.path !== 'resort-conditions.js' && f !== compact() && f.path.endsWith('.js'),
    );
    expect(chunks.map((f) => f.path.split('.')[1]).sort()).toEqual([
      'cs',
      'da',
      'de',
      'es',
      'fi',
      'fr',
      'it',
      'ja',
      'nl',
      'no',
      'pl',
      'pt',
      'sl',
      'sv',
    ]);
    for (const chunk of chunks) expect(gzipSync(chunk.bytes).byteLength, chunk.path).toBeLessThan(1_200);
  });
});

/**
 * `<resort-conditions-list>` is a script of its own: the card's script holds nothing of it (a page with
 * cards alone loads what it did), and the list's holds lit, its element, its styles and English, within
 * the same budget and cap as the card's.
 */
const LIST_BUDGET_GZIP_BYTES = 15 * 1024;

describe("the list's bundle", () => {
  let list: BundleFile[];
  const listMain = () => list.find((f) => f.path === 'resort-conditions-list.js')!;
  beforeAll(async () => {
    list = await bundleList();
  }, 120_000);

  it(`keeps the list's script at or under ${LIST_BUDGET_GZIP_BYTES} bytes gzipped, and with any one language within ${CAP_GZIP_BYTES}`, () => {
    expect(gzipped(listMain())).toBeLessThanOrEqual(LIST_BUDGET_GZIP_BYTES);
    expect(gzipped(listMain())).toBeGreaterThan(3_000);
    const languages = list.filter((f) => f !== listMain() && f.path.endsWith('.js'));
    expect(languages).toHaveLength(14);
    for (const language of languages)
      expect(gzipped(listMain()) + gzipped(language), language.path).toBeLessThanOrEqual(CAP_GZIP_BYTES);
  });

  it("leaves the card's script as it was: nothing of the list in it", () => {
    for (const needle of ['resort-conditions-list', 'href-pattern', 'aria-sort'])
      expect(text(main()).includes(needle), needle).toBe(false);
    expect(list.some((f) => f.path === 'resort-conditions.js')).toBe(false);
  });

  it.each(MUST_NOT_APPEAR)('contains no "%s"', (needle) => {
    for (const file of list) expect(text(file).includes(needle), file.path).toBe(false);
  });

  it('comes with resort-conditions-list.css: the room each list takes before the script runs, minified', () => {
    const sheet = list.find((f) => f.path === 'resort-conditions-list.css')!;
    const first = /^:where\(resort-conditions-list:not\(:defined\)\)\{([^}]*)\}/
      .exec(text(sheet))?.[1]
      ?.split(';');
    expect(first).toEqual(
      expect.arrayContaining(['display:block', 'contain:layout', 'container-type:inline-size']),
    );
    expect(text(sheet)).toContain('var(--_n,var(--rc-rows,1))');
    expect(text(sheet)).not.toMatch(/\/\*|\n./);
    expect(list.some((f) => f.path === 'resort-conditions.css')).toBe(false);
  });
});
