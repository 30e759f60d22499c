import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleWidget, type BundleFile } from '../../scripts/site/widget.ts';

/**
 * The budget is raised only in the commit that makes the bundle grow, with the reason. Issue 10 caps the
 * script a page waits for at 16 KB gzipped and aims at 12 KB; it holds the element, its styles and the
 * skeleton. The report module follows beside the snapshot's index, a language's strings when needed.
 */
const BUDGET_GZIP_BYTES = 13 * 1024;
const REPORT_BUDGET_GZIP_BYTES = 6 * 1024;
const MUST_NOT_APPEAR = ['zod', 'ZodError', 'undici', 'node:', 'process.env', 'sourceMappingURL', 'lit-part'];

let files: BundleFile[];
const gzipped = (file: BundleFile) => gzipSync(file.bytes, { level: 9 }).byteLength;
const text = (file: BundleFile) => Buffer.from(file.bytes).toString('utf8');
const main = () => files.find((f) => f.path === 'resort-conditions.js')!;
const report = () => files.find((f) => f.path.startsWith('rc.report.'))!;

beforeAll(async () => {
  files = await bundleWidget();
}, 120_000);

describe('the bundle', () => {
  it(`keeps the script a page waits for at or under ${BUDGET_GZIP_BYTES} bytes gzipped`, () => {
    expect(gzipped(main())).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    expect(gzipped(main())).toBeGreaterThan(5_000); // Lit is inside
  });

  it(`keeps the report module at or under ${REPORT_BUDGET_GZIP_BYTES} bytes gzipped`, () => {
    expect(gzipped(report())).toBeLessThanOrEqual(REPORT_BUDGET_GZIP_BYTES);
  });

  it.each(MUST_NOT_APPEAR)('contains no "%s"', (needle) => {
    for (const file of files) expect(text(file).includes(needle), file.path).toBe(false);
  });

  it('is one ES module with Lit inside, a report module and one small chunk per language but English', () => {
    const source = text(main());
    expect(source).not.toMatch(/^import .* from ["'](?!\.\/)/m);
    // nothing but the element's own code stands between a page and its first paint
    expect(source).not.toMatch(/(^|[;}])import[^(]/);
    expect(source).toContain('customElements');
    const chunks = files.filter((f) => f.path !== 'resort-conditions.js');
    expect(chunks.map((f) => f.path.split('.')[1]).sort()).toEqual(['cs', 'da', 'de', 'es', 'fi', 'fr', 'it', 'ja', 'nl', 'no', 'pl', 'pt', 'report', 'sl', 'sv']);
    for (const chunk of chunks.filter((f) => f !== report())) expect(gzipSync(chunk.bytes).byteLength, chunk.path).toBeLessThan(1_200);
  });
});
