import { minify, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { ENDPOINT } from './scripts/api/endpoints.ts';
import { ELEMENT_ENDPOINTS } from './widget/files.ts';

/** Lit's `css` literals are not minified by the bundler; the element's one style sheet is, here. */
function minifyLitCss(): Plugin {
  return {
    name: 'minify-lit-css',
    transform(code, id) {
      if (!id.endsWith('/widget/styles.ts')) return undefined;
      return code.replace(/css`([^`]*)`/, (_, body: string) => {
        const min = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          // not the space before a colon: in `.a :is(.b)` it is the descendant combinator
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${min}\``;
      });
    },
  };
}

/**
 * Vite leaves the white space of an ES library in place (for bundlers downstream); this bundle goes to
 * browsers as it is, so each chunk is minified in full. The line breaks left after that are the templates'
 * indentation, inside `html` and `svg` literals, where a run of white space is one space to HTML.
 */
function minifyChunks(): Plugin {
  return {
    name: 'minify-chunks',
    apply: 'build',
    async generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const { code } = await minify(chunk.fileName, chunk.code, { compress: true, mangle: true, module: true });
        chunk.code = code.replace(/[ \t]*\n\s*/g, ' ');
      }
    },
  };
}

/**
 * The element finds its files with the contract's own `filePath`, which looks rows up in the endpoint
 * table. The bundle carries the rows of the endpoints the element reads (`ELEMENT_ENDPOINTS`), taken from
 * the table when it is built, instead of all of them: about 1 KB gzipped less, and the same paths.
 */
function elementEndpointRows(): Plugin {
  const rows = Object.fromEntries(ELEMENT_ENDPOINTS.map((id) => [id, ENDPOINT[id]]));
  return {
    name: 'element-endpoint-rows',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('/scripts/api/endpoints.ts')) return undefined;
      return `export const ENDPOINT = ${JSON.stringify(rows)};`;
    },
  };
}

export default defineConfig({
  plugins: [minifyLitCss(), elementEndpointRows(), minifyChunks()],
  // `npm run build` bundles the element into one ES module with Lit inside (scripts/site/widget.ts);
  // translations other than English are chunks beside it, loaded on demand
  build: {
    lib: { entry: 'widget/define.ts', formats: ['es'], fileName: () => 'resort-conditions.js' },
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    // the report module and the languages are chunks that import what the element already holds, from it
    rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { chunkFileNames: 'rc.[name].[hash].js' } },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { TZ: 'UTC' },
  },
});
