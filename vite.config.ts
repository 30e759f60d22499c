import { minify, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { minifyCss, minifyStyleSheets } from './scripts/site/minify-css.ts';
import { listReservation } from './widget/list/styles.ts';
import { reservation } from './widget/reservation.ts';
import { frameReservation } from './widget/frame-reservation.ts';

/**
 * `resort-conditions.css` beside the script: the room each card takes before the script runs (styles.ts),
 * and `resort-conditions-frame.css`, the room a pre-rendered card takes in an iframe (frame-reservation.ts);
 * beside the list's script (`scripts/site/widget.ts`, `bundleList`), `resort-conditions-list.css`.
 */
function reservationSheet(): Plugin {
  return {
    name: 'reservation-sheet',
    apply: 'build',
    generateBundle(_, bundle) {
      const list = 'resort-conditions-list.js' in bundle;
      this.emitFile({
        type: 'asset',
        fileName: list ? 'resort-conditions-list.css' : 'resort-conditions.css',
        source: `${minifyCss(list ? listReservation : reservation)}\n`,
      });
      if (!list)
        this.emitFile({
          type: 'asset',
          fileName: 'resort-conditions-frame.css',
          source: `${minifyCss(frameReservation)}\n`,
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
        const { code } = await minify(chunk.fileName, chunk.code, {
          compress: true,
          mangle: true,
          module: true,
        });
        chunk.code = code.replace(/[ \t]*\n\s*/g, ' ');
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  // the element's style sheets minified by lightningcss before the TypeScript transform strips their markers
  plugins: [minifyStyleSheets(), minifyChunks(), reservationSheet()],
  // `npm run build` bundles the element into one ES module with Lit inside (scripts/site/widget.ts);
  // translations other than English are chunks beside it, loaded on demand
  build: {
    lib: { entry: 'widget/define.ts', formats: ['es'], fileName: () => 'resort-conditions.js' },
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    // the report module and the languages are chunks that import what the element already holds, from it
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: { chunkFileNames: 'rc.[name].[hash].js' },
    },
  },
  // `npm test` runs everything but the three-engine sweep, which `npm run test:browsers` runs (--mode browsers)
  test: {
    include: mode === 'browsers' ? ['test/browsers/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: mode === 'browsers' ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/browsers/**'],
    environment: 'node',
    testTimeout: mode === 'browsers' ? 1_800_000 : 30_000,
    hookTimeout: mode === 'browsers' ? 300_000 : 120_000,
    // the S3 client's notice that its releases after January 2027 need Node 22, off as the deploy turns it
    // off (scripts/deploy/store.ts) for the tests' own clients too
    env: { TZ: 'UTC', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
}));
