/**
 * What the command-line tests share: a small build of the sample, and the URL a server command prints on
 * a line of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { FROZEN_NOW } from '../helpers.ts';

/** `npm run build -- --no-widget --out <out> <args>` in-process, quietly; it must publish. */
export async function buildQuietly(out: string, args: string[]): Promise<void> {
  let stderr = '';
  const code = await build({
    argv: ['--no-widget', '--out', out, ...args],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
  });
  expect(code, stderr).toBe(EXIT.ok);
}

/** The `http://127.0.0.1:<port>` a server command prints on a line of its own; rejects if it exits first. */
export function printedUrl(child: ChildProcess, name: string): Promise<string> {
  return new Promise<string>((found, failed) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
      if (match) found(match[1]!);
    });
    child.once('exit', (code) => failed(new Error(`${name} exited with ${code}: ${out}`)));
  });
}
