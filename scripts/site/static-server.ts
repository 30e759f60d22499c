/**
 * A small static file server for a published tree: what `npm run preview` and the browser test use. It
 * sends what scripts/README.md ("Hosting") asks of any host: CORS for every file and JSON content types.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { listen, type Listening } from '../service/listen.ts';

const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.css': 'text/css; charset=utf-8',
};

export type StaticServer = Listening;

export async function serveFolder(folder: string, port = 0): Promise<StaticServer> {
  const root = resolve(folder);
  const server = createServer(async (request, response) => {
    const headers = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      response.writeHead(400, headers).end();
      return;
    }
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
    response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': info.size, 'cache-control': 'no-cache' });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return listen(server, port);
}
