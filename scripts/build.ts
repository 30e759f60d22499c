/**
 * `npm run build`: the snapshot of both families, the element's bundle and the demo page, in dist/.
 */
import { bundleElements } from './site/widget.ts';
import { build } from './cli/build.ts';
import { collectEarly, stopSignal } from './cli/process.ts';

collectEarly();
process.exitCode = await build({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  widget: bundleElements,
  signal: stopSignal(),
});
