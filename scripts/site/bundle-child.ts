/**
 * The bundler's process (bundler.ts): `node --import tsx bundle-child.ts <job>` bundles with vite and
 * prints the files as one JSON line.
 */
import type { BundleJob, BundleOutput } from './bundler.ts';
import { RUNTIME, bundleRuntimeHere, type RuntimeName } from './runtime.ts';
import { bundleHere } from './widget.ts';

const job = process.argv[2] as BundleJob;
if (job !== 'runtime' && !Object.hasOwn(bundleHere, job)) throw new Error(`there is no bundle job "${job}"`);
const files = [];
if (job === 'runtime')
  for (const name of Object.keys(RUNTIME) as RuntimeName[])
    files.push({ path: `${name}.js`, bytes: Buffer.from(await bundleRuntimeHere(name)) });
else files.push(...(await bundleHere[job]()));
const output: BundleOutput = files.map((f) => ({
  path: f.path,
  base64: Buffer.from(f.bytes).toString('base64'),
}));
process.stdout.write(`${JSON.stringify(output)}\n`);
