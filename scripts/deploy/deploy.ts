/**
 * One deploy, as its list of phases: read the release, read what the bucket holds (its deploy index and
 * journal), plan, check what an unfinished deploy may have touched, then — journal first — upload new
 * objects, changed objects and the public index, in that order (and inside each phase what is named before
 * what names it); write the new deploy index; delete what left the release; drop the journal.
 *
 * Atomic for readers (scripts/docs/deployment.md, "Deployment"): objects keep their paths, so nothing but the order of the
 * requests protects a reader, and the order is enough: no object is named before it is uploaded, and none
 * is deleted while the live state still names it. A deploy killed at any moment leaves every object the
 * previous state names in place; its journal tells the next deploy which objects to check, so that one
 * finishes the job (and removes anything the killed one left behind).
 *
 * Before anything is written, the deploy proves what it will need: credentials and bucket (the first
 * GET), the right to delete (a DELETE of a key that never exists), and the right to write (the journal).
 */
import { createHash } from 'node:crypto';
import type { ZodType } from 'zod';
import { ResortConditionsError } from '../api/errors.ts';
import { eachInPool as inPool } from '../shared/pool.ts';
import { costOf, pricesFor, type Prices } from './cost.ts';
import { isText, layers, namesIn } from './order.ts';
import { isUpToDate, planDeploy, settleChecks, uploads, type DeployPlan, type RemoteState } from './plan.ts';
import { silentProgress, type Progress } from '../shared/progress.ts';
import type { DeploySummary } from './progress.ts';
import { readObject, readRelease, type LocalObject, type LocalRelease } from './release-files.ts';
import {
  decode,
  bytesTag,
  encodeIndex,
  encodeJournal,
  INDEX_KEY,
  isBookkeeping,
  Journal,
  JOURNAL_KEY,
  PROBE_KEY,
  releaseDigest,
  RemoteIndex,
} from './remote-index.ts';
import { LIST_PAGE, Store, type RequestCounts, type StoreOptions } from './store.ts';
import { targetUrl, type Target } from './target.ts';

export interface DeployOptions {
  /** The published folder (`dist`): its current release is deployed. */
  out: string;
  target: Target;
  env: Readonly<Record<string, string | undefined>>;
  /** Requests under way at once. */
  concurrency: number;
  /** Attempts per request, the first included. */
  attempts: number;
  /** Per 1,000 requests, over the store's defaults. */
  prices?: Partial<Prices>;
  /** Read the bucket's index and plan; write nothing. */
  dryRun?: boolean;
  /** Take over a prefix that holds objects but no deploy index: list it and reconcile every object. */
  adopt?: boolean;
  progress?: Progress;
  /** Called after every answered HTTP attempt (tests stop a deploy at a chosen request). */
  onRequest?: StoreOptions['onRequest'];
}

export interface DeployResult {
  summary: DeploySummary;
  /** The plan after checking: what was (or, for a dry run, would be) uploaded and deleted. */
  plan: DeployPlan;
}

/** The deploy's own objects are small and private to it: never cached by a CDN. */
const BOOKKEEPING_HEADERS = { contentType: 'application/gzip', cacheControl: 'no-store' };

export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const started = performance.now();
  const progress = options.progress ?? silentProgress;
  // 1. the release
  const release = await readRelease(options.out);
  const store = Store.open({
    env: options.env,
    target: options.target,
    concurrency: options.concurrency,
    attempts: options.attempts,
    onRequest: options.onRequest,
  });
  try {
    // 2. what the bucket holds, from its index and journal (this proves the credentials and the bucket)
    const remote = await readRemote(store, options.adopt === true, progress);
    // 3. the plan, 4. checked where an unfinished deploy may have left anything
    const digest = releaseDigest(release.objects.values());
    const prices = pricesFor(store.endpoint, options.prices);
    const planned = planDeploy(release.objects, remote);
    progress.total(planned.check.length);
    const listing = remote.resumes === digest && listingPays(planned, remote, prices.prices);
    const checked: { found: Map<string, string | undefined>; listed?: ReadonlyMap<string, unknown> } = listing
      ? await checkByListing(store, release, planned, remote, options.concurrency, progress)
      : { found: await checkObjects(store, release, planned.check, options.concurrency, progress) };
    const settled = settleChecks(planned, checked.found);
    // what the listing shows gone needs no deleting
    const listed = checked.listed;
    const plan = listed ? { ...settled, remove: settled.remove.filter((path) => listed.has(path)) } : settled;
    const projected = projectRequests(plan, remote, store.counts);
    const summary = (dryRun: boolean, deleted: number): DeploySummary => ({
      target: targetUrl(options.target),
      release: release.name,
      dryRun,
      uploaded: uploads(plan).length,
      bytes: uploads(plan).reduce((sum, o) => sum + o.size, 0),
      deleted,
      unchanged: plan.unchanged,
      checked: planned.check.length,
      requests: { ...store.counts },
      projected,
      cost: costOf(dryRun ? projected : store.counts, prices.prices),
      store: prices.store,
      seconds: (performance.now() - started) / 1000,
    });
    if (options.dryRun) return { summary: summary(true, plan.remove.length), plan };
    if (isUpToDate(plan) && remote.unknown.size === 0) return { summary: summary(false, 0), plan };

    // 5. the rights it needs, before anything is written: every deploy from here on deletes (the journal at
    // the end, at least), and deleting a key that never exists changes nothing
    await store.deleteOne(PROBE_KEY);
    const changing = uploads(plan).length + plan.remove.length > 0;
    if (changing) {
      // the journal is the first write: denied, nothing was written
      const touched = [...remote.unknown, ...uploads(plan).map((o) => o.path), ...plan.remove];
      await store.put(
        JOURNAL_KEY,
        encodeJournal({ version: 1, release: release.name, paths: touched, digest }),
        BOOKKEEPING_HEADERS,
      );
    }
    // 6. new objects, then changed ones, then the public index: each phase complete before the next starts,
    // and inside a phase what is named before what names it
    progress.total(uploads(plan).length + plan.remove.length);
    for (const phase of [plan.create, plan.overwrite, plan.last]) {
      for (const layer of await inNamingOrder(release, phase, options.concurrency))
        await uploadAll(store, release, layer, options.concurrency, progress);
    }
    // 7. the new state is live: the index says what the bucket holds
    const all = [...release.objects.values()];
    const objects = Object.fromEntries(all.map((o) => [o.path, o.fingerprint]));
    const bytes = Object.fromEntries(all.map((o) => [o.path, bytesTag(o.sha256)]));
    await store.put(
      INDEX_KEY,
      encodeIndex({ version: 1, release: release.name, objects, bytes }),
      BOOKKEEPING_HEADERS,
    );
    // 8. only now is nothing left that names the objects that left the release
    let deleted = 0;
    await store.deleteMany(plan.remove, (count) => {
      deleted += count;
      progress.tick(count);
    });
    // 9. done: nothing is left to check
    await store.deleteOne(JOURNAL_KEY);
    progress.end();
    return { summary: summary(false, deleted), plan };
  } finally {
    store.close();
  }
}

async function readRemote(store: Store, adopt: boolean, progress: Progress): Promise<RemoteState> {
  const [indexBytes, journalBytes] = await Promise.all([store.get(INDEX_KEY), store.get(JOURNAL_KEY)]);
  const where = (key: string) => targetUrl(store.target, key);
  const readable = <T>(bytes: Uint8Array | undefined, schema: ZodType<T>, key: string): T | undefined => {
    if (!bytes) return undefined;
    try {
      return decode(bytes, schema, where(key));
    } catch (error) {
      // adopting reconciles every object anyway, so a damaged index costs nothing but checks
      if (adopt) return undefined;
      throw error;
    }
  };
  const index = readable<RemoteIndex>(indexBytes, RemoteIndex, INDEX_KEY);
  const journal = readable<Journal>(journalBytes, Journal, JOURNAL_KEY);
  const unknown = new Set(journal?.paths ?? []);
  if (journal)
    progress.note(
      `an earlier deploy did not finish: checking the ${journal.paths.length} object${journal.paths.length === 1 ? '' : 's'} it may have touched`,
    );
  if (adopt) {
    for (const path of (await store.listAll()).keys()) if (!isBookkeeping(path)) unknown.add(path);
  } else if (!index && !journal) {
    // a prefix without a deploy index is empty, or someone else's: never overwrite or delete what this tool did not put there
    const first = (await store.list(1)).paths.find((path) => !isBookkeeping(path));
    if (first !== undefined) {
      throw new ResortConditionsError(
        'foreign_output',
        `${targetUrl(store.target)} holds objects (first: ${first}) but no deploy index, so this tool did not put them there; nothing was touched. Deploy to an empty prefix, or run with --adopt to take it over (objects that are not in the release are then deleted)`,
      );
    }
  }
  return {
    objects: index?.objects ?? {},
    ...(index?.bytes ? { bytes: index.bytes } : {}),
    unknown,
    ...(journal?.digest ? { resumes: journal.digest } : {}),
  };
}

/**
 * Whether one listing of the prefix costs less than a HEAD of each object to check. A listing page
 * (1,000 keys) is priced like a write, 12.5 HEADs at AWS; where no price is known, that ratio decides.
 */
function listingPays(plan: DeployPlan, remote: RemoteState, prices: Prices): boolean {
  const pages = Math.ceil((Object.keys(remote.objects).length + remote.unknown.size + 1) / LIST_PAGE);
  const ratio = prices.list > 0 && prices.read > 0 ? prices.list / prices.read : 12.5;
  return pages * ratio < plan.check.length;
}

/**
 * Checks what a killed deploy of this same release may have touched from one listing of the prefix: an
 * object that is not listed is not there; one whose ETag is not the MD5 of the release's bytes holds other
 * bytes; one with the release's bytes is the release's — the killed deploy wrote it with the release's
 * headers — unless the index says an earlier version with the same bytes and other headers was there
 * (its bytes' tag; an index without tags cannot say), which only a HEAD can tell apart (a change of
 * headers alone). Answers what `checkObjects` does, and the listing.
 */
async function checkByListing(
  store: Store,
  release: LocalRelease,
  plan: DeployPlan,
  remote: RemoteState,
  concurrency: number,
  progress: Progress,
): Promise<{ found: Map<string, string | undefined>; listed: ReadonlyMap<string, string | undefined> }> {
  progress.note('the same release: one listing of the prefix tells what it left');
  const listed = await store.listAll();
  const found = new Map<string, string | undefined>();
  const ambiguous: LocalObject[] = [];
  // whether the version the index names may have had these bytes (an index of an earlier version cannot say)
  const heldBefore = (object: LocalObject) => {
    const tag = remote.bytes?.[object.path];
    return tag === undefined || tag === bytesTag(object.sha256);
  };
  await inPool(plan.check, concurrency, async (object) => {
    const etag = listed.get(object.path);
    const before = remote.objects[object.path];
    if (!listed.has(object.path)) found.set(object.path, undefined);
    else if (
      etag !==
      `"${createHash('md5')
        .update(await readObject(release, object))
        .digest('hex')}"`
    )
      found.set(object.path, '');
    else if (before === undefined || before === object.fingerprint || !heldBefore(object))
      found.set(object.path, object.fingerprint);
    else return void ambiguous.push(object);
    progress.tick();
  });
  for (const [path, fingerprint] of await checkObjects(store, release, ambiguous, concurrency, progress))
    found.set(path, fingerprint);
  return { found, listed };
}

/**
 * The fingerprint of what the bucket holds at each path (undefined: nothing). An object this tool did not
 * write (another sync tool's, in an adopted prefix) counts as the release's when its bytes (the MD5 of a
 * single-part upload's ETag), Content-Type and Cache-Control are the release's: it is kept, not sent again.
 */
async function checkObjects(
  store: Store,
  release: LocalRelease,
  objects: readonly LocalObject[],
  concurrency: number,
  progress: Progress,
): Promise<Map<string, string | undefined>> {
  const found = new Map<string, string | undefined>();
  await inPool(objects, concurrency, async (object) => {
    const head = await store.headOf(object.path);
    let fingerprint = head?.fingerprint ?? (head ? '' : undefined);
    if (
      head &&
      head.fingerprint === undefined &&
      head.contentType === object.contentType &&
      head.cacheControl === object.cacheControl &&
      head.contentDisposition === object.contentDisposition
    ) {
      const md5 = createHash('md5')
        .update(await readObject(release, object))
        .digest('hex');
      if (head.etag === `"${md5}"`) fingerprint = object.fingerprint;
    }
    found.set(object.path, fingerprint);
    progress.tick();
  });
  return found;
}

/** The objects of one phase in layers, each after the layers of what its objects name (`order.ts`). */
async function inNamingOrder(
  release: LocalRelease,
  objects: readonly LocalObject[],
  concurrency: number,
): Promise<LocalObject[][]> {
  if (objects.length < 2) return objects.length ? [[...objects]] : [];
  const paths = new Set(release.objects.keys());
  const names = new Map<string, string[]>();
  await inPool(objects, concurrency, async (object) => {
    if (isText(object.path))
      names.set(
        object.path,
        namesIn(object.path, (await readObject(release, object)).toString('utf8'), paths),
      );
  });
  return layers(objects, names);
}

async function uploadAll(
  store: Store,
  release: LocalRelease,
  objects: readonly LocalObject[],
  concurrency: number,
  progress: Progress,
): Promise<void> {
  await inPool(objects, concurrency, async (object) => {
    await store.put(object.path, await readObject(release, object), object, object.fingerprint);
    progress.tick();
  });
}

/**
 * The requests a deploy of `plan` makes, with the reads already made: the journal, every upload and the
 * index (writes); the rights probe, one DeleteObjects per 1,000 objects gone and the journal's removal
 * (deletes: the probe and the journal's removal in every deploy that writes). A bucket that is up to date costs the two reads of the index and the journal, nothing else.
 */
export function projectRequests(
  plan: DeployPlan,
  remote: RemoteState,
  made: Readonly<RequestCounts>,
): RequestCounts {
  const up = uploads(plan).length;
  const gone = plan.remove.length;
  if (up + gone === 0 && remote.unknown.size === 0) return { ...made };
  const changing = up + gone > 0;
  return {
    write: made.write + (changing ? 1 : 0) + up + 1,
    delete: made.delete + 1 + Math.ceil(gone / 1000) + 1,
    read: made.read,
    list: made.list,
  };
}
