/**
 * `npm run ids` / `resort-conditions ids` (scripts/cli/ids.ts) and the catalogue it prints
 * (scripts/shared/catalogue.ts): the resorts and regions with their ids, from a built snapshot, or from the
 * source when there is none.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { idsCommand } from '../../scripts/cli/ids.ts';
import { startServer, type RunningServer } from '../../scripts/service/http.ts';
import {
  catalogueOf,
  regionNames,
  formatCatalogue,
  withRegionCounts,
  type Catalogue,
} from '../../scripts/shared/catalogue.ts';
import { DATA_DIR, FROZEN_NOW, FULL, sample } from '../helpers.ts';
import { buildQuietly } from './helpers.ts';

let root: string;
let built: string;
let server: RunningServer;

const sink = { write: () => true };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-ids-'));
  built = join(root, 'built');
  await buildQuietly(built, ['--resorts', '20,25', '--locales', 'en-US,de-DE']);
  server = await startServer(await sample(), { now: () => FROZEN_NOW });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

/** `resort-conditions ids <args>` in-process. */
async function ids(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  const code = await idsCommand({
    argv: [...args, '--data', DATA_DIR],
    env,
    stdout: { write: (t: string) => (stdout += t) },
    stderr: sink,
  });
  return { code, stdout };
}

const json = async (args: string[], env: Record<string, string> = {}) =>
  JSON.parse((await ids([...args, '--json'], env)).stdout) as Catalogue;

describe('ids', () => {
  it('lists Elk Ridge with 25 and the regions with theirs from the embedded sample when nothing is built', async () => {
    const { code, stdout } = await ids(['--out', join(root, 'nothing')]);
    expect(code).toBe(EXIT.ok);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('36 resorts of the embedded sample, for <resort-conditions resort="…">:');
    expect(lines).toContain('   25  Elk Ridge');
    expect(lines).toContain('41 regions, for <resort-conditions-list region="…">:');
    expect(lines).toContain('  429  country        8  United States');
    expect(lines).toContain('  251  state          2  Colorado (United States)');
  });

  it('lists the resorts a snapshot holds, and its regions, when there is one', async () => {
    const catalogue = await json(['--out', built]);
    expect(catalogue.resorts).toEqual([
      { id: 20, name: 'Silver Hollow' },
      { id: 25, name: 'Elk Ridge' },
    ]);
    expect(catalogue.regions.find((r) => r.id === 429)).toEqual({
      id: 429,
      name: 'United States',
      kind: 'country',
      resorts: 2,
    });
    // a state's count comes from its own list in the snapshot, which names the resorts built
    expect(catalogue.regions.find((r) => r.id === 251)).toMatchObject({ kind: 'state', resorts: 1 });
  });

  it('asks the source with --source, even when a snapshot is there', async () => {
    expect((await json(['--out', built, '--source'])).resorts).toHaveLength(36);
  });

  it('refuses a locale the snapshot does not hold', async () => {
    await expect(ids(['--out', built, '--locale', 'fr-FR'])).rejects.toThrow(
      `--locale: fr-FR is not built in ${built} (built: en-US, de-DE)`,
    );
  });

  it("reads a real upstream's countries list with its credentials, and says what it cost", async () => {
    const { code, stdout } = await ids(['--out', join(root, 'nothing')], {
      RC_LEGACY_BASE_URL: server.url,
      RC_EMAIL: FULL.email,
      RC_PASSWORD: FULL.password,
    });
    expect(code).toBe(EXIT.ok);
    expect(stdout.split('\n')[0]).toBe(
      '36 resorts of the upstream (2 requests, counted in no ledger), for <resort-conditions resort="…">:',
    );
    expect(stdout).toContain('   25  Elk Ridge');
    // without each state's list, only the countries' counts are known
    expect(stdout).toContain('  251  state             Colorado (United States)');
  });
});

describe('catalogueOf', () => {
  const region = (id: number, regionName: string, regionType: string) => ({ id, regionName, regionType });
  const links = { restSnowReport: '', restRegionProfile: '', restCombinedReport: '', resortQueryParam: '' };
  const countries = [
    {
      ...region(2, 'Zland', 'COUNTRY'),
      resorts: [{ id: 9, resortName: 'Nine <b>' }],
      states: [region(21, 'South', 'STATE'), region(20, 'North', 'STATE')],
      regions: [region(22, 'Alps', 'REGION')],
      ...links,
    },
    { ...region(1, 'Aland', 'COUNTRY'), resorts: [{ id: 3, resortName: 'Three' }], ...links },
  ];

  it('sorts countries by name, each followed by its states and regions by name, and resorts by id', () => {
    const catalogue = withRegionCounts(
      catalogueOf(countries, 'test'),
      new Map([
        [20, { ...region(20, 'North', 'STATE'), resorts: [{ id: 9, resortName: 'Nine <b>' }], ...links }],
      ]),
    );
    expect(catalogue).toEqual({
      resorts: [
        { id: 3, name: 'Three' },
        { id: 9, name: 'Nine <b>' },
      ],
      regions: [
        { id: 1, name: 'Aland', kind: 'country', resorts: 1 },
        { id: 2, name: 'Zland', kind: 'country', resorts: 1 },
        { id: 22, name: 'Alps', kind: 'region', country: 'Zland' },
        { id: 20, name: 'North', kind: 'state', country: 'Zland', resorts: 1 },
        { id: 21, name: 'South', kind: 'state', country: 'Zland' },
      ],
    });
    expect(formatCatalogue(catalogue, 'here')).toBe(
      [
        '2 resorts here, for <resort-conditions resort="…">:',
        '  id  name',
        '   3  Three',
        '   9  Nine <b>',
        '',
        '5 regions, for <resort-conditions-list region="…">:',
        '  id  kind     resorts  name',
        '   1  country        1  Aland',
        '   2  country        1  Zland',
        '  22  region            Alps (Zland)',
        '  20  state          1  North (Zland)',
        '  21  state             South (Zland)',
        '',
      ].join('\n'),
    );
  });

  it("gives, with regionNames, each region's name as the catalogue does, of the real upstream's list too, passing over what is no region", () => {
    const real: unknown = JSON.parse(
      readFileSync(new URL('../fixtures/upstream/countries-list.json', import.meta.url), 'utf8'),
    );
    for (const body of [countries, real]) {
      const names = regionNames(body);
      const regions = catalogueOf(body, 'test').regions;
      expect(names.size).toBe(regions.length);
      expect(new Map(regions.map((r) => [r.id, r.name]))).toEqual(names);
    }
    expect(regionNames(real).get(251)).toBe('Colorado');
    expect([...regionNames([null, { id: '7', regionName: 'x' }, { id: 8, states: [{ id: 9 }, 4] }])]).toEqual(
      [],
    );
    expect(regionNames({ countries: [] }).size).toBe(0);
  });

  it('names the resorts it is given, and refuses a body that is no countries list', () => {
    expect(catalogueOf(countries, 'x', [{ id: 9, name: 'Nine' }]).resorts).toEqual([{ id: 9, name: 'Nine' }]);
    expect(() => catalogueOf({ countries: [] }, 'dist/api/en-US/…/list.json')).toThrow(
      /^dist\/api\/en-US\/…\/list\.json: not a countries list/,
    );
  });
});
