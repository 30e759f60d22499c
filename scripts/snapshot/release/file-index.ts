/**
 * The release's list of files as the private state records them (hash, size, fetch time, collection,
 * stale mark), kept out of the JavaScript heap: a build of 2,000 resorts in 16 locales lists 833,000 files,
 * and the heap grows to several times what it holds alive before it collects, so every byte per file held
 * there counts three or four times in the build's peak memory. Here a file is a slot in typed arrays and
 * buffers, about 110 bytes in all: its path as UTF-8, the hash as 32 bytes, the size, the index of its group
 * (the collection, fetch time and stale mark it shares with the other files of its answer), and its place
 * in an open-addressing table from path to slot. The arrays grow a chunk at a time and never copy what they
 * hold: an array that doubled would hold its old and its new copy at once (90 MiB more, for a moment, at
 * 524,288 files).
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { FileState, State } from './state.ts';

interface Group {
  collection: string;
  fetchedAt: string;
  stale: FileState['stale'];
  /** The group's part of a file's state as JSON, after the size: `,"fetchedAt":…,"collection":…` and the stale mark. */
  json: string;
  /** `json` as UTF-8. */
  bytes: Buffer;
}

const HASH_BYTES = 32;
const FIRST_SLOTS = 1024;
/** Slots in each chunk of the arrays: 2^16. */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;
/** Bytes in each chunk of the paths' text: 1 MiB; a path never spans two. */
const TEXT_BITS = 20;
const TEXT_CHUNK = 1 << TEXT_BITS;
const TEXT_MASK = TEXT_CHUNK - 1;

/** 32-bit values by slot, in chunks of `CHUNK`: growing never copies them. */
class Column {
  readonly #chunks: Uint32Array[] = [];
  get(slot: number): number {
    return this.#chunks[slot >>> CHUNK_BITS]![slot & CHUNK_MASK]!;
  }
  set(slot: number, value: number): void {
    const chunk = slot >>> CHUNK_BITS;
    while (this.#chunks.length <= chunk) this.#chunks.push(new Uint32Array(CHUNK));
    this.#chunks[chunk]![slot & CHUNK_MASK] = value;
  }
}

/** What a file's entry in the state's JSON holds between its path and its hash, and between its hash and its size. */
const ENTRY_HASH = Buffer.from(':{"sha256":"');
const ENTRY_SIZE = Buffer.from('","size":');
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** Whether the UTF-8 path at `offset` is its own JSON string's text: no quote, backslash or control character. */
function plainInJson(text: Buffer, offset: number, length: number): boolean {
  for (let i = offset; i < offset + length; i++) {
    const c = text[i]!;
    if (c < 0x20 || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** FNV-1a over the path's UTF-16 code units. */
function hashOf(path: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class FileIndex {
  #count = 0;
  /** Every path's UTF-8 bytes, one after the other in the order added, in chunks of `TEXT_CHUNK`. */
  readonly #text: Buffer[] = [];
  /** Where the next path goes: chunk × `TEXT_CHUNK` + offset. */
  #textEnd = 0;
  /** Each path's place in the text (chunk × `TEXT_CHUNK` + offset) and length. */
  readonly #start = new Column();
  readonly #length = new Column();
  readonly #keyHash = new Column();
  readonly #sizes = new Column();
  readonly #groupOf = new Column();
  /** The hashes, 32 bytes each, in chunks of `CHUNK`. */
  readonly #hashes: Buffer[] = [];
  /** Slot + 1 of the path at each place, 0 where none; never more than half full. */
  #table = new Int32Array(FIRST_SLOTS * 2);
  /** Whether every path is ASCII (their bytes then sort as their code units). */
  #ascii = true;
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
    let out = Buffer.allocUnsafe(Math.max(chunkBytes, 1024));
    let at = 0;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i]!;
      const group = this.#groups[this.#groupOf.get(slot)]!;
      const start = this.#start.get(slot);
      const length = this.#length.get(slot);
      const text = this.#text[start >>> TEXT_BITS]!;
      const offset = start & TEXT_MASK;
      // a path with a quote, a backslash or a control character is written as JSON.stringify escapes it
      const escaped = plainInJson(text, offset, length)
        ? undefined
        : Buffer.from(JSON.stringify(this.#path(slot)));
      const size = String(this.#sizes.get(slot));
      const need =
        1 + (escaped ? escaped.length : length + 2) + ENTRY_HASH.length + 2 * HASH_BYTES + ENTRY_SIZE.length;
      const entry = need + size.length + group.bytes.length + 1;
      if (at > 0 && at + entry > chunkBytes) {
        yield out.subarray(0, at);
        at = 0;
      }
      if (entry > out.length) out = Buffer.allocUnsafe(entry);
      if (i > 0) out[at++] = 0x2c;
      if (escaped) at += escaped.copy(out, at);
      else {
        out[at++] = 0x22;
        at += text.copy(out, at, offset, offset + length);
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
      at += group.bytes.copy(out, at);
      out[at++] = 0x7d;
    }
    if (at > 0) yield out.subarray(0, at);
  }

  /** Slots in the order of their paths as `Array.prototype.sort` orders strings (by UTF-16 code units). */
  #sorted(): Uint32Array {
    const order = new Uint32Array(this.#count);
    for (let slot = 0; slot < this.#count; slot++) order[slot] = slot;
    if (!this.#ascii) {
      const paths = this.paths();
      return order.sort((a, b) => (paths[a]! < paths[b]! ? -1 : paths[a]! > paths[b]! ? 1 : 0));
    }
    // ASCII: bytes compare as the code units do, without a string per path
    const text = this.#text;
    return order.sort((a, b) => {
      const sa = this.#start.get(a);
      const sb = this.#start.get(b);
      const ta = text[sa >>> TEXT_BITS]!;
      const tb = text[sb >>> TEXT_BITS]!;
      const oa = sa & TEXT_MASK;
      const ob = sb & TEXT_MASK;
      const la = this.#length.get(a);
      const lb = this.#length.get(b);
      const n = Math.min(la, lb);
      for (let i = 0; i < n; i++) {
        const d = ta[oa + i]! - tb[ob + i]!;
        if (d !== 0) return d;
      }
      return la - lb;
    });
  }

  #path(slot: number): string {
    const start = this.#start.get(slot);
    const offset = start & TEXT_MASK;
    return this.#text[start >>> TEXT_BITS]!.toString('utf8', offset, offset + this.#length.get(slot));
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
    const h = hashOf(path);
    const mask = this.#table.length - 1;
    let bytes = -1;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const entry = this.#table[at]!;
      if (entry === 0) return -1;
      const slot = entry - 1;
      if (this.#keyHash.get(slot) !== h) continue;
      if (bytes < 0) bytes = this.#encode(path);
      if (this.#length.get(slot) !== bytes) continue;
      const start = this.#start.get(slot);
      const offset = start & TEXT_MASK;
      if (this.#text[start >>> TEXT_BITS]!.compare(this.#scratch, 0, bytes, offset, offset + bytes) === 0)
        return slot;
    }
  }

  /** Writes `path` as UTF-8 into the scratch buffer; answers its length. */
  #encode(path: string): number {
    const bytes = Buffer.byteLength(path);
    if (bytes > this.#scratch.length) this.#scratch = Buffer.alloc(bytes * 2);
    return this.#scratch.write(path);
  }

  #add(path: string): number {
    const bytes = this.#encode(path);
    if (bytes > TEXT_CHUNK) throw new Error(`${path.slice(0, 80)}…: a path longer than ${TEXT_CHUNK} bytes`);
    let end = this.#textEnd;
    // a path that would span two chunks starts the next one
    if ((end & TEXT_MASK) + bytes > TEXT_CHUNK) end = ((end >>> TEXT_BITS) + 1) * TEXT_CHUNK;
    if (end + bytes > 0xffffffff) throw new Error(`${path}: the index holds at most 4 GiB of paths`);
    const chunk = end >>> TEXT_BITS;
    while (this.#text.length <= chunk) this.#text.push(Buffer.alloc(TEXT_CHUNK));
    this.#scratch.copy(this.#text[chunk]!, end & TEXT_MASK, 0, bytes);
    if (bytes !== path.length) this.#ascii = false;
    const slot = this.#count++;
    this.#start.set(slot, end);
    this.#length.set(slot, bytes);
    this.#textEnd = end + bytes;
    this.#keyHash.set(slot, hashOf(path));
    this.#hashAt(slot);
    if (this.#count * 2 > this.#table.length) this.#rehash(this.#table.length * 2);
    else this.#place(slot);
    return slot;
  }

  #place(slot: number): void {
    const mask = this.#table.length - 1;
    let at = this.#keyHash.get(slot) & mask;
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
        bytes: Buffer.from(json),
      });
      this.#groupIds.set(json, id);
    }
    return id;
  }
}

/**
 * Reads a state file with its list of files in a `FileIndex`, never as one string nor as an object per
 * file (a build of 833,000 files would hold a gigabyte of them): the text is read a megabyte at a time,
 * each entry of `files` is parsed on its own as it ends, and the rest (a few kilobytes) is parsed at the end.
 * The state's `files` is made only for a caller that asks for it. A missing or unreadable file, or one
 * that breaks the schema anywhere, means "no previous build".
 */
export async function readIndexedState(
  path: string,
): Promise<{ head: Omit<State, 'files'>; files: FileIndex } | undefined> {
  const files = new FileIndex();
  const reader = new StateReader(files);
  try {
    const decoder = new StringDecoder('utf8');
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }))
      reader.read(decoder.write(chunk as Buffer));
    reader.read(decoder.end());
    const result = reader.broken ? undefined : State.safeParse(JSON.parse(reader.rest));
    if (!result?.success) return undefined;
    const { files: _none, ...head } = result.data;
    return { head, files };
  } catch {
    return undefined;
  }
}

/**
 * A state whose `files` are made from `index()` when first read: a list of 833,000 files is built only for
 * a caller that asks for it, and the state holds no index of its own (whoever holds the index may let go).
 */
export function withIndexedFiles(head: Omit<State, 'files'>, index: () => FileIndex): State {
  let list: Record<string, FileState> | undefined;
  return {
    ...head,
    get files() {
      return (list ??= Object.fromEntries(index().entries()));
    },
  };
}

/** The scanner of `readIndexedState`: JSON's strings and nesting, enough to find where each file's entry ends. */
class StateReader {
  /** The text but the entries of `files`. */
  rest = '';
  broken = false;
  readonly #files: FileIndex;
  #entry = '';
  #depth = 0;
  #inString = false;
  #escaped = false;
  #inFiles = false;
  #seenFiles = false;
  /** The last string of the top level (a key, or a value), and the part of one still being read. */
  #lastKey = '';
  #key: string | undefined;

  constructor(files: FileIndex) {
    this.#files = files;
  }

  read(text: string): void {
    let from = 0;
    let keyFrom = this.#key === undefined ? -1 : 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === 0x5c) this.#escaped = true;
        else if (c === 0x22) {
          this.#inString = false;
          if (keyFrom >= 0) {
            this.#lastKey = this.#key + text.slice(keyFrom, i);
            this.#key = undefined;
            keyFrom = -1;
          }
        }
        continue;
      }
      if (c === 0x22) {
        this.#inString = true;
        if (this.#depth === 1) {
          this.#key = '';
          keyFrom = i + 1;
        }
      } else if (c === 0x7b || c === 0x5b) {
        this.#depth++;
        if (this.#depth === 2 && c === 0x7b && this.#lastKey === 'files' && !this.#seenFiles) {
          this.rest += text.slice(from, i + 1);
          from = i + 1;
          this.#inFiles = this.#seenFiles = true;
        }
      } else if (c === 0x7d || c === 0x5d) {
        if (this.#inFiles && this.#depth === 2) {
          this.#entry += text.slice(from, i);
          this.#add();
          from = i;
          this.#inFiles = false;
        }
        this.#depth--;
      } else if (c === 0x2c && this.#inFiles && this.#depth === 2) {
        this.#entry += text.slice(from, i);
        this.#add();
        from = i + 1;
      }
    }
    if (this.#inFiles) this.#entry += text.slice(from);
    else this.rest += text.slice(from);
    if (keyFrom >= 0) this.#key += text.slice(keyFrom);
  }

  /** One entry of `files`, `"path":{…}`, into the index. */
  #add(): void {
    const text = this.#entry;
    this.#entry = '';
    if (text.trim() === '') return;
    const entry = Object.entries(JSON.parse(`{${text}}`) as Record<string, unknown>);
    const result = entry.length === 1 ? FileState.safeParse(entry[0]![1]) : undefined;
    if (result?.success) this.#files.set(entry[0]![0], result.data);
    else this.broken = true;
  }
}
