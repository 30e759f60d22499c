/**
 * The embeds' publishing steps (scripts/snapshot/release/publisher.ts): each locale's cards and lists, made
 * in a thread of their own (embed-thread.ts) as soon as the locale's API files are in, beside the fetching
 * of the next locales; then, once every API file is in, the list's style sheet with each region's rows
 * (lists.ts, published with or without the element), the frame loader and the season cards.
 */
import { LIST_SHEET, regionRowsCss } from './lists.ts';
import { EmbedThread } from './embed-thread.ts';
import { embedParts, placeLocaleEmbeds } from './embeds.ts';
import type { ImageCopies } from '../images/publisher.ts';
import {
  filePart,
  filesPublisher,
  type FilesPart,
  type PublishContext,
  type Publisher,
} from '../snapshot/release/publisher.ts';
import type { Scope } from '../snapshot/model.ts';
import type { StagedFiles } from '../snapshot/store/staging.ts';

export interface EmbedsOptions {
  locales: readonly string[];
  /** The element is built: the cards and the lists are made (absent: only the list's style sheet). */
  widget: boolean;
  /** The fixed part of the list's style sheet as the bundle holds it (lists.ts, `LIST_SHEET_BASE`). */
  listSheet?: Uint8Array;
  /** The image copies the embeds show (scripts/images/publisher.ts). */
  images: ImageCopies;
  /** The config's `publicUrl`: the includes name their resort's feeds under it. */
  publicUrl?: string;
  /** The config's `embeds.season`: the cards with their season chart (season-cards.ts). */
  seasonCards?: boolean;
}

/** The list's style sheet, completed with each region's rows (lists.ts). */
export function listSheetPart(
  sheet: Uint8Array,
  options: { groups: Scope['groups']; locales: readonly string[]; files: Partial<Pick<StagedFiles, 'read'>> },
): FilesPart {
  return filePart(LIST_SHEET, async () => {
    const rows = await regionRowsCss(options.groups, options.locales, options.files);
    return Buffer.from(`${Buffer.from(sheet).toString('utf8').trimEnd()}${rows}\n`);
  });
}

/** The embeds' steps of a build: the locales' (with the element), the release's, and what lets go of their thread. */
export function embedsPublishers(options: EmbedsOptions): {
  locale?: Publisher;
  release: Publisher;
  close(): Promise<void>;
} {
  const thread = options.widget ? new EmbedThread() : undefined;
  const { images } = options;
  const publicUrl = options.publicUrl ? { publicUrl: options.publicUrl } : {};
  const locale: Publisher | undefined = thread && {
    name: 'embeds',
    stage: 'locale',
    parts: (_context, locale) => [
      { artefact: 'embeds', locale: locale!, under: [`cards/${locale!}`, `lists/${locale!}`] },
    ],
    make: (part, context) =>
      placeLocaleEmbeds(thread, {
        scope: context.scope,
        locale: part.locale!,
        files: context.files,
        beside: context.beside,
        images: images.source,
        signal: context.signal,
        ...publicUrl,
      }),
    // every locale's embeds are in: the thread's memory goes before the index and the state are written,
    // the build's largest moment
    close: () => thread.close(),
  };
  // once every API file is in: the list's style sheet, then (with the element) the frame loader and the
  // season cards
  function* releaseParts(context: PublishContext): Iterable<FilesPart> {
    const { files, scope } = context;
    if (options.listSheet)
      yield listSheetPart(options.listSheet, { groups: scope.groups, locales: options.locales, files });
    if (!thread) return;
    yield* embedParts({
      scope,
      files,
      locales: options.locales,
      images: () => images.copies(files, options.locales),
      embedsMade: true,
      ...publicUrl,
      ...(options.seasonCards ? { seasonCards: true } : {}),
    });
  }
  return {
    ...(locale ? { locale } : {}),
    release: filesPublisher('embeds', releaseParts),
    close: async () => thread?.close(),
  };
}
