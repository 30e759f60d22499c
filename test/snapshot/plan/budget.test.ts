import { describe, expect, it } from 'vitest';
import { cronRunsPerMonth, project, runsPerMonth } from '../../../scripts/snapshot/plan/budget.ts';
import { DEFAULT_INTERVALS } from '../../../scripts/snapshot/config.ts';
import { fakeCollection } from '../../helpers.ts';

describe('cronRunsPerMonth', () => {
  it.each([
    ['0 * * * *', 744],
    ['*/15 * * * *', 2976],
    ['0 6,18 * * *', 62],
    ['30 5 * * 1-5', 23], // 31 days starting on a Monday: 23 weekdays
    ['0 0 1 * *', 1],
    ['0 */6 * * *', 124],
  ])('counts %s as %i runs in 31 days', (cron, runs) => {
    expect(cronRunsPerMonth(cron)).toBe(runs);
  });

  it.each(['* * *', '61 * * * *', 'x * * * *', '0 25 * * *'])(
    'refuses %j with a message naming the field',
    (cron) => {
      expect(() => cronRunsPerMonth(cron)).toThrow(/config\.schedule\.cron/);
    },
  );
});

describe('project', () => {
  it('counts each collection as often as its interval lets it be due', () => {
    const collections = [
      fakeCollection('multi.combinedreport', 2),
      fakeCollection('overview', 10),
      fakeCollection('multi.snowreport', 1),
    ];
    const p = project(collections, {
      intervals: DEFAULT_INTERVALS,
      schedule: { runsPerDay: 24 },
      refresh: 'due',
      due: () => true,
    });
    const by = Object.fromEntries(p.lines.map((l) => [l.endpoint, l.monthly]));
    expect(runsPerMonth({ runsPerDay: 24 })).toBe(744);
    expect(by['multi.combinedreport']).toBe(2 * 744); // hourly
    expect(by['multi.snowreport']).toBe(1 * 186); // every 4 hours
    expect(by.overview).toBe(10 * 5); // weekly: ceil(744 / 168)
    expect(p.monthly).toBe(1488 + 186 + 50);
    expect(p.thisRun).toBe(13);
  });

  it('counts every request on every run with --refresh all', () => {
    const p = project([fakeCollection('overview', 10)], {
      intervals: DEFAULT_INTERVALS,
      schedule: { cron: '0 0 * * *' },
      refresh: 'all',
      due: () => false,
    });
    expect(p.monthly).toBe(310);
    expect(p.thisRun).toBe(0);
  });
});
