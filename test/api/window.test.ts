/**
 * The windows the dates of a body keep to (scripts/api/README.md, "Dates"), around a frozen clock.
 */
import { describe, expect, it } from 'vitest';
import { SeasonName, seasonOf } from '../../scripts/api/schemas/history.ts';
import {
  FIRST_DAY,
  LAST_DAY,
  forecastWindow,
  inWindow,
  recordWindow,
  windowTest,
  type DateFormat,
} from '../../scripts/api/window.ts';
import { FROZEN_NOW } from '../helpers.ts';

describe('the windows around the build’s clock', () => {
  it('holds report, update and season dates from 20 years before the build’s day to one year after', () => {
    expect(recordWindow(FROZEN_NOW)).toEqual({
      what: 'report, update and season dates',
      from: '2006-02-14',
      to: '2027-02-14',
    });
  });

  it('holds the days of weather records from 7 days before the build’s day to 16 days after', () => {
    expect(forecastWindow(FROZEN_NOW)).toEqual({
      what: 'forecast dates',
      from: '2026-02-07',
      to: '2026-03-02',
    });
  });

  it('moves 29 February to 1 March in a year without one', () => {
    expect(recordWindow(Date.parse('2028-02-29T12:00:00Z'))).toMatchObject({
      from: '2008-02-29',
      to: '2029-03-01',
    });
  });

  it.each([
    { day: '2006-02-14', inside: true },
    { day: '2006-02-13', inside: false },
    { day: '2027-02-14', inside: true },
    { day: '2027-02-15', inside: false },
    { day: '0999-12-31', inside: false },
    { day: '0000-01-01', inside: false },
    { day: '2099-12-31', inside: false },
  ])('answers $inside for $day in the record window', ({ day, inside }) => {
    expect(inWindow(day, recordWindow(FROZEN_NOW))).toBe(inside);
  });

  it.each([
    { clock: '1010-06-01T00:00:00Z', from: FIRST_DAY, to: '1011-06-01' },
    { clock: '9998-06-01T00:00:00Z', from: '9978-06-01', to: LAST_DAY },
  ])('keeps to the years 1001 to 9998 at a clock of $clock', ({ clock, from, to }) => {
    expect(recordWindow(Date.parse(clock))).toMatchObject({ from, to });
  });

  it('names a season of four digits for every day a window can hold, in both hemispheres', () => {
    for (const day of [FIRST_DAY, '1001-06-30', '1001-07-01', '9998-06-30', '9998-07-01', LAST_DAY])
      for (const latitude of [45, -33])
        expect(SeasonName.safeParse(seasonOf(day, latitude)).success, `${day} at ${latitude}`).toBe(true);
    expect([seasonOf(FIRST_DAY), seasonOf(LAST_DAY), seasonOf(LAST_DAY, -33)]).toEqual([
      '1000-01',
      '9998-99',
      '9998',
    ]);
  });
});

describe('a date in the window', () => {
  const holds = windowTest(recordWindow(FROZEN_NOW));
  const [first, last] = [
    Date.parse('2006-02-14T00:00:00Z') / 1000,
    Date.parse('2027-02-14T23:59:59Z') / 1000,
  ];
  it.each<{ value: unknown; format: DateFormat; inside: boolean | undefined }>([
    { value: '2026-02-14', format: 'day', inside: true },
    { value: '0999-12-31', format: 'day', inside: false },
    { value: '2027-02-14T23:30:00-08:00', format: 'date-time', inside: true },
    { value: '2027-02-15T00:30:00+01:00', format: 'date-time', inside: false },
    { value: '2026.02.14 09:30:00 UTC', format: 'stamp', inside: true },
    { value: '2099.12.31 09:30:00 UTC', format: 'stamp', inside: false },
    { value: '0000.01.01 00:00:00 UTC', format: 'stamp', inside: false },
    { value: FROZEN_NOW / 1000, format: 'seconds', inside: true },
    { value: first, format: 'seconds', inside: true },
    { value: first - 1, format: 'seconds', inside: false },
    { value: last, format: 'seconds', inside: true },
    { value: last + 1, format: 'seconds', inside: false },
    // milliseconds where seconds belong: far beyond the window
    { value: FROZEN_NOW, format: 'seconds', inside: false },
    { value: '', format: 'day', inside: undefined },
    { value: null, format: 'stamp', inside: undefined },
    { value: 20260214, format: 'day', inside: undefined },
    { value: '2026-02-14', format: 'stamp', inside: undefined },
  ])('$value as $format: $inside', ({ value, format, inside }) => {
    expect(holds(value, format)).toBe(inside);
  });
});
