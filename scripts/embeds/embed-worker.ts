/**
 * The code of the thread that makes the embeds (embed-thread.ts): one locale's cards, then its regions'
 * lists, at a time, rendered from the staged files on disk; it places each file in the staged release
 * itself, as the release's writer would (scripts/snapshot/store/staging.ts), so the build's thread,
 * which has the fetching to do, never handles them; a card or a list that cannot be made is answered as a
 * failed part, which the build keeps from the previous release or leaves out. A job the build stops (its build failed) ends at the
 * next file, and says so only once it writes no more.
 */
import { parentPort } from 'node:worker_threads';
import { threadData } from '../shared/thread.ts';
import { SnapshotError } from '../snapshot/errors.ts';
import {
  placeBeside,
  stagedReader,
  type Beside,
  type ExtraFile,
  type Placed,
} from '../snapshot/store/staging.ts';
import { Turns } from '../snapshot/turns.ts';
import type { Part } from '../snapshot/release/publisher.ts';
import { CARD_LAYOUTS, cardMaker, cardPath, localeCards, readJson } from './cards.ts';
import { listMaker, listPath, localeLists } from './lists.ts';

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

/** A card or a list that could not be made: its part (publisher.ts), which the build keeps or leaves out. */
export interface FailedPart {
  part: Pick<Part, 'artefact' | 'locale' | 'resort' | 'region' | 'paths'>;
  error: string;
}

/** What the thread answers for a job: what it placed (also when stopped) and the parts that failed, or why it failed. */
export type EmbedAnswer = { job: number } & (
  { placed: Placed; failed: FailedPart[] } | { error: string; code?: string }
);

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

/**
 * Makes one locale's embeds, each card and each list a part of its own (the build's fault boundary,
 * scripts/snapshot/release/publisher.ts): a part whose rendering fails places none of its files and is
 * answered as failed; placing a file (a secret in it, the disk) fails the whole job.
 */
async function make(job: EmbedJob): Promise<void> {
  const placed: Placed = { written: 0, unchanged: 0, bytes: 0 };
  const failed: FailedPart[] = [];
  // a stop sent with the job is taken before anything is written
  await new Promise<void>((resolve) => setImmediate(resolve));
  try {
    const files = { read: stagedReader(job.dir), builtAt: job.builtAt };
    const { locale } = job;
    const attribution = await readJson(files, { endpoint: 'attribution', locale });
    // the turns let a stop in: rendering alone never leaves the microtask queue
    const turns = new Turns();
    const parts = function* () {
      for (const id of job.ids) {
        const paths = CARD_LAYOUTS.flatMap((l) => [
          cardPath(locale, id, 'page', l),
          cardPath(locale, id, 'include', l),
        ]);
        yield {
          part: { artefact: 'cards', locale, resort: id, paths },
          made: () => localeCards(cards, { ...job, files, ids: [id], attribution }),
        };
      }
      for (const region of job.regions) {
        const paths = [listPath(locale, region, 'page'), listPath(locale, region, 'include')];
        yield {
          part: { artefact: 'lists', locale, region, paths },
          made: () => localeLists(lists, { ...job, files, regions: [region] }),
        };
      }
    };
    for (const { part, made } of parts()) {
      const turn = turns.due();
      if (turn) await turn;
      if (stopped.has(job.job)) break;
      const out: ExtraFile[] = [];
      try {
        for await (const file of made()) out.push(file);
      } catch (error) {
        failed.push({ part, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      for (const file of out) placeBeside(job.beside, file.path, file.bytes, placed);
    }
    port.postMessage({ job: job.job, placed, failed } satisfies EmbedAnswer);
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
