/**
 * The sample's images over HTTP: the HTTP server answers the path of each image URL the dataset names (the
 * attribution logo) with the file at that path under the dataset's folder, and its bodies name the image
 * under the server's own origin, so a build against `npm run serve` copies the logo from the upstream's
 * own origin like any other (scripts/api/README.md, "The embedded service"). Only those paths are served:
 * the dataset's other files (the accounts and their credentials) never are.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { assetPath, assetType } from '../api/assets.ts';
import type { Dataset } from '../dataset/schema.ts';

export interface ServedImage {
  contentType: string;
  bytes: Buffer;
}

/** The image URLs of the dataset the bodies name. */
export function datasetImageUrls(dataset: Dataset): string[] {
  return [dataset.attribution.logo].filter((url) => assetPath(url) !== undefined);
}

/**
 * The images of `dataset` found in `dataDir`, by the path of their URL; an image the folder lacks (or
 * whose path would leave it) is left out, and its path then answers like any other unknown path.
 */
export async function readDatasetImages(
  dataset: Dataset,
  dataDir: string,
): Promise<Map<string, ServedImage>> {
  const root = resolve(dataDir);
  const served = new Map<string, ServedImage>();
  for (const url of datasetImageUrls(dataset)) {
    const { pathname } = new URL(url);
    const file = resolve(root, `.${decodeURIComponent(pathname)}`);
    if (!file.startsWith(root + sep)) continue;
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes) served.set(pathname, { contentType: assetType(assetPath(url)!), bytes });
  }
  return served;
}
