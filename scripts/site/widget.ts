/**
 * Bundles the element with vite: one ES module, `resort-conditions.js`, with Lit inside, and one small
 * chunk per language other than English beside it (loaded on demand). vite runs in a process of its own
 * (bundler.ts); `bundleHere` is what that process runs.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleApart, bundleSite, type BundleFile } from './bundler.ts';

export type { BundleFile };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The element's script, its language chunks and its compact strip's chunk. */
export const bundleWidget = (): Promise<BundleFile[]> => bundleApart('widget');

/**
 * `<resort-conditions-list>` as a script of its own, `resort-conditions-list.js` (with Lit inside, and its
 * language chunks), and its style sheet's fixed part: a page with cards alone loads nothing of it.
 */
export const bundleList = (): Promise<BundleFile[]> => bundleApart('list');

/**
 * Both elements' scripts and style sheets, as a build publishes them (a language chunk both share, once),
 * bundled with the pre-render and runtime modules the build needs later, in one child process.
 */
export async function bundleElements(): Promise<BundleFile[]> {
  await bundleSite();
  return bundleApart('elements');
}

/** The bundles, made in this process: what the bundler's process runs. */
export const bundleHere = {
  widget: () => viteBuild({}),
  list: () =>
    viteBuild({
      build: {
        lib: { entry: 'widget/list/define.ts', formats: ['es'], fileName: () => 'resort-conditions-list.js' },
      },
    }),
  /**
   * The pre-render modules (`widget/prerender.ts`, `widget/list/prerender.ts`) as the package ships them
   * (scripts/site/package.ts): lit kept an import, the style sheets minified as in the bundle.
   */
  async prerender() {
    const { minifyStyleSheets } = await import('./minify-css.ts');
    return viteBuild({
      configFile: false,
      plugins: [minifyStyleSheets()],
      build: {
        target: 'es2022',
        minify: false,
        lib: {
          entry: { prerender: 'widget/prerender.ts', 'list/prerender': 'widget/list/prerender.ts' },
          formats: ['es'],
        },
        rolldownOptions: {
          external: [/^lit(\/|$)/, /^@lit-labs\//, /^zod(\/|$)/],
          output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    });
  },
  async elements() {
    const files = new Map<string, BundleFile>();
    for (const file of [...(await bundleHere.widget()), ...(await bundleHere.list())])
      files.set(file.path, file);
    return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  },
} satisfies Record<string, () => Promise<BundleFile[]>>;

/**
 * A module of its own source, bundled as the element is (the same config, minifier and target): what
 * `npm run bench` sets the element's size against (lit's runtime alone).
 */
export function bundleSource(source: string): Promise<BundleFile[]> {
  const id = 'virtual:bench-entry';
  const files = viteBuild({
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
  return files.then((all) => all.filter((f) => f.path.endsWith('.js')));
}

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
    // after vite.config.ts's `minifyChunks`, which minifies each chunk as a whole
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

async function viteBuild(overrides: {
  /** false: the options given only, not the project's vite.config.ts. */
  configFile?: false;
  plugins?: unknown[];
  build?: Record<string, unknown>;
}): Promise<BundleFile[]> {
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'rc-widget-'));
  // vite picks Lit's development build unless NODE_ENV says production (vitest sets it to "test")
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root: ROOT,
      configFile: overrides.configFile ?? join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [...((overrides.plugins ?? []) as Plugin[]), shortLitInternals()],
      build: { outDir, emptyOutDir: true, ...overrides.build },
    });
    const names = (await readdir(outDir, { recursive: true }))
      .filter((name) => /\.(js|css)$/.test(name))
      .sort();
    return Promise.all(
      names.map(async (name) => ({ path: name, bytes: await readFile(join(outDir, name)) })),
    );
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    await rm(outDir, { recursive: true, force: true });
  }
}
