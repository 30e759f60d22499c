/**
 * The docs' figures of the default build (`npm run build`: the embedded sample in all 16 locales, with the
 * element) and of one locale, held by a build of each: every doc that gives the number of files gives the
 * count of a real tree, the same in every doc.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { REPO } from '../deploy/helpers.ts';
import { FROZEN_NOW } from '../helpers.ts';

/**
 * Where each doc gives a figure: `{n}` is the count, as the docs write it (`28,431`). A change of what a
 * build publishes changes these, and the docs with them.
 */
const FIGURES = {
  all: [
    ['README.md', 'the default build, the sample in 16\nlocales, is {n} files'],
    ['scripts/docs/configuration.md', 'files in one locale, {n} in 16)'],
    ['scripts/docs/snapshot.md', 'the sample in all 16 locales: {n} files'],
  ],
  one: [['scripts/docs/configuration.md', '(the sample: {n} files in one locale']],
} as const;

let root: string;
const counts: Record<keyof typeof FIGURES, number> = { all: 0, one: 0 };

/** The number of files of a build with `flags` (none: `npm run build`). */
async function filesOf(flags: string[]): Promise<number> {
  const out = join(root, `dist-${flags.length}`);
  let stderr = '';
  const code = await build({
    argv: ['--out', out, ...flags],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: REPO,
    widget: () => elementFiles(REPO),
  });
  expect(code, stderr).toBe(0);
  // the published folder is a link to the release: its files, not the releases folder beside it
  const entries = await readdir(`${out}/`, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-figures-'));
  counts.all = await filesOf([]);
  counts.one = await filesOf(['--locales', 'en-US']);
}, 240_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the docs’ file counts', () => {
  it.each(
    Object.entries(FIGURES).flatMap(([build, places]) =>
      places.map(([doc, sentence]) => ({ build: build as keyof typeof FIGURES, doc, sentence })),
    ),
  )('$doc gives the $build build’s count', async ({ build, doc, sentence }) => {
    const n = counts[build].toLocaleString('en-US');
    const text = (await readFile(join(REPO, doc), 'utf8')).replace(/\s+/g, ' ');
    const expected = sentence.replace('{n}', n).replace(/\s+/g, ' ');
    // not the whole doc in the failure: the sentence and the count
    expect(text.includes(expected), `${doc} should say: ${expected}`).toBe(true);
  });
});
