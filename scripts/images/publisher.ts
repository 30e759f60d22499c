/**
 * The image copies a release publishes (`assets/`): the images the cards, the lists and the element show,
 * copied from the sample's folder or a real upstream's origins, each checked (assets.ts) and named by its
 * bytes. One step of one part, `images`, made before the embeds that show them (the same copies, made once).
 */
import { join } from 'node:path';
import { packageRoot } from '../shared/root.ts';
import { filesPublisher, type FilesPart, type Publisher } from '../snapshot/release/publisher.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/store/staging.ts';
import {
  attributionImages,
  checkedImages,
  downloadedImages,
  sampleImages,
  type ImageSource,
} from './assets.ts';

/**
 * Where a build's images come from: the sample's folder, or a real upstream's `origins` (assets.ts,
 * `downloadedImages`); each fetched and checked once however often it is asked for, each refusal said
 * once through `note`. `close` lets go of the connections.
 */
export function imageSource(options: {
  sample: boolean;
  origins?: readonly string[];
  note?: (line: string) => void;
}): ImageSource & { close(): Promise<void> } {
  const download = options.sample ? undefined : downloadedImages({ origins: options.origins ?? [] });
  const images = checkedImages(download ?? sampleImages(join(packageRoot(), 'data')), options.note);
  return Object.assign(images, { close: async () => download?.close() });
}

/** The image copies of one build: made once, for the images' part and the embeds that show them. */
export interface ImageCopies {
  /** Where the images come from. */
  readonly source: ImageSource;
  /** The copies of every image the tree being released names, in `locales`. */
  copies(files: Pick<StagedFiles, 'read' | 'builtAt'>, locales: readonly string[]): Promise<ExtraFile[]>;
  /** The step that publishes them. */
  readonly publisher: Publisher<FilesPart>;
}

/** The image copies of one build from `source`, in the build's `locales`. */
export function imageCopies(source: ImageSource, locales: readonly string[]): ImageCopies {
  let made: Promise<ExtraFile[]> | undefined;
  const copies = (files: Pick<StagedFiles, 'read' | 'builtAt'>, of: readonly string[]) =>
    (made ??= attributionImages(files, of, source));
  return {
    source,
    copies,
    publisher: filesPublisher('images', (context) => [
      { artefact: 'images', under: ['assets'], files: () => copies(context.files, locales) },
    ]),
  };
}
