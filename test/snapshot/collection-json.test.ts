/**
 * A collection's files as text (scripts/snapshot/release/collection-json.ts): each record serialised once
 * and shared by the group files that hold it, byte for byte `JSON.stringify(sanitizeBody(body))`.
 */
import { describe, expect, it } from 'vitest';
import { CollectionJson } from '../../scripts/snapshot/release/collection-json.ts';
import { sanitizeBody } from '../../scripts/snapshot/release/sanitize.ts';

const plain = (body: unknown) => JSON.stringify(sanitizeBody(body));

/** Records as an answer holds them: URLs to clean, an overview to sanitise, a member named `__proto__`. */
const records = () => {
  const a = JSON.parse(
    '{"resortName":"A","website":"javascript:alert(1)","info":{"logo":"https://x.test/a.png"},"__proto__":{"x":1},"overview":{"body":"<p>ok</p><script>x</script>"}}',
  ) as Record<string, unknown>;
  const b = { resortName: 'B <b>', website: 'https://b.test/', lifts: [1, 2, 3], gone: undefined };
  return { a, b };
};

describe('CollectionJson', () => {
  it('writes each file as JSON.stringify of the sanitised body: records, then the groups that share them', () => {
    const { a, b } = records();
    const json = new CollectionJson();
    const bodies: unknown[] = [
      a,
      b,
      a.info,
      { 1: a, 2: b },
      [a, b],
      { 2: b },
      [b, undefined],
      { 1: a.info, 2: undefined },
      [],
      {},
      'text',
      3,
      null,
    ];
    for (const body of bodies) expect(json.of(body)).toBe(plain(body));
  });

  it('gives a group whose records come first the same bytes as one whose records were never seen', () => {
    const { a, b } = records();
    const group = { 1: a, 2: b };
    expect(new CollectionJson().of(group)).toBe(plain(group));
    const json = new CollectionJson();
    json.of(a);
    expect(json.of(group)).toBe(plain(group));
    expect(json.of([a, b])).toBe(plain([a, b]));
  });

  it('sanitises an overview by its name, not as a shared record', () => {
    const { a } = records();
    const json = new CollectionJson();
    json.of(a.overview);
    // reached by its name, the overview's HTML is cleaned; as a file of its own it is not
    expect(json.of({ overview: a.overview })).toBe(plain({ overview: a.overview }));
    expect(json.of({ overview: a.overview })).not.toContain('<script>');
    expect(json.of(a.overview)).toBe(plain(a.overview));
  });
});
