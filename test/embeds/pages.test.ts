/**
 * A built tree's pages and feeds as their validators read them: every kind of pre-rendered page (the demo
 * page, the 404 page, the cards in both layouts as pages and includes, the lists as pages and includes)
 * through html-validate's standard preset with no error, and every Atom feed with a real `updated` and a
 * `rel="self"` link under `publicUrl` (scripts/docs/configuration.md, "Alert feeds").
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { HtmlValidate, StaticConfigLoader } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { elementFiles } from '../../scripts/element/browser-files.ts';
import { DATA_DIR, FROZEN_NOW } from '../helpers.ts';
import { REPO } from '../deploy/helpers.ts';

const PUBLIC_URL = 'https://snow.example.org/';
const sink = { write: () => true };

let root: string;
let dist: string;
let files: string[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-pages-'));
  dist = join(root, 'dist');
  const code = await build({
    argv: ['--out', dist, '--locales', 'de-DE', '--data', DATA_DIR, '--public-url', PUBLIC_URL],
    env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
    stdout: sink,
    stderr: sink,
    cwd: root,
    // the element, its cards, lists and demo page, from the bundle the tests' global setup made
    widget: () => elementFiles(REPO),
  });
  expect(code).toBe(0);
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  files = entries
    .filter((e) => e.isFile())
    .map((e) => relative(dist, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/** A page's kind: its path with the locale and ids taken out (`cards/L/N.compact.include.html`). */
const kindOf = (file: string) =>
  file.includes('/') ? file.replace(/[a-z]{2}-[A-Z]{2}/g, 'L').replace(/\d+/g, 'N') : file;

describe('the pre-rendered pages', () => {
  it('are of every kind the docs name', () => {
    const kinds = new Set(files.filter((f) => f.endsWith('.html')).map(kindOf));
    expect([...kinds].sort()).toEqual([
      '404.html',
      'cards/L/N.compact.html',
      'cards/L/N.compact.include.html',
      'cards/L/N.html',
      'cards/L/N.include.html',
      'index.html',
      'lists/L/region-N.html',
      'lists/L/region-N.include.html',
    ]);
  });

  it('pass html-validate’s standard preset with no error: the first and the last page of each kind', async () => {
    const validator = new HtmlValidate(new StaticConfigLoader({ extends: ['html-validate:standard'] }));
    const byKind = new Map<string, string[]>();
    for (const file of files.filter((f) => f.endsWith('.html')))
      byKind.set(kindOf(file), [...(byKind.get(kindOf(file)) ?? []), file]);
    const errors: string[] = [];
    for (const group of byKind.values())
      for (const file of new Set([group[0]!, group.at(-1)!])) {
        const report = await validator.validateString(await readFile(join(dist, file), 'utf8'), file);
        for (const result of report.results)
          for (const m of result.messages)
            if (m.severity === 2) errors.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
    expect(errors.slice(0, 10)).toEqual([]);
    expect(byKind.size).toBe(8);
  });
});

describe('the Atom feeds', () => {
  it('each have a real `updated` and link to themselves under `publicUrl`', async () => {
    const atoms = files.filter((f) => f.endsWith('.atom'));
    const wrong: string[] = [];
    for (const file of atoms) {
      const xml = await readFile(join(dist, file), 'utf8');
      const updated = /^ {2}<updated>([^<]+)<\/updated>$/m.exec(xml)?.[1];
      if (!updated || updated.startsWith('1970')) wrong.push(`${file}: updated ${updated}`);
      if (!xml.includes(`<link rel="self" type="application/atom+xml" href="${PUBLIC_URL}${file}"/>`))
        wrong.push(`${file}: no rel="self"`);
    }
    expect(atoms.length).toBeGreaterThan(50);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
