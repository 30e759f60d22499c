/**
 * Request heads past what the server reads (scripts/service/heads.ts): a URI over the contract's 8,000
 * characters is the contract's 414 with its JSON error body (scripts/api/README.md, "Errors"), whatever the
 * size of the head and whichever request of a connection it is.
 */
import { connect } from 'node:net';
import { Client, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HEAD_BYTES, RequestLines } from '../../scripts/service/heads.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let server: RunningServer;
const logged: string[] = [];

beforeAll(async () => {
  server = await startServer(await sample(), {
    port: 0,
    now: () => FROZEN_NOW,
    log: (line) => logged.push(line),
  });
});
afterAll(() => server.close());

const PATH = '/externalservice/resort/profile?resortId=1&pad=';

async function answer(response: Awaited<ReturnType<typeof request>>) {
  const text = await response.body.text();
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    body: text ? (JSON.parse(text) as { status: number; error: string; message: string }) : undefined,
  };
}

const URI_TOO_LONG = {
  status: 414,
  type: 'application/json; charset=utf-8',
  body: {
    status: 414,
    error: 'uri_too_long',
    message: expect.stringMatching(
      /^the request URI is (at least )?\d+ characters; the limit is 8000\. Split the resort ids over several requests$/,
    ),
  },
};

describe('a request URI over 8,000 characters', () => {
  it.each([
    { what: '8,001 characters', length: 8001 },
    { what: 'past Node 16 KB head', length: 17_000 },
    { what: 'past the head the server reads', length: MAX_HEAD_BYTES + 1 },
    { what: '100 KB', length: 100_000 },
    { what: '4 MB', length: 4_000_000 },
  ])('is answered 414 with the JSON error body: $what', async ({ length }) => {
    const url = `${server.url}${PATH}${'x'.repeat(length - PATH.length)}`;
    expect(await answer(await request(url))).toEqual(URI_TOO_LONG);
  });

  it('is answered 414 when header fields make its head too large to read', async () => {
    const url = `${server.url}${PATH}${'x'.repeat(9000)}`;
    const headers = { cookie: 'c'.repeat(MAX_HEAD_BYTES) };
    expect(await answer(await request(url, { headers }))).toEqual(URI_TOO_LONG);
  });

  it('is answered 414 as a later request of a kept-alive connection, which first served a short one', async () => {
    const client = new Client(server.url, { pipelining: 1 });
    try {
      const headers = { 'x-api-key': FULL.apiKey };
      const short = await client.request({
        path: '/resorts/snowreport?regionId=242',
        method: 'GET',
        headers,
      });
      expect(short.statusCode).toBe(200);
      await short.body.dump();
      const long = await client.request({ path: `${PATH}${'x'.repeat(100_000)}`, method: 'GET' });
      expect(await answer(long)).toEqual(URI_TOO_LONG);
    } finally {
      await client.close();
    }
  });

  it('is answered 414 when its head arrives a few bytes at a time', async () => {
    const { port } = new URL(server.url);
    const head = `GET ${PATH}${'x'.repeat(100_000)} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`;
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    for (let at = 0; at < head.length; at += 7919) socket.write(head.slice(at, at + 7919));
    socket.end();
    await ended;
    const [status, rest] = [received.slice(0, received.indexOf('\r\n')), received.split('\r\n\r\n')[1]!];
    expect(status).toBe('HTTP/1.1 414 URI Too Long');
    expect(JSON.parse(rest)).toEqual(URI_TOO_LONG.body);
  });
});

describe('the log', () => {
  it('has a line for a 414 of a head the server did not read, with nothing of its URI', async () => {
    logged.length = 0;
    const token = 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56';
    const response = await request(`${server.url}${PATH}${'x'.repeat(100_000)}&token=${token}`);
    await response.body.dump();
    expect(logged).toEqual([expect.stringMatching(/^\[a request URI of at least \d+ characters\] 414$/)]);
  });
});

describe('a head too large for another reason', () => {
  it('is answered 431 when its URI is short and its header fields are not', async () => {
    const response = await request(`${server.url}/resorts/snowreport`, {
      headers: { cookie: 'c'.repeat(MAX_HEAD_BYTES) },
    });
    expect([response.statusCode, await response.body.text()]).toEqual([431, '']);
  });
});

describe('RequestLines', () => {
  const line = (uri: number) => `GET /${'x'.repeat(uri - 1)} HTTP/1.1\r\n`;
  it.each([
    { what: 'nothing yet', bytes: '', expected: -1 },
    { what: 'a request line under way', bytes: 'GET /abc', expected: 4 },
    { what: 'a complete request line', bytes: line(9000), expected: 9000 },
    { what: 'a request line ending in LF alone', bytes: 'GET /abcd HTTP/1.1\n', expected: 5 },
    {
      what: 'a header field under way after it',
      bytes: `${line(9000)}cookie: ${'c'.repeat(500)}`,
      expected: 9000,
    },
    { what: 'a header field line that has a space late', bytes: `${line(10)}x-a: b c d`, expected: 10 },
    {
      what: 'the next request line of the connection',
      bytes: `${line(9000)}host: x\r\n\r\n${line(20)}`,
      expected: 20,
    },
  ])('tells the URI length of $what: $expected', ({ bytes, expected }) => {
    const whole = new RequestLines();
    whole.see(Buffer.from(bytes, 'latin1'));
    const bytewise = new RequestLines();
    for (const byte of Buffer.from(bytes, 'latin1')) bytewise.see(Buffer.of(byte));
    expect([whole.uriLength(), bytewise.uriLength()]).toEqual([expected, expected]);
  });
});
