/**
 * A locale's own files (`SnapshotOptions.localeFiles`, what the site makes its embeds with): asked for
 * once per locale, when every part of the locale is staged and readable, placed beside the rest and
 * counted; a failure of one fails the build, which then publishes nothing and leaves no staging behind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePath } from '../../scripts/api/paths.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { placeBeside, type Placed } from '../../scripts/snapshot/store/staging.ts';
import { runSnapshot, type SnapshotOptions } from '../../scripts/snapshot/run.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let root: string;
const now = () => FROZEN_NOW;
const LOCALES = ['en-US', 'fr-FR', 'de-DE'];

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-locale-files-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const run = (out: string, localeFiles: NonNullable<SnapshotOptions['localeFiles']>) =>
  runSnapshot({
    config: parseConfig({ out: join(root, out), locales: LOCALES }, 'test'),
    source: localSource(dataset, { account: FULL.email, now }),
    families: new Set(['A', 'B']),
    now,
    refresh: 'all',
    localeFiles,
  });

describe('localeFiles', () => {
  it('is asked for once per locale, with every file of the locale staged, and its files are published and counted', async () => {
    const seen: Array<{ locale: string; attribution: boolean; report: boolean }> = [];
    const id = String(dataset.resorts[0]!.id);
    const result = await run('made', async (scope, locale, files, beside) => {
      const read = async (path: string) => (await files.read(path)) !== undefined;
      seen.push({
        locale,
        attribution: await read(filePath({ endpoint: 'attribution', locale })),
        report: await read(filePath({ endpoint: 'combinedreport', params: { resortId: id }, locale })),
      });
      const placed: Placed = { written: 0, unchanged: 0, bytes: 0 };
      placeBeside(beside, `made/${locale}.txt`, Buffer.from(`${scope.resorts.length} resorts\n`), placed);
      return placed;
    });
    expect(seen.map((s) => s.locale).sort()).toEqual([...LOCALES].sort());
    expect(seen.every((s) => s.attribution && s.report)).toBe(true);
    const out = join(root, 'made');
    expect(readdirSync(join(out, 'made')).sort()).toEqual(LOCALES.map((l) => `${l}.txt`).sort());
    expect(readFileSync(join(out, 'made', 'en-US.txt'), 'utf8')).toBe(`${dataset.resorts.length} resorts\n`);
    const all = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(result.summary.written + result.summary.unchanged).toBe(all.length);
  });

  it('fails the build when one fails: nothing is published and no staging folder is left', async () => {
    const error = await run('failed', async (_scope, locale) => {
      if (locale === 'fr-FR') throw new Error('the fr-FR files could not be made');
      return { written: 0, unchanged: 0, bytes: 0 };
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('the fr-FR files could not be made');
    expect(existsSync(join(root, 'failed'))).toBe(false);
    const releases = join(root, '.failed-releases');
    expect(readdirSync(releases).filter((e) => e.startsWith('.staging') || /^\d/.test(e))).toEqual([]);
  });
});
