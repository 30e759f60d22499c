/**
 * A real HTTP server on 127.0.0.1 that answers as a hostile upstream would: endless bodies, bodies that
 * trickle a byte at a time, redirects to other hosts, and answers the test makes up. It counts what each
 * path received and what it managed to send before the client hung up, so tests assert on bytes, not time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '../../scripts/service/listen.ts';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface HostileServer {
  url: string;
  /** Requests per path (query included). */
  requests: Map<string, number>;
  /** Bytes of body written per path before the client closed the connection, over all its requests. */
  sent: Map<string, number>;
  /** Paths whose connection the client closed while the server still had more to send. */
  cut: Set<string>;
  /** Resolves once the last answer to `path` (query included) is over: sent whole, or cut by the client. */
  over(path: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a server whose routes are looked up by path without the query (`route(path)` answers a route, or
 * undefined for a 404).
 */
export async function startHostile(route: (path: string) => Route | undefined): Promise<HostileServer> {
  const requests = new Map<string, number>();
  const sent = new Map<string, number>();
  const cut = new Set<string>();
  const ends = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const end = (url: string) => {
    let e = ends.get(url);
    if (!e) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      ends.set(url, (e = { promise, resolve }));
    }
    return e;
  };
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const path = url.split('?')[0]!;
    requests.set(url, (requests.get(url) ?? 0) + 1);
    const write = response.write.bind(response) as (chunk: Buffer | string, ...rest: unknown[]) => boolean;
    response.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      sent.set(url, (sent.get(url) ?? 0) + Buffer.byteLength(chunk));
      return write(chunk, ...rest);
    }) as typeof response.write;
    ends.delete(url);
    const over = end(url);
    response.on('close', () => {
      if (!response.writableEnded) cut.add(url);
      over.resolve();
    });
    const answer = route(path);
    if (answer) answer(request, response);
    else response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
  });
  const listening = await listen(server);
  return {
    url: listening.url,
    requests,
    sent,
    cut,
    over: (path) => end(path).promise,
    close: listening.close,
  };
}

/** A body that never ends: chunks written as fast as the client takes them, until it hangs up. */
export const endless =
  (type: string, first: Buffer = Buffer.alloc(0)): Route =>
  (_, response) => {
    response.writeHead(200, { 'content-type': type });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let closed = false;
    response.on('close', () => (closed = true));
    if (first.length > 0) response.write(first);
    const pump = () => {
      while (!closed) if (!response.write(chunk)) return void response.once('drain', pump);
    };
    pump();
  };

/** A body of `body`, sent one byte every `everyMs` milliseconds, with its true length declared. */
export const trickle =
  (body: string, everyMs: number, type = 'application/json'): Route =>
  (_, response) => {
    response.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    const bytes = Buffer.from(body);
    let at = 0;
    const timer = setInterval(() => {
      if (at >= bytes.length) {
        clearInterval(timer);
        response.end();
        return;
      }
      response.write(bytes.subarray(at, ++at));
    }, everyMs);
    response.on('close', () => clearInterval(timer));
  };

/** A redirect to `location`. */
export const redirect =
  (location: string, status = 302): Route =>
  (_, response) =>
    response.writeHead(status, { location }).end();

/** A whole answer of `type`. */
export const bytes =
  (type: string, body: Buffer | string, status = 200): Route =>
  (_, response) =>
    response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
