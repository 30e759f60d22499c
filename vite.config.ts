import { minify, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The bundler leaves the text of the element's style sheet (`styles.ts`) as it is written; it is minified here. */
function minifyStyles(): Plugin {
  return {
    name: 'minify-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/widget/styles.ts')) return undefined;
      return code.replace(/\/\* css \*\/ `([^`]*)`/, (_, body: string) => {
        const min = body
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          // not the space before a colon: in `.a :is(.b)` it is the descendant combinator
          .replace(/\s*([{};,>])\s*/g, '$1')
          .replace(/:\s+/g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `\`${min}\``;
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

export default defineConfig({
  plugins: [minifyStyles(), minifyChunks()],
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
