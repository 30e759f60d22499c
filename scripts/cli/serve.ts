/**
 * `npm run serve` and `resort-conditions serve`: the embedded service as a local HTTP server on 127.0.0.1
 * (scripts/api/README.md, "The embedded service"). Both entries hand over their arguments and streams; this module reads
 * the flags, starts the server and keeps it running until SIGINT or SIGTERM.
 */
import { loadDataset } from '../dataset/load.ts';
import { startServer } from '../service/http.ts';
import type { CliIo } from './build.ts';
import { EXIT } from './exit-codes.ts';
import { closeOnSignal, parseFlags, parsePort } from './process.ts';

export const SERVE_HELP = `Usage: npm run serve -- [--port <n>] [--data <dir>]
       npx resort-conditions serve [--port <n>] [--data <dir>]   (the installed package)

Serves both API families of the embedded sample dataset on http://127.0.0.1:<port>:
  Family A   GET /resorts/snowreport            header x-api-key (demo-partner-key)
  Family B   GET /externalservice/...           query token (get one from
             /externalservice/authorization/token/demo%40example.com/powder-day)
A request URI over 8,000 characters is answered 414 with the JSON error body, however large its head.

Options:
  --port <n>    port to listen on, 0 to 65535; 0 picks a free one (default 8787)
  --data <dir>  dataset folder (default: the sample dataset)
  --help        show this text
`;

/**
 * Starts the service over the dataset of `--data`, else `data`; prints its URL, and a line per request.
 * Answers an exit code for `--help`, undefined while the server runs; throws on bad flags or data.
 */
export async function serveCommand(
  io: Pick<CliIo, 'argv' | 'stdout'>,
  data: string,
): Promise<number | undefined> {
  const values = parseFlags<{ port?: string; data?: string; help?: boolean }>(io.argv, {
    port: { type: 'string', default: '8787' },
    data: { type: 'string' },
  });
  if (values.help) {
    io.stdout.write(SERVE_HELP);
    return EXIT.ok;
  }
  const port = parsePort(values.port);
  const dataDir = values.data ?? data;
  const dataset = await loadDataset(dataDir);
  const running = await startServer(dataset, {
    port,
    dataDir,
    log: (line) => io.stdout.write(`${line}\n`),
  });
  io.stdout.write(`${running.url}\n`);
  closeOnSignal(running);
  return undefined;
}
