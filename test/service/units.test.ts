import { describe, expect, it } from 'vitest';
import { parseLocale } from '../../scripts/api/locales.ts';
import { unitsFor } from '../../scripts/service/locale.ts';
import { IMPERIAL, METRIC } from '../../scripts/service/units.ts';

describe('units', () => {
  it.each([
    { kind: 'depth', input: 100, imperial: 39, metric: 100 },
    { kind: 'depth', input: 2.5, imperial: 1, metric: 3 },
    { kind: 'snowfall', input: 10, imperial: 3.9, metric: 10 },
    { kind: 'snowfall', input: 0, imperial: 0, metric: 0 },
    { kind: 'elevation', input: 3000, imperial: 9843, metric: 3000 },
    { kind: 'distance', input: 10, imperial: 6.2, metric: 10 },
    { kind: 'distance', input: 1.05, imperial: 0.7, metric: 1.1 },
    { kind: 'area', input: 100, imperial: 247, metric: 100 },
    { kind: 'temperature', input: 0, imperial: 32, metric: 0 },
    { kind: 'temperature', input: -6.7, imperial: 20, metric: -6.7 },
    { kind: 'temperature', input: -17.8, imperial: 0, metric: -17.8 },
    { kind: 'temperature', input: -40, imperial: -40, metric: -40 },
    { kind: 'wind', input: 10, imperial: 22, metric: 10 },
    { kind: 'wind', input: 0.04, imperial: 0, metric: 0 },
  ] as const)(
    'converts $kind $input to $imperial imperial and $metric metric',
    ({ kind, input, imperial, metric }) => {
      expect(IMPERIAL[kind](input)).toBe(imperial);
      expect(METRIC[kind](input)).toBe(metric);
    },
  );

  it('never answers negative zero', () => {
    expect(Object.is(METRIC.temperature(-0.01), 0)).toBe(true);
    expect(Object.is(IMPERIAL.temperature(-17.78), 0)).toBe(true);
  });

  it.each([
    { tag: 'en-US', system: 'imperial' },
    { tag: 'en-GB', system: 'metric' },
    { tag: 'de-US', system: 'metric' },
    { tag: 'fr-FR', system: 'metric' },
    { tag: 'ja-JP', system: 'metric' },
  ])('uses $system units for $tag', ({ tag, system }) => {
    expect(unitsFor(parseLocale(tag)!).system).toBe(system);
  });
});
