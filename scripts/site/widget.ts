/**
 * Bundles the element with vite: one ES module, `resort-conditions.js`, with Lit inside, and one small
 * chunk per language other than English beside it (loaded on demand).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BundleFile {
  path: string;
  bytes: Uint8Array;
}

export async function bundleWidget(): Promise<BundleFile[]> {
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'rc-widget-'));
  // vite picks Lit's development build unless NODE_ENV says production (vitest sets it to "test")
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production', root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const names = (await readdir(outDir)).filter((name) => name.endsWith('.js')).sort();
    return Promise.all(names.map(async (name) => ({ path: name, bytes: await readFile(join(outDir, name)) })));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    await rm(outDir, { recursive: true, force: true });
  }
}
