/** Files packed into batches to pass between threads (scripts/snapshot/store/records.ts). */
import { describe, expect, it } from 'vitest';
import { Records, unpackRecords, type Batch } from '../../../scripts/snapshot/store/records.ts';

describe('Records', () => {
  it('packs files into batches of about the size asked, and unpacks them in order, bytes intact', () => {
    const records = new Records(1000);
    const batches: Batch[] = [];
    const scratch = Buffer.alloc(300);
    for (let i = 0; i < 10; i++) {
      scratch.fill(i);
      const full = records.add(`api/é/${i}.json`, scratch.subarray(0, 200 + i));
      if (full) batches.push(full);
    }
    batches.push(records.take()!);
    expect(records.take()).toBeUndefined();
    // 8 + 12 + ~200 bytes a record: four fit in 1000
    expect(batches.map((b) => [...unpackRecords(b)].length)).toEqual([4, 4, 2]);
    const files = batches.flatMap((b) => [...unpackRecords(b)]);
    expect(files.map((f) => f.path)).toEqual(Array.from({ length: 10 }, (_, i) => `api/é/${i}.json`));
    files.forEach((f, i) => {
      expect(f.bytes.byteLength).toBe(200 + i);
      expect(f.bytes.every((b) => b === i)).toBe(true);
    });
  });

  it('gives a file larger than a batch a batch of its own', () => {
    const records = new Records(100);
    expect(records.add('a', Buffer.alloc(10))).toBeUndefined();
    const full = records.add('big', Buffer.alloc(500, 1));
    expect([...unpackRecords(full!)].map((f) => f.path)).toEqual(['a']);
    const big = records.take()!;
    expect(big.buffer.byteLength).toBe(8 + 3 + 500);
    expect([...unpackRecords(big)].map((f) => [f.path, f.bytes.byteLength])).toEqual([['big', 500]]);
  });
});
