/**
 * `npm run build`: the snapshot of both families, the element's bundle and the demo page, in dist/. The
 * element's bundle is read from `lib/browser/`, bundled first if its sources changed (scripts/tooling/stamp.ts).
 */
import { fileURLToPath } from 'node:url';
import { elementFiles } from './element/browser-files.ts';
import { freshBrowserFiles } from './tooling/stamp.ts';
import { build } from './cli/build.ts';
import { collectEarly, stopSignal } from './cli/process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

collectEarly();
process.exitCode = await build({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  widget: async () => {
    await freshBrowserFiles(root);
    return elementFiles(root);
  },
  signal: stopSignal(),
});
