// @vitest-environment happy-dom
/**
 * The room `resort-conditions.css` reserves is the room the card takes: the element reads `days` by the
 * rule the style sheet's selectors follow, for every value a page may write.
 */
import { describe, expect, it } from 'vitest';
import { tiles } from '../../scripts/tooling/reservations.ts';
import { forecastDays } from '../../widget/card/days.ts';

/** The tile counts whose reservation selector matches an undefined element with this `days` attribute. */
function reserved(days: string | null): number[] {
  const el = document.createElement('resort-conditions');
  el.setAttribute('resort', '25');
  if (days !== null) el.setAttribute('days', days);
  return [1, 2, 3, 4, 5, 6].filter((n) => el.matches(tiles(n).replace(/::before$/, '')));
}

describe('days', () => {
  it.each([
    { days: '0', shown: 0 },
    { days: '1', shown: 1 },
    { days: '2', shown: 2 },
    { days: '3', shown: 3 },
    { days: '4', shown: 4 },
    { days: '5', shown: 5 },
    { days: null, shown: 3 },
    { days: '7', shown: 3 },
    { days: '03', shown: 3 },
    { days: '05', shown: 3 },
    { days: '', shown: 3 },
    { days: '-1', shown: 3 },
    { days: 'abc', shown: 3 },
    { days: ' 2', shown: 3 },
    { days: '2.0', shown: 3 },
  ])(
    'days=$days: the element shows $shown days after today, and the style sheet reserves that many tiles',
    ({ days, shown }) => {
      expect(forecastDays(days ?? undefined)).toBe(shown);
      expect(reserved(days)).toEqual([shown + 1]);
    },
  );

  it.each([
    { value: 0, shown: 0 },
    { value: 5, shown: 5 },
    { value: 7, shown: 3 },
    { value: -1, shown: 3 },
    { value: 2.5, shown: 3 },
    { value: Number.NaN, shown: 3 },
  ])('a property of $value shows $shown days', ({ value, shown }) => {
    expect(forecastDays(value)).toBe(shown);
  });
});
