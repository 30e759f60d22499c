/**
 * What the alert feeds remember of the history (scripts/feeds/memory.ts, the private state's `alerts`):
 * a record a day is added to gives the alerts the whole history gives, day after day, a day built again
 * included; a resort the memory holds is not read back, and every case the memory cannot serve is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryDay } from '../../scripts/api/schemas/history.ts';
import { AlertMemory } from '../../scripts/snapshot/store/state.ts';
import { stagedReader } from '../../scripts/snapshot/store/staging.ts';
import {
  alertsOf,
  FEED_ENTRIES,
  feedAlerts,
  newestOf,
  RECORD_ALERTS,
  recordOf,
  withPoint,
  type AlertRecord,
} from '../../scripts/feeds/alerts.ts';
import { MEMORY_VERSION, recordFrom, recordText, resortAlerts } from '../../scripts/feeds/memory.ts';

const trees: string[] = [];
afterAll(() => {
  for (const dir of trees) rmSync(dir, { recursive: true, force: true });
});

const DAY_MS = 86_400_000;
const dateAt = (i: number) =>
  new Date(Date.parse('2025-11-01T00:00:00Z') + i * DAY_MS).toISOString().slice(0, 10);

/** A season of `n` days that opens, closes, reopens and snows, the same every run (a fixed generator). */
function season(n: number, seed = 7): HistoryDay[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, (_, i) => ({
    date: dateAt(i),
    base: Math.round(next() * 200),
    summit: Math.round(next() * 300),
    newSnow24h: next() < 0.25 ? 20 + Math.round(next() * 30) : Math.round(next() * 19),
    liftsOpen: 3,
    liftsTotal: 10,
    runsOpen: 5,
    runsTotal: 30,
    // mostly open; closed, temporarily closed and no flag now and then
    state: ([1, 1, 1, 1, 2, 3, 4, null, 6] as const)[Math.floor(next() * 9)]!,
  }));
}

const kinds = (alerts: ReadonlyArray<{ date: string; kind: string }>) =>
  alerts.map((a) => `${a.date} ${a.kind}`);

describe('an alert record', () => {
  it('given one day after another gives the newest alerts the whole history gives, each day built twice', () => {
    const days = season(160);
    let record: AlertRecord | undefined;
    for (const [i, day] of days.entries()) {
      // the day's first build published other figures; the second replaces them
      const first = { ...day, newSnow24h: 40, state: i % 2 ? (2 as const) : (1 as const) };
      record = record ? withPoint(25, record, first, 20)! : recordOf(25, [first], 20)!;
      record = withPoint(25, record, day, 20)!;
      const whole = recordOf(25, days.slice(0, i + 1), 20)!;
      expect([record.last, record.before, record.open], day.date).toEqual([
        whole.last,
        whole.before,
        whole.open,
      ]);
      // a day built again may leave fewer alerts than the whole history's record: never fewer than a feed shows
      expect(record.alerts.length, day.date).toBeGreaterThanOrEqual(
        Math.min(whole.alerts.length, FEED_ENTRIES),
      );
      expect(record.alerts.slice(-FEED_ENTRIES), day.date).toEqual(whole.alerts.slice(-FEED_ENTRIES));
    }
    const all = alertsOf(25, days, 20);
    expect(all.length).toBeGreaterThan(RECORD_ALERTS);
    expect(kinds(record!.alerts.slice(-FEED_ENTRIES))).toEqual(kinds(all.slice(-FEED_ENTRIES)));
    expect(new Set(all.map((a) => a.kind))).toEqual(new Set(['powder', 'open', 'close']));
  });

  it('keeps the newest alerts a feed shows after a day built again takes its alerts out', () => {
    const days = season(200, 3);
    const record = recordOf(25, days, 20)!;
    const last = days.at(-1)!;
    // the last day rebuilt without snow and with no flag: its alerts go, the feed's newest 50 stay
    const again = withPoint(25, record, { ...last, newSnow24h: 0, state: null }, 20)!;
    const whole = alertsOf(25, [...days.slice(0, -1), { ...last, newSnow24h: 0, state: null }], 20);
    expect(kinds(again.alerts.slice(-FEED_ENTRIES))).toEqual(kinds(whole.slice(-FEED_ENTRIES)));
  });

  it('is kept as text that reads back as it was, and refused as anything else', () => {
    const days = [
      ...season(120, 11),
      {
        date: '2026-03-01',
        base: 12.700000000000001,
        summit: null,
        newSnow24h: 1e-7 + 20,
        liftsOpen: null,
        liftsTotal: 0,
        runsOpen: 0,
        runsTotal: null,
        state: null,
      },
    ];
    const record = recordOf(25, days, 20)!;
    const text = recordText(record);
    expect(text).toMatch(/^2026-03-01\|[oc-]\|-\|[poc]2025-11-\d\d,/);
    expect(text.endsWith(';p2026-03-01,12.700000000000001,,20.0000001,,0,0,,')).toBe(true);
    // as it was: its dates and states, and each alert's figures, read back when a feed shows them
    const back = recordFrom(25, text)!;
    expect([back.last, back.before, back.open]).toEqual([record.last, record.before, record.open]);
    expect(back.alerts.map(({ resort, kind, date, day }) => ({ resort, kind, date, day }))).toEqual(
      record.alerts,
    );
    expect(recordText(back)).toBe(text);
    expect(recordFrom(25, '2026-03-01|-|-|')).toEqual({
      last: '2026-03-01',
      before: undefined,
      open: undefined,
      alerts: [],
    });
    for (const broken of [
      '',
      '2026-02-30|o|o|',
      '2026-03-01|x|o|',
      '2026-03-01|o|o|p2026-03-01,1,2,3,4,5,6,7',
      '2026-03-01|o|o|p2026-03-01,1,2,3,4.5,5,6,7,1',
      '2026-03-01|o|o|p2026-03-01,1,2,3,4,5,6,7,9',
      '2026-03-01|o|o|p2026-03-01,-1,2,3,4,5,6,7,1',
      '2026-03-01|o|o|p2026-03-01,10000.5,2,3,4,5,6,7,1',
      '2026-03-01|o|o|p2026-02-30,1,2,3,4,5,6,7,1',
      '2026-03-01|o|o|x2026-03-01,1,2,3,4,5,6,7,1',
      '2026-03-01|o|o|p2026-03-01,1,2,3,4,5,6,7,1|',
      `2026-03-01|o|o|${Array(53).fill('p2026-03-01,1,2,3,4,5,6,7,1').join(';')}`,
    ])
      expect(recordFrom(25, broken), broken).toBeUndefined();
  });

  it('cannot take a day older than its last: only the whole history places it', () => {
    const days = season(10);
    expect(withPoint(25, recordOf(25, days, 20)!, days[4]!, 20)).toBeUndefined();
  });
});

describe("a region's alerts", () => {
  it("are the newest of its resorts' feeds, as the newest of all their alerts together", () => {
    const resorts = [20, 25, 60, 136, 172, 297, 590];
    const all = resorts.map((id, i) => alertsOf(id, season(120 + i * 7, id), 20));
    const together = feedAlerts(all.flat());
    expect(together).toHaveLength(FEED_ENTRIES);
    expect(newestOf(all.map((alerts) => feedAlerts(alerts)))).toEqual(together);
    // fewer than a feed holds: all of them
    const few = all.map((alerts) => feedAlerts(alerts).slice(0, 3));
    expect(newestOf(few)).toEqual(feedAlerts(few.flat()));
    expect(newestOf([])).toEqual([]);
  });

  it('keep one alert of a resort, kind and date given twice: the last', () => {
    const [a, b] = alertsOf(25, season(60), 20).filter((x) => x.kind === 'powder');
    const again = { ...a!, day: { ...a!.day, base: 1 } };
    expect(feedAlerts([a!, b!, again])).toEqual([b!, again].sort((x, y) => (x.date < y.date ? 1 : -1)));
  });
});

/** A tree with each resort's one season of `days`, as a release stages it. */
function tree(histories: Record<number, HistoryDay[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rc-feed-memory-'));
  trees.push(dir);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const resorts = Object.entries(histories).map(([id, days]) => {
    write(
      `history/${id}/2025-26.json`,
      JSON.stringify({ resort: Number(id), season: '2025-26', unit: 'cm', days }),
    );
    return { resort: Number(id), seasons: ['2025-26'] };
  });
  write('history/index.json', JSON.stringify({ resorts }));
  return dir;
}

describe('resortAlerts', () => {
  const days = season(90);
  const today = { ...days.at(-1)!, newSnow24h: 33 };
  const histories = { 20: [...days.slice(0, -1), today], 25: [...days.slice(0, -1), today] };
  const dir = tree(histories);
  const resorts = [{ id: 20 }, { id: 25 }];

  /** What the feeds remember of a tree of `held` histories, with a threshold of `newSnowCm`. */
  const remember = async (held: Record<number, HistoryDay[]>, newSnowCm = 20) =>
    (await resortAlerts({ read: stagedReader(tree(held)), resorts, newSnowCm })).memory;

  /** Today's alerts, with today's point of both resorts (or `day`) and `memory`, and the paths read. */
  async function todayWith(
    memory: AlertMemory | undefined,
    over: { newSnowCm?: number; broken?: number[]; day?: HistoryDay; version?: number } = {},
  ) {
    const read: string[] = [];
    const result = await resortAlerts({
      read: async (path) => (read.push(path), stagedReader(dir)(path)),
      resorts,
      newSnowCm: over.newSnowCm ?? 20,
      history: {
        days: new Map([
          [20, over.day ?? today],
          [25, over.day ?? today],
        ]),
        ...(memory ? { memory } : {}),
        ...(over.broken ? { broken: new Set(over.broken) } : {}),
      },
    });
    return { result, read };
  }

  /** `id`'s alerts as its whole history gives them, with a threshold of `newSnowCm`. */
  const whole = (id: 20 | 25, newSnowCm = 20) =>
    kinds(alertsOf(id, histories[id], newSnowCm).slice(-RECORD_ALERTS));

  it('adds the day to what it remembers without reading a season, and remembers the day for the next build', async () => {
    // the memory of a history without today's point: made from a tree that lacks it
    const memory = await remember({ 20: days.slice(0, -1), 25: days.slice(0, -1) });
    expect(AlertMemory.parse(memory)).toEqual(memory);
    const { result, read } = await todayWith(memory);
    expect(read).toEqual([]);
    expect(result.read).toBe(0);
    for (const id of [20, 25] as const) {
      expect(kinds(result.alerts.get(id)!)).toEqual(whole(id));
      expect(recordFrom(id, result.memory.resorts[String(id)]!)!.last).toBe(today.date);
    }
    expect(kinds(result.alerts.get(25)!).at(-1)).toBe(`${today.date} powder`);
  });

  it.each([
    ['another threshold than its memory was made with', { newSnowCm: 30 }],
    ['a history the previous release lost a season of', { broken: [20, 25] }],
    ['a point older than the last it remembers', { day: days[10]! }],
    ['a memory of another version of the alerts', { version: MEMORY_VERSION + 1 }],
  ])('reads the whole history back for %s', async (_, over) => {
    const memory = await remember(histories);
    const { version } = over as { version?: number };
    const { result, read } = await todayWith(version ? { ...memory, version } : memory, over);
    expect(result.read).toBe(2);
    expect(read).toContain('history/20/2025-26.json');
    const cm = (over as { newSnowCm?: number }).newSnowCm ?? 20;
    for (const id of [20, 25] as const) expect(kinds(result.alerts.get(id)!)).toEqual(whole(id, cm));
  });

  it('reads back a resort whose record it cannot read', async () => {
    const memory = await remember(histories);
    const { result } = await todayWith({ ...memory, resorts: { ...memory.resorts, '25': 'not a record' } });
    expect(result.read).toBe(1);
    expect(kinds(result.alerts.get(25)!)).toEqual(whole(25));
  });

  it('reads back a resort the memory does not hold, and no other', async () => {
    const memory = await remember({ 20: days.slice(0, -1) });
    expect(Object.keys(memory.resorts)).toEqual(['20']);
    const { result, read } = await todayWith(memory);
    expect(result.read).toBe(1);
    expect(read.filter((p) => p !== 'history/index.json')).toEqual(['history/25/2025-26.json']);
    expect(Object.keys(result.memory.resorts).sort()).toEqual(['20', '25']);
  });
});
