/**
 * The publishable package (widget/README.md, "Using the package"; .github/CONTRIBUTING.md, "Development and tests"): what `npm pack` ships, built into gitignored folders.
 *
 * - `widget/lib/`: the element as ES modules (vite's library mode; lit stays a dependency), its
 *   declarations under `widget/lib/types/` (`tsc -p widget/tsconfig.package.json`), the custom-elements manifest
 *   pointing at the JavaScript, the pre-render modules of the cards and the lists, and `bundle/`: the
 *   one-file bundles of both elements with lit inside that a build publishes (so the command line needs no
 *   bundler), and the iframe loader.
 * - `scripts/lib/`: the command line (`resort-conditions build | serve | deploy | plan`), each module of
 *   its import graph built by vite for Node at the place it has under `scripts/` (its packages stay
 *   dependencies), and beside it the code a release publishes to run elsewhere (`runtime.ts`).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { FRAME_LOADER } from '../api/headers.ts';
import { frameLoaderSource } from './cards.ts';
import { minifyStyleSheets } from './minify-css.ts';
import { RUNTIME, runtimeBundle, type RuntimeName } from './runtime.ts';
import { bundleElements } from './widget.ts';

/** The folders `npm pack` builds into; gitignored, removed again after packing. */
export const PACKAGE_FOLDERS = ['widget/lib', 'scripts/lib'] as const;

/** The elements' entry points besides the modules the manifest names: the tags' registrations and the cards' and lists' pre-render. */
const ELEMENT_ENTRIES = [
  'widget/define.ts',
  'widget/list/define.ts',
  'widget/prerender.ts',
  'widget/list/prerender.ts',
];

/** The command line's entry points: the bin, the deploy command it loads when the package has one, and the threads' modules (a Worker loads each by URL). */
const CLI_ENTRIES = [
  'scripts/cli/main.ts',
  'scripts/cli/deploy.ts',
  'scripts/site/embed-worker.ts',
  'scripts/snapshot/store/write-worker.ts',
];

/** Packages the element imports and leaves to the consumer's install; zod may be named by the types only. */
const ELEMENT_EXTERNAL = [/^lit(\/|$)/, /^@lit-labs\//, /^zod(\/|$)/];

type Manifest = { modules: Array<{ path: string }> };

interface Chunk {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  dynamicImports?: string[];
}

function chunksOf(result: unknown): Chunk[] {
  return (Array.isArray(result) ? result : [result]).flatMap((r: { output?: Chunk[] }) => r.output ?? []);
}

/** `widget/resort-conditions.ts` → `resort-conditions`, `widget/list/define.ts` → `list/define`: an entry's name, and so its file in `widget/lib/`. */
const entryName = (source: string) => source.replace(/^widget\//, '').replace(/\.ts$/, '');

/**
 * The element's modules with vite's library mode: one file per entry point (the manifest's modules, the
 * registration, the pre-render), the code they share and each language in chunks beside them, the style
 * sheets minified as in the bundle.
 */
async function elementModules(root: string, manifest: Manifest): Promise<void> {
  const { build } = await import('vite');
  const sources = [...new Set([...manifest.modules.map((m) => m.path), ...ELEMENT_ENTRIES])];
  for (const source of sources)
    if (!/^widget\/(list\/)?[\w-]+\.ts$/.test(source))
      throw new Error(
        `${source}: an entry point of the element must be a module directly in widget/ or widget/list/`,
      );
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [minifyStyleSheets()],
    build: {
      outDir: join(root, 'widget/lib'),
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      target: 'es2022',
      minify: false,
      lib: { entry: Object.fromEntries(sources.map((s) => [entryName(s), join(root, s)])), formats: ['es'] },
      rolldownOptions: {
        external: ELEMENT_EXTERNAL,
        preserveEntrySignatures: 'strict',
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  // the element runs with lit alone: zod is for the build, never for a page
  for (const chunk of chunksOf(result)) {
    const zod = [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].filter((i) =>
      /^zod(\/|$)/.test(i),
    );
    if (zod.length > 0)
      throw new Error(
        `widget/lib/${chunk.fileName} imports ${zod.join(', ')} at run time: the element may import the schemas as types only`,
      );
  }
}

/** The element's declarations, by the TypeScript compiler (`widget/tsconfig.package.json`). */
async function elementTypes(root: string): Promise<void> {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', join(root, 'widget', 'tsconfig.package.json')], {
    cwd: root,
  }).catch((error: { stdout?: string; message: string }) => {
    throw new Error(`the element's declarations do not compile:\n${error.stdout || error.message}`);
  });
}

/** The manifest, its modules pointing at the JavaScript the package ships. */
function shippedManifest(manifest: Manifest): string {
  const repoint = (value: unknown): unknown => {
    if (typeof value === 'string' && /^widget\/(list\/)?[\w-]+\.ts$/.test(value))
      return `widget/lib/${entryName(value)}.js`;
    if (Array.isArray(value)) return value.map(repoint);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, repoint(v)]));
    return value;
  };
  return `${JSON.stringify(repoint(manifest), null, 2)}\n`;
}

/**
 * The command line for Node: vite's SSR build keeps every package an import (they are the package's
 * dependencies) and each module at its place under `scripts/`, so the modules it loads by URL at run time
 * (`site/widget`, `cli/deploy`, the embeds' thread, the runtime bundles) are where their importers look.
 */
async function commandLine(root: string): Promise<void> {
  const { build } = await import('vite');
  const entries = CLI_ENTRIES.filter((e) => existsSync(join(root, e)));
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: true,
      outDir: join(root, 'scripts/lib'),
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      target: 'node20',
      minify: false,
      rolldownOptions: {
        input: Object.fromEntries(
          entries.map((e) => [e.replace(/^scripts\//, '').replace(/\.ts$/, ''), join(root, e)]),
        ),
        preserveEntrySignatures: 'strict',
        output: {
          format: 'es',
          preserveModules: true,
          preserveModulesRoot: join(root, 'scripts'),
          entryFileNames: '[name].js',
        },
      },
    },
  });
}

/** Removes what `buildPackage` wrote. */
export async function cleanPackage(root: string): Promise<void> {
  for (const folder of PACKAGE_FOLDERS) await rm(join(root, folder), { recursive: true, force: true });
}

async function filesBelow(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** Builds the package into its folders (they are emptied first); answers the files written. */
export async function buildPackage(root: string): Promise<string[]> {
  await cleanPackage(root);
  const manifest = JSON.parse(await readFile(join(root, 'widget/custom-elements.json'), 'utf8')) as Manifest;
  await elementModules(root, manifest);
  await elementTypes(root);
  await commandLine(root);
  const files = new Map<string, string | Uint8Array>();
  files.set('widget/lib/custom-elements.json', shippedManifest(manifest));
  for (const file of await bundleElements()) files.set(`widget/lib/bundle/${file.path}`, file.bytes);
  // the iframe loader beside it, for pages that embed the cards from a CDN that serves the package
  files.set(`widget/lib/bundle/${FRAME_LOADER}`, await frameLoaderSource());
  // the code a build publishes to run elsewhere, bundled beside the module that reads it (runtime.ts)
  for (const name of Object.keys(RUNTIME) as RuntimeName[])
    files.set(`scripts/lib/site/runtime/${name}.js`, await runtimeBundle(name));
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return [...(await filesBelow(root, 'widget/lib')), ...(await filesBelow(root, 'scripts/lib'))].sort();
}
