/**
 * What the element and the pre-rendered cards need beside the bundle: copies of the images they show
 * (`assets/`), the cards of every resort and locale, the lists of every region and locale, and the frame loader. They are made from the staged
 * files of the release being built; without those (a caller that only lists paths), there is nothing to make.
 */
import { join } from 'node:path';
import type { ExtraFile, StagedFiles } from '../snapshot/release/release.ts';
import type { Scope } from '../snapshot/discover/scope.ts';
import { attributionImages, downloadedImages, sampleImages } from './assets.ts';
import { cardFiles } from './cards.ts';
import { listFiles } from './lists.ts';
import { packageRoot } from './root.ts';

export interface EmbedOptions {
  scope: Pick<Scope, 'resorts'> & Partial<Pick<Scope, 'groups'>>;
  /** Published API files; the embeds are made from them while they are staged and readable. */
  files: Partial<Pick<StagedFiles, 'read' | 'builtAt'>>;
  locales: readonly string[];
  /** Whether the data is the embedded sample (its images are in the dataset's folder). */
  sample: boolean;
}

/** The image copies, then the cards one by one. */
export async function* embedFiles(options: EmbedOptions): AsyncGenerator<ExtraFile> {
  const { read, builtAt } = options.files;
  if (!read || builtAt === undefined) return;
  const files = { read, builtAt };
  const images = await attributionImages(
    files,
    options.locales,
    options.sample ? sampleImages(join(packageRoot(), 'data')) : downloadedImages(),
  );
  yield* images;
  yield* cardFiles({ resorts: options.scope.resorts, locales: options.locales, files, images });
  if (options.scope.groups)
    yield* listFiles({ groups: options.scope.groups, locales: options.locales, files, images });
}
