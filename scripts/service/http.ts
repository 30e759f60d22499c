/**
 * The service as a real HTTP server on 127.0.0.1: both families from the root path.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Dataset } from '../dataset/schema.ts';
import { redactUrl } from '../api/redact.ts';
import { holdHeads, MAX_HEAD_BYTES } from './heads.ts';
import { readDatasetImages } from './images.ts';
import { listen, type Listening } from './listen.ts';
import { createService, type ServiceOptions } from './service.ts';

export interface ServerOptions extends Omit<ServiceOptions, 'origin'> {
  /** 0 picks a free port. */
  port?: number;
  /** Receives one line per request, with credentials redacted. */
  log?: (line: string) => void;
  /**
   * The dataset's folder: the server then serves the images the dataset names from it (images.ts), and its
   * bodies name them under its own origin. Unset, the bodies name the dataset's image URLs as they are.
   */
  dataDir?: string;
}

export type RunningServer = Listening;

function headersOf(request: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export async function startServer(dataset: Dataset, options: ServerOptions = {}): Promise<RunningServer> {
  let service = createService(dataset, options);
  const images = options.dataDir ? await readDatasetImages(dataset, options.dataDir) : new Map();
  // a head up to MAX_HEAD_BYTES reaches the service, which answers a URI over 8,000 characters its JSON
  // 414; a longer one is answered the same by holdHeads, from the length of its request line
  const server = createServer({ maxHeaderSize: MAX_HEAD_BYTES }, (request, response) => {
    const started = performance.now();
    const url = request.url ?? '/';
    const image = ['GET', 'HEAD'].includes(request.method ?? '') ? images.get(url.split('?')[0]!) : undefined;
    const answer = image
      ? {
          status: 200,
          headers: { 'content-type': image.contentType, 'x-content-type-options': 'nosniff' },
          body: image.bytes,
        }
      : service({ method: request.method ?? 'GET', url, headers: headersOf(request) });
    response.writeHead(answer.status, {
      ...answer.headers,
      'content-length': Buffer.byteLength(answer.body),
    });
    response.end(request.method === 'HEAD' ? undefined : answer.body);
    const ms = (performance.now() - started).toFixed(1);
    options.log?.(
      `${request.method} ${redactUrl(url)} ${answer.status} ${Buffer.byteLength(answer.body)}B ${ms}ms`,
    );
  });
  holdHeads(server, options.log);
  const running = await listen(server, options.port ?? 0);
  service = createService(dataset, {
    ...options,
    origin: running.url,
    ...(images.size > 0 ? { imageOrigin: running.url } : {}),
  });
  return running;
}
