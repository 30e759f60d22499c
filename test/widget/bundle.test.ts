import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleWidget, type BundleFile } from '../../scripts/site/widget.ts';

/** The budget is raised only in the commit that makes the bundle grow, with the reason. */
const BUDGET_GZIP_BYTES = 16 * 1024;
const MUST_NOT_APPEAR = ['zod', 'ZodError', 'undici', 'node:', 'process.env', 'sourceMappingURL'];

let files: BundleFile[];
beforeAll(async () => {
  files = await bundleWidget();
}, 120_000);

describe('the bundle', () => {
  it(`stays at or under ${BUDGET_GZIP_BYTES} bytes gzipped`, () => {
    const main = files.find((f) => f.path === 'resort-conditions.js')!;
    const gzipped = gzipSync(main.bytes, { level: 9 }).byteLength;
    expect(gzipped).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    expect(gzipped).toBeGreaterThan(5_000); // Lit is inside
  });

  it.each(MUST_NOT_APPEAR)('contains no "%s"', (needle) => {
    for (const file of files) expect(Buffer.from(file.bytes).toString('utf8').includes(needle), file.path).toBe(false);
  });

  it('is one ES module with Lit inside and one small chunk per language but English', () => {
    const main = Buffer.from(files.find((f) => f.path === 'resort-conditions.js')!.bytes).toString('utf8');
    expect(main).not.toMatch(/^import .* from ["'](?!\.\/)/m);
    expect(main).toContain('customElements');
    const chunks = files.filter((f) => f.path !== 'resort-conditions.js');
    expect(chunks.map((f) => f.path.split('.')[1]).sort()).toEqual(['cs', 'da', 'de', 'es', 'fi', 'fr', 'it', 'ja', 'nl', 'no', 'pl', 'pt', 'sl', 'sv']);
    for (const chunk of chunks) expect(gzipSync(chunk.bytes).byteLength).toBeLessThan(1_200);
  });
});
