import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteThread } from '../../../scripts/snapshot/store/write-thread.ts';

let root: string;
let thread: WriteThread;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-write-thread-'));
  thread = new WriteThread();
});
afterEach(async () => {
  await thread.close();
  await rm(root, { recursive: true, force: true });
});

describe('WriteThread', () => {
  it('writes every file in its folder, made when missing, over many batches, with bytes the caller reused at once', async () => {
    const scratch = Buffer.alloc(40_000);
    for (let i = 0; i < 300; i++) {
      scratch.fill(i % 251);
      // 300 files of 40 kB: a dozen batches, more than are ever under way at once
      await thread.write(
        join(root, 'api', `r${i % 7}`, String(i), 'b.json'),
        scratch.subarray(0, 30_000 + i),
      );
    }
    await thread.flush();
    for (const i of [0, 1, 150, 299]) {
      const bytes = readFileSync(join(root, 'api', `r${i % 7}`, String(i), 'b.json'));
      expect(bytes.byteLength).toBe(30_000 + i);
      expect(bytes.every((b) => b === i % 251)).toBe(true);
    }
  });

  it('writes a file larger than a batch, and names with any characters', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    await thread.write(join(root, 'small.json'), Buffer.from('{}\n'));
    await thread.write(join(root, 'bundle', 'big.js'), big);
    await thread.write(join(root, 'forecast', 'forecast_only=true é.json'), Buffer.from('[1]\n'));
    await thread.flush();
    expect(readFileSync(join(root, 'small.json'), 'utf8')).toBe('{}\n');
    expect(readFileSync(join(root, 'bundle', 'big.js')).equals(big)).toBe(true);
    expect(readFileSync(join(root, 'forecast', 'forecast_only=true é.json'), 'utf8')).toBe('[1]\n');
  });

  it('throws the first failure with its code and path from flush and from every write after it', async () => {
    // a file where a folder would go: the write below it cannot be made
    writeFileSync(join(root, 'resort'), 'not a folder');
    mkdirSync(join(root, 'ok'));
    await thread.write(join(root, 'ok', 'a.json'), Buffer.from('{}'));
    await thread.write(join(root, 'resort', '20', 'snowreport.json'), Buffer.from('{}'));
    const failure = await thread.flush().then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    );
    expect(failure?.code).toBe('ENOTDIR');
    expect(failure?.message).toContain(join(root, 'resort'));
    expect(readFileSync(join(root, 'ok', 'a.json'), 'utf8')).toBe('{}');
    await expect(thread.write(join(root, 'ok', 'b.json'), Buffer.from('{}'))).rejects.toBe(failure);
    await expect(thread.flush()).rejects.toBe(failure);
    expect(existsSync(join(root, 'ok', 'b.json'))).toBe(false);
  });

  it('gives producers their turns while batches are under way, one an answer and all once none is', async () => {
    const file = Buffer.alloc(256 * 1024, 1);
    expect(thread.ready()).toBeUndefined();
    // 6 MiB in one go: the thread cannot answer before this test yields, so five batches are under way
    for (let i = 0; i < 24; i++) expect(thread.write(join(root, 'b', `${i}.bin`), file)).toBeUndefined();
    const turns = Array.from({ length: 10 }, () => thread.ready());
    expect(turns.every((turn) => turn instanceof Promise)).toBe(true);
    let given = 0;
    await Promise.all(turns.map((turn) => turn!.then(() => given++)));
    expect(given).toBe(10);
    expect(thread.ready()).toBeUndefined();
    await thread.flush();
    expect(readFileSync(join(root, 'b', '23.bin')).equals(file)).toBe(true);
  });

  it('writes no file that holds a secret, in either form, and fails with what the leak callback makes', async () => {
    const leaky = new WriteThread(
      [
        ['ops@partner.example', 'an e-mail address'],
        ['ops%40partner.example', 'an e-mail address'],
      ],
      (path, kind) => new Error(`leak of ${kind} in ${path}`),
    );
    try {
      await leaky.write(join(root, 'clean.json'), Buffer.from('{"a":"ops@partner"}'));
      await leaky.write(join(root, 'leak.json'), Buffer.from('{"u":"https://x/?e=ops%40partner.example"}'));
      await expect(leaky.flush()).rejects.toThrow(`leak of an e-mail address in ${join(root, 'leak.json')}`);
      expect(readFileSync(join(root, 'clean.json'), 'utf8')).toBe('{"a":"ops@partner"}');
      expect(existsSync(join(root, 'leak.json'))).toBe(false);
    } finally {
      await leaky.close();
    }
  });

  it('keeps the process alive while a batch is under way, and lets it end when none is, unclosed', () => {
    // a process that queues a file, never waits for it and never closes the thread
    const module = pathToFileURL(
      join(import.meta.dirname, '../../../scripts/snapshot/store/write-thread.ts'),
    );
    const code = `const { WriteThread } = await import(${JSON.stringify(module.href)});
      const thread = new WriteThread();
      thread.write(${JSON.stringify(join(root, 'first.json'))}, Buffer.from('{}'));
      await thread.flush();
      thread.write(${JSON.stringify(join(root, 'late', 'a.json'))}, Buffer.from('{"late":true}'));
      thread.flush();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(0);
    expect(readFileSync(join(root, 'late', 'a.json'), 'utf8')).toBe('{"late":true}');
  });
});
