/**
 * The pre-rendered cards with their season chart (`embeds.season`, scripts/docs/configuration.md, "Season
 * chart in the embeds"): for each resort that has a history and each locale, `cards/<locale>/<id>.season.html`
 * (a page for an iframe) and `cards/<locale>/<id>.season.include.html`, the full card with the chart of its
 * latest season as the element draws it (`<resort-conditions season>`). They are made from the tree being
 * released once the build has recorded the day's history (scripts/snapshot/run.ts places it before the
 * site's files are asked for), so the chart holds the day the card shows.
 */
import { HISTORY_INDEX_PATH, HistoryIndex, historyPath } from '../api/schemas/history.ts';
import { cardFiles, type CardOptions, type SeasonFile } from './cards.ts';
import type { TreeReader } from '../history/read.ts';
import type { ExtraFile } from '../snapshot/store/staging.ts';

/** A staged JSON file of the tree, or undefined when there is none or it is no JSON. */
async function readTreeJson(read: TreeReader, path: string): Promise<unknown> {
  const bytes = await read(path);
  try {
    return bytes ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The latest season of each resort the tree's history index lists (oldest first), by resort id; none when
 * the tree has no index or one that breaks the contract (the build said so when it recorded the history).
 */
export async function latestSeasons(read: TreeReader): Promise<Map<number, string>> {
  const index = HistoryIndex.safeParse(await readTreeJson(read, HISTORY_INDEX_PATH));
  return new Map(
    index.success
      ? index.data.resorts.flatMap((r) => (r.seasons.length ? [[r.resort, r.seasons.at(-1)!]] : []))
      : [],
  );
}

/** Every card with its season chart, one locale and one resort at a time; the pre-render checks each season. */
export async function* seasonCardFiles(
  options: CardOptions & { history: TreeReader },
): AsyncGenerator<ExtraFile> {
  const { history, ...cards } = options;
  const latest = await latestSeasons(history);
  const season = async (id: number): Promise<SeasonFile | undefined> => {
    const name = latest.get(id)!;
    const body = await readTreeJson(history, historyPath(id, name));
    return body === undefined ? undefined : { name, body };
  };
  const resorts = options.resorts.filter((r) => latest.has(r.id));
  if (resorts.length > 0) yield* cardFiles({ ...cards, resorts, layouts: ['season'], season });
}
