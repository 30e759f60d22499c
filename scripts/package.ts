/**
 * `npm pack` (prepack): builds the element and the command line into the package's gitignored folders
 * (`scripts/site/package.ts`); `--clean` (postpack) removes them again, so that the sources stay the only
 * TypeScript in the tree.
 */
import { fileURLToPath } from 'node:url';
import { buildPackage, cleanPackage, PACKAGE_FOLDERS } from './site/package.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.argv.includes('--clean')) {
  await cleanPackage(root);
} else {
  const files = await buildPackage(root);
  // stderr: `npm pack --json` prints its answer on stdout
  console.error(`built ${files.length} files into ${PACKAGE_FOLDERS.join(', ')}`);
}
