/**
 * The storage of `FileIndex` (file-index.ts): 32-bit values and bytes by slot in chunks of fixed size, so
 * that growing adds a chunk and never copies what is held (an array that doubled would hold its old and its
 * new copy at once), and the hash that places a path's code in its table.
 */
/** Slots in each chunk of the arrays: 2^16. */
export const CHUNK_BITS = 16;
export const CHUNK = 1 << CHUNK_BITS;
export const CHUNK_MASK = CHUNK - 1;
/** Bytes in each chunk of the paths' codes: 1 MiB; a path never spans two. */
export const TEXT_BITS = 20;
export const TEXT_CHUNK = 1 << TEXT_BITS;
export const TEXT_MASK = TEXT_CHUNK - 1;

/** 32-bit values by slot, in chunks of `CHUNK`: growing never copies them. */
export class Column {
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

/** FNV-1a over a path's code. */
export function hashOf(bytes: Buffer, start: number, length: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < start + length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
