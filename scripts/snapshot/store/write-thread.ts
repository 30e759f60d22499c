/**
 * Writes the staged release's files from a thread of its own, so that the kernel's work of making files
 * and folders (a third of a large build's time, in one thread) runs on another core while the build's
 * thread checks and serialises the next answers.
 *
 * Files go over in batches of about a megabyte, each a transferred buffer of records (path, bytes), and
 * only a few batches are under way: memory stays a few megabytes whatever the tree's size, and a build that
 * outruns the disk waits (`ready`). The first failure is kept and thrown by the next `write` or by `flush`; the
 * staged release is then dropped, so a failed write never reaches a published tree. The thread scans each
 * file for the source's secrets before it writes it, and writes no file that holds one.
 *
 * One thread serves every writer of the process (`shared`): starting one from the sources costs a few
 * hundred milliseconds (thread.ts), which a process that builds many times over (the tests) would pay per
 * build. It keeps the process alive only while a batch of some writer is under way.
 */
import type { Worker } from 'node:worker_threads';
import { Records, type Batch } from './records.ts';
import type { Needle } from './secrets.ts';
import { besideModule, startThread } from '../../shared/thread.ts';
import type { WriteAnswer, WriteMessage } from './write-worker.ts';

/** Bytes in a batch; a larger file goes over in a batch of its own. */
const BATCH = 1 << 20;
/** Batches under way past which `ready` makes the caller wait its turn. */
const IN_FLIGHT = 4;
/** Batches under way past which `write` itself waits: a caller that never asks `ready` still stays bounded. */
const MOST = 4 * IN_FLIGHT;

/** The process's writing thread and the writers using it, by id; started by the first writer. */
interface Shared {
  worker: Worker;
  writers: Map<number, WriteThread>;
  /** Batches under way, of every writer: the thread keeps the process alive while there are any. */
  pending: number;
}
let shared: Shared | undefined;
let nextWriter = 0;

function sharedThread(): Shared {
  if (shared) return shared;
  const worker = startThread(besideModule('write-worker', import.meta.url), undefined);
  const thread: Shared = { worker, writers: new Map(), pending: 0 };
  worker.on('message', (answer: WriteAnswer) => thread.writers.get(answer.writer)?.answer(answer));
  // a thread that failed answers no batch under way: its writers fail, and the next writer starts anew
  const gone = (error: Error) => {
    if (shared === thread) shared = undefined;
    for (const writer of thread.writers.values()) writer.gone(error);
  };
  worker.on('error', gone);
  worker.on('exit', (code) => gone(new Error(`the thread writing the release stopped (exit code ${code})`)));
  // after the listeners: a 'message' listener refs the thread's port again; it keeps the process alive
  // only while a batch is under way (`#send`)
  worker.unref();
  return (shared = thread);
}

export class WriteThread {
  readonly #thread: Shared;
  readonly #id = nextWriter++;
  /** Buffers back from the thread, for the next batches. */
  readonly #free: ArrayBuffer[] = [];
  readonly #records = new Records(BATCH, (bytes) =>
    bytes > BATCH ? new ArrayBuffer(bytes) : (this.#free.pop() ?? new ArrayBuffer(BATCH)),
  );
  #pending = 0;
  /** Batches sent, and batches answered (the thread answers them in order). */
  #sent = 0;
  #answered = 0;
  /** Callers of `flush`, `close` and a `write` past `MOST`: woken by every answer. */
  #waiting: Array<() => void> = [];
  /** Callers of `ready`: one woken by each answer that leaves room, all once nothing is under way. */
  #turns: Array<() => void> = [];
  #failure: Error | undefined;

  /**
   * `needles`: the forms of the source's secrets; a file holding one is not written, and the thread fails
   * with `leak(path, kind)`.
   */
  constructor(
    needles: readonly Needle[] = [],
    readonly leak: (path: string, kind: string) => Error = (path, kind) =>
      new Error(`${path} would contain ${kind}`),
  ) {
    this.#thread = sharedThread();
    this.#thread.writers.set(this.#id, this);
    this.#post({ writer: this.#id, needles });
  }

  /**
   * Queues `bytes` for the absolute path `target`. The bytes are copied before this returns, so the caller
   * may reuse them at once; the promise waits only while far too many batches are under way (`MOST`).
   */
  write(target: string, bytes: Uint8Array): Promise<void> | undefined {
    if (this.#failure) return Promise.reject(this.#failure);
    const full = this.#records.add(target, bytes);
    if (full) this.#send(full);
    if (this.#pending < MOST) return undefined;
    return new Promise<void>((resolve) => this.#waiting.push(resolve)).then(() => {
      if (this.#failure) throw this.#failure;
    });
  }

  /**
   * Nothing (go on) while the thread keeps up; else a promise of the caller's turn, one caller for each
   * batch written. A producer asks before it makes the next files, so that while the disk is the slower
   * side, what waits is work not yet begun rather than bodies already in memory.
   */
  ready(): Promise<void> | undefined {
    if (this.#pending < IN_FLIGHT || this.#failure) return undefined;
    return new Promise<void>((resolve) => this.#turns.push(resolve));
  }

  /**
   * Sends what is queued and waits until every file queued so far is written (not those queued while it
   * waits: a reader of the files so far is not held up by the writes that go on); throws the first failure.
   */
  async flush(): Promise<void> {
    const rest = this.#records.take();
    if (rest) this.#send(rest);
    const sent = this.#sent;
    while (this.#answered < sent && !this.#failure)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    if (this.#failure) throw this.#failure;
  }

  /** Waits for the batches under way (their failures ignored), then lets go of the thread. */
  async close(): Promise<void> {
    this.#records.clear();
    while (this.#pending > 0) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    if (this.#thread.writers.delete(this.#id) && shared === this.#thread)
      this.#post({ writer: this.#id, done: true });
  }

  #post(message: WriteMessage, transfer: ArrayBuffer[] = []): void {
    this.#thread.worker.postMessage(message, transfer);
  }

  #send(batch: Batch): void {
    this.#sent++;
    this.#pending++;
    if (this.#thread.pending++ === 0) this.#thread.worker.ref();
    this.#post({ writer: this.#id, ...batch }, [batch.buffer]);
  }

  /** A batch back from the thread (`sharedThread` hands it over). */
  answer({ buffer, failure }: WriteAnswer): void {
    this.#answered++;
    if (buffer.byteLength === BATCH) this.#free.push(buffer);
    if (failure && 'leak' in failure) this.#fail(this.leak(failure.path, failure.leak));
    else if (failure) {
      const { message, ...fields } = failure;
      this.#fail(Object.assign(new Error(message), fields));
    }
    this.#pending--;
    if (--this.#thread.pending === 0) this.#thread.worker.unref();
    this.#wake();
    if (this.#pending < IN_FLIGHT) this.#turns.shift()?.();
  }

  /** The thread itself failed: no batch under way will be answered. */
  gone(error: Error): void {
    this.#pending = 0;
    this.#fail(error);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    this.#wake();
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
    if (this.#pending === 0 || this.#failure) {
      const turns = this.#turns;
      this.#turns = [];
      for (const resolve of turns) resolve();
    }
  }
}
