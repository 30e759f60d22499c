/**
 * The release's list of files as the private state records them (hash, size, fetch time, collection,
 * stale mark), kept compact: a build of 2,000 resorts in 16 locales lists 833,000 files, and an object
 * with a hex string per file cost more memory than everything else the build holds. Each file is its path
 * and a slot: the hash as 32 bytes in one growing buffer, the size, and the index of its group (the
 * collection, fetch time and stale mark it shares with the other files of its answer).
 */
import type { FileState } from './state.ts';

interface Group {
  collection: string;
  fetchedAt: string;
  stale: FileState['stale'];
  /** The group's part of a file's state as JSON, after the size: `,"fetchedAt":…,"collection":…` and the stale mark. */
  json: string;
}

const HASH_BYTES = 32;

export class FileIndex {
  /** Path → slot, in the order files were added (as an object's keys would be). */
  readonly #slots = new Map<string, number>();
  #hashes = Buffer.alloc(HASH_BYTES * 1024);
  #sizes: number[] = [];
  #groupOf: number[] = [];
  readonly #groups: Group[] = [];
  readonly #groupIds = new Map<string, number>();

  get size(): number {
    return this.#slots.size;
  }

  has(path: string): boolean {
    return this.#slots.has(path);
  }

  /** Paths in the order they were added. */
  paths(): string[] {
    return [...this.#slots.keys()];
  }

  /** Adds `path`, or replaces its state in place (keeping its position). */
  set(path: string, state: FileState): void {
    let slot = this.#slots.get(path);
    if (slot === undefined) {
      slot = this.#slots.size;
      this.#slots.set(path, slot);
      if ((slot + 1) * HASH_BYTES > this.#hashes.byteLength) {
        const grown = Buffer.alloc(this.#hashes.byteLength * 2);
        this.#hashes.copy(grown);
        this.#hashes = grown;
      }
    }
    if (this.#hashes.write(state.sha256, slot * HASH_BYTES, HASH_BYTES, 'hex') !== HASH_BYTES)
      throw new Error(`${path}: not a SHA-256 hash: ${state.sha256}`);
    this.#sizes[slot] = state.size;
    this.#groupOf[slot] = this.#group(state);
  }

  get(path: string): FileState | undefined {
    const slot = this.#slots.get(path);
    return slot === undefined ? undefined : this.#state(slot);
  }

  /** Every file's state, in the order added: what a caller that asks for the whole list gets. */
  *entries(): IterableIterator<[string, FileState]> {
    for (const [path, slot] of this.#slots) yield [path, this.#state(slot)];
  }

  /** The collection and stale mark of each stale file, in the order added. */
  *stale(): IterableIterator<{ collection: string; stale: NonNullable<FileState['stale']> }> {
    for (const slot of this.#slots.values()) {
      const g = this.#groups[this.#groupOf[slot]!]!;
      if (g.stale) yield { collection: g.collection, stale: g.stale };
    }
  }

  /** The files' part of the state's JSON, sorted by path, in chunks: `"api/…":{"sha256":…},…`, as `JSON.stringify` writes it. */
  *json(chunkChars = 1 << 20): IterableIterator<string> {
    const paths = this.paths().sort();
    let chunk = '';
    for (let i = 0; i < paths.length; i++) {
      const slot = this.#slots.get(paths[i]!)!;
      const hash = this.#hashes.toString('hex', slot * HASH_BYTES, (slot + 1) * HASH_BYTES);
      chunk += `${i === 0 ? '' : ','}${JSON.stringify(paths[i])}:{"sha256":"${hash}","size":${this.#sizes[slot]}${this.#groups[this.#groupOf[slot]!]!.json}}`;
      if (chunk.length >= chunkChars) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }

  #state(slot: number): FileState {
    const g = this.#groups[this.#groupOf[slot]!]!;
    const state: FileState = {
      sha256: this.#hashes.toString('hex', slot * HASH_BYTES, (slot + 1) * HASH_BYTES),
      size: this.#sizes[slot]!,
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
      });
      this.#groupIds.set(json, id);
    }
    return id;
  }
}
