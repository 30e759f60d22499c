import { minify } from 'terser';
import type { Plugin } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { contentNames } from './scripts/tooling/content-names.ts';
import { minifyCss, minifyStyleSheets } from './scripts/tooling/minify-css.ts';
import { frameReservation, listReservation, reservation } from './scripts/tooling/reservations.ts';

/** The elements' scripts, each an entry of one build: what they share is one chunk both import. */
export const ENTRIES = {
  'resort-conditions': 'widget/card/define.ts',
  'resort-conditions-list': 'widget/list/define.ts',
} as const;

/** The modules of the chunk both scripts share: the elements' code but the list's, a language's, the strip's, the messages', a pre-rendered copy's reading, the season chart's (but the room it takes), and the tags' definitions. */
const CORE = /[\\/](widget|scripts[\\/]api|node_modules[\\/]lit(-html)?)[\\/]/;
const NOT_CORE =
  /[\\/]widget[\\/](list[\\/]|i18n[\\/](?!index|en\b)|card[\\/](compact(\.|-styles)|messages|pictures|define)|season[\\/](?!room[.-])|adopt\.ts)/;

/**
 * A chunk's file name, `rc.<name>.<hash>.js`: the hash is the part this matches, which `contentNames`
 * (scripts/tooling/content-names.ts) makes from the chunk's bytes as they are written, each chunk its own
 * (scripts/docs/hosting.md, "Hosting"). The table of the languages' chunks then names fourteen hashes rather
 * than one repeated (83 bytes more gzipped, on a page in another language only), and a corrected translation
 * renames its language's chunk and the chunks that reach its name, not the other languages'.
 */
export const CHUNK_HASH = /(?<=^rc\.[\w-]+\.)[\w-]{8}(?=\.js$)/;

/**
 * Beside each script its style sheet (scripts/tooling/reservations.ts): `resort-conditions.css`, the room each
 * card takes before the script runs; `resort-conditions-list.base.css`, the fixed part of each list's, which a
 * build completes with its snapshot's rows and publishes as `resort-conditions-list.css`
 * (scripts/embeds/lists.ts); and `resort-conditions-frame.css`, the room a pre-rendered card takes in an
 * iframe.
 */
function reservationSheets(): Plugin {
  return {
    name: 'reservation-sheets',
    apply: 'build',
    generateBundle() {
      const sheets = {
        'resort-conditions': reservation(),
        'resort-conditions-list.base': listReservation(),
        'resort-conditions-frame': frameReservation(),
      };
      for (const [name, sheet] of Object.entries(sheets))
        this.emitFile({ type: 'asset', fileName: `${name}.css`, source: `${minifyCss(sheet)}\n` });
    },
  };
}

/**
 * Vite leaves the white space of an ES library in place (for bundlers downstream); this bundle goes to
 * browsers as it is, so each chunk is minified in full, by terser (vite's other minifier): three passes of
 * its compressor leave the chunk every page loads about 90 bytes smaller gzipped than vite's own minifier
 * does, and nothing it does assumes more than the language (no `unsafe` option). The line breaks left after
 * that are the templates' indentation, inside `html` and `svg` literals, where a run of white space is one
 * space to HTML.
 */
function minifyChunks(): Plugin {
  return {
    name: 'minify-chunks',
    apply: 'build',
    async generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const { code } = await minify(chunk.code, {
          module: true,
          ecma: 2022,
          compress: { passes: 3 },
          mangle: true,
        });
        chunk.code = code!.replace(/[ \t]*\n\s*/g, ' ');
      }
    },
  };
}

/**
 * The order of the browser suite's files, two at a time: the sweep's first, WebKit's (the slowest to draw)
 * before the others', then the list's (the longest of the rest, about half a sweep: it would run last and
 * alone for minutes), then the rest, each group as vitest orders it. The sweep's files are a few lines each,
 * and vitest runs a file it has no times for by its size, the largest first: the longest work would start
 * last and leave one core idle at the end. Here rather than in a module of the tests, which the package's
 * sources do not hold (vitest's node API is loaded only in that mode).
 */
async function longestFirst() {
  const { BaseSequencer } = await import('vitest/node');
  const rank = (file: TestSpecification) =>
    /[\\/]sweep-webkit/.test(file.moduleId)
      ? 0
      : /[\\/]sweep-/.test(file.moduleId)
        ? 1
        : /[\\/]list\.test\./.test(file.moduleId)
          ? 2
          : 3;
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}

export default defineConfig(async ({ mode }): Promise<ViteUserConfig> => ({
  // the element's style sheets minified by lightningcss before the TypeScript transform strips their markers
  plugins: [minifyStyleSheets(), minifyChunks(), reservationSheets(), contentNames(CHUNK_HASH)],
  // `npm run build` bundles both elements in one build (scripts/tooling/bundle.ts): each script an ES module,
  // lit and the code both use one chunk they share (one lit, one cache of the files per page), translations
  // other than English and the compact strip chunks beside them, loaded on demand
  build: {
    lib: { entry: ENTRIES, formats: ['es'], fileName: (_, name) => `${name}.js` },
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    reportCompressedSize: false,
    // the languages and the strip are chunks that import what the scripts already hold, from their chunk
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: {
        // the hash blanked: `contentNames` names each chunk last, once every plugin has written its bytes. The
        // bundler's hashes would be in the code the minifier reads, whose names follow its letters: the bytes
        // of a chunk would change with the hashes of those it names, and with the folder it is bundled in
        chunkFileNames: 'rc.[name].________.js',
        // lit, the shared base and the card in one chunk, `rc.core.*.js`, that both scripts import: a page
        // with both loads it once (one lit, one cache of the files); the list's own modules stay in its
        // script, so a page with cards alone loads nothing of the list; each script defines only its tag
        codeSplitting: {
          groups: [{ name: 'core', test: (id: string) => CORE.test(id) && !NOT_CORE.test(id) }],
        },
      },
    },
  },
  // `npm test` runs everything but the three-engine sweep, which `npm run test:browsers` runs (--mode browsers)
  test: {
    include: mode === 'browsers' ? ['test/browsers/**/*.test.ts'] : ['test/**/*.test.ts'],
    exclude: mode === 'browsers' ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/browsers/**'],
    environment: 'node',
    // the element's style sheets, which its modules import as text (scripts/tooling/minify-css.ts): vitest
    // answers any other style sheet as empty
    css: { include: [/\/widget\/[\w/-]+\.css\?raw$/] },
    // the browser files every test reads, bundled first if their sources changed
    globalSetup: ['test/global-setup.ts'],
    testTimeout: mode === 'browsers' ? 1_800_000 : 30_000,
    hookTimeout: mode === 'browsers' ? 300_000 : 120_000,
    // most test files wait on something other than this process (a child build, a browser, a server that
    // answers late): two files at a time on two cores, where vitest's default (cores − 1) runs one; three
    // let the seeded fault scenarios and the crash test outlast their timeouts on a loaded machine. The
    // browser suite too: each engine's sweep is a file, and a browser waits on its own pages' rendering
    // while the other draws
    maxWorkers: 2,
    // the browser suite's longest files first (`longestFirst`)
    ...(mode === 'browsers' ? { sequence: { sequencer: await longestFirst() } } : {}),
    // the S3 client's notice that its releases after January 2027 need Node 22, off as the deploy turns it
    // off (scripts/deploy/store.ts) for the tests' own clients too
    env: { TZ: 'UTC', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
}));
