/**
 * The private state of a release: kept beside the releases (`.dist-releases/<release>.state.json`),
 * never published. It says which source made the release (kind, base URLs, a salted fingerprint of the
 * credentials, the embedded dataset's hash) so that files are carried over only from the same source; and
 * it keeps what scheduling needs and readers do not: every file's hash, size, fetch time and collection,
 * the collections that answered "no file", request counts, the month's ledger and the drift report.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { StaleMark } from './manifest.ts';

export const FileState = z.strictObject({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.int().nonnegative(),
  /** When the upstream answered the request this file came from. */
  fetchedAt: z.string(),
  /** The plan collection that produced it. */
  collection: z.string(),
  stale: StaleMark.optional(),
});
export type FileState = z.infer<typeof FileState>;

export const Identity = z.strictObject({
  kind: z.enum(['local', 'remote']),
  /** Public facts that name the source: base URLs, or the dataset's hash and the account used. */
  facts: z.record(z.string(), z.string()),
  /** HMAC-SHA256 of the credentials under `salt`: equal credentials give an equal fingerprint. */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  salt: z.string().regex(/^[0-9a-f]{32}$/),
});
export type Identity = z.infer<typeof Identity>;

export const DriftEntry = z.strictObject({
  path: z.string(),
  kind: z.string(),
  example: z.string(),
  count: z.int().nonnegative(),
});

/**
 * What the alert feeds remember of each resort's history (scripts/feeds/memory.ts), so that the next
 * build adds its day rather than reading every season again: for the threshold they were made with, each
 * resort's record as text the feeds write and check when they read it (a record they cannot read is a
 * resort whose history they read whole): its newest alerts with their days' figures, the date of its newest
 * point and the season's state before it and after it. Text rather than objects: a record of 52 alerts is
 * one string to parse and check, not 52 objects of 9 members each (a few milliseconds for 2,000 resorts
 * where the objects take a quarter of a second).
 */
export const AlertMemory = z.strictObject({
  /** What the alerts meant when they were remembered (`MEMORY_VERSION`, memory.ts): another is not used. */
  version: z.int().positive(),
  newSnowCm: z.number().positive(),
  resorts: z.record(z.string().regex(/^[1-9]\d*$/), z.string().max(16_384)),
});
export type AlertMemory = z.infer<typeof AlertMemory>;

export const State = z.strictObject({
  version: z.literal(1),
  identity: Identity,
  builtAt: z.string(),
  requests: z.strictObject({
    /** Upstream requests this run made. */
    made: z.int().nonnegative(),
    /** Requests that one request per published file would have needed, less those made. */
    saved: z.int().nonnegative(),
    /** The fewest requests the URI limit allows for what this run fetched. */
    lowerBound: z.int().nonnegative(),
    byEndpoint: z.record(z.string(), z.int().nonnegative()),
  }),
  /** Requests of the calendar month (UTC) so far, this run included. */
  ledger: z.strictObject({ month: z.string().regex(/^\d{4}-\d{2}$/), requests: z.int().nonnegative() }),
  files: z.record(z.string(), FileState),
  /** Collections whose last answer meant "no file" (404, 403), with when: they too wait for their interval. */
  absent: z.record(z.string(), z.string()),
  /** Absent collections this run could not fetch again: still absent, as last known, and marked stale. */
  staleAbsent: z.record(z.string(), StaleMark).optional(),
  /** Collections left out of the release: they failed and had no earlier copy. Collection → why. */
  missing: z.record(z.string(), z.string()).optional(),
  /** Per endpoint: what the upstream sent that the specification does not say (published as received). */
  drift: z.record(z.string(), z.array(DriftEntry)),
  /**
   * The key of each group of files beside `api/` that the site makes again every build (the alert feeds, by
   * their paths without the format: `feeds/en-US/resort-25`): the next build links a group whose key is the
   * same instead of making it (`KeptFiles`, staging.ts).
   */
  kept: z.record(z.string(), z.string()).optional(),
  /** The alert feeds' memory of the history (`AlertMemory`); absent before the first feeds. */
  alerts: AlertMemory.optional(),
});
export type State = z.infer<typeof State>;

/** What a source says about itself; `secret` is only ever fingerprinted, never stored. */
export interface SourceIdentity {
  kind: 'local' | 'remote';
  facts: Record<string, string>;
  secret: string;
  /** Forms of `secret` that earlier versions stored for the same credentials: still recognised. */
  formerSecrets?: readonly string[];
}

const fingerprint = (secret: string, salt: string) => createHmac('sha256', salt).update(secret).digest('hex');

/** The identity to store: the previous salt when there is one, so equal sources compare equal. */
export function identityOf(source: SourceIdentity, salt = randomBytes(16).toString('hex')): Identity {
  return {
    kind: source.kind,
    facts: Object.fromEntries(Object.entries(source.facts).sort()),
    fingerprint: fingerprint(source.secret, salt),
    salt,
  };
}

/** Whether a stored identity names the same source and credentials. */
export function sameIdentity(stored: Identity, source: SourceIdentity): boolean {
  const now = identityOf(source, stored.salt);
  const secrets = [source.secret, ...(source.formerSecrets ?? [])];
  return (
    now.kind === stored.kind &&
    secrets.some((secret) => fingerprint(secret, stored.salt) === stored.fingerprint) &&
    JSON.stringify(now.facts) === JSON.stringify(stored.facts)
  );
}

/** Serialises with files in a fixed order. */
export function serializeState(state: State): string {
  const files = Object.fromEntries(
    Object.keys(state.files)
      .sort()
      .map((k) => [k, state.files[k]]),
  );
  return `${JSON.stringify({ ...state, files })}\n`;
}

/**
 * The text `serializeState` makes, as UTF-8 in chunks, from the state without its files and the files' part
 * (`"path":{…},…`, sorted by path: `FileIndex.json`): a large release's state is written without being one
 * string. A chunk may be a view the next one overwrites (as `FileIndex.json` makes them).
 */
export function* stateChunks(
  state: Omit<State, 'files'>,
  files: Iterable<Uint8Array>,
): IterableIterator<Uint8Array> {
  const { version, identity, builtAt, requests, ledger, ...after } = state;
  const head = JSON.stringify({ version, identity, builtAt, requests, ledger });
  yield Buffer.from(`${head.slice(0, -1)},"files":{`);
  yield* files;
  // `absent` and `drift` are always there: the rest is never empty
  yield Buffer.from(`},${JSON.stringify(after).slice(1)}\n`);
}

/** Reads a state file; a missing or unreadable one means "no previous build". */
export async function readState(path: string): Promise<State | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const result = State.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The month's request ledger of an output folder (`.dist-releases/ledger.json`): every run adds what it
 * spent, published or not — a run refused by the budget or stopped by a fault has spent requests too.
 * One entry per source and account, so a run with wrong credentials does not reset the right one's.
 */
export const Ledger = z.strictObject({
  identity: Identity,
  month: z.string().regex(/^\d{4}-\d{2}$/),
  requests: z.int().nonnegative(),
});
export type Ledger = z.infer<typeof Ledger>;
const LedgerFile = z.strictObject({ entries: z.array(Ledger) });

/** Entries kept: the most recently used sources. */
const LEDGER_ENTRIES = 8;

async function readEntries(path: string): Promise<Ledger[]> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  try {
    return LedgerFile.parse(JSON.parse(text)).entries;
  } catch {
    return [];
  }
}

/** The ledger entry of `source`, if the file has one. */
export async function readLedger(path: string, source: SourceIdentity): Promise<Ledger | undefined> {
  return (await readEntries(path)).find((entry) => sameIdentity(entry.identity, source));
}

/** Puts `ledger` first in the file (replacing the entries of the same `source`), atomically. */
export async function writeLedger(path: string, ledger: Ledger, source: SourceIdentity): Promise<void> {
  const others = (await readEntries(path)).filter(
    (e) =>
      !sameIdentity(e.identity, source) &&
      (e.identity.fingerprint !== ledger.identity.fingerprint ||
        JSON.stringify(e.identity.facts) !== JSON.stringify(ledger.identity.facts)),
  );
  await writeFile(
    `${path}.tmp`,
    `${JSON.stringify({ entries: [ledger, ...others].slice(0, LEDGER_ENTRIES) })}\n`,
  );
  await rename(`${path}.tmp`, path);
}
