/**
 * `npm run serve -- --port <n>`: the embedded service as a local HTTP server.
 */
import { parseArgs } from 'node:util';
import { ResortConditionsError } from './api/errors.ts';
import { exitCodeFor } from './cli/exit-codes.ts';
import { closeOnSignal, parsePort } from './cli/process.ts';
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
    throw new ResortConditionsError('usage', `${(error as Error).message}\n\n${HELP}`);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const port = parsePort(values.port);
  const dataset = await loadDataset(values.data!);
  const running = await startServer(dataset, { port, log: (line) => console.log(line) });
  console.log(running.url);
  closeOnSignal(running);
}

main().catch((error: Error) => {
  console.error(error instanceof ResortConditionsError && error.code === 'usage' ? error.message : `serve: ${error.message}`);
  process.exitCode = exitCodeFor(error);
});
