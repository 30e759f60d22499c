import { defineConfig, type Plugin } from 'vitest/config';

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
          .replace(/\s*([{}:;,>])\s*/g, '$1')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${min}\``;
      });
    },
  };
}

export default defineConfig({
  plugins: [minifyLitCss()],
  // `npm run build` bundles the element into one ES module with Lit inside (scripts/site/widget.ts);
  // translations other than English are chunks beside it, loaded on demand
  build: {
    lib: { entry: 'widget/define.ts', formats: ['es'], fileName: () => 'resort-conditions.js' },
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    rollupOptions: { output: { chunkFileNames: 'resort-conditions.[name].[hash].js' } },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { TZ: 'UTC' },
  },
});
