/**
 * An upstream that sends `100 Continue` unasked before each of its answers (scripts/snapshot/source/
 * informational.ts): a whole build in front of it publishes what it publishes without, byte for byte.
 * The upstream is a raw `net` server on 127.0.0.1 in front of the hostile upstream, which forwards each
 * request and writes the informational answer first.
 */
import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import {
  buildAgainst,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
} from './upstream.ts';

let upstream: HostileUpstream;
let root: string;
let informational: { url: string; answered: () => number; close: () => Promise<void> };

/** A raw server that answers each GET head with `100 Continue`, then the upstream's own answer. */
async function continueFirst(origin: string): Promise<typeof informational> {
  const agent = new Agent();
  const sockets = new Set<Socket>();
  let answered = 0;
  const forward = async (head: string): Promise<string> => {
    const [line, ...fields] = head.split('\r\n');
    const target = line!.split(' ')[1]!;
    const headers: Record<string, string> = {};
    for (const field of fields) {
      const colon = field.indexOf(':');
      const name = field.slice(0, colon).toLowerCase();
      if (name !== 'host' && name !== 'connection') headers[name] = field.slice(colon + 1).trim();
    }
    const response = await request(origin + target, { headers, dispatcher: agent });
    const body = Buffer.from(await response.body.arrayBuffer());
    const type = response.headers['content-type'];
    answered++;
    return (
      'HTTP/1.1 100 Continue\r\n\r\n' +
      `HTTP/1.1 ${response.statusCode} Answer\r\n${type ? `content-type: ${String(type)}\r\n` : ''}` +
      `content-length: ${body.length}\r\n\r\n${body.toString('latin1')}`
    );
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('latin1');
    let buffered = '';
    let queue = Promise.resolve();
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n\r\n'); end !== -1; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        // one answer after the other, in the order of the requests
        queue = queue.then(async () => void socket.write(await forward(head), 'latin1'));
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    answered: () => answered,
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((done) => server.close(() => done()));
      await agent.close();
    },
  };
}

/** Every file of a published tree, by its path in the tree, with its content's hash. */
async function tree(out: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(out, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return files;
}

beforeAll(async () => {
  upstream = await startHostileUpstream();
  informational = await continueFirst(upstream.url);
  root = await scratch();
});
afterAll(async () => {
  await informational.close();
  await upstream.close();
  await removeScratch(root);
});

describe('an upstream that sends 100 Continue before every answer', () => {
  it('is built from as if it had not: exit 0 and the same files as a build straight from the upstream', async () => {
    const straight = await buildAgainst(upstream, join(root, 'straight'));
    const behind = await buildAgainst(informational, join(root, 'behind'));
    expect(straight.code).toBe(EXIT.ok);
    // the same log but for the time the build took
    const untimed = (log: string) => log.replace(/ in [\d.]+ s$/m, ' in … s');
    expect({ code: behind.code, stderr: untimed(behind.stderr) }).toEqual({
      code: EXIT.ok,
      stderr: untimed(straight.stderr),
    });
    expect(informational.answered()).toBeGreaterThan(10);
    const files = await tree(straight.out);
    expect(Object.keys(files).length).toBeGreaterThan(50);
    expect(await tree(behind.out)).toEqual(files);
  }, 120_000);
});
