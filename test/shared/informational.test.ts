/**
 * Informational answers before the real one (scripts/shared/informational.ts): an upstream that
 * sends `100 Continue` unasked, `102 Processing` or `103 Early Hints` first is read as if it had not.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadedImages } from '../../scripts/images/assets.ts';
import { get, upstreamAgent } from '../../scripts/shared/http.ts';
import { InformationalFilter } from '../../scripts/shared/informational.ts';

const ANSWER = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 9\r\n\r\n{"id":25}';
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';
const PROCESSING = 'HTTP/1.1 102 Processing\r\n\r\n';
const EARLY_HINTS = 'HTTP/1.1 103 Early Hints\r\nlink: </a.css>; rel=preload\r\n\r\n';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/**
 * A raw upstream on 127.0.0.1 that answers each request of a connection (each head, up to its empty line)
 * with `before` and then `answer`, written in pieces of `piece` bytes (all at once when 0).
 */
async function rawUpstream(before: string, answer = ANSWER, piece = 0): Promise<string> {
  const sockets = new Set<Socket>();
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let head = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      head += chunk;
      while (head.includes('\r\n\r\n')) {
        head = head.slice(head.indexOf('\r\n\r\n') + 4);
        const bytes = before + answer;
        if (piece === 0) socket.write(bytes, 'latin1');
        else
          for (let at = 0; at < bytes.length; at += piece)
            socket.write(bytes.slice(at, at + piece), 'latin1');
      }
    });
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function threeGets(url: string) {
  const dispatcher = upstreamAgent();
  try {
    const answers = [];
    // one connection, kept alive: each answer opens with the informational ones again
    for (let i = 0; i < 3; i++) {
      const response = await get(`${url}/resort/25`, { dispatcher, timeoutMs: 10_000, maxBytes: 1_000 });
      answers.push([response.status, response.body.toString()]);
    }
    return answers;
  } finally {
    await dispatcher.close();
  }
}

describe('an upstream that sends informational answers first', () => {
  it.each([
    { what: 'an unasked 100 Continue', before: CONTINUE, piece: 0 },
    { what: '102 Processing', before: PROCESSING, piece: 0 },
    { what: '103 Early Hints with a header', before: EARLY_HINTS, piece: 0 },
    { what: 'several of them', before: CONTINUE + PROCESSING + EARLY_HINTS + CONTINUE, piece: 0 },
    { what: 'a 100 Continue a byte at a time', before: CONTINUE, piece: 1 },
    { what: 'all three, five bytes at a time', before: CONTINUE + EARLY_HINTS + PROCESSING, piece: 5 },
  ])('is read for its real answer: $what', async ({ before, piece }) => {
    const url = await rawUpstream(before, ANSWER, piece);
    expect(await threeGets(url)).toEqual([
      [200, '{"id":25}'],
      [200, '{"id":25}'],
      [200, '{"id":25}'],
    ]);
  });
});

describe('an image host that sends 100 Continue first', () => {
  it('gives its image to the image copies', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const answer = `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: ${png.length}\r\n\r\n`;
    const url = await rawUpstream(CONTINUE, answer + png.toString('latin1'));
    const images = downloadedImages({ origins: [url] });
    try {
      expect(Buffer.from((await images(`${url}/logo.png`)) as Uint8Array).toString('hex')).toBe(
        png.toString('hex'),
      );
    } finally {
      await images.close();
    }
  });
});

describe('InformationalFilter', () => {
  /** What the filter hands on of `bytes`, fed after a request in pieces of `piece` bytes. */
  const through = (bytes: string, piece: number) => {
    const filter = new InformationalFilter();
    filter.sent();
    let out = '';
    for (let at = 0; at < bytes.length; at += piece)
      out += filter.take(Buffer.from(bytes.slice(at, at + piece), 'latin1')).toString('latin1');
    return out;
  };
  it.each([
    { what: 'a real answer', bytes: ANSWER, expected: ANSWER },
    { what: 'a 100 before it', bytes: CONTINUE + ANSWER, expected: ANSWER },
    {
      what: 'a 103 with headers, ended by LF alone',
      bytes: 'HTTP/1.1 103 Early\nlink: <a>\n\n' + ANSWER,
      expected: ANSWER,
    },
    { what: 'a 199 before it', bytes: 'HTTP/1.1 199 Misc\r\n\r\n' + ANSWER, expected: ANSWER },
    {
      what: '101, which undici judges',
      bytes: 'HTTP/1.1 101 Switching\r\n\r\n',
      expected: 'HTTP/1.1 101 Switching\r\n\r\n',
    },
    {
      what: 'a status of four digits',
      bytes: 'HTTP/1.1 1000 X\r\n\r\n',
      expected: 'HTTP/1.1 1000 X\r\n\r\n',
    },
    { what: 'a body that looks like a 1xx head', bytes: ANSWER + CONTINUE, expected: ANSWER + CONTINUE },
    { what: 'bytes that are not HTTP', bytes: 'garbage\r\n\r\n', expected: 'garbage\r\n\r\n' },
  ])('hands on $what without its 1xx heads, however it is cut', ({ bytes, expected }) => {
    for (const piece of [1, 2, 3, 7, 13, bytes.length])
      expect({ piece, out: through(bytes, piece) }).toEqual({ piece, out: expected });
  });

  it('hands on a 1xx head too long to hold, as it came, for undici to refuse', () => {
    const long = `HTTP/1.1 100 Continue\r\nx-pad: ${'p'.repeat(20_000)}\r\n\r\n${ANSWER}`;
    expect(through(long, 1000)).toBe(long);
  });

  it('hands on later bytes of an answer untouched, and looks again after the next request', () => {
    const filter = new InformationalFilter();
    filter.sent();
    const first = filter.take(Buffer.from(CONTINUE + 'HTTP/1.1 200 OK\r\n', 'latin1')).toString('latin1');
    const rest = filter.take(Buffer.from(CONTINUE, 'latin1')).toString('latin1');
    filter.sent();
    const second = filter.take(Buffer.from(CONTINUE + ANSWER, 'latin1')).toString('latin1');
    expect([first, rest, second]).toEqual(['HTTP/1.1 200 OK\r\n', CONTINUE, ANSWER]);
  });
});
