/**
 * The release's publishing steps and their one fault boundary (scripts/ARCHITECTURE.md, "One fault
 * boundary per part"). Every step that makes files beside `api/` (the history, the embeds, the feeds, the
 * host rules, the images, the mirror's rules, the element's files) is a `Publisher`, handed to the run as a
 * list; the run asks each for its parts and makes them one at a time through `Boundary`, which turns any
 * failure of a part into "this part keeps its last good copy, stale, or is left out", named with its
 * artefact, locale and resort. Only what no part survives stops the build: a secret in the output, a stop,
 * a write that fails.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SnapshotConfig } from '../config.ts';
import { SnapshotError } from '../errors.ts';
import type { Scope } from '../model.ts';
import type { PreviousBuild } from '../store/previous.ts';
import type { Beside, ExtraFiles, HistoryCarry, KeptFiles, Placed, StagedFiles } from '../store/staging.ts';
import type { Failure } from './record-failures.ts';
import type { Release } from './release.ts';

/** One part a step publishes: an artefact, in a locale, of a resort or a region, and the files it owns. */
export interface Part {
  /** What it is: `history`, `cards`, `lists`, `feeds`, `_headers`, … */
  artefact: string;
  locale?: string;
  resort?: number;
  region?: number;
  /** The files the part publishes (relative to the release root), as far as they are known before it is made. */
  paths?: readonly string[];
  /** And the folders that hold the others: the previous release's files there that `owns` accepts (all, without it). */
  under?: readonly string[];
  owns?: (path: string) => boolean;
}

/** What the run hands a step with each part. */
export interface PublishContext {
  scope: Scope;
  config: SnapshotConfig;
  buildTime: number;
  previous: PreviousBuild;
  /** The staged release: its API files, and what the history step reads and links of it. */
  release: Pick<Release, 'staged' | 'isStale' | 'previousFolder' | 'carryExtra' | 'addExtras'>;
  /** The API files staged so far (for a locale's part, every file of that locale). */
  files: StagedFiles;
  /** Writes files beside `api/` through the release's writer (scanned for secrets, counted, one turn each). */
  write(files: ExtraFiles): Promise<void>;
  /** Where a thread places files itself (store/staging.ts); the step answers what it placed. */
  beside: Beside;
  /** Aborted when the build fails: a step stops at its next file. */
  signal: AbortSignal;
  /** The build's stop and its deadline. */
  stops: ReadonlyArray<AbortSignal | undefined>;
  /** The groups of files the previous release may already hold as they would be made (release stage only). */
  kept?: KeptFiles;
  note(line: string): void;
}

/** What making a part answers: files a thread placed, parts inside it that failed, the history's points. */
export interface Made {
  placed?: Placed;
  /** Parts within this one that could not be made (a card of a locale's embeds): each kept or left out. */
  failed?: ReadonlyArray<{ part: Part; error: string }>;
  /** The history step's answer, which the feeds read (`KeptFiles.history`). */
  history?: HistoryCarry;
}

export interface Publisher<P extends Part = Part> {
  readonly name: string;
  /**
   * `locale`: a locale's parts are made as soon as every API file of the locale is in, beside the fetching
   * of the next locales; `release`: once every API file is in, step after step in the list's order.
   */
  readonly stage: 'locale' | 'release';
  /** The parts to make (of `locale`, for a locale step). */
  parts(context: PublishContext, locale?: string): Iterable<P> | AsyncIterable<P>;
  make(part: P, context: PublishContext): Promise<Made | void>;
  /** Lets go of what the step holds (a thread), once its parts are made or the build failed. */
  close?(): Promise<void>;
}

/**
 * A build's publishing steps, in their order, and what lets go of what they share (a thread, connections):
 * assembled by the run when its release opens (never for a plan, nor a run refused before it), and let go
 * of when the release is published or dropped.
 */
export interface PublishingSteps {
  readonly publishers: readonly Publisher[];
  close?(): Promise<void>;
}

/** A part whose files are made whole, then written through the release's writer (`filesPublisher`). */
export interface FilesPart extends Part {
  files(): ExtraFiles | Promise<ExtraFiles>;
}

/** A part of one file at `path`, made when its part is made. */
export const filePart = (path: string, bytes: () => Promise<Uint8Array> | Uint8Array): FilesPart => ({
  artefact: path,
  paths: [path],
  files: async () => [{ path, bytes: await bytes() }],
});

/** A release step whose parts are files (`FilesPart`): each part's files written as it is made. */
export function filesPublisher(
  name: string,
  parts: (context: PublishContext) => Iterable<FilesPart> | AsyncIterable<FilesPart>,
): Publisher<FilesPart> {
  return { name, stage: 'release', parts, make: async (part, context) => context.write(await part.files()) };
}

/** The name a part goes by in the log, the index's `stale` and `missing`: `cards en-US resort 20`. */
export const partName = (part: Part) =>
  [
    part.artefact,
    part.locale,
    part.resort === undefined ? undefined : `resort ${part.resort}`,
    part.region === undefined ? undefined : `region ${part.region}`,
  ]
    .filter((s) => s !== undefined)
    .join(' ');

/** Faults no part survives: the run stops, publishing nothing. */
const FATAL = new Set<string>(['secret_leak', 'interrupted', 'write']);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the boundary asks of the release: where the staged files are, and how to keep or name a part. */
export type BoundaryRelease = Pick<Release, 'previousFolder' | 'carryExtra' | 'beside' | 'keepPart'> & {
  readonly failures: Failure[];
};

/**
 * Makes parts, each inside the boundary: a part that throws, or that its step says failed, keeps the
 * previous release's copy of each of its files not made again in this build (stale), or is left out; the
 * rest of the release goes on.
 */
export class Boundary {
  constructor(
    readonly release: BoundaryRelease,
    readonly signal: AbortSignal,
  ) {}

  /** Makes `part` with `publisher`; answers what it made, or undefined when the part failed. */
  async make(publisher: Publisher, part: Part, context: PublishContext): Promise<Made | undefined> {
    let made: Made | void;
    try {
      made = await publisher.make(part, context);
    } catch (error) {
      if (this.#fatal(error)) throw error;
      await this.fail(part, message(error));
      return undefined;
    }
    for (const failed of made?.failed ?? []) await this.fail(failed.part, failed.error);
    return made ?? {};
  }

  /** Keeps what the previous release had of `part` and is not in this one yet, stale, or leaves it out; names it. */
  async fail(part: Part, error: string): Promise<void> {
    if (this.signal.aborted) throw new SnapshotError('interrupted', 'the build was stopped');
    const name = partName(part);
    let carried = 0;
    const { staging } = this.release.beside();
    for (const path of await this.#previousPaths(part)) {
      // a file already in the staged release was made by this build before the part failed: it stays
      if (existsSync(join(staging, path))) continue;
      if (await this.release.carryExtra(path)) carried++;
    }
    // the index is public: it says only that the part could not be made; the log says why
    const short = 'could not be made';
    this.release.failures.push({
      kind: 'contract',
      reason: `${short}: ${error.split('\n')[0]!.slice(0, 300)}`,
      short,
      collection: name,
      kept: carried > 0,
    });
    this.release.keepPart(name, short, carried);
  }

  #fatal(error: unknown): boolean {
    return this.signal.aborted || (error instanceof SnapshotError && FATAL.has(error.code));
  }

  async #previousPaths(part: Part): Promise<string[]> {
    const folder = this.release.previousFolder;
    if (!folder) return [];
    const paths = [...(part.paths ?? [])];
    for (const under of part.under ?? []) {
      const entries = await readdir(join(folder, under), { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name).slice(folder.length + 1);
        if (!part.owns || part.owns(path)) paths.push(path);
      }
    }
    return [...new Set(paths)].sort();
  }
}
