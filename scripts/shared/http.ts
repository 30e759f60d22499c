/**
 * One GET over undici with the bounds every upstream request keeps (scripts/ARCHITECTURE.md, "Threat
 * model"): a deadline for the headers and the whole body together, a size limit enforced while the body
 * is read, and no redirect followed (undici's `request` answers a 3xx as it came).
 *
 * The deadline is a timer of its own that aborts the request, held by the event loop until it is
 * cleared: a signal made by `AbortSignal.timeout` can be collected with nothing holding it and then never
 * fires, and undici's `bodyTimeout` measures the gap between two chunks, which a body trickling one byte a
 * second never exceeds.
 */
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { passInformational } from './informational.ts';

export interface GetOptions {
  dispatcher: Dispatcher;
  headers?: Record<string, string>;
  /** Milliseconds for the headers and the whole body together. */
  timeoutMs: number;
  /** The largest body read; a larger one ends the request (`BodyTooLarge`). */
  maxBytes: number;
  /** Ends the request when aborted (a stopped run, the build's deadline, a test's own deadline). */
  signals?: ReadonlyArray<AbortSignal | undefined>;
}

export interface GetResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The agent for an upstream's requests: undici's, whose sockets pass over the 1xx answers an upstream may
 * send before its real one (`informational.ts`).
 */
export function upstreamAgent(options: Omit<Agent.Options, 'connect'> = {}): Agent {
  const connect = buildConnector({});
  return new Agent({
    ...options,
    connect: (target, callback) =>
      connect(target, (error, socket) =>
        error ? callback(error, null) : callback(null, passInformational(socket!)),
      ),
  });
}

/** A body that grew past its limit while it was read; nothing beyond the limit was kept. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/** The error a request ends with when its deadline passes: retried as a timeout (`retry.ts`). */
const timeoutError = (ms: number) => new DOMException(`no complete answer within ${ms} ms`, 'TimeoutError');

/** GETs `url` within the options' bounds; throws on a network failure, a timeout or a body too large. */
export async function get(url: string, options: GetOptions): Promise<GetResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError(options.timeoutMs)), options.timeoutMs);
  const relays: Array<() => void> = [];
  for (const signal of options.signals ?? []) {
    if (!signal) continue;
    if (signal.aborted) controller.abort(signal.reason);
    const relay = () => controller.abort(signal.reason);
    signal.addEventListener('abort', relay, { once: true });
    relays.push(() => signal.removeEventListener('abort', relay));
  }
  try {
    const response = await request(url, {
      method: 'GET',
      headers: options.headers ?? {},
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal: controller.signal,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).byteLength;
        if (size > options.maxBytes) throw new BodyTooLarge(options.maxBytes);
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      response.body.destroy();
      throw error;
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared !== size) {
      throw Object.assign(new Error(`the body ended after ${size} of ${declared} bytes`), {
        code: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
      });
    }
    return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks, size) };
  } finally {
    clearTimeout(timer);
    for (const remove of relays) remove();
  }
}
