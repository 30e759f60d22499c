/**
 * `npm run preview -- [--port <n>] [--dir dist]`: serves the published tree on 127.0.0.1.
 */
import { exitCodeFor } from './cli/exit-codes.ts';
import { closeOnSignal, parseFlags, parsePort } from './cli/process.ts';
import { serveFolder } from './site/static-server.ts';

try {
  const values = parseFlags<{ help?: boolean; port: string; dir: string }>(process.argv.slice(2), {
    port: { type: 'string', default: '4173' },
    dir: { type: 'string', default: 'dist' },
  });
  if (values.help) {
    console.log('npm run preview -- [--port 4173] [--dir dist]: serves the published tree on 127.0.0.1');
  } else {
    const running = await serveFolder(values.dir, { port: parsePort(values.port) });
    console.log(running.url);
    closeOnSignal(running);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = exitCodeFor(error);
}
