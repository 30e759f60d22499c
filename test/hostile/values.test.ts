/**
 * One bad value is one part's problem (scripts/api/README.md, "Drift and wrong"): an id the path rules
 * would refuse, a body nested a hundred thousand levels deep, an object shaped like a template where the
 * attribution's text should be, a number sent as text. Each build runs against a real HTTP server with the
 * one value injected; everything else must publish (exit 4), the part named, the value nowhere.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import {
  buildAgainst,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
} from './upstream.ts';
import { bytes } from './server.ts';

const FLAGS = ['--locales', 'en-US', '--regions', '251', '--endpoints', 'regions,combinedreport,attribution'];
const COUNTRIES = '/externalservice/region/countries/list';
const COMBINED = '/externalservice/resort/combinedreport';
const ATTRIBUTION = '/externalservice/myaccount/attribution';
/** Colorado's two resorts in the sample. */
const [GOOD, BAD] = [20, 428];

let upstream: HostileUpstream;
let root: string;
let file: string;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  root = await scratch();
  file = join(root, 'config.json');
  await writeFile(
    file,
    JSON.stringify({ variants: { forecast_only: [false], forecast: [false], links: [true] } }),
  );
});
afterAll(async () => {
  await upstream.close();
  await removeScratch(root);
});

const build = (name: string) => buildAgainst(upstream, join(root, name), { flags: FLAGS, config: file });
const manifestOf = async (out: string) =>
  Manifest.parse(JSON.parse((await published(out, 'api/manifest.json'))!));

/** Every file of a published tree, with its text. */
async function tree(out: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files.set(
        join(entry.parentPath, entry.name),
        await readFile(join(entry.parentPath, entry.name), 'utf8'),
      );
  return files;
}

describe('one bad value', () => {
  it('an 11-digit id in the countries list: that entry is left out and named, everything else publishes', async () => {
    upstream.reset();
    upstream.change(
      (p) => p === COUNTRIES,
      (countries: Array<{ id: number; resorts: unknown[] }>) => {
        countries.find((c) => c.id === 429)!.resorts.push({ id: 12_345_678_901, resortName: 'Ghost Peak' });
      },
    );
    const run = await build('id');
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(run.stderr).toMatch(
      /\/externalservice\/region\/countries\/list \(en-US\): \$\[\d+\]\.resorts\[\d+\] left out: \$\[\d+\]\.resorts\[\d+\]\.id: Too big: expected number to be <=9999999999/,
    );
    const countries = (await published(run.out, 'api/en-US/externalservice/region/countries/list.json'))!;
    expect(countries).not.toContain('12345678901');
    expect(
      await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
    ).toBeDefined();
    expect(
      await published(run.out, `api/en-US/externalservice/resort/${BAD}/combinedreport.json`),
    ).toBeDefined();
  }, 120_000);

  it('a record nested 100,000 levels deep: only its resort is left out, named with its endpoint', async () => {
    upstream.reset();
    // written as text: no serialiser of the test's own could write it
    upstream.change(
      (p) => p === COMBINED,
      (map: Record<string, { report: { terrainReport: Record<string, unknown> } }>) => {
        map[BAD]!.report.terrainReport.deep = 'DEEP';
        return JSON.stringify(map).replace('"DEEP"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      },
    );
    const run = await build('deep');
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(run.stderr).toContain(
      `/externalservice/resort/combinedreport (en-US): the record of resort ${BAD} breaks the contract: $["${BAD}"].report.terrainReport["…"][0][0][0][0]…: nested deeper than 64 levels`,
    );
    expect(
      await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
    ).toBeDefined();
    expect(
      await published(run.out, `api/en-US/externalservice/resort/${BAD}/combinedreport.json`),
    ).toBeUndefined();
    const manifest = await manifestOf(run.out);
    expect(manifest.missing).toEqual([
      {
        part: expect.stringMatching(/^en-US multi\.combinedreport/),
        reason: expect.stringMatching(
          new RegExp(
            `^the record of resort ${BAD} broke the contract; \\d+ files? with no earlier copy left out$`,
          ),
        ),
      },
    ]);
  }, 120_000);

  it('an attribution text shaped like a template: the attribution is left out, the cards are made without it', async () => {
    upstream.reset();
    upstream.change(
      (p) => p === ATTRIBUTION,
      (json) => ({
        ...json,
        attributionText: { _$litType$: 1, strings: ['<img src=x onerror=alert(1)>'], values: [] },
      }),
    );
    const run = await build('template');
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(run.stderr).toContain(
      '/externalservice/myaccount/attribution (en-US): the body breaks the contract: $.attributionText: Invalid input: expected string, received object',
    );
    expect(await published(run.out, 'api/en-US/externalservice/myaccount/attribution.json')).toBeUndefined();
    const card = (await published(run.out, `cards/en-US/${GOOD}.html`))!;
    expect(card).toContain('Silver Hollow');
    for (const [path, text] of await tree(run.out)) expect(text, path).not.toContain('onerror');
  }, 120_000);

  it('keeps the last good attribution, marked stale, when a later one is wrong', async () => {
    upstream.reset();
    expect((await build('kept')).code).toBe(EXIT.ok);
    const before = await published(
      join(root, 'kept'),
      'api/en-US/externalservice/myaccount/attribution.json',
    );
    upstream.change(
      (p) => p === ATTRIBUTION,
      (json) => ({ ...json, attributionText: { _$litType$: 1, strings: ['x'], values: [] } }),
    );
    const run = await buildAgainst(upstream, join(root, 'kept'), {
      flags: [...FLAGS, '--refresh', 'all'],
      config: file,
    });
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(await published(run.out, 'api/en-US/externalservice/myaccount/attribution.json')).toBe(before);
    expect((await manifestOf(run.out)).stale.map((s) => s.part)).toEqual([
      expect.stringMatching(/^en-US attribution/),
    ]);
  }, 120_000);
});

describe('an overview that would cost a sanitiser hours', () => {
  it('30,000 nested lists are refused before they are sanitised (exit 4), the rest published', async () => {
    upstream.reset();
    upstream.change(
      (p) => p.endsWith('/overview'),
      () => ({ resortOverviews: { overview: { body: '<ul><li>'.repeat(30_000) } } }),
    );
    const run = await buildAgainst(upstream, join(root, 'lists'), {
      flags: ['--locales', 'en-US', '--resorts', `${GOOD}`, '--endpoints', 'combinedreport,overview'],
      config: file,
    });
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(run.stderr).toContain('$.resortOverviews.overview.body: elements nested deeper than 64 levels');
    expect(
      await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
    ).toBeDefined();
  }, 120_000);
});

describe('a number sent as text', () => {
  it.each([
    ['resortId', (record: Record<string, unknown>) => (record.resortId = '20 units')],
    [
      'report.openflag',
      (record: { report: Record<string, unknown> }) => (record.report.openflag = '1 units'),
    ],
    [
      'report.liftsReport.liftsOpen',
      (record: { report: { liftsReport: Record<string, unknown> } }) =>
        (record.report.liftsReport.liftsOpen = '3 units'),
    ],
  ])(
    '%s: the record is refused, not published as drift',
    async (name, change) => {
      upstream.reset();
      upstream.change(
        (p) => p === COMBINED,
        (map: Record<string, any>) => void change(map[BAD]),
      );
      const run = await build(`text-${name}`);
      expect(run.code, run.stderr).toBe(EXIT.contract);
      expect(run.stderr).toContain(
        `the record of resort ${BAD} breaks the contract: $["${BAD}"].${name}: Invalid input`,
      );
      expect(run.stderr).not.toContain('drift');
      for (const [path, text] of await tree(join(run.out, 'api'))) expect(text, path).not.toContain(' units');
      for (const [path, text] of await tree(join(run.out, 'cards')))
        expect(text, path).not.toContain(' units');
      expect(
        await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
      ).toBeDefined();
    },
    120_000,
  );
});

describe('text of a body in the log', () => {
  it('is written as JSON writes it: no control character and no line of its own reaches the log', async () => {
    upstream.reset();
    upstream.change(
      (p) => p === COMBINED,
      (map: Record<string, Record<string, unknown>>) => {
        map[GOOD]!.note = { '\u001b]0;TITLE\u0007\u001b[31mRED\n::warning::pwned': 1 };
      },
    );
    const run = await build('log');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toContain('drift:');
    expect(run.stderr).toContain('multi.combinedreport $[*].note: extra');
    // eslint-disable-next-line no-control-regex -- the control characters are what must not appear
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(run.stderr).not.toMatch(/^::warning::/m);
  }, 120_000);
});

describe('a body of tiny values', () => {
  it('30 MB of empty objects is refused before it is parsed, and the build stays under 600 MB', async () => {
    upstream.reset();
    upstream.replace((p) => p === COMBINED, bytes('application/json', `[${'{},'.repeat(10_000_000)}{}]`));
    const out = join(root, 'dense');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'build-child.ts')], {
      env: {
        ...process.env,
        CHILD_ARGS: JSON.stringify(['--out', out, '--config', file, ...FLAGS]),
        CHILD_UPSTREAM: upstream.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    await new Promise((resolve) => child.on('close', resolve));
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as { code: number; maxRssKiB: number };
    expect(report.code, stderr).toBe(EXIT.contract);
    expect(stderr).toContain('values in 30000004 characters, fewer than 8 characters a value');
    expect(
      await published(out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
    ).toBeUndefined();
    expect(report.maxRssKiB * 1024).toBeLessThan(600_000_000);
  }, 180_000);
});
