/**
 * Files packed one after another into one buffer, to pass between threads as a single transferred
 * buffer instead of one message (and one copy) per file: each record is the path's length and the data's
 * (32 bits each, little-endian), the path in UTF-8, then the data. The writing thread reads the same
 * layout (write-thread.ts, in its own code).
 */

/** A record's head: the path's length and the data's, 32 bits each. */
export const RECORD_HEAD = 8;

/** A batch on its way to another thread: its buffer (transferred) and how much of it is used. */
export interface Batch {
  buffer: ArrayBuffer;
  length: number;
}

/** Records added to batches of about `size` bytes; a larger record has a batch of its own. */
export class Records {
  #batch: Buffer | undefined;
  #used = 0;

  /** `allocate(bytes)`: a buffer for the next batch (a caller may hand back buffers its batches came home in). */
  constructor(
    readonly size: number,
    readonly allocate: (bytes: number) => ArrayBuffer = (bytes) => new ArrayBuffer(bytes),
  ) {}

  /** Bytes in the batch being filled. */
  get used(): number {
    return this.#used;
  }

  /**
   * Copies a record into the batch; answers the full batch to send first when the record did not fit in
   * it (the record is then the first of the next). The bytes may be reused once this returns.
   */
  add(path: string, bytes: Uint8Array): Batch | undefined {
    const pathLength = Buffer.byteLength(path);
    const size = RECORD_HEAD + pathLength + bytes.byteLength;
    const full = this.#batch && this.#used + size > this.#batch.byteLength ? this.take() : undefined;
    if (!this.#batch) {
      this.#batch = Buffer.from(this.allocate(Math.max(size, this.size)));
      this.#used = 0;
    }
    const batch = this.#batch;
    batch.writeUInt32LE(pathLength, this.#used);
    batch.writeUInt32LE(bytes.byteLength, this.#used + 4);
    batch.write(path, this.#used + RECORD_HEAD);
    batch.set(bytes, this.#used + RECORD_HEAD + pathLength);
    this.#used += size;
    return full;
  }

  /** The batch so far, if it holds a record; the next `add` starts a new one. */
  take(): Batch | undefined {
    const batch = this.#batch;
    this.#batch = undefined;
    return batch && this.#used > 0 ? { buffer: batch.buffer as ArrayBuffer, length: this.#used } : undefined;
  }

  /** Drops the batch being filled. */
  clear(): void {
    this.#batch = undefined;
    this.#used = 0;
  }
}

/** The records of a batch, in order; each record's data is a view of the batch, not a copy. */
export function* unpackRecords({ buffer, length }: Batch): Generator<{ path: string; bytes: Buffer }> {
  const bytes = Buffer.from(buffer, 0, length);
  for (let at = 0; at < length;) {
    const pathEnd = at + RECORD_HEAD + bytes.readUInt32LE(at);
    const end = pathEnd + bytes.readUInt32LE(at + 4);
    yield { path: bytes.toString('utf8', at + RECORD_HEAD, pathEnd), bytes: bytes.subarray(pathEnd, end) };
    at = end;
  }
}
