/**
 * The release's list of files as the private state records them (hash, size, fetch time, collection,
 * stale mark), kept out of the JavaScript heap: a build of 2,000 resorts in 16 locales lists 833,000 files,
 * and the heap grows to several times what it holds alive before it collects, so every byte per file held
 * there counts three or four times in the build's peak memory. Here a file is a slot in typed arrays and
 * buffers, about 70 bytes in all: its path as the numbers of its segments (`de-DE`, `resort`, `1096`,
 * `snowreport.json`: a few thousand different ones in a whole tree, each kept once as text), a byte or two
 * each; the hash as 32 bytes; the size; the index of its group (the collection, fetch time and stale mark it
 * shares with the other files of its answer); and its place in an open-addressing table from path to slot.
 * Written out as text, the paths alone were 52 MB of such a tree. The arrays grow a chunk at a time and
 * never copy what they hold (columns.ts: a doubling array needs 90 MiB more, for a moment, at 524,288 files).
 */
import {
  CHUNK,
  CHUNK_BITS,
  CHUNK_MASK,
  Column,
  TEXT_BITS,
  TEXT_CHUNK,
  TEXT_MASK,
  hashOf,
} from './columns.ts';
import type { FileState } from './state.ts';

const HASH_BYTES = 32;
const FIRST_SLOTS = 1024;

interface Group {
  collection: string;
  fetchedAt: string;
  stale: FileState['stale'];
  /** The group's part of a file's state as JSON, after the size: `,"fetchedAt":…,"collection":…` and the stale mark. */
  json: string;
  /** `json`'s length in UTF-8. */
  bytes: number;
}

/** What a file's entry in the state's JSON holds between its path and its hash, and between its hash and its size. */
const ENTRY_HASH = Buffer.from(':{"sha256":"');
const ENTRY_SIZE = Buffer.from('","size":');
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** Whether `segment` is its own JSON string's text: no quote, backslash or control character. */
const plainInJson = (segment: string) => {
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c) return false;
  }
  return true;
};

/**
 * Orders two different segments as the paths that hold them sort (by UTF-16 code units), each path going on
 * after it (`more`) or ending there: where one segment begins the other, the path goes on with `/`.
 */
function compareSegments(a: string, aMore: boolean, b: string, bMore: boolean): number {
  if (b.startsWith(a)) return (aMore ? 0x2f : -1) - b.charCodeAt(a.length);
  if (a.startsWith(b)) return a.charCodeAt(b.length) - (bMore ? 0x2f : -1);
  return a < b ? -1 : 1;
}

export class FileIndex {
  #count = 0;
  /** Every path's code (its segments' numbers, each in one to three bytes of seven bits), in the order added, in chunks of `TEXT_CHUNK`. */
  readonly #text: Buffer[] = [];
  /** Where the next code goes: chunk × `TEXT_CHUNK` + offset. */
  #textEnd = 0;
  /** Each path's code's place in the text (chunk × `TEXT_CHUNK` + offset) and length. */
  readonly #start = new Column();
  readonly #length = new Column();
  readonly #sizes = new Column();
  readonly #groupOf = new Column();
  /** The hashes, 32 bytes each, in chunks of `CHUNK`. */
  readonly #hashes: Buffer[] = [];
  /** Slot + 1 of the path at each place, 0 where none; never more than half full. */
  #table = new Int32Array(FIRST_SLOTS * 2);
  /** The segments paths are made of, by number; each one's number; whether each is plain JSON text. */
  readonly #segments: string[] = [];
  readonly #segmentIds = new Map<string, number>();
  readonly #segmentPlain: boolean[] = [];
  /** The code of the path last encoded. */
  #scratch = Buffer.alloc(1024);
  readonly #groups: Group[] = [];
  readonly #groupIds = new Map<string, number>();

  get size(): number {
    return this.#count;
  }

  has(path: string): boolean {
    return this.#find(path) >= 0;
  }

  /** Paths in the order they were added. */
  paths(): string[] {
    return [...this.eachPath()];
  }

  /** Paths in the order they were added, made one at a time. */
  *eachPath(): IterableIterator<string> {
    for (let slot = 0; slot < this.#count; slot++) yield this.#path(slot);
  }

  /** Adds `path`, or replaces its state in place (keeping its position). */
  set(path: string, state: FileState): void {
    let slot = this.#find(path);
    if (slot < 0) slot = this.#add(path);
    const [hashes, at] = this.#hashAt(slot);
    if (hashes.write(state.sha256, at, HASH_BYTES, 'hex') !== HASH_BYTES)
      throw new Error(`${path}: not a SHA-256 hash: ${state.sha256}`);
    if (!Number.isInteger(state.size) || state.size < 0 || state.size > 0xffffffff)
      throw new Error(`${path}: a size the index cannot hold: ${state.size}`);
    this.#sizes.set(slot, state.size);
    this.#groupOf.set(slot, this.#group(state));
  }

  get(path: string): FileState | undefined {
    const slot = this.#find(path);
    return slot < 0 ? undefined : this.#state(slot);
  }

  /** The path of the file at `slot` (0 to size - 1, in the order added). */
  pathAt(slot: number): string {
    return this.#path(slot);
  }

  /** The state of the file at `slot`. */
  stateAt(slot: number): FileState {
    return this.#state(slot);
  }

  /** Each collection's files, as slots in the order added. */
  slotsByCollection(): Map<string, number[]> {
    const byCollection = new Map<string, number[]>();
    for (let slot = 0; slot < this.#count; slot++) {
      const { collection } = this.#groups[this.#groupOf.get(slot)]!;
      const list = byCollection.get(collection);
      if (list) list.push(slot);
      else byCollection.set(collection, [slot]);
    }
    return byCollection;
  }

  /** Every file's state, in the order added: what a caller that asks for the whole list gets. */
  *entries(): IterableIterator<[string, FileState]> {
    for (let slot = 0; slot < this.#count; slot++) yield [this.#path(slot), this.#state(slot)];
  }

  /** The collection and stale mark of each stale file, in the order added. */
  *stale(): IterableIterator<{ collection: string; stale: NonNullable<FileState['stale']> }> {
    for (let slot = 0; slot < this.#count; slot++) {
      const g = this.#groups[this.#groupOf.get(slot)]!;
      if (g.stale) yield { collection: g.collection, stale: g.stale };
    }
  }

  /**
   * The files' part of the state's JSON, sorted by path (`"api/…":{"sha256":…},…`, as `JSON.stringify` writes
   * it), as UTF-8 in chunks of whole entries, about `chunkBytes` each. The text of 833,000 files is 130 MB:
   * made as strings, it reached the old generation faster than the collector freed it, and the build's
   * memory peaked while it was written. Each chunk is a view of one buffer that the next chunk overwrites:
   * a consumer writes or copies it before it asks for the next.
   */
  *json(chunkBytes = 1 << 20): IterableIterator<Buffer> {
    const order = this.#sorted();
    const segmentBytes = this.#segments.map((segment) => Buffer.byteLength(segment));
    const ids: number[] = [];
    let out = Buffer.allocUnsafe(Math.max(chunkBytes, 1024));
    let at = 0;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]!;
      const group = this.#groups[this.#groupOf.get(slot)]!;
      this.#decode(slot, ids);
      let plain = true;
      let pathBytes = ids.length - 1;
      for (const id of ids) {
        plain &&= this.#segmentPlain[id]!;
        pathBytes += segmentBytes[id]!;
      }
      // a path with a quote, a backslash or a control character is written as JSON.stringify escapes it
      const escaped = plain ? undefined : Buffer.from(JSON.stringify(this.#path(slot)));
      const size = String(this.#sizes.get(slot));
      const entry =
        1 +
        (escaped ? escaped.length : pathBytes + 2) +
        ENTRY_HASH.length +
        2 * HASH_BYTES +
        ENTRY_SIZE.length +
        size.length +
        group.bytes +
        1;
      if (at > 0 && at + entry > chunkBytes) {
        yield out.subarray(0, at);
        at = 0;
      }
      if (entry > out.length) out = Buffer.allocUnsafe(entry);
      if (i > 0) out[at++] = 0x2c;
      if (escaped) at += escaped.copy(out, at);
      else {
        out[at++] = 0x22;
        for (let k = 0; k < ids.length; k++) {
          if (k > 0) out[at++] = 0x2f;
          at += out.write(this.#segments[ids[k]!]!, at);
        }
        out[at++] = 0x22;
      }
      at += ENTRY_HASH.copy(out, at);
      const [hashes, h] = this.#hashAt(slot);
      for (let b = h; b < h + HASH_BYTES; b++) {
        out[at++] = HEX_DIGITS[hashes[b]! >>> 4]!;
        out[at++] = HEX_DIGITS[hashes[b]! & 15]!;
      }
      at += ENTRY_SIZE.copy(out, at);
      at += out.write(size, at, 'latin1');
      at += out.write(group.json, at);
      out[at++] = 0x7d;
    }
    if (at > 0) yield out.subarray(0, at);
  }

  /** Slots in the order of their paths as `Array.prototype.sort` orders strings (by UTF-16 code units). */
  #sorted(): Uint32Array {
    const order = new Uint32Array(this.#count);
    for (let slot = 0; slot < this.#count; slot++) order[slot] = slot;
    const text = this.#text;
    const segments = this.#segments;
    return order.sort((a, b) => {
      const sa = this.#start.get(a);
      const sb = this.#start.get(b);
      const ta = text[sa >>> TEXT_BITS]!;
      const tb = text[sb >>> TEXT_BITS]!;
      let ia = sa & TEXT_MASK;
      let ib = sb & TEXT_MASK;
      const ea = ia + this.#length.get(a);
      const eb = ib + this.#length.get(b);
      // segment by segment: the first that differs orders the paths; a path that ends first comes first
      while (ia < ea && ib < eb) {
        let ida = 0;
        for (let shift = 0; ; shift += 7) {
          const byte = ta[ia++]!;
          ida |= (byte & 0x7f) << shift;
          if (byte < 0x80) break;
        }
        let idb = 0;
        for (let shift = 0; ; shift += 7) {
          const byte = tb[ib++]!;
          idb |= (byte & 0x7f) << shift;
          if (byte < 0x80) break;
        }
        if (ida !== idb) return compareSegments(segments[ida]!, ia < ea, segments[idb]!, ib < eb);
      }
      return ia < ea ? 1 : ib < eb ? -1 : 0;
    });
  }

  /** The numbers of the segments of the path at `slot`, into `ids`. */
  #decode(slot: number, ids: number[]): void {
    ids.length = 0;
    const start = this.#start.get(slot);
    const text = this.#text[start >>> TEXT_BITS]!;
    const end = (start & TEXT_MASK) + this.#length.get(slot);
    for (let i = start & TEXT_MASK; i < end;) {
      let id = 0;
      for (let shift = 0; ; shift += 7) {
        const byte = text[i++]!;
        id |= (byte & 0x7f) << shift;
        if (byte < 0x80) break;
      }
      ids.push(id);
    }
  }

  #path(slot: number): string {
    const ids: number[] = [];
    this.#decode(slot, ids);
    let path = this.#segments[ids[0]!]!;
    for (let k = 1; k < ids.length; k++) path += `/${this.#segments[ids[k]!]}`;
    return path;
  }

  /** The chunk that holds `slot`'s hash, and where in it. */
  #hashAt(slot: number): [Buffer, number] {
    const chunk = slot >>> CHUNK_BITS;
    while (this.#hashes.length <= chunk) this.#hashes.push(Buffer.alloc(CHUNK * HASH_BYTES));
    return [this.#hashes[chunk]!, (slot & CHUNK_MASK) * HASH_BYTES];
  }

  #hash(slot: number): string {
    const [hashes, at] = this.#hashAt(slot);
    return hashes.toString('hex', at, at + HASH_BYTES);
  }

  /** The slot of `path`, or -1. */
  #find(path: string): number {
    const bytes = this.#encode(path, false);
    if (bytes < 0) return -1;
    const mask = this.#table.length - 1;
    for (let at = hashOf(this.#scratch, 0, bytes) & mask; ; at = (at + 1) & mask) {
      const entry = this.#table[at]!;
      if (entry === 0) return -1;
      const slot = entry - 1;
      if (this.#length.get(slot) !== bytes) continue;
      const start = this.#start.get(slot);
      const offset = start & TEXT_MASK;
      if (this.#text[start >>> TEXT_BITS]!.compare(this.#scratch, 0, bytes, offset, offset + bytes) === 0)
        return slot;
    }
  }

  /**
   * Writes the code of `path` into the scratch buffer; answers its length, or -1 when a segment has no
   * number yet and `add` is false (no path of the index has it).
   */
  #encode(path: string, add: boolean): number {
    let length = 0;
    for (let from = 0; ;) {
      const slash = path.indexOf('/', from);
      const segment = slash < 0 ? path.slice(from) : path.slice(from, slash);
      let id = this.#segmentIds.get(segment);
      if (id === undefined) {
        if (!add) return -1;
        id = this.#segments.length;
        this.#segments.push(segment);
        this.#segmentIds.set(segment, id);
        this.#segmentPlain.push(plainInJson(segment));
      }
      if (length + 5 > this.#scratch.length) {
        const larger = Buffer.alloc(this.#scratch.length * 2);
        this.#scratch.copy(larger);
        this.#scratch = larger;
      }
      for (; id >= 0x80; id >>>= 7) this.#scratch[length++] = (id & 0x7f) | 0x80;
      this.#scratch[length++] = id;
      if (slash < 0) return length;
      from = slash + 1;
    }
  }

  #add(path: string): number {
    const bytes = this.#encode(path, true);
    if (bytes > TEXT_CHUNK)
      throw new Error(`${path.slice(0, 80)}…: a path of more than ${TEXT_CHUNK} bytes of segments`);
    let end = this.#textEnd;
    // a code that would span two chunks starts the next one
    if ((end & TEXT_MASK) + bytes > TEXT_CHUNK) end = ((end >>> TEXT_BITS) + 1) * TEXT_CHUNK;
    if (end + bytes > 0xffffffff) throw new Error(`${path}: the index holds at most 4 GiB of paths`);
    const chunk = end >>> TEXT_BITS;
    while (this.#text.length <= chunk) this.#text.push(Buffer.alloc(TEXT_CHUNK));
    this.#scratch.copy(this.#text[chunk]!, end & TEXT_MASK, 0, bytes);
    const slot = this.#count++;
    this.#start.set(slot, end);
    this.#length.set(slot, bytes);
    this.#textEnd = end + bytes;
    this.#hashAt(slot);
    if (this.#count * 2 > this.#table.length) this.#rehash(this.#table.length * 2);
    else this.#place(slot);
    return slot;
  }

  #place(slot: number): void {
    const mask = this.#table.length - 1;
    const start = this.#start.get(slot);
    let at = hashOf(this.#text[start >>> TEXT_BITS]!, start & TEXT_MASK, this.#length.get(slot)) & mask;
    while (this.#table[at] !== 0) at = (at + 1) & mask;
    this.#table[at] = slot + 1;
  }

  #rehash(size: number): void {
    this.#table = new Int32Array(size);
    for (let slot = 0; slot < this.#count; slot++) this.#place(slot);
  }

  #state(slot: number): FileState {
    const g = this.#groups[this.#groupOf.get(slot)]!;
    const state: FileState = {
      sha256: this.#hash(slot),
      size: this.#sizes.get(slot),
      fetchedAt: g.fetchedAt,
      collection: g.collection,
    };
    return g.stale ? { ...state, stale: { ...g.stale } } : state;
  }

  #group(state: FileState): number {
    const json = `,"fetchedAt":${JSON.stringify(state.fetchedAt)},"collection":${JSON.stringify(state.collection)}${state.stale ? `,"stale":${JSON.stringify({ since: state.stale.since, reason: state.stale.reason })}` : ''}`;
    let id = this.#groupIds.get(json);
    if (id === undefined) {
      id = this.#groups.length;
      this.#groups.push({
        collection: state.collection,
        fetchedAt: state.fetchedAt,
        stale: state.stale,
        json,
        bytes: Buffer.byteLength(json),
      });
      this.#groupIds.set(json, id);
    }
    return id;
  }
}
