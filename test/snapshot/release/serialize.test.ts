import { describe, expect, it } from 'vitest';
import { random } from '../../../scripts/dataset/generate.ts';
import { answerSerializer } from '../../../scripts/snapshot/release/serialize.ts';

/** The files of one answer as derivation makes them: records alone, then a group's map and its ordered form. */
function answerFiles(next: () => number): unknown[] {
  const records = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) =>
    next() < 0.2
      ? [i, { url: `https://x.example/${i}` }]
      : { resortName: `R${i} é "q"`, id: i, info: { n: next() }, list: [1, null, 'x'] },
  );
  const ids = records.map((_, i) => [7, 20, 3, 4294967295, 100, 12][i]!);
  const map = Object.fromEntries(ids.map((id, i) => [String(id), records[i]]));
  const files: unknown[] = [...records, map, ids.map((_, i) => records[i])];
  // what else an answer holds: a map without its ordered form, a list of other records, values that are not records
  if (next() < 0.3) files.push({ a: records[0], b: 1 }, [records[0]]);
  if (next() < 0.3) files.push(map, [{ ...(records[0] as object) }, ...records.slice(1)]);
  if (next() < 0.3) files.push({}, []);
  if (next() < 0.3) files.push({ __proto__: null, x: records[0] }, [records[0]]);
  return files;
}

describe('answerSerializer', () => {
  it('writes what JSON.stringify writes for every file of 500 seeded answers', () => {
    const next = random(20261127);
    const differing: unknown[] = [];
    let shared = 0;
    for (let n = 0; n < 500; n++) {
      const files = answerFiles(next);
      const serialize = answerSerializer();
      files.forEach((body, i) => {
        const text = serialize(body, files[i + 1]);
        if (text !== JSON.stringify(body)) differing.push(body);
        if (Array.isArray(body) && i > 0 && !Array.isArray(files[i - 1])) shared++;
      });
    }
    expect(differing).toEqual([]);
    expect(shared).toBeGreaterThan(500);
  });

  it('serialises each record of a map once for the map and its ordered form', () => {
    let calls = 0;
    const record = {
      get name() {
        calls++;
        return 'A';
      },
    };
    const serialize = answerSerializer();
    const map = { 1: record, 2: { n: 1 } };
    const list = [record, map[2]];
    expect(serialize(map, list)).toBe('{"1":{"name":"A"},"2":{"n":1}}');
    expect(serialize(list, undefined)).toBe('[{"name":"A"},{"n":1}]');
    expect(calls).toBe(1);
  });
});
