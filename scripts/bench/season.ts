/**
 * What the season costs a build (scripts/docs/snapshot.md, "The season's history"): the two steps it adds,
 * the history's recording and the alert feeds, run again alone over the tree a build published, as the next
 * day's build runs them (the previous release's history read back, every resort's report read, the season
 * files and the feeds of every locale made). Their seconds, set against the whole build's, are the share of a
 * build's time the season takes: on the first day of a history (no history before it), and after a year of
 * daily builds, once every resort's history holds a point for each of the 364 days before (`fillSeasons`).
 * The feeds are made as the next build makes them: the previous release's feeds, made (uncounted) from the
 * history held before, give their keys and their memory of the history (the private state's `alerts`); a
 * feed whose key stays the same is linked (counted, not made), and a resort the memory holds gets the day
 * added to its alerts without its seasons being read. The files they make are kept in memory: the writing,
 * which the build's writer does in a thread of its own, is not counted.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  HistoryIndex,
  SeasonHistory,
  historyPath,
  seasonOf,
  type HistoryDay,
} from '../api/schemas/history.ts';
import { DEFAULT_POWDER_CM } from '../snapshot/config.ts';
import { regionIds, type Scope } from '../snapshot/model.ts';
import { folderOrigin } from '../history/origins.ts';
import { seasonBytes } from '../history/season.ts';
import { recordHistory } from '../history/record.ts';
import { stagedReader } from '../snapshot/store/staging.ts';
import type { AlertMemory } from '../snapshot/store/state.ts';
import { feedFiles } from '../feeds/feeds.ts';

/**
 * Seconds the history step and the feeds take over the release published in `out`, the history held
 * before read from `held` (an empty folder for a history's first day, or a folder `fillSeasons` made).
 * Nothing of `out` is written.
 */
export async function seasonSeconds(
  out: string,
  scope: Scope,
  locales: readonly string[],
  held = out,
): Promise<{ history: number; feeds: number; bytes: number; made: number; linked: number }> {
  // as a build reads its staged tree (staging.ts)
  const [tree, before] = [stagedReader(out), stagedReader(held)];
  const read = (path: string) => (path.startsWith('history/') ? before : tree)(path);
  const placed = new Map<string, Uint8Array>();
  // the day the tree was built: its reports' dates keep to the window around it
  const manifest = JSON.parse(Buffer.from((await read('api/manifest.json'))!).toString('utf8')) as {
    builtAt: string;
  };
  const started = performance.now();
  const recorded = await recordHistory({
    scope,
    clock: Date.parse(manifest.builtAt),
    locales,
    // the report files, by their paths under api/
    file: async (path) => {
      const bytes = await read(join('api', path));
      return bytes && { bytes, fresh: true };
    },
    previous: folderOrigin(held, 'the published tree'),
    recall: [],
    place: async (path, bytes) => void placed.set(path, bytes),
    // a season this build adds nothing to is linked from the previous release, which costs no reading
    carry: async () => true,
    note: () => {},
    concurrency: 8,
  });
  const history = (performance.now() - started) / 1000;
  const groups = new Map(scope.groups.map((g) => [g.name, g.ids]));
  const feedOptions = {
    locales,
    resorts: scope.resorts,
    regions: regionIds(scope.groups).map((id) => ({ id, ids: groups.get(`region-${id}`) ?? [] })),
    alerts: { newSnowCm: DEFAULT_POWDER_CM },
    pages: { cards: true, lists: true },
  };
  // the previous release's feeds, made from the history held before (not counted): their keys and their
  // memory of the history, which the build's private state holds; a feed whose key stays the same is linked,
  // which costs no making, and a resort the memory holds gets its day added without its seasons being read
  const previous = new Map<string, string>();
  let memory: AlertMemory | undefined;
  if (held !== out)
    for await (const _ of feedFiles({
      ...feedOptions,
      read,
      kept: {
        carry: async (list) => (list.forEach((g) => previous.set(g.name, g.key)), new Set()),
        remember: (remembered) => void (memory = remembered),
      },
    }));
  const feedsStarted = performance.now();
  let feeds = 0;
  let made = 0;
  for await (const file of feedFiles({
    ...feedOptions,
    read: async (path) => placed.get(path) ?? (await read(path)),
    kept: {
      history: { days: recorded.days, broken: recorded.broken, ...(memory ? { memory } : {}) },
      carry: async (list) => {
        const linked = new Set(list.filter((g) => previous.get(g.name) === g.key).map((g) => g.name));
        feeds += linked.size * 2;
        return linked;
      },
    },
  })) {
    feeds++;
    made += file.bytes.byteLength > 0 ? 1 : 0;
  }
  if (placed.size === 0 || feeds === 0)
    throw new Error(`the season's steps made ${placed.size} history files and ${feeds} feeds over ${out}`);
  const bytes = [...placed.values()].reduce((sum, b) => sum + b.byteLength, 0);
  return { history, feeds: (performance.now() - feedsStarted) / 1000, bytes, made, linked: feeds - made };
}

const DAY_MS = 86_400_000;

/**
 * Writes under `into/history/` the history a year of daily builds leaves before the build that published
 * `out`: for every resort of `out/history/`, a point for each of the 364 days before the day it published, in
 * the files of their seasons (the current one and the one before: a northern season runs from 1 July to
 * 30 June, a southern one is the calendar year), as `seasonBytes` writes them, and their index. The next run
 * adds the published day to the current season. `out` is left as it is (its files are hard links a
 * release shares with the next).
 */
export async function fillSeasons(out: string, into: string): Promise<number> {
  let files = 0;
  const index = HistoryIndex.parse(JSON.parse(await readFile(join(out, 'history', 'index.json'), 'utf8')));
  const resorts: HistoryIndex['resorts'] = [];
  for (const { resort, seasons } of index.resorts) {
    const current = seasons[seasons.length - 1]!;
    const path = join(out, historyPath(resort, current));
    const published = SeasonHistory.parse(JSON.parse(await readFile(path, 'utf8'))).days.at(-1)!.date;
    // a northern season's name has both years (2025-26), a southern one's is the year
    const seasonOfDay = (date: string) => (current.includes('-') ? seasonOf(date) : date.slice(0, 4));
    const bySeason = new Map<string, HistoryDay[]>();
    for (let i = 364; i >= 1; i--) {
      const date = new Date(Date.parse(published) - i * DAY_MS).toISOString().slice(0, 10);
      const name = seasonOfDay(date);
      if (!bySeason.has(name)) bySeason.set(name, []);
      bySeason.get(name)!.push({
        date,
        base: 80 + (i % 60),
        summit: 150 + (i % 90),
        newSnow24h: i % 9 === 0 ? 25 : i % 3,
        liftsOpen: i % 12,
        liftsTotal: 12,
        runsOpen: i % 40,
        runsTotal: 40,
        state: i % 50 === 0 ? 2 : 1,
      });
    }
    for (const [season, days] of bySeason) {
      await mkdir(join(into, 'history', String(resort)), { recursive: true });
      await writeFile(
        join(into, historyPath(resort, season)),
        seasonBytes({ resort, season, unit: 'cm', days }),
      );
      files++;
    }
    resorts.push({ resort, seasons: [...bySeason.keys()] });
  }
  await writeFile(join(into, 'history', 'index.json'), `${JSON.stringify({ resorts })}\n`);
  return files;
}
