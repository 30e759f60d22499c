/**
 * Copies of the images the element and the cards show (the attribution logo of each built locale), at the
 * contract's `assetPath`, so that no page loads anything from the upstream's host (widget/README.md,
 * "Requests and safety"). The embedded sample ships its images in `data/` (a URL's path under it:
 * `data/attribution/logo.svg`); a real upstream's are downloaded once per build, only from the upstream's
 * own origins and those the config names, without following a redirect, within a deadline and a size
 * limit enforced while reading. Whatever their source, images are data, not documents
 * (scripts/ARCHITECTURE.md, "Threat model"): the type is taken from the bytes and must be the one the name
 * says, and an SVG is rebuilt from an allowlist (svg.ts). An image that cannot be had is left out, and
 * said why: the element then shows no logo.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { assetPath } from '../api/assets.ts';
import { filePath } from '../api/paths.ts';
import { redactUrl } from '../api/redact.ts';
import { BodyTooLarge, get, upstreamAgent } from '../shared/http.ts';
import { sanitizeSvg } from './svg.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/store/staging.ts';

/** The bytes of the image at an upstream URL, or why there are none. */
export type ImageSource = (url: string) => Promise<Uint8Array | { refused: string }>;

/** The largest image copied: a logo is a few kilobytes. */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** Each image's deadline, for its headers and its whole body. */
export const IMAGE_TIMEOUT_MS = 15_000;

/** The sample's images: the URL's path under the dataset folder. */
export const sampleImages =
  (dataDir: string): ImageSource =>
  async (url) => {
    const root = resolve(dataDir);
    const file = resolve(root, `.${decodeURIComponent(new URL(url).pathname)}`);
    if (!file.startsWith(root + sep)) return { refused: 'its path leaves the dataset folder' };
    return readFile(file).catch(() => ({ refused: 'the dataset has no such file' }));
  };

export interface DownloadOptions {
  /** Origins images may come from (`https://host[:port]`): the upstream's own, and the config's `imageOrigins`. */
  origins: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * A real upstream's images: GET only from `origins`, no redirect followed, the body cut at `maxBytes`
 * while it is read and ended at the deadline; anything but a 200 is refused.
 */
export function downloadedImages(options: DownloadOptions): ImageSource & { close(): Promise<void> } {
  const origins = new Set(options.origins);
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const dispatcher = upstreamAgent({ connections: 2 });
  const source = async (url: string): Promise<Uint8Array | { refused: string }> => {
    const origin = new URL(url).origin;
    if (!origins.has(origin))
      return {
        refused: `${origin} is not one of the upstream's origins; add it to "imageOrigins" in the config to copy images from it`,
      };
    try {
      const response = await get(url, { dispatcher, timeoutMs, maxBytes, headers: { accept: 'image/*' } });
      if (response.status !== 200)
        return {
          refused:
            response.status >= 300 && response.status < 400
              ? `it answered HTTP ${response.status}, a redirect, which is not followed`
              : `it answered HTTP ${response.status}`,
        };
      return response.body;
    } catch (error) {
      if (error instanceof BodyTooLarge) return { refused: `it is larger than ${maxBytes} bytes` };
      const e = error as { name?: string; code?: string };
      return {
        refused:
          e.name === 'TimeoutError' || e.name === 'AbortError'
            ? `it did not arrive within ${timeoutMs} ms`
            : `it could not be fetched (${e.code ?? e.name ?? 'error'})`,
      };
    }
  };
  return Object.assign(source, { close: () => dispatcher.close() });
}

/** Image types by the magic bytes that start them, with the extension `assetPath` gives each. */
export function imageType(bytes: Uint8Array): 'png' | 'jpg' | 'gif' | 'webp' | 'avif' | 'svg' | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, to: number) => b.toString('latin1', from, to);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  // an SVG document starts (after a byte order mark and white space) with its declaration, a comment, a
  // doctype or its root
  const head = b.toString('utf8', 0, 512).replace(/^\uFEFF?\s*/, '');
  if (/^<(?:\?xml[\s?]|!--|!DOCTYPE\s+svg[\s>]|svg[\s>/])/i.test(head)) return 'svg';
  return undefined;
}

/**
 * The bytes to publish at `path` for an image whose bytes are `bytes`: as they are for a raster image of
 * the type the name says, rebuilt for an SVG; why not, when they are neither.
 */
export function publishableImage(path: string, bytes: Uint8Array): Uint8Array | { refused: string } {
  const named = path.slice(path.lastIndexOf('.') + 1);
  const type = imageType(bytes);
  if (type === undefined) return { refused: 'its bytes are not an image of a type the build copies' };
  if (type !== named) return { refused: `its bytes are ${type.toUpperCase()}, its name says ${named}` };
  if (type !== 'svg') return bytes;
  const svg = sanitizeSvg(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  return svg === undefined ? { refused: 'it is not a well-formed SVG picture' } : Buffer.from(svg);
}

/**
 * The images of a build: `source`'s, each fetched and checked once however often it is asked for, made
 * publishable (`publishableImage`); each refusal is said once through `note`.
 */
export function checkedImages(source: ImageSource, note: (line: string) => void = () => {}): ImageSource {
  const seen = new Map<string, Promise<Uint8Array | { refused: string }>>();
  return (url) => {
    let image = seen.get(url);
    if (!image) {
      image = (async () => {
        const path = assetPath(url);
        const got = path ? await source(url) : { refused: 'it is not an http(s) URL of an image type' };
        const checked = path && got instanceof Uint8Array ? publishableImage(path, got) : got;
        if (!(checked instanceof Uint8Array))
          note(`the image ${redactUrl(url).slice(0, 200)} is not copied: ${checked.refused}`);
        return checked;
      })();
      seen.set(url, image);
    }
    return image;
  };
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
    if (bytes instanceof Uint8Array && !out.some((f) => f.path === path)) out.push({ path, bytes });
  }
  return out;
}
