/**
 * The release's step that records the season's history (scripts/docs/snapshot.md, "The season's history"),
 * as a publisher (publisher.ts) of one part, `history`: from the files staged once every API file is in,
 * before the steps that read it (the feeds, which get its points through `KeptFiles.history`), with the
 * origins a lost history is read back from (the previous release, the published site, the bucket). When it
 * fails, the previous release's `history/` is kept whole and the feeds are made without this build's points.
 */
import type { SnapshotConfig } from '../snapshot/config.ts';
import type { Scope } from '../snapshot/model.ts';
import type { PreviousBuild } from '../snapshot/store/previous.ts';
import type { HistoryCarry } from '../snapshot/store/staging.ts';
import { folderOrigin, siteOrigin, type HistoryOrigin } from './origins.ts';
import type { PublishContext, Publisher } from '../snapshot/release/publisher.ts';
import { recordHistory } from './record.ts';
import { bucketOrigin, type BucketSettings } from './bucket-origin.ts';

/**
 * The history step; `bucket`: the deploy's bucket, where a lost history is read back from after the
 * published site.
 */
export function historyPublisher(options: { bucket?: BucketSettings } = {}): Publisher {
  return {
    name: 'history',
    stage: 'release',
    parts: () => [{ artefact: 'history', under: ['history'] }],
    make: async (_part, context: PublishContext) => ({
      history: await recordReleaseHistory(context.release, {
        scope: context.scope,
        config: context.config,
        buildTime: context.buildTime,
        previous: context.previous,
        ...(options.bucket ? { bucket: options.bucket } : {}),
        signals: context.stops,
        note: context.note,
      }),
    }),
  };
}

export interface HistoryStep {
  scope: Scope;
  config: SnapshotConfig;
  buildTime: number;
  previous: PreviousBuild;
  /** The deploy's bucket, tried after the published site (opened at its first read). */
  bucket?: BucketSettings;
  /** What stops the reading back: the build's failure, its deadline. */
  signals: ReadonlyArray<AbortSignal | undefined>;
  note: (line: string) => void;
}

/**
 * Records the history of every resort of `scope` into `release`; answers what the feeds need of it: this
 * build's points, and the previous release's memory of the history where this history continues that one.
 */
export async function recordReleaseHistory(
  release: PublishContext['release'],
  step: HistoryStep,
): Promise<HistoryCarry> {
  const { config, previous } = step;
  const staged = await release.staged(step.buildTime);
  const folder = release.previousFolder;
  // the origins this step opens to read a lost history back, let go of when it ends
  const opened: HistoryOrigin[] = [];
  try {
    const result = await recordHistory({
      scope: step.scope,
      clock: step.buildTime,
      locales: config.locales,
      async file(path) {
        const stale = release.isStale(path);
        if (stale === undefined) return undefined;
        const bytes = await staged.read(path);
        return bytes && { bytes, fresh: !stale };
      },
      previous: previous.state && folder ? folderOrigin(folder, 'the previous release') : undefined,
      ...(folder && !previous.state ? { noPrevious: 'the previous release has no private state' } : {}),
      otherSource: previous.otherSource,
      recall: recallOrigins(step, opened),
      place: (path, bytes) => release.addExtras([{ path, bytes }]),
      carry: (path) => release.carryExtra(path),
      note: step.note,
      concurrency: config.concurrency,
    });
    if (result.stale > 0)
      step.note(
        `history: ${result.stale} resort${result.stale === 1 ? '' : 's'} got no point this build: ${result.stale === 1 ? 'its report was' : 'their reports were'} kept from an earlier run`,
      );
    if (result.undated.length > 0) {
      const [n, ids] = [result.undated.length, result.undated.slice(0, 10).join(', ')];
      step.note(
        `history: ${n} resort${n === 1 ? '' : 's'} got no point this build: ${n === 1 ? 'its report names' : 'their reports name'} no day it was reported on (${n === 1 ? 'resort' : 'resorts'} ${ids}${n > 10 ? ', …' : ''})`,
      );
    }
    // the feeds' memory was made of the previous release's history: it serves a history that continues it
    const memory = result.continued ? previous.state?.alerts : undefined;
    return { days: result.days, broken: result.broken, ...(memory ? { memory } : {}) };
  } finally {
    for (const origin of opened) await origin.close?.();
  }
}

/**
 * Where a history the previous release does not hold is read back from, in order: the published site
 * (`publicUrl`), then the deploy's bucket, held to the same deadline per file and the same stops as the
 * site (bucket-origin.ts); added to `opened`, which it answers.
 */
function recallOrigins(step: HistoryStep, opened: HistoryOrigin[]): HistoryOrigin[] {
  const { config } = step;
  const timeoutMs = config.request.timeout * 1000;
  const site =
    config.publicUrl &&
    siteOrigin(config.publicUrl, { timeoutMs, connections: config.concurrency, signals: [...step.signals] });
  if (site) opened.push(site);
  const bucket = step.bucket && bucketOrigin(step.bucket, { timeoutMs, signals: step.signals });
  if (bucket) opened.push(bucket);
  return opened;
}
