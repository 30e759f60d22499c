/**
 * Images the element shows (the attribution logo) are copied into the published tree, so a page never
 * loads anything from a third party (widget/README.md, "Requests and safety"). One pure function names the copy of an upstream image;
 * the build writes it there and the element reads it from there, like `filePath` for the JSON files.
 */
import { contentTypeOf, DEFAULT_CONTENT_TYPE } from './content-types.ts';

/** Image types the build copies, by the extension of the upstream URL's path. */
const IMAGE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif'] as const;

/** FNV-1a, 32 bits: a short stable name for a URL (not a security measure). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * Where the copy of the upstream image at `url` is published, relative to the release root:
 * `assets/<hash>.<ext>`; undefined for what is not an http(s) URL of an image type the build copies.
 */
export function assetPath(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(parsed.pathname)?.[1]?.toLowerCase();
  const known = IMAGE_EXTENSIONS.find((e) => e === extension);
  return known ? `assets/${fnv1a(parsed.href)}.${known === 'jpeg' ? 'jpg' : known}` : undefined;
}

/** The content type of a published copy. */
export const assetType = (path: string): string => contentTypeOf(path) ?? DEFAULT_CONTENT_TYPE;
