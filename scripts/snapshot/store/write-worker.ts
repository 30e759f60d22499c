/**
 * The thread that writes the staged releases' files (write-thread.ts): one per process, shared by every
 * writer in it. Each writer first says which secrets its files may not hold; then each batch of records it
 * sends is written, every file scanned for those secrets before it is, and the batch's buffer handed back.
 * A file whose folder is missing is written again once the folder is made: nothing is remembered per folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { RECORD_HEAD } from './records.ts';
import { byteNeedles, findNeedle, type ByteNeedle, type Needle } from './secrets.ts';

/** What a writer sends: who it is and its secrets' forms, a batch, or that it is done. */
export type WriteMessage =
  | { writer: number; needles: readonly Needle[] }
  | { writer: number; buffer: ArrayBuffer; length: number }
  | { writer: number; done: true };

/** A batch back, to the writer that sent it: its buffer, and the first failure among its files. */
export interface WriteAnswer {
  writer: number;
  buffer: ArrayBuffer;
  failure?:
    { message: string; code?: string; syscall?: string; path: string } | { leak: string; path: string };
}

const needles = new Map<number, ByteNeedle[]>();

function write(path: string, data: Uint8Array): void {
  try {
    writeFileSync(path, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
}

/** Writes one batch of `writer`'s; answers the first failure. */
function writeBatch(writer: number, buffer: ArrayBuffer, length: number): WriteAnswer['failure'] {
  const bytes = Buffer.from(buffer, 0, length);
  const secrets = needles.get(writer) ?? [];
  for (let at = 0; at < length;) {
    const pathEnd = at + RECORD_HEAD + bytes.readUInt32LE(at);
    const end = pathEnd + bytes.readUInt32LE(at + 4);
    const path = bytes.toString('utf8', at + RECORD_HEAD, pathEnd);
    const data = bytes.subarray(pathEnd, end);
    const leak = findNeedle(data, secrets);
    if (leak !== undefined) return { leak, path };
    try {
      write(path, data);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      return {
        message: String(e.message),
        ...(e.code ? { code: e.code } : {}),
        ...(e.syscall ? { syscall: e.syscall } : {}),
        path: e.path ?? path,
      };
    }
    at = end;
  }
  return undefined;
}

parentPort!.on('message', (message: WriteMessage) => {
  if ('needles' in message) needles.set(message.writer, byteNeedles(message.needles));
  else if ('done' in message) needles.delete(message.writer);
  else {
    const { writer, buffer, length } = message;
    const failure = writeBatch(writer, buffer, length);
    parentPort!.postMessage({ writer, buffer, failure } satisfies WriteAnswer, [buffer]);
  }
});
