/**
 * `npm run serve -- --port <n>`: the embedded service as a local HTTP server.
 */
import { parseArgs } from 'node:util';
import { loadDataset } from './dataset/load.ts';
import { startServer } from './service/http.ts';

const HELP = `Usage: npm run serve -- [--port <n>] [--data <dir>]

Serves both API families of the embedded sample dataset on http://127.0.0.1:<port>:
  Family A   GET /resorts/snowreport            header x-api-key (demo-partner-key)
  Family B   GET /externalservice/...           query token (get one from
             /externalservice/authorization/token/demo%40example.com/powder-day)

Options:
  --port <n>    port to listen on, 0 to 65535; 0 picks a free one (default 8787)
  --data <dir>  dataset folder (default data)
  --help        show this text
`;

async function main(): Promise<void> {
  let values: { port?: string; data?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { port: { type: 'string', default: '8787' }, data: { type: 'string', default: 'data' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${HELP}`);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port ?? '') || port > 65535) {
    throw new UsageError(`--port: "${values.port}" is not a port; give a whole number from 0 to 65535 (0 picks a free port)`);
  }
  const dataset = await loadDataset(values.data!);
  const running = await startServer(dataset, { port, log: (line) => console.log(line) });
  console.log(running.url);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

class UsageError extends Error {}

main().catch((error: Error) => {
  console.error(error instanceof UsageError ? error.message : `serve: ${error.message}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
