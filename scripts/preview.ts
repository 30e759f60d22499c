/**
 * `npm run preview -- [--port <n>] [--dir dist]`: serves the published tree on 127.0.0.1.
 */
import { parseArgs } from 'node:util';
import { exitCodeFor } from './cli/exit-codes.ts';
import { closeOnSignal, parsePort } from './cli/process.ts';
import { serveFolder } from './site/static-server.ts';

try {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4173' }, dir: { type: 'string', default: 'dist' } },
  });
  const running = await serveFolder(values.dir!, { port: parsePort(values.port) });
  console.log(running.url);
  closeOnSignal(running);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = exitCodeFor(error);
}
