/**
 * The release's publishing steps (scripts/snapshot/release/publisher.ts): a locale step is asked for each
 * locale once every part of the locale is staged and readable, and what it places is published and counted;
 * a step that throws for one part stops no other part — the part keeps its last good copy, stale, or is
 * left out, named in the index — and only a fault no part survives (a secret in a file) stops the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePath } from '../../scripts/api/paths.ts';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { SnapshotError } from '../../scripts/snapshot/errors.ts';
import type { Part, Publisher } from '../../scripts/snapshot/release/publisher.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import { placeBeside, type Placed } from '../../scripts/snapshot/store/staging.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { FROZEN_NOW, FULL, sample } from '../helpers.ts';

let dataset: Dataset;
let root: string;
let now = FROZEN_NOW;
const LOCALES = ['en-US', 'fr-FR', 'de-DE'];

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-publishers-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const run = (out: string, publishers: Publisher[]) =>
  runSnapshot({
    config: parseConfig(
      { out: join(root, out), locales: LOCALES, endpoints: ['regions', 'combinedreport', 'attribution'] },
      'test',
    ),
    source: localSource(dataset, { account: FULL.email, now: () => now }),
    families: new Set(['A', 'B']),
    now: () => now,
    refresh: 'all',
    publishing: () => ({ publishers }),
  });

const manifestOf = (out: string) =>
  Manifest.parse(JSON.parse(readFileSync(join(root, out, 'api/manifest.json'), 'utf8')));

/** A test double of a release step: one file per resort, `notes/<id>.txt`, throwing for the resorts of `fails`. */
const notes = (fails: ReadonlySet<number>, text = 'note'): Publisher => ({
  name: 'notes',
  stage: 'release',
  parts: (context) =>
    context.scope.resorts.map((r) => ({ artefact: 'notes', resort: r.id, paths: [`notes/${r.id}.txt`] })),
  make: async (part: Part, context) => {
    if (fails.has(part.resort!)) throw new Error(`no note for resort ${part.resort}`);
    await context.write([
      { path: `notes/${part.resort}.txt`, bytes: Buffer.from(`${text} ${part.resort}\n`) },
    ]);
  },
});

describe('a locale step', () => {
  it('is asked for once per locale, with every file of the locale staged, and its files are published and counted', async () => {
    const seen: Array<{ locale: string; attribution: boolean; report: boolean }> = [];
    const id = String(dataset.resorts[0]!.id);
    const step: Publisher = {
      name: 'made',
      stage: 'locale',
      parts: (_context, locale) => [{ artefact: 'made', locale: locale! }],
      make: async (part, context) => {
        const locale = part.locale!;
        const read = async (path: string) => (await context.files.read(path)) !== undefined;
        seen.push({
          locale,
          attribution: await read(filePath({ endpoint: 'attribution', locale })),
          report: await read(filePath({ endpoint: 'combinedreport', params: { resortId: id }, locale })),
        });
        const placed: Placed = { written: 0, unchanged: 0, bytes: 0 };
        placeBeside(
          context.beside,
          `made/${locale}.txt`,
          Buffer.from(`${context.scope.resorts.length} resorts\n`),
          placed,
        );
        return { placed };
      },
    };
    const result = await run('made', [step]);
    expect(seen.map((s) => s.locale).sort()).toEqual([...LOCALES].sort());
    expect(seen.every((s) => s.attribution && s.report)).toBe(true);
    const out = join(root, 'made');
    expect(readdirSync(join(out, 'made')).sort()).toEqual(LOCALES.map((l) => `${l}.txt`).sort());
    expect(readFileSync(join(out, 'made', 'en-US.txt'), 'utf8')).toBe(`${dataset.resorts.length} resorts\n`);
    const all = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(result.summary.written + result.summary.unchanged).toBe(all.length);
  });

  it('that throws for one locale stops no other locale, nor the release', async () => {
    const step: Publisher = {
      name: 'made',
      stage: 'locale',
      parts: (_context, locale) => [{ artefact: 'made', locale: locale!, paths: [`made/${locale!}.txt`] }],
      make: async (part, context) => {
        if (part.locale === 'fr-FR') throw new Error('the fr-FR files could not be made');
        await context.write([{ path: `made/${part.locale!}.txt`, bytes: Buffer.from('made\n') }]);
      },
    };
    const result = await run('locale-fails', [step]);
    expect(result.published).toBe(true);
    expect(readdirSync(join(root, 'locale-fails', 'made')).sort()).toEqual(['de-DE.txt', 'en-US.txt']);
    expect(result.failures.map((f) => [f.collection, f.kind, f.kept])).toEqual([
      ['made fr-FR', 'contract', false],
    ]);
    expect(manifestOf('locale-fails').missing).toEqual([{ part: 'made fr-FR', reason: 'could not be made' }]);
  });
});

describe('a release step that throws for one part', () => {
  let first: number;
  let second: number;
  beforeAll(() => {
    [first, second] = [dataset.resorts[0]!.id, dataset.resorts[1]!.id];
  });

  it('stops no other part: the part is left out and named, every other part and the API published', async () => {
    const result = await run('left-out', [notes(new Set([first]))]);
    expect(result.published).toBe(true);
    const out = join(root, 'left-out');
    expect(existsSync(join(out, `notes/${first}.txt`))).toBe(false);
    expect(readdirSync(join(out, 'notes'))).toHaveLength(dataset.resorts.length - 1);
    expect(readFileSync(join(out, `notes/${second}.txt`), 'utf8')).toBe(`note ${second}\n`);
    expect(result.failures).toEqual([
      expect.objectContaining({
        collection: `notes resort ${first}`,
        kind: 'contract',
        kept: false,
        // the log says why; the public index only that it could not be made
        reason: `could not be made: no note for resort ${first}`,
      }),
    ]);
    expect(manifestOf('left-out').missing).toEqual([
      { part: `notes resort ${first}`, reason: 'could not be made' },
    ]);
  });

  it('keeps its last good copy, stale since the release it came from, after a good release', async () => {
    await run('kept', [notes(new Set(), 'old')]);
    const before = manifestOf('kept').builtAt;
    now = FROZEN_NOW + 3_600_000;
    try {
      const result = await run('kept', [notes(new Set([first]), 'new')]);
      const out = join(root, 'kept');
      expect(readFileSync(join(out, `notes/${first}.txt`), 'utf8')).toBe(`old ${first}\n`);
      expect(readFileSync(join(out, `notes/${second}.txt`), 'utf8')).toBe(`new ${second}\n`);
      expect(result.failures).toEqual([
        expect.objectContaining({ collection: `notes resort ${first}`, kept: true }),
      ]);
      const manifest = manifestOf('kept');
      expect(manifest.stale).toEqual([
        {
          part: `notes resort ${first}`,
          since: before,
          reason: 'could not be made',
          files: 1,
        },
      ]);
      expect(manifest.missing).toBeUndefined();
    } finally {
      now = FROZEN_NOW;
    }
  });

  it('stops the build when no part survives the fault (a secret): nothing is published, no staging is left', async () => {
    const step: Publisher = {
      name: 'leaks',
      stage: 'release',
      parts: () => [{ artefact: 'leaks' }],
      make: async () => {
        throw new SnapshotError('secret_leak', 'a credential would reach leaks.txt');
      },
    };
    const error = await run('fatal', [notes(new Set()), step]).catch((e: unknown) => e);
    expect((error as SnapshotError).code).toBe('secret_leak');
    expect(existsSync(join(root, 'fatal'))).toBe(false);
    const releases = join(root, '.fatal-releases');
    expect(readdirSync(releases).filter((e) => e.startsWith('.staging') || /^\d/.test(e))).toEqual([]);
  });
});
