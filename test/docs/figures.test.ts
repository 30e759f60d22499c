/**
 * The docs' figures of the default build (`npm run build`: the embedded sample in all 16 locales, with the
 * element) and of the widget profile, held by a build of each: every doc that gives the number of files gives
 * the count of a real tree, the same in every doc. A build of fewer locales is the same tree without the files
 * whose path names the others (`api/<locale>/…`, `cards/<locale>/…`, `….<locale>.json`): the counts of one
 * locale and of the most that Cloudflare Pages' free plan takes are read from the 16 locales' trees so.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { REPO } from '../deploy/helpers.ts';
import { FROZEN_NOW } from '../helpers.ts';

/** Cloudflare Pages' free plan: files per site (scripts/hosting/host-limits.ts). */
const FREE_PLAN = 20_000;

/**
 * Where each doc gives a figure: `{n}` is the count, as the docs write it (`28,431`), `{k}` a number of
 * locales. A change of what a build publishes changes these, and the docs with them.
 */
const FIGURES = {
  all: [
    ['README.md', 'the default build, the sample in 16\nlocales, is {n} files'],
    ['scripts/docs/configuration.md', 'files in one locale, {n} in 16)'],
    ['scripts/docs/snapshot.md', 'the sample in all 16 locales: {n} files'],
  ],
  one: [['scripts/docs/configuration.md', '(the sample: {n} files in one locale']],
  freePlan: [['scripts/docs/configuration.md', 'the full profile in up to {k} locales ({n} files)']],
  widget: [
    ['scripts/docs/configuration.md', 'in one locale, {n} in 16, about {mib} MiB as the build counts it'],
    ['scripts/docs/configuration.md', 'or the widget profile in all 16 ({n})'],
  ],
  widgetOne: [['scripts/docs/configuration.md', 'a widget tree about 17\n(the sample: {n} in one locale']],
} as const;

type Figure = keyof typeof FIGURES;
const figures = {} as Record<Figure, Record<string, string>>;
let root: string;

const number = (n: number) => n.toLocaleString('en-US');

/** The files of a build with `flags` (none: `npm run build`), relative to its folder, and its summary's MiB. */
async function treeOf(flags: string[]): Promise<{ files: string[]; mib: string }> {
  const out = join(root, `dist-${flags.length}`);
  let stderr = '';
  const code = await build({
    argv: ['--out', out, ...flags],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
    cwd: REPO,
    widget: () => elementFiles(REPO),
  });
  expect(code, stderr).toBe(0);
  // the published folder is a link to the release: its files, not the releases folder beside it
  const entries = await readdir(`${out}/`, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => relative(out, join(e.parentPath, e.name)));
  // the progress's summary, on standard error
  const mib = /; ([\d.]+) MiB in /.exec(stderr)?.[1];
  expect(mib, stderr).toBeDefined();
  return { files, mib: mib! };
}

/** How many of `files` a build of the first `k` locales of the default list writes. */
function inFirst(files: string[], k: number): number {
  const others = SUPPORTED_LOCALES.slice(k).map((l) => new RegExp(`(^|[/.])${l}([/.]|$)`));
  return files.filter((f) => !others.some((o) => o.test(f))).length;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-figures-'));
  const full = await treeOf([]);
  const widget = await treeOf(['--profile', 'widget']);
  const k = SUPPORTED_LOCALES.length;
  const fit = Math.max(
    ...SUPPORTED_LOCALES.map((_, i) => i + 1).filter((n) => inFirst(full.files, n) <= FREE_PLAN),
  );
  figures.all = { n: number(full.files.length) };
  figures.one = { n: number(inFirst(full.files, 1)) };
  figures.freePlan = { n: number(inFirst(full.files, fit)), k: String(fit) };
  // whole MiB: a few bytes more of the element's code would change a tenth
  figures.widget = { n: number(widget.files.length), mib: String(Math.round(Number(widget.mib))) };
  figures.widgetOne = { n: number(inFirst(widget.files, 1)) };
  expect(inFirst(full.files, k)).toBe(full.files.length);
  expect(widget.files.length).toBeLessThanOrEqual(FREE_PLAN);
}, 300_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the docs’ file counts', () => {
  it.each(
    Object.entries(FIGURES).flatMap(([figure, places]) =>
      places.map(([doc, sentence]) => ({ figure: figure as Figure, doc, sentence })),
    ),
  )('$doc gives the $figure figure', async ({ figure, doc, sentence }) => {
    const text = (await readFile(join(REPO, doc), 'utf8')).replace(/\s+/g, ' ');
    const expected = Object.entries(figures[figure])
      .reduce((s: string, [name, value]) => s.replace(`{${name}}`, value), sentence)
      .replace(/\s+/g, ' ');
    // not the whole doc in the failure: the sentence and the count
    expect(text.includes(expected), `${doc} should say: ${expected}`).toBe(true);
  });
});
