/**
 * The bundler's process (bundler.ts): `node --import tsx bundle-child.ts <job>` bundles with vite and
 * prints the files as one JSON line.
 */
import { SITE_JOBS, type BundleFile, type BundleJob, type BundleOutput } from './bundler.ts';
import { RUNTIME, bundleRuntimeHere, type RuntimeName } from './runtime.ts';
import { bundleHere } from './widget.ts';

async function filesOf(job: BundleJob): Promise<BundleFile[]> {
  if (job === 'runtime') {
    const files: BundleFile[] = [];
    for (const name of Object.keys(RUNTIME) as RuntimeName[])
      files.push({ path: `${name}.js`, bytes: Buffer.from(await bundleRuntimeHere(name)) });
    return files;
  }
  if (!Object.hasOwn(bundleHere, job)) throw new Error(`there is no bundle job "${job}"`);
  return bundleHere[job]();
}

const job = process.argv[2] as BundleJob | 'site';
const files: BundleFile[] = [];
if (job === 'site')
  for (const part of SITE_JOBS)
    for (const f of await filesOf(part)) files.push({ path: `${part}/${f.path}`, bytes: f.bytes });
else files.push(...(await filesOf(job)));
const output: BundleOutput = files.map((f) => ({
  path: f.path,
  base64: Buffer.from(f.bytes).toString('base64'),
}));
process.stdout.write(`${JSON.stringify(output)}\n`);
