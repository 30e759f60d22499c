/**
 * Starting and stopping a local HTTP server the same way everywhere: 127.0.0.1 only, port 0 for a free
 * one, idle keep-alive sockets that never hold the process open, and a close that ends open connections.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResortConditionsError } from '../api/errors.ts';

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function listen(server: Server, port = 0): Promise<Listening> {
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new ResortConditionsError(
              'usage',
              `port ${port} on 127.0.0.1 is taken by another program: give another with --port (0 picks a free one)`,
              { cause: error },
            )
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * An async request listener made fit for `createServer`, which ignores the promise it returns: a listener
 * that throws answers 500 (or, with the head already sent, drops the connection) instead of leaving a
 * rejection no one handles.
 */
export function handled(
  listener: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
): RequestListener {
  return (request, response) => {
    listener(request, response).catch(() => {
      if (response.headersSent) response.destroy();
      else response.writeHead(500).end();
    });
  };
}
