/**
 * The edge function on Deno as the docs say (scripts/docs/hosting.md, "Per host", Deno): the built
 * `_mirror/edge-worker.js` run by `deno serve` (the npm package `deno`, the Deno CLI itself) with the
 * documented command and permissions, `ORIGIN` pointed at a bucket stand-in on 127.0.0.1. Every answer
 * the docs' tables document for the edge function (edge-answers.ts), and what it passes through.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../deploy/helpers.ts';
import {
  buildEdgeSite,
  documentedBlock,
  edgeAnswerChecks,
  passThroughChecks,
  serveBucket,
  type Bucket,
} from './edge-answers.ts';

let site: string;
let dist: string;
let bucket: Bucket | undefined;
let url: string;
let output = '';
let close: (() => Promise<void>) | undefined;
let command: string[];

/** The documented `deno serve` command line: its environment and its arguments. */
function parseCommand(text: string): { env: Record<string, string>; args: string[] } {
  const words = text.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  expect(words[0]).toBe('deno');
  return { env, args: words.slice(1) };
}

beforeAll(async () => {
  ({ site, dist } = await buildEdgeSite());
  bucket = await serveBucket(dist);
  const documented = parseCommand(await documentedBlock('sh', 'deno serve'));
  expect(documented.env.ORIGIN).toMatch(/^https:\/\/.+\/$/);
  command = documented.args;
  const home = join(site, 'home');
  await mkdir(home);
  const bin = join(REPO, 'node_modules', 'deno', 'bin.cjs');
  // on 127.0.0.1 and a free port: options before the module (after it they are the module's arguments)
  const [verb, ...rest] = command;
  const listen = [verb!, '--host', '127.0.0.1', '--port', '0', ...rest];
  const child = spawn(process.execPath, [bin, ...listen], {
    cwd: site,
    // its own process group, so that closing it ends deno too
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      DENO_DIR: join(home, 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      ORIGIN: `${bucket.url}/`,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  close = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const ready = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`deno serve exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  await close?.();
  await bucket?.close();
  await rm(site, { recursive: true, force: true });
});

describe('the edge function in deno serve, as scripts/docs/hosting.md says', () => {
  it('serves the built module with network access and ORIGIN alone of the environment', () => {
    expect(command).toEqual(['serve', '--allow-net', '--allow-env=ORIGIN', 'dist/_mirror/edge-worker.js']);
    expect(output).toMatch(/Listening on http:\/\/127\.0\.0\.1:\d+/);
  });

  edgeAnswerChecks(() => ({ url, dist }));
  passThroughChecks(() => ({ url, dist }));
});
