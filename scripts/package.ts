/**
 * `npm pack` (prepack): compiles the element and the command line into the package's gitignored folders;
 * `--clean` (postpack) removes them again, so that the sources stay the only TypeScript in the tree.
 */
import { fileURLToPath } from 'node:url';
import { buildPackage, cleanPackage, PACKAGE_FOLDERS } from './site/package.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.argv.includes('--clean')) {
  await cleanPackage(root);
} else {
  const files = await buildPackage(root);
  // stderr: `npm pack --json` prints its answer on stdout
  console.error(`compiled ${files.length} files into ${PACKAGE_FOLDERS.join(', ')}`);
}
