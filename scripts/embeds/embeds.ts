/**
 * The pre-rendered embeds a release publishes (widget/README.md, "Embeds"): the cards of every resort and
 * locale, the lists of every region and locale, the frame loader and the season cards. They are made from
 * the staged files of the release being built, and show the image copies the images' step makes
 * (scripts/images/publisher.ts); without those files (a caller that only lists paths), there is nothing to make.
 */
import { dirname } from 'node:path';
import { FRAME_LOADER } from '../api/headers.ts';
import type { FilesPart, Made } from '../snapshot/release/publisher.ts';
import type { Beside, ExtraFile, StagedFiles } from '../snapshot/store/staging.ts';
import { attributionImages, type ImageSource } from '../images/assets.ts';
import type { EmbedThread } from './embed-thread.ts';
import { cardFiles, frameLoaderSource } from './cards.ts';
import { seasonCardFiles } from './season-cards.ts';
import { stagedReader } from '../snapshot/store/staging.ts';
import { listFiles } from './lists.ts';
import { regionIds, type Scope } from '../snapshot/model.ts';

export interface EmbedOptions {
  scope: Pick<Scope, 'resorts'> & Partial<Pick<Scope, 'groups'>>;
  /** Published API files; the embeds are made from them while they are staged and readable. */
  files: Partial<Pick<StagedFiles, 'read' | 'builtAt' | 'dir'>>;
  locales: readonly string[];
  /** The image copies the embeds show (scripts/images/publisher.ts, made once for the build). */
  images: () => Promise<ExtraFile[]>;
  /** The cards and lists were made locale by locale as the build went (`placeLocaleEmbeds`): not again. */
  embedsMade?: boolean;
  /** The config's `publicUrl`: the includes name their resort's feeds under it. */
  publicUrl?: string;
  /** The config's `embeds.season`: the cards with their season chart, from the history beside `api/` (season-cards.ts). */
  seasonCards?: boolean;
}

/**
 * Makes and places one locale's cards and lists in `thread` from the locale's staged files, with the
 * locale's image copies (from the same `images` the other embeds use, so each image is fetched once);
 * answers what it placed, and each card or list that could not be made (a part the build keeps or leaves out).
 */
export async function placeLocaleEmbeds(
  thread: EmbedThread,
  options: {
    scope: Pick<Scope, 'resorts'> & Partial<Pick<Scope, 'groups'>>;
    locale: string;
    files: StagedFiles;
    beside: Beside;
    images: ImageSource;
    signal?: AbortSignal;
    publicUrl?: string;
  },
): Promise<Made> {
  const { files, locale } = options;
  const images = await attributionImages(files, [locale], options.images);
  const job = {
    dir: files.dir,
    builtAt: files.builtAt,
    locale,
    ids: options.scope.resorts.map((r) => r.id),
    regions: regionIds(options.scope.groups ?? []),
    images,
    beside: options.beside,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  };
  return thread.place(job, options.signal);
}

/**
 * The embeds' parts beside the locales' cards: the frame loader, each locale's season cards, and (unless
 * made already, locale by locale) each locale's cards and lists.
 */
export function embedParts(options: EmbedOptions): FilesPart[] {
  const { read, builtAt, dir } = options.files;
  if (!read || builtAt === undefined) return [];
  const files = { read, builtAt };
  const { images } = options;
  const publicUrl = options.publicUrl ? { publicUrl: options.publicUrl } : {};
  const parts: FilesPart[] = [
    {
      artefact: FRAME_LOADER,
      paths: [FRAME_LOADER],
      files: async () => [{ path: FRAME_LOADER, bytes: Buffer.from(await frameLoaderSource()) }],
    },
  ];
  for (const locale of options.locales) {
    const cards = { resorts: options.scope.resorts, locales: [locale], files, ...publicUrl };
    if (options.seasonCards && dir)
      parts.push({
        artefact: 'season cards',
        locale,
        under: [`cards/${locale}`],
        owns: (path) => path.includes('.season.'),
        files: async () =>
          seasonCardFiles({ ...cards, images: await images(), history: stagedReader(dirname(dir)) }),
      });
    if (options.embedsMade) continue;
    parts.push({
      artefact: 'cards',
      locale,
      under: [`cards/${locale}`],
      owns: (path) => !path.includes('.season.'),
      files: async () => cardFiles({ ...cards, images: await images() }),
    });
    if (options.scope.groups)
      parts.push({
        artefact: 'lists',
        locale,
        under: [`lists/${locale}`],
        files: async () =>
          listFiles({ groups: options.scope.groups!, locales: [locale], files, images: await images() }),
      });
  }
  return parts;
}
