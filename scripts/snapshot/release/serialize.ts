/**
 * The JSON text of each file of one answer, in the order derived (`JSON.stringify`'s text, byte for byte).
 * A group's map (`{"id":record,…}`) comes just before its ordered form (`[record,…]`) of the same records:
 * each record is serialised once for both, and its text kept only until the ordered form is made (a group of
 * every resort is 8 MB of text; kept for the whole answer, such texts held 140 MB more at 2,000 resorts).
 */
export function answerSerializer(): (body: unknown, next: unknown) => string {
  let records: Map<object, string> | undefined;
  return (body, next) => {
    const kept = records;
    records = undefined;
    if (kept && Array.isArray(body) && body.every((record) => isObject(record) && kept.has(record)))
      return `[${body.map((record) => kept.get(record as object)).join(',')}]`;
    if (isObject(body) && !Array.isArray(body) && Array.isArray(next)) {
      const keys = Object.keys(body);
      const values = keys.map((key) => (body as Record<string, unknown>)[key]);
      if (keys.length === next.length && values.every(isObject)) {
        const texts = new Map<object, string>();
        const parts = keys.map((key, k) => {
          const value = values[k] as object;
          const text = texts.get(value) ?? JSON.stringify(value);
          texts.set(value, text);
          return `${JSON.stringify(key)}:${text}`;
        });
        records = texts;
        return `{${parts.join(',')}}`;
      }
    }
    return JSON.stringify(body);
  };
}

/** A value JSON.parse could have made as an object or array (no `toJSON`: its text is its members'). */
const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** The reused buffer of `reusedEncoder`: 1 MiB. */
const SCRATCH_BYTES = 1 << 20;

/**
 * Encodes a file's text as UTF-8 into a buffer the next call reuses: the writer copies the bytes before it
 * returns, and a new buffer per file (833,000 at 2,000 resorts in 16 locales) is memory the collector must
 * chase. A text of more than a megabyte (a group of every resort: 8 MB) gets a buffer of its own, let go
 * once written, so the reused one stays small.
 */
export function reusedEncoder(): (text: string) => Buffer {
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  // a UTF-16 code unit is at most three bytes of UTF-8
  return (text) =>
    text.length * 3 > SCRATCH_BYTES ? Buffer.from(text) : scratch.subarray(0, scratch.write(text));
}
