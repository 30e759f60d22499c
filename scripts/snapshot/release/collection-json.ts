/**
 * The published text of a collection's files: each body sanitised (sanitize.ts) and serialised as JSON.
 * The files of one answer share their records: a resort's record is its own file, and again a member of
 * the map and of the list of every group it is in (all resorts, its region), so five files hold it. Each
 * record is sanitised and serialised once per collection, and a group file is its members' texts joined:
 * the same bytes as `JSON.stringify(sanitizeBody(body))`, for a fifth of the work.
 */
import { sanitizeBody } from './sanitize.ts';

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

export class CollectionJson {
  /** The text of each record serialised so far, by identity (the collection's bodies do not change). */
  readonly #seen = new Map<object, string>();

  /** `JSON.stringify(sanitizeBody(body))`, with the texts of records seen before in this collection. */
  of(body: unknown): string {
    if (!isContainer(body)) return JSON.stringify(sanitizeBody(body));
    const seen = this.#seen.get(body);
    if (seen !== undefined) return seen;
    // a group of records already serialised (its own files come first) is their texts joined
    const first = Array.isArray(body) ? body[0] : Object.values(body)[0];
    if (!isContainer(first) || !this.#seen.has(first)) return this.#member(body, '');
    if (Array.isArray(body)) return `[${body.map((v) => this.#member(v, '') ?? 'null').join(',')}]`;
    const parts: string[] = [];
    for (const [key, value] of Object.entries(body)) {
      // as sanitizeBody: no `__proto__` member; as JSON.stringify: no member without a JSON value
      const text = key === '__proto__' ? undefined : this.#member(value, key);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }

  /** The text of one member reached by `key` (which sanitising looks at), kept for the next file when a record. */
  #member(value: unknown, key: string): string {
    // an overview's body is sanitised as HTML only when reached by that name: not a record to share
    if (!isContainer(value) || key === 'overview') return JSON.stringify(sanitizeBody(value, key));
    let text = this.#seen.get(value);
    if (text === undefined) {
      text = JSON.stringify(sanitizeBody(value, key));
      this.#seen.set(value, text);
    }
    return text;
  }
}
