/**
 * Copies of the images the element and the cards show (the attribution logo of each built locale), at the
 * contract's `assetPath`, so that no page loads anything from the upstream's host (widget/README.md,
 * "Requests and safety"). The embedded sample ships its images in `data/` (a URL's path under it:
 * `data/attribution/logo.svg`); a real upstream's are downloaded once per build. An image that cannot be had,
 * or an SVG that could run script, is left out: the element then shows no logo.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { assetPath } from '../api/assets.ts';
import { filePath } from '../api/paths.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/release/release.ts';

/** The bytes of the image at an upstream URL, or undefined. */
export type ImageSource = (url: string) => Promise<Uint8Array | undefined>;

/** The sample's images: the URL's path under the dataset folder. */
export const sampleImages =
  (dataDir: string): ImageSource =>
  async (url) => {
    const root = resolve(dataDir);
    const file = resolve(root, `.${decodeURIComponent(new URL(url).pathname)}`);
    return file.startsWith(root + sep) ? readFile(file).catch(() => undefined) : undefined;
  };

/** A real upstream's images, downloaded with a timeout and a size limit; anything but an image is refused. */
export const downloadedImages =
  (timeoutMs = 15_000, maxBytes = 512 * 1024): ImageSource =>
  async (url) => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/'))
        return undefined;
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.byteLength <= maxBytes ? bytes : undefined;
    } catch {
      return undefined;
    }
  };

/** An SVG is published only without script, event handlers, foreign content or references elsewhere. */
const UNSAFE_SVG =
  /<script|<foreignObject|\son\w+\s*=|javascript:|(?:href|src)\s*=\s*["']?\s*(?!#|data:image\/)[a-z]/i;

/** Whether image bytes may be published under the name `path`. */
export function publishable(path: string, bytes: Uint8Array): boolean {
  return !path.endsWith('.svg') || !UNSAFE_SVG.test(Buffer.from(bytes).toString('utf8'));
}

/** The attribution logos of the built locales, read from the staged attribution files, as files to publish. */
export async function attributionImages(
  files: Pick<StagedFiles, 'read'>,
  locales: readonly string[],
  source: ImageSource,
): Promise<ExtraFile[]> {
  const urls = new Set<string>();
  for (const locale of locales) {
    const bytes = await files.read(filePath({ endpoint: 'attribution', locale }));
    try {
      const logo = (
        JSON.parse(Buffer.from(bytes ?? []).toString('utf8') || 'null') as {
          attributionLogo?: unknown;
        } | null
      )?.attributionLogo;
      if (typeof logo === 'string' && assetPath(logo)) urls.add(logo);
    } catch {
      // a locale without a readable attribution has no logo to copy
    }
  }
  const out: ExtraFile[] = [];
  for (const url of urls) {
    const path = assetPath(url)!;
    const bytes = await source(url);
    if (bytes && publishable(path, bytes) && !out.some((f) => f.path === path)) out.push({ path, bytes });
  }
  return out;
}
