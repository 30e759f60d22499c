/**
 * `npm run ids`: the resorts and regions with their ids, from the snapshot or the source (scripts/cli/ids.ts).
 */
import { exitCodeFor } from './cli/exit-codes.ts';
import { idsCommand } from './cli/ids.ts';

try {
  process.exitCode = await idsCommand({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  console.error(`ids: ${(error as Error).message}`);
  process.exitCode = exitCodeFor(error);
}
