/**
 * The season histories a release publishes (`history/index.json`, `history/<id>/<season>.json`: the
 * contract of scripts/api/schemas/history.ts), read back from the tree being released for the alert
 * feeds. Every file is checked against the contract; one that breaks it, or names another resort or
 * season than its path, is left out of the feeds and said through `note` (the feeds are derived: they
 * never stop a release). No index: no history yet, no entries.
 */
import type { z } from 'zod';
import { jsonPath } from '../../api/json-path.ts';
import {
  HISTORY_INDEX_PATH,
  historyPath,
  HistoryIndex,
  SeasonHistory,
  type HistoryDay,
} from '../../api/schemas/history.ts';
import { contractSeason } from '../../snapshot/release/history.ts';

/** Reads a file of the tree being released, relative to its root; undefined when there is none. */
export type TreeReader = (path: string) => Promise<Uint8Array | undefined>;

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
  read: TreeReader,
  resorts: ReadonlySet<number>,
  note: (line: string) => void = () => {},
): Promise<Map<number, HistoryDay[]>> {
  const out = new Map<number, HistoryDay[]>();
  const indexBytes = await read(HISTORY_INDEX_PATH);
  if (!indexBytes) return out;
  const index = parse(HistoryIndex, indexBytes, HISTORY_INDEX_PATH, note);
  for (const { resort, seasons } of index?.resorts ?? []) {
    if (!resorts.has(resort)) continue;
    const days: HistoryDay[] = [];
    for (const season of seasons) {
      const path = historyPath(resort, season);
      const bytes = await read(path);
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
