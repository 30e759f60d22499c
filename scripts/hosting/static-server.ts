/**
 * The static file server for a published tree: what `npm run preview`, the snapshot, mirror and browser
 * tests use (the browser tests hold the elements' scripts with `before`). It sends what scripts/docs/hosting.md asks of any host ("Hosting"): CORS for every file, the
 * content types of `scripts/api/content-types.ts`, and the image copies' sandboxing headers.
 *
 * It answers only with regular files inside the tree (scripts/docs/hosting.md, "Hosting"): a
 * path is resolved with every symbolic link followed, and whatever resolves outside the tree (a link to
 * `/etc`, `..`, its percent-encoded forms), a directory, or anything but a regular file is a 404.
 */
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { createServer } from 'node:http';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { contentTypeOf, DEFAULT_CONTENT_TYPE } from '../api/content-types.ts';
import { ASSET_HEADERS, feedHeaders } from '../api/headers.ts';
import { handled, listen, type Listening } from '../service/listen.ts';

export type StaticServer = Listening;

export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Waits this long before each answer: a slow network, for the browser tests. */
  delayMs?: number;
  /** Awaited before each answer with the path asked for: the browser tests hold scripts and count requests. */
  before?: (path: string) => void | Promise<void>;
}

const inside = (root: string, path: string) => {
  const rest = relative(root, path);
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`));
};

// O_NOFOLLOW: the file opened is the one resolved, not a link put in its place since; O_NONBLOCK: a named
// pipe in the tree cannot hold the open (both absent on Windows, where they are 0)
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The regular file at `path` of the tree, open, with its size; undefined for anything else. */
async function openInTree(
  folder: string,
  path: string,
): Promise<{ handle: FileHandle; size: number } | undefined> {
  // the tree itself may be a link, as the build's `dist` is (to its newest release): its target is the tree
  const root = await realpath(folder).catch(() => undefined);
  if (root === undefined) return undefined;
  const asked = resolve(join(root, path));
  if (!inside(root, asked)) return undefined;
  const real = await realpath(asked).catch(() => undefined);
  if (real === undefined || !inside(root, real)) return undefined;
  const handle = await open(real, OPEN_FLAGS).catch(() => undefined);
  if (!handle) return undefined;
  const info = await handle.stat().catch(() => undefined);
  if (info?.isFile()) return { handle, size: info.size };
  await handle.close();
  return undefined;
}

export async function serveFolder(folder: string, options: ServeOptions = {}): Promise<StaticServer> {
  const root = resolve(folder);
  const delayMs = options.delayMs ?? 0;
  const server = createServer(
    handled(async (request, response) => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const headers = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };
      let path: string;
      try {
        path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      } catch {
        response.writeHead(400, headers).end();
        return;
      }
      await options.before?.(path);
      if (path.endsWith('/')) path += 'index.html';
      const file = path.includes('\0') ? undefined : await openInTree(root, path);
      if (!file) {
        response.writeHead(404, headers).end();
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        await file.handle.close();
        response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
        return;
      }
      const feed = feedHeaders(path);
      response.writeHead(200, {
        ...headers,
        // the image copies, as every host rule the build writes serves them (scripts/api/headers.ts)
        ...(path.startsWith('/assets/') ? Object.fromEntries(ASSET_HEADERS) : {}),
        // the alert feeds' own types (scripts/api/feeds.ts); a preview revalidates every file
        'content-type': feed?.contentType ?? contentTypeOf(path) ?? DEFAULT_CONTENT_TYPE,
        'content-length': file.size,
        'cache-control': 'no-cache',
      });
      if (request.method === 'HEAD') {
        await file.handle.close();
        response.end();
        return;
      }
      // a client that goes away ends the read, and its file is closed
      pipeline(file.handle.createReadStream(), response, () => {});
    }),
  );
  return listen(server, options.port ?? 0);
}
