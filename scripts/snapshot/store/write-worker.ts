/**
 * The thread that writes the staged release's files (write-thread.ts): each batch of records it is sent,
 * every file scanned for the source's secrets before it is written, and the batch's buffer handed back. A
 * file whose folder is missing is written again once the folder is made: nothing is remembered per folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { RECORD_HEAD } from './records.ts';
import { byteNeedles, findNeedle, type Needle } from './secrets.ts';
import { threadData } from './thread.ts';

/** What the thread is started with. */
export interface WriteWorkerData {
  /** The forms of the source's secrets: a file holding one is not written. */
  needles: readonly Needle[];
}

/** A batch back: its buffer, and the first failure among its files. */
export interface WriteAnswer {
  buffer: ArrayBuffer;
  failure?:
    { message: string; code?: string; syscall?: string; path: string } | { leak: string; path: string };
}

const needles = byteNeedles(threadData<WriteWorkerData>().needles);

function write(path: string, data: Uint8Array): void {
  try {
    writeFileSync(path, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
}

parentPort!.on('message', ({ buffer, length }: { buffer: ArrayBuffer; length: number }) => {
  const bytes = Buffer.from(buffer, 0, length);
  let failure: WriteAnswer['failure'];
  for (let at = 0; at < length && !failure;) {
    const pathEnd = at + RECORD_HEAD + bytes.readUInt32LE(at);
    const end = pathEnd + bytes.readUInt32LE(at + 4);
    const path = bytes.toString('utf8', at + RECORD_HEAD, pathEnd);
    const data = bytes.subarray(pathEnd, end);
    const leak = findNeedle(data, needles);
    try {
      if (leak !== undefined) failure = { leak, path };
      else write(path, data);
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      failure = {
        message: String(e.message),
        ...(e.code ? { code: e.code } : {}),
        ...(e.syscall ? { syscall: e.syscall } : {}),
        path: e.path ?? path,
      };
    }
    at = end;
  }
  parentPort!.postMessage({ buffer, failure } satisfies WriteAnswer, [buffer]);
});
