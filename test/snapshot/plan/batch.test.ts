import { describe, expect, it } from 'vitest';
import { batchIds, lowerBound } from '../../../scripts/snapshot/plan/batch.ts';

const options = { baseLength: 100, idLength: (id: number) => `&resortId=${id}`.length, limit: 8000 };

describe('batchIds', () => {
  it('keeps every request within the limit and every id exactly once', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const batches = batchIds(ids, options);
    for (const batch of batches) {
      expect(batch.reduce((n, id) => n + options.idLength(id), options.baseLength)).toBeLessThanOrEqual(8000);
    }
    expect(batches.flat()).toEqual(ids);
  });

  it('makes as few requests as the lower bound allows for ids of even length', () => {
    const ids = Array.from({ length: 1500 }, (_, i) => 1000 + i); // each id adds 14 characters
    expect(batchIds(ids, options)).toHaveLength(lowerBound(ids, options));
    expect(lowerBound(ids, options)).toBe(Math.ceil((1500 * 14) / 7900));
  });

  it('answers no batch for no ids and one for a few', () => {
    expect(batchIds([], options)).toEqual([]);
    expect(batchIds([1, 2, 3], options)).toEqual([[1, 2, 3]]);
  });

  it('refuses an id that cannot fit in any request', () => {
    expect(() => batchIds([1], { ...options, baseLength: 7999 })).toThrow(RangeError);
  });
});
