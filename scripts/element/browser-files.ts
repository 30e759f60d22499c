/**
 * The browser files a release publishes, as `lib/browser/` holds them below the package's folder: in a
 * clone of the repository, where `scripts/tooling/bundle.ts` builds them with vite when their sources
 * change (scripts/tooling/stamp.ts), and in the installed package, which ships them. A build only reads
 * them: no bundler runs in its process.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ResortConditionsError } from '../api/errors.ts';
import { packageRoot } from '../shared/root.ts';

/** Where the browser files are, relative to the package's folder. */
export const BROWSER_FOLDER = 'lib/browser';

export interface BundleFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * The code a release publishes to run elsewhere (the `runtime/` folder of the capability that publishes it:
 * the edge function, the iframe loader of a partner page, the height reporter of a card page, the demo page's
 * locale switcher), where its source is, and how each one runs: an ES module, or a classic script.
 */
export const RUNTIME = {
  'edge-worker': { source: 'scripts/hosting/runtime', format: 'es', minify: false },
  'frame-loader': { source: 'scripts/embeds/runtime', format: 'iife', minify: false },
  'height-reporter': { source: 'scripts/embeds/runtime', format: 'iife', minify: true },
  'demo-locale': { source: 'scripts/demo/runtime', format: 'iife', minify: true },
} as const satisfies Record<string, { source: string; format: 'es' | 'iife'; minify: boolean }>;
export type RuntimeName = keyof typeof RUNTIME;

/** A folder of `lib/browser/`, refused with what to do when it is missing. */
function folder(part: 'bundle' | 'prerender' | 'runtime', root: string): string {
  const dir = join(root, BROWSER_FOLDER, part);
  if (!existsSync(dir))
    throw new ResortConditionsError(
      'usage',
      `the element's bundle is missing (${join(BROWSER_FOLDER, part)} in ${root}): in a clone of the repository, npm run build bundles it; an installed package ships it, so reinstall the package`,
    );
  return dir;
}

/**
 * Both elements' scripts, their chunks and style sheets, as a build publishes them (vite.config.ts), in the
 * order of their names.
 */
export async function elementFiles(root = packageRoot()): Promise<BundleFile[]> {
  const dir = folder('bundle', root);
  const names = (await readdir(dir)).filter((name) => /\.(js|css)$/.test(name)).sort();
  return Promise.all(names.map(async (name) => ({ path: name, bytes: await readFile(join(dir, name)) })));
}

/** The file of a pre-render module (`widget/card/prerender.ts`, `widget/list/prerender.ts`), bundled with lit kept an import. */
export const prerenderFile = (name: 'prerender' | 'list/prerender' = 'prerender', root = packageRoot()) =>
  join(folder('prerender', root), `${name}.js`);

const runtimes = new Map<RuntimeName, Promise<string>>();

/** A runtime module as it is published, read once per process. */
export function runtimeBundle(name: RuntimeName): Promise<string> {
  let source = runtimes.get(name);
  if (!source) {
    source = (async () => readFile(join(folder('runtime', packageRoot()), `${name}.js`), 'utf8'))();
    runtimes.set(name, source);
  }
  return source;
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
    // a minified module's static imports: `import{a as b}from"../site/rc.x.js"` or `import"./rc.x.js"`
    for (const m of code.matchAll(/\bimport\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+)["']/g)) visit(m[1]!);
  };
  visit(script);
  return out;
}
