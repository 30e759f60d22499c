/**
 * The content type of each kind of file the project publishes or serves, by extension: what a static host
 * sends (scripts/docs/hosting.md, "Hosting"). The `_headers` file, the bucket's object metadata, the local static server
 * and the image copies all read this one table.
 */

export const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  woff2: 'font/woff2',
} as const satisfies Record<string, string>;

/** What a host sends for a file of no known type. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The content type of `path` by its extension, or undefined for an extension the table does not hold. */
export function contentTypeOf(path: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension !== undefined && Object.hasOwn(CONTENT_TYPES, extension)
    ? CONTENT_TYPES[extension as keyof typeof CONTENT_TYPES]
    : undefined;
}
