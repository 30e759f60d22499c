/**
 * What the element and the pre-rendered cards need beside the bundle: copies of the images they show
 * (`assets/`), the cards of every resort and locale, and the frame loader. They are made from the staged
 * files of the release being built; without those (a caller that only lists paths), there is nothing to make.
 */
import { fileURLToPath } from 'node:url';
import type { ExtraFile } from '../snapshot/release.ts';
import { attributionImages, downloadedImages, sampleImages } from './assets.ts';
import { cardFiles } from './cards.ts';
import type { SiteOptions } from './extras.ts';

/** The embedded sample's dataset, where its images are. */
const SAMPLE_DATA = fileURLToPath(new URL('../../data/', import.meta.url));

export async function embedFiles(options: SiteOptions): Promise<ExtraFile[]> {
  const { read, builtAt } = options.files;
  if (!read || builtAt === undefined) return [];
  const files = { read, builtAt };
  const images = await attributionImages(files, options.locales, options.sample ? sampleImages(SAMPLE_DATA) : downloadedImages());
  return [...images, ...(await cardFiles({ resorts: options.scope.resorts, locales: options.locales, files, images }))];
}
