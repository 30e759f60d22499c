/**
 * Bundles both elements with vite in one build (vite.config.ts): `resort-conditions.js` and
 * `resort-conditions-list.js`, ES modules that share one chunk (lit, the update cycle, the files' cache),
 * one small chunk per language other than English and the compact strip's beside them (loaded on demand),
 * and each script's style sheet. vite runs in a process of its own (bundler.ts); `bundleHere` is what that
 * process runs.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleApart, bundleSite, type BundleFile } from './bundler.ts';

export type { BundleFile };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Both elements' scripts, their chunks and style sheets, as a build publishes them, bundled with the
 * pre-render and runtime modules the build needs later, in one child process.
 */
export async function bundleElements(): Promise<BundleFile[]> {
  await bundleSite();
  return bundleApart('elements');
}

/**
 * The files a page loads for one script before it draws anything: the script and the chunks it imports
 * (statically, at any depth), without the chunks it loads on demand (a language, the compact strip).
 */
export function pageFiles(files: readonly BundleFile[], script: string): BundleFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const out: BundleFile[] = [];
  const visit = (path: string) => {
    const file = byPath.get(path);
    if (!file || out.includes(file)) return;
    out.push(file);
    const code = Buffer.from(file.bytes).toString('utf8');
    // a minified module's static imports: `import{a as b}from"./rc.x.js"` or `import"./rc.x.js"`
    for (const m of code.matchAll(/\bimport\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+)["']/g)) visit(m[1]!);
  };
  visit(script);
  return out;
}

/** The bundles, made in this process: what the bundler's process runs. */
export const bundleHere = {
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
  elements: () => viteBuild({}),
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
