/**
 * Splits resort ids over as few requests as the URI limit allows (8,000 characters: scripts/api/README.md,
 * "Errors"; longer lists must be split). Ids are packed in order, each request as full as it can be.
 */

export interface BatchOptions {
  /** Length of the request target with no ids at all. */
  baseLength: number;
  /** Characters one id adds, e.g. `&resortId=20` is 12. */
  idLength: (id: number) => number;
  limit: number;
}

export function batchIds(ids: readonly number[], { baseLength, idLength, limit }: BatchOptions): number[][] {
  const room = limit - baseLength;
  const batches: number[][] = [];
  let current: number[] = [];
  let used = 0;
  for (const id of ids) {
    const length = idLength(id);
    if (length > room)
      throw new RangeError(`one id needs ${length} characters but a request has room for ${room}`);
    if (used + length > room) {
      batches.push(current);
      current = [];
      used = 0;
    }
    current.push(id);
    used += length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The fewest requests any split could make: the ids' total length over the room one request has. */
export function lowerBound(ids: readonly number[], { baseLength, idLength, limit }: BatchOptions): number {
  const total = ids.reduce((sum, id) => sum + idLength(id), 0);
  return total === 0 ? 0 : Math.ceil(total / (limit - baseLength));
}
