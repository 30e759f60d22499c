/**
 * Informational answers (1xx) an upstream sends before its real answer, passed over (scripts/ARCHITECTURE.md,
 * "Threat model"). HTTP lets a server send any number of them (`100 Continue` unasked, `102 Processing`,
 * `103 Early Hints`); undici's parser fails the whole connection on a `100` it did not ask for, so every
 * request to such an upstream would fail. The sockets of the upstream's agent therefore drop every 1xx head
 * but `101` that opens an answer, before undici reads it.
 *
 * undici reads a socket with `read()` when it is readable and writes a request with `write()`, one request
 * at a time on a connection (its default), so the bytes read after a request is written open its answer.
 * The pinned undici is held to that by test/shared/informational.test.ts.
 */
import type { Socket } from 'node:net';

/** The most of the answers' openings held while it is not yet known whether they are a 1xx head. */
const MAX_HELD = 16 * 1024;

/** How a 1xx status line begins, byte by byte: `HTTP/d.d 1dd` (`d` a digit), then a space or line end. */
const PATTERN = 'HTTP/d.d 1dd';

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

/** Whether `bytes` begin as a 1xx status line does: 'yes', 'no', or 'maybe' while too short to tell. */
function opensInformational(bytes: Buffer): 'yes' | 'no' | 'maybe' {
  for (let i = 0; i < PATTERN.length; i++) {
    if (i >= bytes.length) return 'maybe';
    const byte = bytes[i]!;
    const ok = PATTERN[i] === 'd' ? isDigit(byte) : byte === PATTERN.charCodeAt(i);
    if (!ok) return 'no';
  }
  if (bytes.length === PATTERN.length) return 'maybe';
  const after = bytes[PATTERN.length]!;
  // 101 Switching Protocols ends the HTTP answers of the connection: undici judges it itself
  const status = bytes.toString('latin1', 9, 12);
  return status !== '101' && (after === 0x20 || after === 0x0d || after === 0x0a) ? 'yes' : 'no';
}

/** Where the head at the start of `bytes` ends (after its empty line), or -1 while it has not. */
function headEnd(bytes: Buffer): number {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  const ends = [crlf === -1 ? -1 : crlf + 4, lf === -1 ? -1 : lf + 2].filter((at) => at !== -1);
  return ends.length === 0 ? -1 : Math.min(...ends);
}

/** The bytes of one connection as they arrive, without the 1xx heads that open its answers. */
export class InformationalFilter {
  private opening = false;
  private held = Buffer.alloc(0);

  /** A request went out: the bytes read next open its answer. */
  sent(): void {
    if (this.held.length === 0) this.opening = true;
  }

  /** What of `chunk` (with what was held before it) is handed on now; the rest is held or dropped. */
  take(chunk: Buffer): Buffer {
    if (!this.opening) return chunk;
    let bytes = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    for (;;) {
      const opens = opensInformational(bytes);
      const end = opens === 'yes' ? headEnd(bytes) : -1;
      if (end !== -1) {
        bytes = bytes.subarray(end);
        continue;
      }
      if (opens === 'no' || bytes.length > MAX_HELD) {
        // the real answer, or a head too long to be one: undici reads it as it came
        this.opening = false;
        this.held = Buffer.alloc(0);
        return bytes;
      }
      this.held = Buffer.from(bytes);
      return Buffer.alloc(0);
    }
  }
}

/**
 * Makes `socket` hand undici its bytes without the 1xx heads that open its answers (`InformationalFilter`),
 * and answers it.
 */
export function passInformational<S extends Socket>(socket: S): S {
  const filter = new InformationalFilter();
  const read = socket.read.bind(socket);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.read = (size?: number) => {
    for (;;) {
      const chunk = read(size) as Buffer | string | null;
      if (chunk === null) return null;
      const passed = filter.take(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
      if (passed.length > 0) return passed;
    }
  };
  socket.write = ((...args: unknown[]) => {
    filter.sent();
    return write(...args);
  }) as typeof socket.write;
  return socket;
}
