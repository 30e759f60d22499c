/**
 * The publishing steps of a release (publisher.ts), as the run gives them their parts: a locale step's
 * parts begun once the locale's last collection is in the staged release, and made beside the fetching of
 * the next locales (the embeds: scripts/ARCHITECTURE.md, "The snapshot run, phase by phase"); then, once
 * every API file is in, each release step's parts one at a time, in the list's order. Every part is made
 * inside the one boundary (`Boundary`).
 */
import type { Collection } from '../model.ts';
import type { KeptFiles } from '../store/staging.ts';
import { Boundary, type Part, type PublishContext, type Publisher } from './publisher.ts';
import type { Release } from './release.ts';

/** What every part's context holds, whatever its step: the run's side of `PublishContext`. */
export type StepsContext = Omit<PublishContext, 'files' | 'write' | 'beside' | 'signal' | 'kept' | 'release'>;

export class Steps {
  readonly #left = new Map<string, number>();
  readonly #writing: Array<Promise<void>> = [];
  readonly #stop = new AbortController();
  /**
   * Each locale's job has a stop of its own: one signal shared by every locale's job (16 by default) would
   * hold a listener of each while it waits for the embeds' thread, past Node's ten a leak warning.
   */
  readonly #stops = new Set<AbortController>();
  readonly #boundary: Boundary;
  #failure: { error: unknown } | undefined;

  constructor(
    readonly release: Release,
    readonly publishers: readonly Publisher[],
    readonly base: StepsContext,
    plan: readonly Collection[],
    locales: readonly string[],
  ) {
    this.#boundary = new Boundary(release, this.#stop.signal);
    for (const locale of locales) this.#left.set(locale, 0);
    for (const c of plan) this.#left.set(c.locale, (this.#left.get(c.locale) ?? 0) + 1);
  }

  /** Begins the locales that wait for no collection. */
  begin(): void {
    for (const [locale, left] of this.#left) if (left === 0) this.#locale(locale);
  }

  /** One more collection is in; throws when a locale's step failed past its parts, so that the fetching stops. */
  added(c: Collection): void {
    if (this.#failure) throw this.#failure.error;
    const left = this.#left.get(c.locale)! - 1;
    this.#left.set(c.locale, left);
    if (left === 0) this.#locale(c.locale);
  }

  /** Waits until every locale's parts are made, then lets the locale steps go (their thread's memory). */
  async settle(): Promise<void> {
    await Promise.all(this.#writing);
    if (this.#failure) throw this.#failure.error;
    await this.#close('locale');
  }

  /** Makes every release step's parts, in order; the history step's answer goes to the later ones (`kept`). */
  async publish(kept: KeptFiles): Promise<void> {
    for (const publisher of this.publishers) {
      if (publisher.stage !== 'release') continue;
      const context = await this.#context(kept);
      for await (const part of this.#parts(publisher, context)) {
        const made = await this.#boundary.make(publisher, part, context);
        if (made?.history) kept.history = made.history;
      }
      await publisher.close?.();
    }
  }

  /** Stops every step (a build that failed), waits for what is under way, and lets them all go. */
  async stop(): Promise<void> {
    this.#stop.abort();
    for (const stop of this.#stops) stop.abort();
    await Promise.all(this.#writing);
    await this.#close();
  }

  async #context(kept?: KeptFiles, signal = this.#stop.signal): Promise<PublishContext> {
    const release = this.release;
    return {
      ...this.base,
      release,
      files: await release.staged(this.base.buildTime),
      write: (files) => release.addExtras(files),
      beside: release.beside(),
      signal,
      ...(kept ? { kept } : {}),
    };
  }

  /** A step's parts; a step that cannot even list them is one part of its own name, kept or left out. */
  async *#parts(publisher: Publisher, context: PublishContext, locale?: string): AsyncGenerator<Part> {
    try {
      yield* publisher.parts(context, locale);
    } catch (error) {
      await this.#boundary.fail(
        { artefact: publisher.name, ...(locale ? { locale } : {}) },
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  #locale(locale: string): void {
    if (this.#stop.signal.aborted) return;
    for (const publisher of this.publishers) {
      if (publisher.stage !== 'locale') continue;
      const stop = new AbortController();
      this.#stops.add(stop);
      this.#writing.push(
        (async () => {
          try {
            const context = await this.#context(undefined, stop.signal);
            for await (const part of this.#parts(publisher, context, locale)) {
              const made = await this.#boundary.make(publisher, part, context);
              if (made?.placed) this.release.placed(made.placed);
            }
          } catch (error) {
            this.#failure ??= { error };
          } finally {
            this.#stops.delete(stop);
          }
        })(),
      );
    }
  }

  async #close(stage?: Publisher['stage']): Promise<void> {
    for (const publisher of this.publishers)
      if (stage === undefined || publisher.stage === stage) await publisher.close?.();
  }
}
