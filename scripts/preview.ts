/**
 * `npm run preview -- [--port <n>] [--dist dist]`: serves the published tree on 127.0.0.1 (scripts/cli/preview.ts).
 */
import { exitCodeFor } from './cli/exit-codes.ts';
import { previewCommand } from './cli/preview.ts';

try {
  const code = await previewCommand({
    argv: process.argv.slice(2),
    stdout: process.stdout,
    stderr: process.stderr,
  });
  if (code !== undefined) process.exitCode = code;
} catch (error) {
  console.error(`preview: ${(error as Error).message}`);
  process.exitCode = exitCodeFor(error);
}
