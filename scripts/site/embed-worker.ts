/**
 * The code of the thread that makes the embeds (embed-thread.ts): one locale's cards, then its regions'
 * lists, at a time, rendered from the staged files on disk; it places each file in the staged release
 * itself, as the release's writer would (scripts/snapshot/store/staging.ts), so the build's thread,
 * which has the fetching to do, never handles them. A job the build stops (its build failed) ends at the
 * next file, and says so only once it writes no more.
 */
import { parentPort } from 'node:worker_threads';
import { threadData } from '../snapshot/store/thread.ts';
import { SnapshotError } from '../snapshot/errors.ts';
import {
  placeBeside,
  stagedReader,
  type Beside,
  type ExtraFile,
  type Placed,
} from '../snapshot/store/staging.ts';
import { Turns } from '../snapshot/turns.ts';
import { cardMaker, localeCards } from './cards.ts';
import { listMaker, localeLists } from './lists.ts';

/** A locale's embeds to make and place: embed-thread.ts sends it. */
export interface EmbedJob {
  job: number;
  /** The staged `api/` folder, where the embeds' data is read. */
  dir: string;
  builtAt: number;
  locale: string;
  /** The resorts, each a card. */
  ids: number[];
  /** The regions, each a list. */
  regions: number[];
  images: ExtraFile[];
  /** The config's `publicUrl`: the includes name their resort's feeds under it. */
  publicUrl?: string;
  /** Where the files go. */
  beside: Beside;
}

/** What the thread answers for a job: what it placed (also when stopped), or why it failed. */
export type EmbedAnswer = { job: number } & ({ placed: Placed } | { error: string; code?: string });

/** What the build sends: a job, or that it stops one. */
export type EmbedMessage = EmbedJob | { stop: number };

const port = parentPort!;
/** What the thread is started with: the pre-render modules and the cards' height reporter. */
export interface EmbedWorkerData {
  prerender: string;
  listPrerender: string;
  heightReporter: string;
}

const { prerender, listPrerender, heightReporter } = threadData<EmbedWorkerData>();
const [cards, lists] = await Promise.all([
  cardMaker({ heightReporter, file: prerender }),
  listMaker({ heightReporter, file: listPrerender }),
]);

const stopped = new Set<number>();
let queue = Promise.resolve();

async function make(job: EmbedJob): Promise<void> {
  const placed: Placed = { written: 0, unchanged: 0, bytes: 0 };
  // a stop sent with the job is taken before anything is written
  await new Promise<void>((resolve) => setImmediate(resolve));
  try {
    const files = { read: stagedReader(job.dir), builtAt: job.builtAt };
    // the turns let a stop in: rendering alone never leaves the microtask queue
    const turns = new Turns();
    const made = async function* () {
      yield* localeCards(cards, { ...job, files });
      yield* localeLists(lists, { ...job, files });
    };
    for await (const file of made()) {
      const turn = turns.due();
      if (turn) await turn;
      if (stopped.has(job.job)) break;
      placeBeside(job.beside, file.path, file.bytes, placed);
    }
    port.postMessage({ job: job.job, placed } satisfies EmbedAnswer);
  } catch (error) {
    const code = error instanceof SnapshotError ? error.code : undefined;
    port.postMessage({
      job: job.job,
      error: (error as Error).message,
      ...(code ? { code } : {}),
    } satisfies EmbedAnswer);
  } finally {
    stopped.delete(job.job);
  }
}

port.on('message', (message: EmbedMessage) => {
  // a stop arrives while the job runs (its loop awaits between files) or before it began
  if ('stop' in message) stopped.add(message.stop);
  else queue = queue.then(() => make(message));
});
