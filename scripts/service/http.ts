/**
 * The service as a real HTTP server on 127.0.0.1: both families from the root path.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dataset } from '../dataset/schema.ts';
import { redactUrl } from './redact.ts';
import { createService, type ServiceOptions } from './service.ts';

export interface ServerOptions extends Omit<ServiceOptions, 'origin'> {
  /** 0 picks a free port. */
  port?: number;
  /** Receives one line per request, with credentials redacted. */
  log?: (line: string) => void;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  server: Server;
  close(): Promise<void>;
}

function headersOf(request: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export async function startServer(dataset: Dataset, options: ServerOptions = {}): Promise<RunningServer> {
  let service = createService(dataset, options);
  const server = createServer((request, response) => {
    const started = performance.now();
    const url = request.url ?? '/';
    const answer = service({ method: request.method ?? 'GET', url, headers: headersOf(request) });
    response.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
    response.end(answer.body);
    const ms = (performance.now() - started).toFixed(1);
    options.log?.(`${request.method} ${redactUrl(url)} ${answer.status} ${Buffer.byteLength(answer.body)}B ${ms}ms`);
  });
  // requests are answered from memory; idle keep-alive sockets must not hold the process open
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  service = createService(dataset, { ...options, origin: url });
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
