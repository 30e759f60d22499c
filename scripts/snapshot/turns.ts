/**
 * Turns of the event loop for a thread that would otherwise never leave the microtask queue: an
 * in-process source answers without waiting for anything, and rendering the embeds waits for nothing
 * either. Without a turn every few milliseconds no timer runs, no message from another thread is taken
 * (a stop), and the garbage collector cannot finish its incremental marking: the heap grows by gigabytes
 * of garbage over a large build.
 */
export class Turns {
  #last = performance.now();

  constructor(readonly everyMs = 20) {}

  /** A promise of the next turn once `everyMs` have passed since the last, else nothing (go on). */
  due(): Promise<void> | undefined {
    if (performance.now() - this.#last <= this.everyMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        this.#last = performance.now();
        resolve();
      }),
    );
  }
}
