/**
 * `npm run preview -- [--port <n>] [--dir dist]`: serves the published tree on 127.0.0.1.
 */
import { parseArgs } from 'node:util';
import { serveFolder } from './site/static-server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' }, dir: { type: 'string', default: 'dist' } } });
if (!/^\d+$/.test(values.port!) || Number(values.port) > 65535) {
  console.error(`--port: "${values.port}" is not a port; give a whole number from 0 to 65535`);
  process.exitCode = 2;
} else {
  const running = await serveFolder(values.dir!, Number(values.port));
  console.log(running.url);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
