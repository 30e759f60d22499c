/**
 * Before any test file: the browser files in `lib/browser/`, bundled once if their sources changed
 * (scripts/tooling/stamp.ts), so that every test reads the same bundle and none of them bundles.
 */
import { fileURLToPath } from 'node:url';
import { freshBrowserFiles } from '../scripts/tooling/stamp.ts';

export default async function setup(): Promise<void> {
  await freshBrowserFiles(fileURLToPath(new URL('..', import.meta.url)));
}
