/**
 * The alert feeds a build links from the previous release rather than make (scripts/feeds/keys.ts):
 * over a stretch of simulated days of the sample, each day's feeds are what the feeds' code makes of that
 * day's published tree, whether they were linked or made; a feed whose entries did not change is the
 * previous release's file; the private state holds a key for each feed, and the feeds' memory of each
 * resort's alerts, which the next day's build adds its day to (scripts/feeds/memory.ts).
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { historyPath, SeasonHistory } from '../../scripts/api/schemas/history.ts';
import { stagedReader } from '../../scripts/snapshot/store/staging.ts';
import { AlertMemory } from '../../scripts/snapshot/store/state.ts';
import { alertsOf } from '../../scripts/feeds/alerts.ts';
import { recordFrom, recordText } from '../../scripts/feeds/memory.ts';
import { feedFiles } from '../../scripts/feeds/feeds.ts';
import { sample } from '../helpers.ts';

const LOCALES = ['en-US', 'de-DE'];
// 20 has 26 cm on the last day, 15 December (its feeds and its regions' change); 590, 297 and 172 had
// theirs before it; 25 and 136 have none
const RESORTS = [20, 25, 136, 172, 297, 590];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-kept-feeds-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The feeds under `dir`, by path, as text. */
async function feedsIn(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const locale of LOCALES)
    for (const name of await readdir(join(dir, 'feeds', locale)))
      out.set(`feeds/${locale}/${name}`, await readFile(join(dir, 'feeds', locale, name), 'utf8'));
  return out;
}

/** Each region list the build publishes for `ids` (discover/scope.ts): their countries, states and regions. */
async function regionsOf(ids: number[]): Promise<Array<{ id: number; ids: number[] }>> {
  const { resorts } = await sample();
  const groups = new Map<number, number[]>();
  for (const r of resorts.filter((r) => ids.includes(r.id)))
    for (const region of [r.countryId, r.stateId, ...r.regionIds])
      if (region !== undefined && region !== null) groups.set(region, [...(groups.get(region) ?? []), r.id]);
  return [...groups].map(([id, members]) => ({ id, ids: members }));
}

/** Builds the sample's `days` into `out`, one build a day. */
const simulate = (out: string, days: string, say: (text: string) => void) =>
  build({
    argv: [
      '--simulate',
      days,
      '--out',
      out,
      '--no-widget',
      '--locales',
      LOCALES.join(','),
      '--resorts',
      RESORTS.join(','),
    ],
    env: {},
    stdout: { write: () => true },
    stderr: { write: (text: string) => (say(text), true) },
  });

describe('feeds kept from the previous release', () => {
  it('are linked when their entries did not change, made when they did, and equal what the day’s tree makes', async () => {
    const out = join(root, 'site');
    let stderr = '';
    const code = await simulate(out, '2025-12-08..2025-12-15', (text) => (stderr += text));
    expect(code, stderr).toBe(EXIT.ok);
    const releases = join(root, '.site-releases');
    const [before, last] = (await readdir(releases, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => join(releases, e.name))
      .sort();
    const published = await feedsIn(out);
    // what the feeds' code makes of the published tree, with nothing to link
    const manifest = JSON.parse(await readFile(join(out, 'api', 'manifest.json'), 'utf8'));
    const made = new Map<string, string>();
    for await (const file of feedFiles({
      read: stagedReader(out),
      locales: LOCALES,
      resorts: manifest.resorts,
      regions: await regionsOf(RESORTS),
      alerts: { newSnowCm: 20 },
      pages: { cards: false, lists: false },
    }))
      made.set(file.path, Buffer.from(file.bytes).toString('utf8'));
    expect(made.size).toBe(published.size);
    // a feed without entries is kept with the date it was made on: the same but for the Atom feed's `updated`
    const undated = (text: string | undefined) =>
      text?.includes('<entry>') ? text : text?.replace(/<updated>[^<]*<\/updated>/, '<updated/>');
    for (const [path, text] of made) expect(undated(published.get(path)), path).toBe(undated(text));
    const entryless = [...made].filter(([path, text]) => path.endsWith('.atom') && !text.includes('<entry>'));
    expect(entryless.length).toBeGreaterThan(0);
    for (const [path, text] of entryless)
      expect(text, path).toContain('<updated>2025-12-15T00:00:00Z</updated>');
    // linked: the same file as the day before's; made: another
    const linked: string[] = [];
    const changed: string[] = [];
    for (const path of published.keys()) {
      const previous = await stat(join(before!, path)).catch(() => undefined);
      const now = await stat(join(last!, path));
      if (previous?.ino === now.ino) linked.push(path);
      else changed.push(path);
    }
    const previousFeeds = await feedsIn(before!);
    for (const path of linked) expect(previousFeeds.get(path)).toBe(published.get(path));
    for (const path of changed) expect(previousFeeds.get(path), path).not.toBe(published.get(path));
    expect(changed).toContain('feeds/de-DE/resort-20.atom');
    expect(linked).toContain('feeds/en-US/resort-590.json');
    expect(linked.length).toBeGreaterThan(changed.length);
    // the state names every feed with its key
    const state = JSON.parse(await readFile(`${last}.state.json`, 'utf8'));
    const names = [...new Set([...published.keys()].map((p) => p.replace(/\.(atom|json)$/, '')))].sort();
    expect(Object.keys(state.kept)).toEqual(names);
    expect(Object.values(state.kept).every((k) => /^[\w-]{22}$/.test(k as string))).toBe(true);
    // and what the feeds remember of the history: each resort's newest alerts, as its whole history gives them
    const memory = AlertMemory.parse(state.alerts);
    expect(memory.newSnowCm).toBe(20);
    expect(
      Object.keys(memory.resorts)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(RESORTS);
    for (const id of RESORTS) {
      const { days } = SeasonHistory.parse(
        JSON.parse(await readFile(join(out, historyPath(id, '2025-26')), 'utf8')),
      );
      const remembered = recordFrom(id, memory.resorts[String(id)]!)!;
      expect(remembered.last).toBe(days.at(-1)!.date);
      expect(
        remembered.alerts.map((a) => `${a.day.date} ${a.kind}`),
        String(id),
      ).toEqual(alertsOf(id, days, 20).map((a) => `${a.date} ${a.kind}`));
    }
    // resort 20's last alert is the powder of its last day (26 cm), added to what the day before remembered
    const last20 = recordFrom(20, memory.resorts['20']!)!;
    expect(last20.alerts.at(-1)).toMatchObject({
      kind: 'powder',
      day: { date: last20.last, newSnow24h: 26 },
    });

    // the next day's build adds its day to that memory rather than reading the seasons again: an alert
    // written into the memory alone reaches the feed
    const planted = { ...last20.alerts.at(-1)!.day, date: '2025-12-01', newSnow24h: 99 };
    state.alerts.resorts['20'] = recordText({
      ...last20,
      alerts: [{ resort: 20, kind: 'powder', date: planted.date, day: planted }, ...last20.alerts],
    });
    await writeFile(`${last}.state.json`, `${JSON.stringify(state)}\n`);
    expect(await simulate(out, '2025-12-16..2025-12-16', (text) => (stderr += text)), stderr).toBe(EXIT.ok);
    const next = await feedsIn(out);
    expect(next.get('feeds/en-US/resort-20.json')).toContain('2025-12-01');
    expect(published.get('feeds/en-US/resort-20.json')).not.toContain('2025-12-01');
  }, 180_000);
});
