/**
 * The season's history a build records (scripts/docs/snapshot.md, "The season's history"), build after
 * build of the embedded sample: a point a day, the day's later build replacing it, gaps left, a resort
 * whose report failed left as it was, and a history read back from the published site once the private
 * state is gone.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiEndpoint } from '../../scripts/api/endpoints.ts';
import { headerRules, headersFor } from '../../scripts/api/headers.ts';
import {
  HISTORY_INDEX_PATH,
  HistoryIndex,
  SeasonHistory,
  historyPath,
} from '../../scripts/api/schemas/history.ts';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { handled, listen } from '../../scripts/service/listen.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import type { Progress } from '../../scripts/shared/progress.ts';
import { reportPoint } from '../../scripts/history/season.ts';
import { historyPublisher } from '../../scripts/history/publisher.ts';
import type { Publisher } from '../../scripts/snapshot/release/publisher.ts';
import { recordHistory, stagedHistory } from '../../scripts/history/record.ts';
import { runSnapshot, type SnapshotResult } from '../../scripts/snapshot/run.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import type { Source } from '../../scripts/snapshot/source/source.ts';
import type { HistoryCarry, KeptFiles } from '../../scripts/snapshot/store/staging.ts';
import type { AlertMemory } from '../../scripts/snapshot/store/state.ts';
import { releasesDir } from '../../scripts/snapshot/store/writer.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

const DAY = 86_400_000;
const RESORTS = [20, 25, 60];
const LOCALES = ['en-US', 'de-DE'];

let dataset: Dataset;
let root: string;
let clock = FROZEN_NOW;
const now = () => clock;

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-history-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/**
 * The embedded service, each record of its combined reports changed by `edit` (a record made wrong is
 * left out by the build, its files kept stale).
 */
function source(edit?: (id: string, record: Record<string, unknown>) => void): Source {
  const local = localSource(dataset, { account: FULL.email, now });
  const multi = multiEndpoint('combinedreport').id;
  return {
    ...local,
    async fetch(request) {
      const response = await local.fetch(request);
      if (request.endpoint !== multi || !edit) return response;
      const body = JSON.parse(response.body) as Record<string, Record<string, unknown>>;
      for (const [id, record] of Object.entries(body)) edit(id, record);
      return { ...response, body: JSON.stringify(body) };
    },
  };
}

/** What the last build answered. */
let last: SnapshotResult;

/** One build at `at` into `out`; answers what it said. */
async function buildAt(
  out: string,
  at: number,
  options: {
    edit?: Parameters<typeof source>[0];
    publicUrl?: string;
    /** What the site does with what the release carries over (the feeds' part: `KeptFiles`). */
    kept?: (kept: KeptFiles) => void;
  } = {},
): Promise<string[]> {
  clock = at;
  const notes: string[] = [];
  const progress: Progress = { total() {}, tick() {}, end() {}, note: (line) => void notes.push(line) };
  const config = parseConfig(
    {
      out: join(root, out),
      locales: LOCALES,
      resorts: RESORTS,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    },
    'test',
  );
  last = await runSnapshot({
    config,
    source: source(options.edit),
    families: new Set(['A', 'B']),
    now,
    refresh: 'all',
    progress,
    publishing: () => ({
      publishers: [
        historyPublisher(),
        ...(options.kept
          ? [
              {
                name: 'kept',
                stage: 'release',
                parts: () => [{ artefact: 'kept' }],
                make: async (_part, context) => void options.kept!(context.kept!),
              } satisfies Publisher,
            ]
          : []),
      ],
    }),
  });
  return notes;
}

const readJson = async (out: string, path: string): Promise<unknown> =>
  JSON.parse(await readFile(join(root, out, path), 'utf8'));
const season = async (out: string, resort: number, name = '2025-26') =>
  SeasonHistory.parse(await readJson(out, historyPath(resort, name)));
/** The point the published report of `resort` makes, read from the tree as it is now. */
const publishedPoint = async (out: string, resort: number) =>
  reportPoint({
    combined: {
      body: await readJson(out, `api/de-DE/externalservice/resort/${resort}/combinedreport.json`),
      locale: 'de-DE',
    },
  })!.day;

describe('the history a build records', () => {
  it('adds one point a day, equal to what the day published, and replaces a day built again', async () => {
    const points = new Map<number, unknown[]>();
    for (let d = 0; d < 3; d++) {
      await buildAt('daily', FROZEN_NOW + d * DAY);
      for (const id of RESORTS)
        points.set(id, [...(points.get(id) ?? []), await publishedPoint('daily', id)]);
    }
    for (const id of RESORTS)
      expect((await season('daily', id)).days, `resort ${id}`).toEqual(points.get(id));

    // the same day again, its report changed since: the day's point is replaced, not added
    const before = (await season('daily', 25)).days;
    await buildAt('daily', FROZEN_NOW + 2 * DAY, {
      edit: (id, record) => {
        const snowfall = (record.report as { snowfall: { snow24h: number } }).snowfall;
        if (id === '25') snowfall.snow24h = 33;
      },
    });
    const after = (await season('daily', 25)).days;
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]).toEqual({ ...before[2], newSnow24h: 33 });
    expect(after[2]).toEqual(await publishedPoint('daily', 25));
  });

  it('leaves a day without a build a gap', async () => {
    await buildAt('gaps', FROZEN_NOW);
    await buildAt('gaps', FROZEN_NOW + 3 * DAY);
    const days = (await season('gaps', 20)).days.map((d) => d.date);
    expect(days).toHaveLength(2);
    expect(Date.parse(days[1]!) - Date.parse(days[0]!)).toBe(3 * DAY);
  });

  it('gives a resort whose report failed no new point, and keeps its file as it was', async () => {
    await buildAt('failed', FROZEN_NOW);
    const kept = await readFile(join(root, 'failed', historyPath(25, '2025-26')));
    const notes = await buildAt('failed', FROZEN_NOW + DAY, {
      edit: (id, record) => {
        if (id === '25') record.resortName = 5;
      },
    });
    expect(await readFile(join(root, 'failed', historyPath(25, '2025-26')))).toEqual(kept);
    expect((await season('failed', 20)).days).toHaveLength(2);
    expect(notes).toContain(
      'history: 1 resort got no point this build: its report was kept from an earlier run',
    );
  });

  it('gives a resort whose report names no day no point, and says which', async () => {
    await buildAt('undated', FROZEN_NOW);
    const kept = await readFile(join(root, 'undated', historyPath(25, '2025-26')));
    const notes = await buildAt('undated', FROZEN_NOW + DAY, {
      edit: (id, record) => {
        if (id !== '25') return;
        const report = record.report as { snowfall: Record<string, unknown> };
        delete report.snowfall.snowReportedDate;
      },
    });
    // the report itself is published: only the history has no day to put it on
    const published = await readJson('undated', 'api/de-DE/externalservice/resort/25/combinedreport.json');
    expect(JSON.stringify(published)).not.toContain('snowReportedDate');
    expect(await readFile(join(root, 'undated', historyPath(25, '2025-26')))).toEqual(kept);
    expect((await season('undated', 20)).days).toHaveLength(2);
    expect(notes).toContain(
      'history: 1 resort got no point this build: its report names no day it was reported on (resort 25)',
    );
    expect(notes.filter((n) => n.includes('got no point'))).toHaveLength(1);
  });

  it('publishes files that keep the contract, and an index of every season', async () => {
    await buildAt('valid', FROZEN_NOW);
    const index = HistoryIndex.parse(await readJson('valid', HISTORY_INDEX_PATH));
    expect(index).toEqual({ resorts: RESORTS.map((resort) => ({ resort, seasons: ['2025-26'] })) });
    const staged = await stagedHistory({ dir: join(root, 'valid', 'api') });
    expect(staged.map((s) => [s.resort, s.season, s.days.length])).toEqual(
      RESORTS.map((id) => [id, '2025-26', 1]),
    );
    // served as JSON, and refreshed as often as the conditions
    expect(headersFor(headerRules([]))(historyPath(25, '2025-26'))).toEqual({
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'public, max-age=900, stale-while-revalidate=3600',
    });
  });

  it('reads the history back from the published site once the private state is gone', async () => {
    await buildAt('lost', FROZEN_NOW);
    await buildAt('lost', FROZEN_NOW + DAY);
    const published = join(root, 'lost-published');
    await cp(join(root, 'lost'), published, { recursive: true, dereference: true });
    const asked: string[] = [];
    const site = await serveFolder(published, { before: (path) => void asked.push(path) });
    try {
      await rm(releasesDir(join(root, 'lost')), { recursive: true });
      await rm(join(root, 'lost'), { force: true });
      const notes = await buildAt('lost', FROZEN_NOW + 2 * DAY, { publicUrl: `${site.url}/` });
      expect(notes).toContain(
        `history: there is no previous release, so it was read back from ${site.url}/ (3 resorts, 3 seasons)`,
      );
      for (const id of RESORTS) {
        const days = (await season('lost', id)).days;
        expect(days).toHaveLength(3);
        expect(days.slice(0, 2)).toEqual((await season('lost-published', id)).days);
        expect(days[2]).toEqual(await publishedPoint('lost', id));
      }
      // the index and the season each point goes into, nothing else
      expect(asked.sort()).toEqual(
        ['/history/index.json', ...RESORTS.map((id) => `/${historyPath(id, '2025-26')}`)].sort(),
      );
    } finally {
      await site.close();
    }
  });

  it('says the previous release has no private state when only that is gone, and reads the history back', async () => {
    await buildAt('stateless', FROZEN_NOW);
    await buildAt('stateless', FROZEN_NOW + DAY);
    const published = join(root, 'stateless-published');
    await cp(join(root, 'stateless'), published, { recursive: true, dereference: true });
    const site = await serveFolder(published);
    try {
      const releases = releasesDir(join(root, 'stateless'));
      for (const name of await readdir(releases))
        if (name.endsWith('.state.json')) await rm(join(releases, name));
      const notes = await buildAt('stateless', FROZEN_NOW + 2 * DAY, { publicUrl: `${site.url}/` });
      expect(notes).toContain(
        `history: the previous release has no private state, so it was read back from ${site.url}/ (3 resorts, 3 seasons)`,
      );
      for (const id of RESORTS) expect((await season('stateless', id)).days).toHaveLength(3);
    } finally {
      await site.close();
    }
  });

  it("hands the feeds this build's points, and what they remembered only where the history continues it", async () => {
    const remembered: AlertMemory = {
      version: 1,
      newSnowCm: 20,
      resorts: { '20': '2025-12-01|-|o|' },
    };
    const seen: Array<HistoryCarry | undefined> = [];
    const kept = (carried: KeptFiles) => {
      seen.push(carried.history);
      carried.remember!(remembered);
    };
    await buildAt('carry', FROZEN_NOW, { kept });
    await buildAt('carry', FROZEN_NOW + DAY, { kept });
    expect(seen[0]!.memory).toBeUndefined();
    expect(seen[1]!.memory).toEqual(remembered);
    expect([...seen[1]!.days.keys()].sort((a, b) => a - b)).toEqual([...RESORTS].sort((a, b) => a - b));
    for (const id of RESORTS) expect(seen[1]!.days.get(id)).toEqual(await publishedPoint('carry', id));
    // the private state gone, the history read back from the site: nothing remembered serves it
    const site = await serveFolder(join(root, 'carry'));
    try {
      const releases = releasesDir(join(root, 'carry'));
      for (const name of await readdir(releases))
        if (name.endsWith('.state.json')) await rm(join(releases, name));
      await buildAt('carry', FROZEN_NOW + 2 * DAY, { publicUrl: `${site.url}/`, kept });
      expect(seen[2]!.memory).toBeUndefined();
      expect(seen[2]!.days.size).toBe(RESORTS.length);
    } finally {
      await site.close();
    }
  });

  it('reads a season of the previous release whole when its bytes are not as the build writes them', async () => {
    await buildAt('rewritten', FROZEN_NOW);
    const file = join(root, 'rewritten', historyPath(25, '2025-26'));
    const held = SeasonHistory.parse(JSON.parse(await readFile(file, 'utf8')));
    // the same season in another form (the file is a link the releases share: replaced, not written into)
    await rm(file);
    await writeFile(
      file,
      JSON.stringify({ days: held.days, unit: 'cm', season: '2025-26', resort: 25 }, null, 2),
    );
    await buildAt('rewritten', FROZEN_NOW + DAY);
    const days = (await season('rewritten', 25)).days;
    expect(days).toEqual([held.days[0], await publishedPoint('rewritten', 25)]);
    // written as every season file is: one line, its members in the contract's order
    expect(await readFile(file, 'utf8')).toBe(`${JSON.stringify({ ...held, days })}\n`);
  });

  it('starts a new history, and says why, when the published site cannot be read', async () => {
    const failing = await listen(
      createServer(
        handled(async (_request, response) => {
          response.writeHead(503).end();
        }),
      ),
    );
    try {
      const notes = await buildAt('unreadable', FROZEN_NOW, { publicUrl: `${failing.url}/` });
      expect(notes).toContain(
        `history: there is no previous release and ${failing.url}/ could not be read (HTTP 503): a new history starts`,
      );
      expect((await season('unreadable', 20)).days).toEqual([await publishedPoint('unreadable', 20)]);
    } finally {
      await failing.close();
    }
  });

  it('refuses a history read back that breaks the contract, and starts a new one', async () => {
    const hostile = await listen(
      createServer(
        handled(async (_request, response) => {
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ resorts: [{ resort: 20, seasons: ['2025-26'], evil: '<script>' }] }));
        }),
      ),
    );
    try {
      const notes = await buildAt('hostile', FROZEN_NOW, { publicUrl: `${hostile.url}/` });
      expect(notes.find((n) => n.startsWith('history:'))).toMatch(
        /refused: breaks the contract at \$\.resorts\.0.*: a new history starts$/,
      );
      expect((await season('hostile', 20)).days).toHaveLength(1);
    } finally {
      await hostile.close();
    }
  });
});

/** Every season file of a published tree, as `<resort>/<season>.json`. */
const seasonFiles = async (out: string) =>
  (await readdir(join(root, out, 'history'), { recursive: true }))
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort();
const WINDOW_TOMORROW =
  "outside the window of report, update and season dates (2006-02-15 to 2027-02-15, around the build's clock)";

describe('a history that cannot be poisoned (scripts/api/README.md, "Dates")', () => {
  it('refuses a report dated in year 0999 or after next year, names it, and publishes the rest', async () => {
    await buildAt('dated', FROZEN_NOW);
    const kept = await readFile(join(root, 'dated', historyPath(25, '2025-26')));
    const notes = await buildAt('dated', FROZEN_NOW + DAY, {
      edit: (id, record) => {
        const snowfall = (record.report as { snowfall: Record<string, unknown> }).snowfall;
        if (id === '25') snowfall.snowReportedDate = '0999-12-31';
        if (id === '60') snowfall.snowReportedDate = '2099-12-31';
      },
    });
    expect(last.published).toBe(true);
    // each part that holds them names both records, once a line: `<endpoint> (<locale>): the record of …`
    const named = new Set(
      last.failures.flatMap((f) => f.reason.split('\n')).map((l) => l.replace(/^[^:]*\): /, '')),
    );
    expect([...named].sort()).toEqual(
      ['25', '60'].map(
        (id) =>
          `the record of resort ${id} breaks the contract: $["${id}"].report.snowfall.snowReportedDate: ${WINDOW_TOMORROW}`,
      ),
    );
    expect(notes).toContain(
      'history: 2 resorts got no point this build: their reports were kept from an earlier run',
    );
    // resort 20 has its new point; 25 and 60 keep their season as it was; no season outside the window
    expect((await season('dated', 20)).days).toHaveLength(2);
    expect(await readFile(join(root, 'dated', historyPath(25, '2025-26')))).toEqual(kept);
    expect(await seasonFiles('dated')).toEqual(RESORTS.map((id) => `${id}/2025-26.json`));
    expect(HistoryIndex.parse(await readJson('dated', HISTORY_INDEX_PATH))).toEqual({
      resorts: RESORTS.map((resort) => ({ resort, seasons: ['2025-26'] })),
    });
  });

  it('refuses a point dated outside the window that reaches it, and names the resorts', async () => {
    const dates: Record<string, string> = { '20': '2026-02-14', '25': '0999-12-31', '60': '2099-12-31' };
    const report = (id: string) =>
      JSON.stringify({ resortName: 'x', info: {}, report: { snowfall: { snowReportedDate: dates[id] } } });
    const [notes, placed] = [[] as string[], new Map<string, string>()];
    const result = await recordHistory({
      scope: { resorts: RESORTS.map((id) => ({ id, name: `${id}` })), groups: [], emptyRegions: [] },
      clock: FROZEN_NOW,
      locales: ['de-DE'],
      async file(path) {
        const id = /resort\/(\d+)\/combinedreport/.exec(path)?.[1];
        return id ? { bytes: Buffer.from(report(id)), fresh: true } : undefined;
      },
      previous: undefined,
      recall: [],
      place: async (path, bytes) => void placed.set(path, Buffer.from(bytes).toString('utf8')),
      carry: async () => false,
      note: (line) => void notes.push(line),
      concurrency: 2,
    });
    expect(result.outside).toEqual([25, 60]);
    expect(notes).toContain(
      "history: 2 resorts got no point this build: their reports are dated outside the window of report, update and season dates (2006-02-14 to 2027-02-14, around the build's clock) (resorts 25, 60)",
    );
    expect([...placed.keys()].sort()).toEqual([historyPath(20, '2025-26'), HISTORY_INDEX_PATH]);
    expect(JSON.parse(placed.get(HISTORY_INDEX_PATH)!)).toEqual({
      resorts: [{ resort: 20, seasons: ['2025-26'] }],
    });
  });

  it('drops a season of the previous release outside the window on the next build, and says so', async () => {
    await buildAt('poisoned', FROZEN_NOW);
    const out = join(root, 'poisoned');
    const poison = async (name: string, date: string) =>
      writeFile(
        join(out, historyPath(20, name)),
        `${JSON.stringify({ ...(await season('poisoned', 20)), season: name, days: [{ ...(await season('poisoned', 20)).days[0], date }] })}\n`,
      );
    // as an earlier release would have left it (its files are links the releases share: replaced, not written into)
    await poison('2099-00', '2099-12-31');
    await poison('0999-00', '0999-12-31');
    await rm(join(out, HISTORY_INDEX_PATH));
    await writeFile(
      join(out, HISTORY_INDEX_PATH),
      `${JSON.stringify({
        resorts: RESORTS.map((resort) => ({
          resort,
          seasons: resort === 20 ? ['0999-00', '2025-26', '2099-00'] : ['2025-26'],
        })),
      })}\n`,
    );
    const notes = await buildAt('poisoned', FROZEN_NOW + DAY);
    expect(notes).toContain(
      `history: 2 seasons of the previous release are ${WINDOW_TOMORROW}, so they are left out: history/20/0999-00.json, history/20/2099-00.json`,
    );
    expect(await seasonFiles('poisoned')).toEqual(RESORTS.map((id) => `${id}/2025-26.json`));
    expect((await readJson('poisoned', HISTORY_INDEX_PATH)) as HistoryIndex).toEqual({
      resorts: RESORTS.map((resort) => ({ resort, seasons: ['2025-26'] })),
    });
    expect((await season('poisoned', 20)).days).toHaveLength(2);
    // one build, and it is gone: the next says nothing of it
    const again = await buildAt('poisoned', FROZEN_NOW + 2 * DAY);
    expect(again.filter((n) => n.includes('window'))).toEqual([]);
  });

  it('reads back no season outside the window from the published site, and says so', async () => {
    await buildAt('recalled', FROZEN_NOW);
    const published = join(root, 'recalled-published');
    await cp(join(root, 'recalled'), published, { recursive: true, dereference: true });
    await writeFile(
      join(published, HISTORY_INDEX_PATH),
      JSON.stringify({ resorts: [{ resort: 20, seasons: ['2025-26', '2099-00'] }] }),
    );
    const asked: string[] = [];
    const site = await serveFolder(published, { before: (path) => void asked.push(path) });
    try {
      await rm(releasesDir(join(root, 'recalled')), { recursive: true });
      await rm(join(root, 'recalled'), { force: true });
      const notes = await buildAt('recalled', FROZEN_NOW + DAY, { publicUrl: `${site.url}/` });
      expect(notes).toContain(
        `history: 1 season of ${site.url}/ is ${WINDOW_TOMORROW}, so it is left out: history/20/2099-00.json`,
      );
      expect(asked).not.toContain(`/${historyPath(20, '2099-00')}`);
      expect(await seasonFiles('recalled')).toEqual(RESORTS.map((id) => `${id}/2025-26.json`));
      expect((await season('recalled', 20)).days).toHaveLength(2);
    } finally {
      await site.close();
    }
  });
});

describe('eight builds on eight days (SOURCE_DATE_EPOCH)', () => {
  it('give every resort eight points, each what its day published, and a powder alert for each day of 20 cm or more', async () => {
    const out = join(root, 'eight');
    const expected = new Map<number, unknown[]>();
    const resorts = dataset.resorts.map((r) => r.id);
    for (let d = 0; d < 8; d++) {
      let stderr = '';
      const code = await build({
        argv: ['--no-widget', '--out', out, '--locales', LOCALES.join(',')],
        env: { SOURCE_DATE_EPOCH: String((FROZEN_NOW + d * DAY) / 1000) },
        stdout: { write: () => true },
        stderr: { write: (text: string) => (stderr += text) },
      });
      expect(code, stderr).toBe(EXIT.ok);
      for (const id of resorts) {
        const point = await publishedPoint('eight', id).catch(() => undefined);
        if (point) expected.set(id, [...(expected.get(id) ?? []), point]);
      }
    }
    const index = HistoryIndex.parse(await readJson('eight', HISTORY_INDEX_PATH));
    expect(index.resorts.map((r) => r.resort).sort((a, b) => a - b)).toEqual(
      [...expected.keys()].sort((a, b) => a - b),
    );
    let powderDays = 0;
    for (const [id, points] of expected) {
      const days = (await season('eight', id)).days;
      expect(days, `resort ${id}`).toEqual(points);
      expect(new Set(days.map((d) => d.date)).size, `resort ${id}`).toBe(8);
      // the feeds of both locales: a powder entry for every day of 20 cm or more (the default), none for the others
      const deep = days.filter((d) => (d.newSnow24h ?? 0) >= 20).map((d) => d.date);
      powderDays += deep.length;
      for (const locale of LOCALES) {
        const feed = (await readJson('eight', `feeds/${locale}/resort-${id}.json`)) as {
          items: Array<{ id: string }>;
        };
        const powder = feed.items
          .filter((item) => item.id.endsWith('/powder'))
          .map((item) => /,(\d{4}-\d{2}-\d{2}):/.exec(item.id)![1])
          .sort();
        expect(powder, `resort ${id}, ${locale}`).toEqual(deep.sort());
      }
    }
    // most of the sample's resorts report; the week has storms somewhere
    expect(expected.size).toBeGreaterThan(30);
    expect(powderDays).toBeGreaterThan(0);
  }, 240_000);
});
