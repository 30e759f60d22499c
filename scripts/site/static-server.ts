/**
 * The static file server for a published tree: what `npm run preview`, the snapshot, mirror and browser
 * tests use (the browser tests hold the elements' scripts with `before`). It sends what scripts/docs/hosting.md asks of any host ("Hosting"): CORS for every file, the
 * content types of `scripts/api/content-types.ts`, and the image copies' sandboxing headers.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve, sep } from 'node:path';
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
      const file = resolve(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        response.writeHead(404, headers).end();
        return;
      }
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(info ? 405 : 404, headers).end();
        return;
      }
      const feed = feedHeaders(path);
      response.writeHead(200, {
        ...headers,
        // the image copies, as every host rule the build writes serves them (scripts/api/headers.ts)
        ...(path.startsWith('/assets/') ? Object.fromEntries(ASSET_HEADERS) : {}),
        // the alert feeds' own types (scripts/api/feeds.ts); a preview revalidates every file
        'content-type': feed?.contentType ?? contentTypeOf(file) ?? DEFAULT_CONTENT_TYPE,
        'content-length': info.size,
        'cache-control': 'no-cache',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    }),
  );
  return listen(server, options.port ?? 0);
}
