/**
 * Filling a staged release as the fetch phase answers (scripts/ARCHITECTURE.md, "The snapshot run, phase
 * by phase"): a few collections in flight at once, each added as soon as it is fetched and then announced
 * (`added`: the locale steps of steps.ts begin once a locale's last collection is in).
 */
import type { Collection, Fetched } from '../model.ts';
import { Turns } from '../turns.ts';
import type { Release } from './release.ts';

/**
 * Each collection is written as soon as it is fetched, and only a few are in flight at once, so memory
 * holds a few bodies, not the whole tree's. After a fatal error no new collection starts, and the ones
 * under way finish before the staged release is removed (a write racing the removal would leave half a
 * staging folder behind).
 *
 * An in-process source answers without ever leaving the microtask queue, so the loop hands the event loop
 * a turn every few milliseconds (turns.ts).
 */
export async function fetchInto(
  release: Release,
  collections: readonly Collection[],
  fetch: (c: Collection) => Promise<Fetched>,
  inFlight: number,
  deriveFiles: Parameters<Release['add']>[1],
  added: (c: Collection) => void,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const turns = new Turns();
  const worker = async () => {
    while (!failure && next < collections.length) {
      // while the disk is the slower side, a collection waits here, before its bodies are made
      const room = release.ready();
      if (room) await room;
      if (failure || next >= collections.length) break;
      const c = collections[next++]!;
      try {
        await release.add(await fetch(c), deriveFiles);
        added(c);
      } catch (error) {
        failure ??= { error };
      }
      const turn = turns.due();
      if (turn) await turn;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, collections.length) }, worker));
  if (failure) throw failure.error;
}
