/**
 * `npm run serve -- --port <n>`: the embedded service as a local HTTP server (scripts/cli/serve.ts).
 */
import { exitCodeFor } from './cli/exit-codes.ts';
import { serveCommand } from './cli/serve.ts';

try {
  const code = await serveCommand({ argv: process.argv.slice(2), stdout: process.stdout }, 'data');
  if (code !== undefined) process.exitCode = code;
} catch (error) {
  console.error(`serve: ${(error as Error).message}`);
  process.exitCode = exitCodeFor(error);
}
