/**
 * The embeds' thread (scripts/embeds/embed-thread.ts): one locale's cards and lists made from a staged `api/`
 * folder and placed in a staging folder by the thread itself, byte for byte as the in-process embeds make
 * them; linked when the previous release has the same bytes; refused when one would hold a secret; and a
 * stopped job writes no more once it has settled.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { SnapshotError } from '../../scripts/snapshot/errors.ts';
import { stagedReader, type Beside } from '../../scripts/snapshot/store/staging.ts';
import { EmbedThread, type LocaleJob } from '../../scripts/embeds/embed-thread.ts';
import { attributionImages, sampleImages } from '../../scripts/images/assets.ts';
import { DATA_DIR, FROZEN_NOW, sample } from '../helpers.ts';

let root: string;
let out: string;
let job: (beside: Beside) => LocaleJob;
const thread = new EmbedThread();

/** Every file under `dir`, relative to it. */
const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-embed-thread-'));
  out = join(root, 'dist');
  const code = await build({
    argv: ['--out', out, '--locales', 'en-US,de-DE'],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: { write: () => true },
    stderr: { write: () => true },
    widget: async () => [],
  });
  expect(code).toBe(0);
  const dataset = await sample();
  const dir = join(out, 'api');
  const images = await attributionImages({ read: stagedReader(dir) }, ['de-DE'], sampleImages(DATA_DIR));
  // the regions whose lists the build published
  const regions = (await readdir(join(out, 'lists', 'de-DE')))
    .flatMap((f) => /^region-(\d+)\.html$/.exec(f)?.slice(1) ?? [])
    .map(Number);
  job = (beside) => ({
    dir,
    builtAt: FROZEN_NOW,
    locale: 'de-DE',
    ids: dataset.resorts.map((r) => r.id),
    regions,
    images,
    beside,
  });
}, 180_000);
afterAll(async () => {
  await thread.close();
  await rm(root, { recursive: true, force: true });
});

describe('EmbedThread', () => {
  it("places a locale's cards and lists byte for byte as the build publishes them", async () => {
    const staging = join(root, 'fresh');
    const { placed, failed } = await thread.place(job({ staging, previous: undefined, secrets: [] }));
    expect(failed).toEqual([]);
    const files = await filesUnder(staging);
    const published = (await filesUnder(out)).filter((f) => /^(cards|lists)\/de-DE\//.test(f));
    expect(files).toEqual(published);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files)
      expect(readFileSync(join(staging, file)).equals(readFileSync(join(out, file))), file).toBe(true);
    expect(placed.written).toBe(files.length);
    expect(placed.unchanged).toBe(0);
    expect(placed.bytes).toBe(files.reduce((sum, f) => sum + statSync(join(staging, f)).size, 0));
  });

  it('links each file the previous release holds with the same bytes', async () => {
    const staging = join(root, 'again');
    const { placed } = await thread.place(job({ staging, previous: out, secrets: [] }));
    const files = await filesUnder(staging);
    expect(placed).toMatchObject({ written: 0, unchanged: files.length });
    const card = files.find((f) => f.startsWith('cards/'))!;
    expect(statSync(join(staging, card)).ino).toBe(statSync(join(out, card)).ino);
  });

  it('refuses a file that would hold a secret, naming the file and not the secret', async () => {
    const secret = 'Schneebericht';
    const error = await thread
      .place(job({ staging: join(root, 'leak'), previous: undefined, secrets: [secret] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as SnapshotError).code).toBe('secret_leak');
    expect((error as Error).message).toMatch(/^cards\/de-DE\/\d+\.html would contain a credential/);
    expect((error as Error).message).not.toContain(secret);
  });

  it('stops a job told to stop before it began, and writes nothing for it', async () => {
    const staging = join(root, 'stopped');
    const stop = new AbortController();
    stop.abort();
    const { placed } = await thread.place(job({ staging, previous: undefined, secrets: [] }), stop.signal);
    expect(placed).toEqual({ written: 0, unchanged: 0, bytes: 0 });
    // the thread takes one job at a time: once the next has run, the stopped one is long over
    await thread.place(job({ staging: join(root, 'after'), previous: undefined, secrets: [] }));
    expect(existsSync(staging)).toBe(false);
  });

  it('ends every job with an error once the thread is gone', async () => {
    const other = new EmbedThread();
    const placing = other.place(job({ staging: join(root, 'gone'), previous: undefined, secrets: [] }));
    await other.close();
    await expect(placing).rejects.toThrow(/the thread making the embeds (stopped|failed)/);
  });
});
