/**
 * Request heads larger than the server reads (scripts/api/README.md, "The embedded service"): Node's parser
 * keeps at most `MAX_HEAD_BYTES` of a head, so no head however large costs more memory than that, and gives
 * up on a longer one. A request whose URI is over the contract's 8,000 characters is still answered the
 * contract's 414 with its JSON error body (scripts/api/README.md, "Errors"), not Node's empty 431: the bytes
 * of each connection are watched as they arrive (a few counters, nothing kept), so when the parser gives up
 * the server knows how long that head's request line was.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_URI_LENGTH } from '../api/request.ts';
import type { ErrorBody } from '../api/schemas/error.ts';
import { ServiceError } from './errors.ts';

/** The most of one request head the server reads (request line and header fields together). */
export const MAX_HEAD_BYTES = 64 * 1024;

/** What the client may still send after its 414, read and thrown away so that it reads the answer. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/** How long a connection that had its 414 may stay silent before it is closed. */
const DRAIN_IDLE_MS = 5_000;

/** " HTTP/1.1" after the target of a request line. */
const VERSION_BYTES = 9;

/** A method and a space: how a request line begins, and a header line never does (a name, then ":"). */
const OPENS_REQUEST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ /;

/**
 * The request lines a connection has sent, as far as their length: the line under way, and the URI
 * length of the last request line that began.
 */
export class RequestLines {
  private line = 0;
  private start = '';
  private method = -1;
  /** Whether the line under way ends in CR so far. */
  private cr = false;
  /** The URI length of the last complete request line; -1 before one. */
  private last = -1;

  /** Takes the next bytes of the connection. */
  see(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(0x0a, from);
      const to = newline === -1 ? chunk.length : newline;
      this.line += to - from;
      if (to > from) this.cr = chunk[to - 1] === 0x0d;
      if (this.start.length < 32) {
        this.start += chunk.toString('latin1', from, Math.min(to, from + 32 - this.start.length));
        if (this.method === -1 && OPENS_REQUEST.test(this.start)) this.method = this.start.indexOf(' ');
      }
      if (newline === -1) return;
      if (this.method !== -1) this.last = this.line - (this.cr ? 1 : 0) - this.method - 1 - VERSION_BYTES;
      this.line = 0;
      this.start = '';
      this.method = -1;
      this.cr = false;
      from = newline + 1;
    }
  }

  /**
   * The URI length of the head under way, as far as it has come: of its request line if that is the line
   * under way (at least this long), else of the last complete one; -1 when no request line has begun.
   */
  uriLength(): number {
    return this.method !== -1 ? this.line - this.method - 1 : this.last;
  }
}

interface Answer {
  status: number;
  text: string;
}

function answer(status: number, reason: string, body = ''): Answer {
  const json = body ? `Content-Type: application/json; charset=utf-8\r\n` : '';
  return {
    status,
    text: `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${json}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  };
}

function uriTooLong(length: number): Answer {
  const e = new ServiceError(
    'uri_too_long',
    `the request URI is at least ${length} characters; the limit is ${MAX_URI_LENGTH}. Split the resort ids over several requests`,
  );
  const body: ErrorBody = { status: e.status, error: e.code, message: e.message };
  return answer(e.status, 'URI Too Long', JSON.stringify(body));
}

/** Node's own answers to the heads it cannot read, which a `clientError` listener takes over. */
const NODE_ANSWERS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: answer(431, 'Request Header Fields Too Large'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: answer(413, 'Payload Too Large'),
  ERR_HTTP_REQUEST_TIMEOUT: answer(408, 'Request Timeout'),
};

/**
 * Makes `server` answer a head it gives up on as the contract asks: 414 with the JSON error body for a
 * request line over the URI limit, else what Node answers; then it reads and throws away what the client
 * still sends (up to 16 MiB, while it keeps sending) so that the client reads the answer instead of a reset
 * connection. `log` receives a line for each such answer.
 */
export function holdHeads(server: Server, log?: (line: string) => void): void {
  const lines = new WeakMap<Socket, RequestLines>();
  const answered = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    const seen = new RequestLines();
    lines.set(socket, seen);
    // before the parser's own listener: the bytes are counted before the parser can give up on them
    socket.prependListener('data', (chunk: Buffer) => seen.see(chunk));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const length = lines.get(socket)?.uriLength() ?? -1;
    const tooLong = error.code === 'HPE_HEADER_OVERFLOW' && length > MAX_URI_LENGTH;
    const sent = tooLong
      ? uriTooLong(length)
      : (NODE_ANSWERS[error.code ?? ''] ?? answer(400, 'Bad Request'));
    socket.end(sent.text);
    // the log's line of the request, which names nothing of the URI: it may hold a token
    log?.(
      tooLong
        ? `[a request URI of at least ${length} characters] ${sent.status}`
        : `[a request head that could not be read: ${error.code ?? 'error'}] ${sent.status}`,
    );
    let drained = 0;
    socket.setTimeout(DRAIN_IDLE_MS, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) socket.destroy();
    });
  });
}
