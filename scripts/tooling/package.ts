/**
 * The two publishable packages (widget/README.md, "Using the package"; .github/CONTRIBUTING.md,
 * "Development and tests"), built into the gitignored `lib/`, outside the sources:
 *
 * - the command line, `resort-conditions` (the root package.json, which `npm pack` packs):
 *   - `lib/browser/`: the browser files a build publishes (bundle.ts, made again only if its sources
 *     changed): both elements' scripts with lit inside, their chunks and style sheets, the pre-render
 *     modules, and the code a release runs elsewhere (the edge function, the iframe loader…), so the
 *     command line needs no bundler;
 *   - `lib/scripts/`: the command line (`resort-conditions build | serve | deploy | plan`), each module of
 *     its import graph built by vite for Node at the place it has under `scripts/` (its packages stay
 *     dependencies);
 * - the element, `@resort-conditions/element`, a package folder of its own, `lib/element/` (`npm pack
 *   lib/element`; element-package.ts writes its package.json): the element as ES modules (vite's library
 *   mode; lit, its one dependency, stays an import), their declarations under `types/` (`tsc -p
 *   widget/tsconfig.package.json`), `custom-elements.json`, the manifest pointing at the JavaScript, and
 *   the card's style sheet `resort-conditions.css`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { BROWSER_FOLDER } from '../element/browser-files.ts';
import { ELEMENT_FOLDER, elementPackageFiles, ownRecordTypes, type RootManifest } from './element-package.ts';
import { minifyStyleSheets } from './minify-css.ts';
import { freshBrowserFiles } from './stamp.ts';

/** What packing builds beside `lib/browser/`; removed again after packing (postpack). */
export const PACKAGE_PATHS = [ELEMENT_FOLDER, 'lib/scripts'] as const;

/** The elements' entry points besides the modules the manifest names: the tags' registrations. */
const ELEMENT_ENTRIES = ['widget/card/define.ts', 'widget/list/define.ts'];

/** The command line's entry points: the bin, the deploy command it loads when the package has one, and the threads' modules (a Worker loads each by URL). */
const CLI_ENTRIES = [
  'scripts/cli/main.ts',
  'scripts/cli/deploy.ts',
  'scripts/embeds/embed-worker.ts',
  'scripts/snapshot/store/write-worker.ts',
];

/** The package the element imports and leaves to the consumer's install, its one dependency; zod is the sources' types only. */
const ELEMENT_EXTERNAL = [/^lit(\/|$)/, /^zod(\/|$)/];

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

/** `widget/card/resort-conditions.ts` → `resort-conditions`, `widget/list/define.ts` → `list/define`: an entry's name, and so its file in the element's package. */
const entryName = (source: string) => source.replace(/^widget\/(card\/)?/, '').replace(/\.ts$/, '');

/**
 * The element's modules with vite's library mode: one file per entry point (the manifest's modules, the
 * registration), the code they share and each language in chunks beside them, the style
 * sheets minified as in the bundle.
 */
async function elementModules(root: string, manifest: Manifest): Promise<void> {
  const { build } = await import('vite');
  const sources = [...new Set([...manifest.modules.map((m) => m.path), ...ELEMENT_ENTRIES])];
  for (const source of sources)
    if (!/^widget\/(card|list)\/[\w-]+\.ts$/.test(source))
      throw new Error(
        `${source}: an entry point of the element must be a module directly in widget/card/ or widget/list/`,
      );
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [minifyStyleSheets()],
    build: {
      outDir: join(root, ELEMENT_FOLDER),
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
  const own = new Set(chunksOf(result).map((c) => c.fileName));
  for (const chunk of chunksOf(result)) {
    const other = [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].filter(
      (i) => !own.has(i) && !/^lit(\/|$)/.test(i),
    );
    if (other.length > 0)
      throw new Error(
        `${ELEMENT_FOLDER}/${chunk.fileName} imports ${other.join(', ')} at run time: the element's one dependency is lit (the schemas are types only)`,
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

/** The manifest, its modules pointing at the JavaScript the element's package ships. */
function shippedManifest(manifest: Manifest): string {
  const repoint = (value: unknown): unknown => {
    if (typeof value === 'string' && /^widget\/((card|list)\/)?[\w-]+\.ts$/.test(value))
      return `${entryName(value)}.js`;
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
 * (`cli/deploy`, the embeds' thread) are where their importers look.
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
      outDir: join(root, 'lib/scripts'),
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

/** Removes what `buildPackage` wrote beside `lib/browser/`, which a build reads. */
export async function cleanPackage(root: string): Promise<void> {
  for (const path of PACKAGE_PATHS) await rm(join(root, path), { recursive: true, force: true });
}

async function filesBelow(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** Builds both packages into `lib/` (their own paths emptied first); answers the files written there. */
export async function buildPackage(root: string): Promise<string[]> {
  await cleanPackage(root);
  await freshBrowserFiles(root);
  const manifest = JSON.parse(await readFile(join(root, 'widget/custom-elements.json'), 'utf8')) as Manifest;
  await elementModules(root, manifest);
  await elementTypes(root);
  await ownRecordTypes(root, join(root, ELEMENT_FOLDER, 'types'));
  await writeFile(join(root, ELEMENT_FOLDER, 'custom-elements.json'), shippedManifest(manifest));
  await copyFile(
    join(root, BROWSER_FOLDER, 'bundle', 'resort-conditions.css'),
    join(root, ELEMENT_FOLDER, 'resort-conditions.css'),
  );
  const rootManifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as RootManifest;
  await elementPackageFiles(root, rootManifest);
  await commandLine(root);
  return (await filesBelow(root, 'lib')).filter((f) => f !== `${BROWSER_FOLDER}/stamp.json`).sort();
}
