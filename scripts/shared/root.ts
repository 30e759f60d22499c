/**
 * The package's own folder, found from a module's place: the nearest folder above with the package's
 * package.json. It is the repository when the sources run, and the installed package when its compiled
 * modules run (under `lib/scripts/`), so the paths below it hold in both.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResortConditionsError } from '../api/errors.ts';

/** The package's own folder: the nearest one above `from` (this module's) with the package's package.json. */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'resort-conditions'
    )
      return dir;
    if (dirname(dir) === dir)
      throw new ResortConditionsError(
        'usage',
        'cannot find the resort-conditions package around its command line',
      );
  }
}
