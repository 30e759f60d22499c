/**
 * `npm pack` (prepack): builds the package into the gitignored `lib/` (`scripts/tooling/package.ts`);
 * `--clean` (postpack) removes what only the package needs again, so that the command line run from a
 * clone runs its sources.
 */
import { fileURLToPath } from 'node:url';
import { buildPackage, cleanPackage } from './tooling/package.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.argv.includes('--clean')) {
  await cleanPackage(root);
} else {
  const files = await buildPackage(root);
  // stderr: `npm pack --json` prints its answer on stdout
  console.error(`built ${files.length} files into lib/`);
}
