/**
 * The two packages (scripts/tooling/package.ts):
 *
 * - `npm pack` (prepack): builds both into the gitignored `lib/`; `--clean` (postpack) removes what only
 *   the packages need again, so that the command line run from a clone runs its sources;
 * - `npm run packages [-- --pack-destination <dir>]`: builds once and packs both tarballs,
 *   `resort-conditions-element-<version>.tgz` (`npm pack lib/element`) and `resort-conditions-<version>.tgz`
 *   (`npm pack`, its prepack skipped since the build is done), then cleans; prints each file's name.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ELEMENT_FOLDER } from './tooling/element-package.ts';
import { buildPackage, cleanPackage } from './tooling/package.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

/** `npm pack` of `folder` without its scripts: the tarball's file name. */
async function pack(folder: string, destination: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['pack', folder, '--json', '--ignore-scripts', '--pack-destination', destination],
    { cwd: root, maxBuffer: 16 * 1024 * 1024, shell: process.platform === 'win32' },
  );
  return (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename;
}

if (args.includes('--clean')) {
  await cleanPackage(root);
} else if (args.includes('--pack')) {
  const at = args.indexOf('--pack-destination');
  const destination = resolve(at >= 0 && args[at + 1] ? args[at + 1]! : '.');
  const files = await buildPackage(root);
  console.error(`built ${files.length} files into lib/`);
  try {
    for (const folder of [`./${ELEMENT_FOLDER}`, '.']) console.log(await pack(folder, destination));
  } finally {
    await cleanPackage(root);
  }
} else {
  const files = await buildPackage(root);
  // stderr: `npm pack --json` prints its answer on stdout
  console.error(`built ${files.length} files into lib/`);
}
