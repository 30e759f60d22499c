/**
 * Filling a staged release as the fetch phase answers (scripts/ARCHITECTURE.md, "The snapshot run, phase
 * by phase"): a few collections in flight at once, each added as soon as it is fetched, and each locale's
 * own files (the site's cards) begun once the locale's last collection is in.
 */
import type { Collection, Fetched } from '../model.ts';
import type { Placed } from '../store/staging.ts';
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

/**
 * Each locale's own extra files (`SnapshotOptions.localeFiles`), begun once the last collection of the
 * locale is in the release, and written beside the fetching of the next locales. A locale's files are
 * made from what is staged for it then, which is what it holds at the end: no later collection writes a
 * file of another locale.
 */
export class LocaleFiles {
  readonly #left = new Map<string, number>();
  readonly #writing: Array<Promise<void>> = [];
  /**
   * Each locale's job has a stop of its own: one signal shared by every locale's job (16 by default) would
   * hold a listener of each while it waits for the embeds' thread, past Node's ten a leak warning.
   */
  readonly #stops = new Set<AbortController>();
  #stopped = false;
  #failure: { error: unknown } | undefined;

  constructor(
    readonly release: Release,
    plan: readonly Collection[],
    locales: readonly string[],
    readonly make: ((locale: string, signal: AbortSignal) => Promise<Placed>) | undefined,
  ) {
    for (const locale of locales) this.#left.set(locale, 0);
    for (const c of plan) this.#left.set(c.locale, (this.#left.get(c.locale) ?? 0) + 1);
  }

  /** Begins the locales that wait for no collection. */
  begin(): void {
    for (const [locale, left] of this.#left) if (left === 0) this.#write(locale);
  }

  /** One more collection is in; throws when a locale's files failed, so that the fetching stops. */
  added(c: Collection): void {
    if (this.#failure) throw this.#failure.error;
    const left = this.#left.get(c.locale)! - 1;
    this.#left.set(c.locale, left);
    if (left === 0) this.#write(c.locale);
  }

  /** Waits until every locale's files are written; throws the first failure. */
  async settle(): Promise<void> {
    await Promise.all(this.#writing);
    if (this.#failure) throw this.#failure.error;
  }

  /** Stops making files (a build that failed) and waits for what is under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const stop of this.#stops) stop.abort();
    await Promise.all(this.#writing);
  }

  #write(locale: string): void {
    if (!this.make || this.#stopped) return;
    const make = this.make;
    const stop = new AbortController();
    this.#stops.add(stop);
    this.#writing.push(
      (async () => {
        try {
          this.release.placed(await make(locale, stop.signal));
        } catch (error) {
          this.#failure ??= { error };
        } finally {
          this.#stops.delete(stop);
        }
      })(),
    );
  }
}
