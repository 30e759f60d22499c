/**
 * The browser files, built once with vite into `lib/browser/` (scripts/element/browser-files.ts reads them):
 *
 * - `bundle/`: both elements as a build publishes them (vite.config.ts): `resort-conditions.js` and
 *   `resort-conditions-list.js`, ES modules that share one chunk (lit, the update cycle, the files' cache),
 *   one small chunk per language other than English and the compact strip's beside them (loaded on
 *   demand), each chunk named by its bytes as written (`rc.<name>.<hash>.js`: content-names.ts), and each
 *   script's style sheet;
 * - `prerender/`: the pre-render modules of the cards and the lists (lit kept an import), which the build
 *   imports in Node;
 * - `runtime/`: the code a release publishes to run elsewhere (the `runtime/` folders of `scripts/hosting/`, `scripts/embeds/`, `scripts/demo/`), one file each;
 * - `stamp.json`: every source file those builds read, with its hash (stamp.ts), so that a build reads
 *   the folder as it is until one of them changes.
 *
 * The builds run one after another in this process, into a folder beside `lib/browser/` that takes its
 * place once all of them are done: a reader never sees half of a bundle.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { BROWSER_FOLDER, RUNTIME, type BundleFile, type RuntimeName } from '../element/browser-files.ts';
import { minifyStyleSheets } from './minify-css.ts';

/**
 * lit's internal property names (`_$AH`, `_$AM`, `_$Cv`…: two letters after `_$`), shortened in the chunk
 * that holds lit. lit keeps them long and stable so that separately bundled lit packages (lit-element, the
 * directives, SSR hydration) can share one lit-html; this script holds its own lit whole and lets no
 * part of it out, so they can be any names that no other property of the chunk uses. lit's markers on
 * nodes and templates (`_$litPart$`, `_$litType$`) keep their names. A chunk of the bundle other than
 * lit's that named one of them would break, so the build refuses that.
 */
export const LIT_INTERNALS = /^_\$[A-Z][A-Za-z]$/;

function shortLitInternals(): Plugin {
  const named = new RegExp(`[.'"\`]${LIT_INTERNALS.source.slice(1, -1)}(?![\\w$])`);
  return {
    name: 'short-lit-internals',
    apply: 'build',
    // after vite.config.ts's `minifyChunks`, which minifies each chunk as a whole, and before its
    // `contentNames`, which names each chunk by its bytes once no plugin changes them any more
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        const { minify } = await import('vite');
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const lit = chunks.filter((c) => c.code.includes('_$litType$'));
        for (const chunk of chunks)
          if (!lit.includes(chunk) && named.test(chunk.code))
            throw new Error(
              `${chunk.fileName} names one of lit's internal properties, which its own chunk renames`,
            );
        for (const chunk of lit) {
          const { code, errors } = await minify(chunk.fileName, chunk.code, {
            module: true,
            compress: false,
            mangle: false,
            mangleProps: { include: LIT_INTERNALS },
          });
          if (errors.length > 0)
            throw new Error(`${chunk.fileName}: ${errors.map((e) => e.message).join('; ')}`);
          chunk.code = code;
        }
      },
    },
  };
}

/**
 * lit-html without the two things it does to the page's globals on load: calling the ShadyDOM polyfill's
 * hook (`litHtmlPolyfillSupport`, for browsers without shadow DOM, which the element does not support) and
 * adding its version to `litHtmlVersions` (read by lit's development build to warn of several copies).
 * The element then writes no global of the page. A lit whose module no longer has that statement stops the
 * build, so an upgrade is looked at rather than shipped as it is.
 */
export function litWithoutGlobals(): Plugin {
  const statement =
    /,(\w+)=(\w+)\.litHtmlPolyfillSupport;\1\?\.\(\w+,\w+\),\(\2\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\);/;
  return {
    name: 'lit-without-globals',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]lit-html[\\/]lit-html\.js$/.test(id)) return undefined;
      if (!statement.test(code))
        throw new Error(
          `${id}: lit-html's polyfill hook and version registry are not where the build expects them`,
        );
      return { code: code.replace(statement, ';'), map: null };
    },
  };
}

/**
 * lit-html without directives: the element's templates use none (no `lit/directive.js`, no
 * `lit/directives/*`), so lit's `resolveDirective`, which every binding calls to find and run the directive a
 * value may be, answers the value as it is (107 bytes less gzipped on every page). For a value that is no
 * directive, that is what it answered already, `noChange` included. A module of the bundle that imports a
 * directive, or a lit whose function is not where the build expects it, stops the build.
 */
export function litWithoutDirectives(): Plugin {
  const resolveDirective =
    /function (\w+)\((\w+),(\w+),(\w+)=\2,(\w+)\)\{if\(\3===\w+\)return \3;.*?\._\$litDirective\$;.*?,\3\}(?=class )/;
  const directive =
    /[\\/]lit(-html)?[\\/](development[\\/])?(directive|async-directive|directive-helpers)\.js$|[\\/]lit(-html)?[\\/](development[\\/])?directives[\\/]/;
  return {
    name: 'lit-without-directives',
    apply: 'build',
    transform(code, id) {
      if (directive.test(id))
        throw new Error(`${id}: a directive, which this build of lit-html does not run`);
      if (!/[\\/]lit-html[\\/]lit-html\.js$/.test(id)) return undefined;
      const found = resolveDirective.exec(code);
      if (!found) throw new Error(`${id}: lit-html's resolveDirective is not where the build expects it`);
      return {
        code: code.replace(found[0], `function ${found[1]}(${found[2]},${found[3]}){return ${found[3]}}`),
        map: null,
      };
    },
  };
}

/**
 * vite, its allocator told first to commit memory as it needs it and to give freed pages back at once
 * (mimalloc, in rolldown, reads this when it loads): it commits its arenas up front and returns freed
 * pages late otherwise (the environment may say otherwise). What vite loads stays for the process's life.
 */
function loadVite(): Promise<typeof import('vite')> {
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
  return import('vite');
}

/**
 * rolldown's checks, less the one that times the plugins: it prints a `[PLUGIN_TIMINGS]` block on every
 * bundle (the minifier of vite.config.ts takes most of a bundle's time, as it should), which is nothing a
 * build's operator can act on.
 */
const CHECKS = { bundlerTimings: false };

interface Output {
  type: string;
  fileName: string;
  moduleIds?: string[];
  originalFileNames?: string[];
}

/** The outputs of one vite build, whatever shape `build` answers in. */
const outputsOf = (result: unknown): Output[] =>
  (Array.isArray(result) ? result : [result]).flatMap((r: { output?: Output[] }) => r.output ?? []);

/** The source files of the repository an output was made from (not the packages'), without vite's queries. */
function sourcesOf(root: string, outputs: readonly Output[]): string[] {
  const ids = outputs.flatMap((o) => [...(o.moduleIds ?? []), ...(o.originalFileNames ?? [])]);
  return ids
    .map((id) => id.replace(/\?.*$/, ''))
    .filter((id) => id.startsWith(root) && !id.includes('node_modules'))
    .map((id) => relative(root, id).split('\\').join('/'));
}

/** One vite build, written to `outDir`; answers the repository's source files it read. */
export async function viteBuild(
  root: string,
  outDir: string,
  overrides: {
    /** false: the options given only, not the project's vite.config.ts. */
    configFile?: false;
    plugins?: unknown[];
    build?: Record<string, unknown>;
  },
): Promise<string[]> {
  const { build } = await loadVite();
  // vite picks Lit's development build unless NODE_ENV says production (vitest sets it to "test")
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      mode: 'production',
      root,
      configFile: overrides.configFile ?? join(root, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [
        ...((overrides.plugins ?? []) as Plugin[]),
        litWithoutGlobals(),
        litWithoutDirectives(),
        shortLitInternals(),
      ],
      build: {
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        ...overrides.build,
        rolldownOptions: {
          ...(overrides.build?.rolldownOptions as Record<string, unknown> | undefined),
          checks: CHECKS,
        },
      },
    });
    return sourcesOf(root, outputsOf(result));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Both elements, their chunks and style sheets: vite.config.ts's build, into `outDir`, with `plugins` beside
 * the project's (a test's, which changes a source as it is read). Answers the repository's source files it read.
 */
export const bundleElements = (root: string, outDir: string, plugins: Plugin[] = []) =>
  viteBuild(root, outDir, { plugins });

/** The pre-render modules (`widget/card/prerender.ts`, `widget/list/prerender.ts`): lit kept an import, the style sheets minified as in the bundle. */
const prerender = (root: string, outDir: string) =>
  viteBuild(root, outDir, {
    configFile: false,
    plugins: [minifyStyleSheets()],
    build: {
      target: 'es2022',
      minify: false,
      lib: {
        entry: { prerender: 'widget/card/prerender.ts', 'list/prerender': 'widget/list/prerender.ts' },
        formats: ['es'],
      },
      rolldownOptions: {
        external: [/^lit(\/|$)/, /^@lit-labs\//, /^zod(\/|$)/],
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });

/** A runtime module, one file with its imports of the contract inlined: an ES module or a classic script. */
async function runtime(root: string, outDir: string, name: RuntimeName): Promise<string[]> {
  const { format, minify } = RUNTIME[name];
  const { build } = await loadVite();
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      target: 'es2020',
      minify,
      lib: {
        entry: join(root, RUNTIME[name].source, `${name}.ts`),
        formats: [format],
        name: 'resortConditions',
        fileName: () => `${name}.js`,
      },
      rolldownOptions: { checks: CHECKS, output: { codeSplitting: false } },
    },
  });
  const outputs = outputsOf(result);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${name} bundles into ${chunks.length} files, not one`);
  return sourcesOf(root, outputs);
}

/**
 * Builds `lib/browser/` afresh below `root` (the repository), in this process, with `stamp.json`: what
 * `stampOf` (stamp.ts) answers for the source files the builds read.
 */
export async function buildBrowserFiles(
  root: string,
  stampOf: (root: string, read: string[]) => Promise<{ inputs: Record<string, string> }>,
): Promise<string[]> {
  const target = join(root, BROWSER_FOLDER);
  const next = `${target}.${process.pid}`;
  await rm(next, { recursive: true, force: true });
  try {
    const read = [
      ...(await bundleElements(root, join(next, 'bundle'))),
      ...(await prerender(root, join(next, 'prerender'))),
    ];
    for (const name of Object.keys(RUNTIME) as RuntimeName[])
      read.push(...(await runtime(root, join(next, 'runtime'), name)));
    const stamp = await stampOf(root, read);
    await writeFile(join(next, 'stamp.json'), `${JSON.stringify(stamp, null, 2)}\n`);
    await rm(target, { recursive: true, force: true });
    await mkdir(join(root, 'lib'), { recursive: true });
    // another process may have put a bundle of the same sources in place meanwhile: either one will do
    await rename(next, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    return Object.keys(stamp.inputs);
  } finally {
    await rm(next, { recursive: true, force: true });
  }
}

/**
 * A module of its own source, bundled as the element is (the same config, minifier and target): what
 * `npm run bench` sets the element's size against (lit's runtime alone).
 */
export async function bundleSource(root: string, source: string): Promise<BundleFile[]> {
  const id = 'virtual:bench-entry';
  const outDir = join(root, 'node_modules', '.cache', 'resort-conditions', `bench-${process.pid}`);
  try {
    await viteBuild(root, outDir, {
      plugins: [
        {
          name: 'bench-entry',
          enforce: 'pre',
          resolveId: (spec: string) => (spec.endsWith(id) ? '\0bench-entry.ts' : undefined),
          load: (spec: string) => (spec === '\0bench-entry.ts' ? source : undefined),
        },
      ],
      build: { lib: { entry: id, formats: ['es'], fileName: () => 'entry.js' } },
    });
    const names = (await readdir(outDir)).filter((name) => name.endsWith('.js')).sort();
    return Promise.all(
      names.map(async (name) => ({ path: name, bytes: await readFile(join(outDir, name)) })),
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
