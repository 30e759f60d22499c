/**
 * The season histories a release publishes (`history/index.json`, `history/<id>/<season>.json`: the
 * contract of scripts/api/schemas/history.ts), read back from the tree being released for the alert
 * feeds of the resorts their memory cannot serve (memory.ts). Every file is checked against the contract; one that breaks it, or names another resort or
 * season than its path, is left out of the feeds and said through `note` (the feeds are derived: they
 * never stop a release). No index: no history yet, no entries.
 */
import type { z } from 'zod';
import { jsonPath } from '../api/json-path.ts';
import {
  HISTORY_INDEX_PATH,
  historyPath,
  HistoryIndex,
  SeasonHistory,
  type HistoryDay,
} from '../api/schemas/history.ts';
import { contractSeason } from './season.ts';

/** Reads a file of the tree being released, relative to its root; undefined when there is none. */
export type TreeReader = (path: string) => Promise<Uint8Array | undefined>;

/** How many files `readAll` asks for at once: a read waits on the disk, and one at a time waits the longest. */
const READS_AT_ONCE = 32;

/** Each of `paths` read with `read`, in their order, a few at a time. */
export async function readAll(
  read: TreeReader,
  paths: readonly string[],
): Promise<Array<Uint8Array | undefined>> {
  const out: Array<Uint8Array | undefined> = [];
  for (let i = 0; i < paths.length; i += READS_AT_ONCE)
    out.push(...(await Promise.all(paths.slice(i, i + READS_AT_ONCE).map(read))));
  return out;
}

function parse<T>(
  schema: z.ZodType<T>,
  bytes: Uint8Array,
  path: string,
  note: (line: string) => void,
  /** The same answer as the schema's for a file as the history step writes it, faster; undefined: ask the schema. */
  fast?: (body: unknown) => T | undefined,
): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    note(`${path}: not JSON; left out of the alert feeds`);
    return undefined;
  }
  const quick = fast?.(value);
  if (quick) return quick;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  note(
    `${path}: breaks the history's contract (${jsonPath(issue.path)}: ${issue.message}); left out of the alert feeds`,
  );
  return undefined;
}

/**
 * The days of every resort of `resorts` that has a history in the tree, all its seasons' days together
 * (the index lists them oldest first), by resort id.
 */
export async function readHistories(
  readFile: TreeReader,
  resorts: ReadonlySet<number>,
  note: (line: string) => void = () => {},
): Promise<Map<number, HistoryDay[]>> {
  const out = new Map<number, HistoryDay[]>();
  const indexBytes = await readFile(HISTORY_INDEX_PATH);
  if (!indexBytes) return out;
  const index = parse(HistoryIndex, indexBytes, HISTORY_INDEX_PATH, note);
  const held = (index?.resorts ?? []).filter(({ resort }) => resorts.has(resort));
  const files = held.flatMap(({ resort, seasons }) => seasons.map((season) => historyPath(resort, season)));
  const read = new Map((await readAll(readFile, files)).map((bytes, i) => [files[i]!, bytes]));
  for (const { resort, seasons } of held) {
    const days: HistoryDay[] = [];
    for (const season of seasons) {
      const path = historyPath(resort, season);
      const bytes = read.get(path);
      if (!bytes) {
        note(`${path}: listed in ${HISTORY_INDEX_PATH} but missing; left out of the alert feeds`);
        continue;
      }
      const history = parse(SeasonHistory, bytes, path, note, contractSeason);
      if (!history) continue;
      if (history.resort !== resort || history.season !== season) {
        note(
          `${path}: holds resort ${history.resort}, season ${history.season}; left out of the alert feeds`,
        );
        continue;
      }
      days.push(...history.days);
    }
    out.set(resort, days);
  }
  return out;
}
