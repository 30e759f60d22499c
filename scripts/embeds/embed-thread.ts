/**
 * Makes the embeds (the cards and the lists) in a thread of their own (embed-worker.ts), one locale at a
 * time, while the build's thread goes on fetching and writing the next locales: rendering them is as much
 * work as the rest of the build's thread, and the second core has room for it. The thread reads the staged
 * files and places the embeds in the staged release itself (scripts/snapshot/store/staging.ts); the
 * build's thread only counts them. Handing each card back to the build's thread made the cards wait for it: a
 * collection of 2,000 resorts keeps that thread busy for seconds, and the cards of one locale took 14 s
 * of which 10.7 s were spent waiting.
 *
 * The thread starts with the first locale and keeps the process alive only while a locale is under way
 * (scripts/shared/thread.ts: from the sources through tsx, from the package its compiled module).
 */
import { besideModule, startThread, type Thread } from '../shared/thread.ts';
import { SnapshotError } from '../snapshot/errors.ts';
import type { Placed } from '../snapshot/store/staging.ts';
import type { EmbedAnswer, EmbedJob, EmbedMessage, EmbedWorkerData, FailedPart } from './embed-worker.ts';
import { prerenderFile } from '../element/browser-files.ts';
import { heightReporterSource } from './cards.ts';

/** One locale's job as the build gives it: the staged folder, the build's time, the resorts, the images. */
export type LocaleJob = Omit<EmbedJob, 'job'>;

export class EmbedThread {
  #thread: Promise<Thread> | undefined;
  readonly #jobs = new Map<number, (answer: EmbedAnswer) => void>();
  #next = 0;
  #failure: Error | undefined;

  /**
   * Makes and places the embeds of one locale; answers what was placed and the cards and lists that could
   * not be made (each a part of its own, which the build keeps or leaves out). `signal` stops the job at the next
   * file; the promise settles only once the thread writes no more of it.
   */
  async place(locale: LocaleJob, signal?: AbortSignal): Promise<{ placed: Placed; failed: FailedPart[] }> {
    // a job stopped before it began is not sent: its stop could reach the thread after its first files
    if (signal?.aborted) return { placed: { written: 0, unchanged: 0, bytes: 0 }, failed: [] };
    const thread = await (this.#thread ??= this.#start());
    const { worker } = thread;
    if (this.#failure) throw this.#failure;
    const id = this.#next++;
    const answer = new Promise<EmbedAnswer>((resolve) => this.#jobs.set(id, resolve));
    thread.busy();
    const stop = () => worker.postMessage({ stop: id } satisfies EmbedMessage);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      worker.postMessage({ ...locale, job: id } satisfies EmbedMessage);
      if (signal?.aborted) stop();
      const result = await answer;
      if ('placed' in result) return { placed: result.placed, failed: result.failed };
      throw result.code
        ? new SnapshotError(result.code as SnapshotError['code'], result.error)
        : new Error(`the embeds of ${locale.locale} could not be made: ${result.error}`);
    } finally {
      signal?.removeEventListener('abort', stop);
      this.#jobs.delete(id);
      thread.idle();
    }
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    if (thread) await (await thread).worker.terminate();
  }

  async #start(): Promise<Thread> {
    const data: EmbedWorkerData = {
      prerender: prerenderFile(),
      listPrerender: prerenderFile('list/prerender'),
      heightReporter: await heightReporterSource(),
    };
    // a card or a list is tens of kilobytes of short-lived strings: a small young generation collects them as often
    // and keeps the thread's heap small
    const events = {
      answer: (answer: EmbedAnswer) => this.#jobs.get(answer.job)?.(answer),
      // a thread that died writes nothing more: its jobs end with its error (a thread closed with none, nothing)
      gone: (error: Error, how: 'error' | 'exit') => {
        if (how === 'exit' && this.#jobs.size === 0) return;
        this.#failure ??= error;
        for (const [job, settle] of this.#jobs) settle({ job, error: error.message });
      },
    };
    return startThread(besideModule('embed-worker', import.meta.url), data, 'making the embeds', events, {
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
  }
}
