/**
 * An upstream that answers the real shapes with hostile values: the project's embedded service over a
 * copy of the sample (credentials of the test's choosing), on a real HTTP server on 127.0.0.1, with
 * answers the test changes or replaces per path. Builds run in-process through the command line, as an
 * operator's would, with the element's embeds made (but no bundle).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../scripts/cli/build.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { createService } from '../../scripts/service/service.ts';
import { FROZEN_NOW, sample } from '../helpers.ts';
import { startHostile, type HostileServer, type Route } from './server.ts';

/** The account the hostile upstream knows, with a password a serialiser has to escape. */
export const ACCOUNT = {
  email: 'ops@partner.example',
  password: 'p"ss\\w&rd<1>',
  // every four characters of it hold a capital: no piece of it occurs in hex hashes or the sample's text
  apiKey: 'ZqXkWvPlMtRyBnJhGdSc',
  token: 'ab&cd0123456789abcdef0123456789abcdef0123456789',
};

/** What a test does with one answer: changes its JSON, or replaces it with a route of its own. */
export type Change = (json: any, path: string) => unknown;

/** How a changed answer is sent: its bytes from its text, and the Content-Type they are declared with. */
export type Encode = (text: string) => { bytes: Buffer; type: string };

export interface HostileUpstream extends HostileServer {
  /**
   * Changes the JSON answer of every request whose path `matches`, sent as `encode` makes it (UTF-8 as the
   * service declares it, by default); the last one set for a path wins.
   */
  change(matches: (path: string) => boolean, change: Change, encode?: Encode): void;
  /** Answers every request whose path `matches` with `route` instead. */
  replace(matches: (path: string) => boolean, route: Route): void;
  /**
   * Rewrites the whole answer (status, headers, bytes) of every request whose URL, query included,
   * `matches`, after `change` and the rewrites set before it: the transport's faults (a charset, broken
   * bytes, an interim answer).
   */
  intercept(matches: (url: string) => boolean, rewrite: Rewrite): void;
  /** Forgets every change and replacement. */
  reset(): void;
}

/** An answer as it goes on the wire, and the interim (1xx) answers sent before it. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Interim answers before this one: `100` (Continue), `102` (Processing), `103` (Early Hints). */
  interim?: Array<100 | 102 | 103>;
}
export type Rewrite = (answer: Answer, url: string) => Answer;

export async function startHostileUpstream(): Promise<HostileUpstream> {
  const dataset: Dataset = structuredClone(await sample());
  Object.assign(dataset.accounts[0]!, ACCOUNT);
  let changes: Array<{ matches: (path: string) => boolean; change: Change; encode?: Encode }> = [];
  let replacements: Array<{ matches: (path: string) => boolean; route: Route }> = [];
  let rewrites: Array<{ matches: (url: string) => boolean; rewrite: Rewrite }> = [];
  let origin = 'http://127.0.0.1';
  const answer: Route = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const path = url.split('?')[0]!;
    const service = createService(dataset, { now: () => FROZEN_NOW, origin });
    const answered = service({
      method: request.method ?? 'GET',
      url,
      headers: request.headers as Record<string, string>,
    });
    let body = answered.body;
    let headers: Record<string, string> = answered.headers;
    const change = changes.findLast((c) => c.matches(path));
    if (change && answered.status === 200) {
      const json = JSON.parse(body);
      const changed = change.change(json, path);
      body = typeof changed === 'string' ? changed : JSON.stringify(changed === undefined ? json : changed);
    }
    const sent = change?.encode && answered.status === 200 ? change.encode(body) : undefined;
    if (sent) headers = { ...headers, 'content-type': sent.type };
    const bytes = sent?.bytes ?? Buffer.from(body);
    // every rewrite that matches, in the order they were set: a test's fault over a body another one set
    let wire: Answer = { status: answered.status, headers, body: bytes };
    for (const r of rewrites)
      if (r.matches(url)) wire = r.rewrite({ ...wire, headers: { ...wire.headers } }, url);
    for (const status of wire.interim ?? [])
      if (status === 100) response.writeContinue();
      else if (status === 102) response.writeProcessing();
      else response.writeEarlyHints({ link: '</logo.svg>; rel=preload; as=image' });
    response
      .writeHead(wire.status, { ...wire.headers, 'content-length': wire.body.byteLength })
      .end(wire.body);
  };
  const server = await startHostile((path) => replacements.findLast((r) => r.matches(path))?.route ?? answer);
  origin = server.url;
  return {
    ...server,
    change: (matches, change, encode) =>
      void changes.push({ matches, change, ...(encode ? { encode } : {}) }),
    replace: (matches, route) => void replacements.push({ matches, route }),
    intercept: (matches, rewrite) => void rewrites.push({ matches, rewrite }),
    reset: () => {
      changes = [];
      replacements = [];
      rewrites = [];
      server.requests.clear();
      server.sent.clear();
      server.cut.clear();
    },
  };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  out: string;
}

/** A scratch folder for a suite's builds. */
export const scratch = () => mkdtemp(join(tmpdir(), 'rc-hostile-'));
export const removeScratch = (dir: string) => rm(dir, { recursive: true, force: true });

/**
 * Runs `npm run build` in-process against `upstream` into `out`: Family A with its key, Family B with
 * the account's e-mail and password (or `token` alone), one locale and one state's resorts unless `flags`
 * say otherwise, a config file when `config` is given.
 */
export async function buildAgainst(
  upstream: { url: string },
  out: string,
  options: { flags?: string[]; config?: string; token?: boolean; env?: Record<string, string> } = {},
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const credentials = options.token
    ? { RC_TOKEN: ACCOUNT.token }
    : { RC_EMAIL: ACCOUNT.email, RC_PASSWORD: ACCOUNT.password };
  const code = await build({
    argv: [
      '--out',
      out,
      ...(options.config ? ['--config', options.config] : []),
      ...(options.flags ?? ['--locales', 'en-US', '--regions', '251']),
    ],
    env: {
      SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000),
      RC_BASE_URL: upstream.url,
      RC_API_KEY: ACCOUNT.apiKey,
      RC_LEGACY_BASE_URL: upstream.url,
      ...credentials,
      ...options.env,
    },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    widget: async () => [],
    // as the entry script gives it (scripts/build.ts): the build's stop signal, never aborted here
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr, out };
}

/** Every regular file of a published tree (through its link to the release), by path, with its bytes. */
export async function publishedTree(out: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = join(entry.parentPath, entry.name);
      files.set(full.slice(out.length + 1), await readFile(full));
    }
  return files;
}

/** A published file's text, or undefined. */
export const published = (out: string, path: string) =>
  readFile(join(out, path), 'utf8').catch(() => undefined);
