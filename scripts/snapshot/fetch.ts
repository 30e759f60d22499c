/**
 * The fetch phase: every request of a due collection through the source, at most `concurrency` at once,
 * each body validated as it arrives. The source retries what is worth retrying; here an answer that
 * still fails marks its collection failed, so the release keeps that part's last good files.
 */
import { describeRequest } from '../api/redact.ts';
import { SnapshotError } from './errors.ts';
import type { Collection } from './plan.ts';
import { silentProgress, type Progress } from './progress.ts';
import type { Source } from './source.ts';
import { validateBody } from './validate.ts';

export interface Fetched {
  collection: Collection;
  /** ok: one body per request; forbidden: the account lacks the feature; carried: not due this run. */
  state: 'ok' | 'forbidden' | 'failed' | 'carried';
  /** One per request; undefined where an allowed 404 means "no file". */
  bodies: unknown[];
  reason?: string;
  /** Answers that meant "no file". */
  notFound: number;
  /** Upstream requests made for this collection. */
  requests: number;
}

/** A bounded pool: at most `limit` tasks run at once. */
export function pool(limit: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

type Answer = { body: unknown } | { forbidden: true } | { failure: string };

export class Fetcher {
  readonly #source: Source;
  readonly #run: ReturnType<typeof pool>;
  readonly #progress: Progress;
  readonly #isDue: (c: Collection) => boolean;

  constructor(source: Source, options: { concurrency: number; progress?: Progress; isDue: (c: Collection) => boolean }) {
    this.#source = source;
    this.#run = pool(options.concurrency);
    this.#progress = options.progress ?? silentProgress;
    this.#isDue = options.isDue;
  }

  /** Tells the progress how many requests the due collections of `collections` will make. */
  announce(collections: readonly Collection[]): void {
    this.#progress.total(collections.reduce((n, c) => n + (this.#isDue(c) ? c.requests.length : 0), 0));
  }

  async fetchAll(collections: Collection[]): Promise<Fetched[]> {
    this.announce(collections);
    return Promise.all(collections.map((c) => this.fetch(c)));
  }

  /** Fetches one collection, or reports it carried when its refresh interval has not passed. */
  async fetch(c: Collection): Promise<Fetched> {
    if (!this.#isDue(c)) return { collection: c, state: 'carried', bodies: [], notFound: 0, requests: 0 };
    const answers = await Promise.all(c.requests.map((request) => this.#run(() => this.#answer(c, request))));
    const made = c.requests.length;
    const notFound = answers.filter((a) => 'body' in a && a.body === undefined).length;
    const failed = answers.find((a): a is { failure: string } => 'failure' in a);
    if (failed) return { collection: c, state: 'failed', bodies: [], reason: failed.failure, notFound, requests: made };
    if (answers.some((a) => 'forbidden' in a)) return { collection: c, state: 'forbidden', bodies: [], notFound, requests: made };
    return { collection: c, state: 'ok', bodies: answers.map((a) => ('body' in a ? a.body : undefined)), notFound, requests: made };
  }

  async #answer(c: Collection, request: Collection['requests'][number]): Promise<Answer> {
    try {
      const response = await this.#source.fetch(request);
      if (response.status === 200) return { body: validateBody(c, response.body) };
      if (response.status === 404 && c.allowNotFound) return { body: undefined };
      if (response.status === 403) return { forbidden: true };
      return { failure: `HTTP ${response.status} from ${describeRequest(this.#source.target(request), this.#source.secrets)}` };
    } catch (error) {
      // only the upstream's faults keep last good copies; anything else is a defect and stops the run
      if (error instanceof SnapshotError && (error.code === 'upstream_network' || error.code === 'upstream_http')) return { failure: error.message };
      throw error;
    } finally {
      this.#progress.tick();
    }
  }
}
