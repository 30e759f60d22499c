/**
 * The code a release publishes to run elsewhere — the edge function, the iframe loader of a partner page,
 * the height reporter of a card page — is TypeScript in `runtime/`, type-checked with the rest and bundled
 * here with vite into one file each, its imports of the contract inlined. The package ships the bundles
 * beside this module (vite is a development tool, not installed with it), so there it reads them instead.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleApart } from './bundler.ts';

/** The runtime modules, and how each one runs: an ES module, or a classic script. */
export const RUNTIME = {
  'edge-worker': { format: 'es', minify: false },
  'frame-loader': { format: 'iife', minify: false },
  'height-reporter': { format: 'iife', minify: true },
  'demo-locale': { format: 'iife', minify: true },
} as const satisfies Record<string, { format: 'es' | 'iife'; minify: boolean }>;
export type RuntimeName = keyof typeof RUNTIME;

/** This module's own extension: `.ts` when run from the sources, `.js` from the package. */
const EXTENSION = extname(fileURLToPath(import.meta.url));

const bundles = new Map<RuntimeName, Promise<string>>();

/** The bundle of a runtime module, made once per process. */
export function runtimeBundle(name: RuntimeName): Promise<string> {
  let bundle = bundles.get(name);
  if (!bundle) {
    bundle =
      EXTENSION === '.js'
        ? readFile(new URL(`./runtime/${name}.js`, import.meta.url), 'utf8')
        : bundledApart().then((all) => all.get(name)!);
    bundles.set(name, bundle);
  }
  return bundle;
}

let apart: Promise<Map<string, string>> | undefined;

/** Every runtime module, bundled at once in the bundler's process (bundler.ts), the first time one is asked for. */
function bundledApart(): Promise<Map<string, string>> {
  apart ??= bundleApart('runtime').then(
    (files) =>
      new Map(files.map((f) => [f.path.replace(/\.js$/, ''), Buffer.from(f.bytes).toString('utf8')])),
  );
  return apart;
}

/** A runtime module bundled with vite in this process: what the bundler's process runs. */
export async function bundleRuntimeHere(name: RuntimeName): Promise<string> {
  const entry = fileURLToPath(new URL(`./runtime/${name}.ts`, import.meta.url));
  if (!existsSync(entry)) throw new Error(`there is no runtime module ${entry}`);
  const { build } = await import('vite');
  const { format, minify } = RUNTIME[name];
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      write: false,
      target: 'es2020',
      minify,
      lib: { entry, formats: [format], name: 'resortConditions', fileName: () => `${name}.js` },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Array<{
    output: Array<{ type: string; code?: string }>;
  }>;
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${name} bundles into ${chunks.length} files, not one`);
  return chunks[0]!.code!;
}
