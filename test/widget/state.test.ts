import { describe, expect, it } from 'vitest';
import type { ResortData } from '../../widget/data.ts';
import { reportView, resortToday, statusOf } from '../../widget/state.ts';

/** Resort data with Family B's open flag `b`, Family A's `a`, and a season of Dec 1 to Apr 15. */
function data(b: number | undefined, a: number | undefined, season = true): ResortData {
  return {
    combined: {
      resortId: 1,
      resortName: 'R',
      info: {},
      ...(b === undefined ? {} : { report: { openflag: b } }),
    } as unknown as ResortData['combined'],
    ...(a === undefined
      ? {}
      : {
          familyA: {
            status: {
              openFlag: a,
              ...(season ? { openingDate: '2025-12-01', closingDate: '2026-04-15' } : {}),
            },
          } as ResortData['familyA'],
        }),
  };
}

describe('one state at a time', () => {
  it.each([
    { b: 6, a: 1, today: '2026-02-14', expected: 'permanently-closed' },
    { b: 1, a: 6, today: '2026-07-14', expected: 'permanently-closed' },
    { b: 1, a: 1, today: '2026-07-14', expected: 'out-of-season' },
    { b: 5, a: 5, today: '2026-11-20', expected: 'out-of-season' },
    { b: 3, a: 3, today: '2025-11-30', expected: 'out-of-season' },
    { b: 5, a: 5, today: '2026-02-14', expected: 'no-report' },
    { b: undefined, a: undefined, today: '2026-02-14', expected: 'no-report' },
    { b: 2, a: 1, today: '2026-02-14', expected: 'closed' },
    { b: 3, a: 3, today: '2026-04-15', expected: 'temporarily-closed' },
    { b: 4, a: 4, today: '2025-12-01', expected: 'weekends' },
    { b: 1, a: 1, today: '2026-02-14', expected: 'open' },
    { b: undefined, a: 1, today: '2026-02-14', expected: 'open' },
    { b: 9, a: 1, today: '2026-02-14', expected: 'no-report' },
  ])('flags B $b and A $a on $today: $expected', ({ b, a, today, expected }) => {
    expect(statusOf(data(b, a), today)).toBe(expected);
  });

  it('never calls a resort out of season without season dates', () => {
    expect(statusOf(data(1, 1, false), '2026-07-14')).toBe('open');
  });

  it.each([
    { now: '2026-02-14T03:00:00Z', date: 1_771_027_200, local: 1_771_052_400, expected: '2026-02-13' },
    { now: '2026-02-14T09:30:00Z', date: 1_771_027_200, local: 1_771_052_400, expected: '2026-02-14' },
    { now: '2026-02-14T23:30:00Z', date: 1_771_027_200, local: 1_771_023_600, expected: '2026-02-15' },
    { now: '2026-02-14T23:30:00Z', date: undefined, local: undefined, expected: '2026-02-14' },
  ])(
    'takes the resort’s day from the weather record’s offset: $now is $expected',
    ({ now, date, local, expected }) => {
      expect(resortToday(Date.parse(now), { date, date_local: local } as never)).toBe(expected);
    },
  );

  it('marks a report older than the limit as outdated', () => {
    const d = {
      ...data(1, 1),
      familyA: { status: { openFlag: 1 }, updatedAt: '2026-02-10T00:00:00Z' },
    } as ResortData;
    expect(reportView(d, Date.parse('2026-02-14T00:00:00Z'), 48).outdated).toBe(true);
    expect(reportView(d, Date.parse('2026-02-14T00:00:00Z'), 200).outdated).toBe(false);
  });
});
