import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDataset } from '../../scripts/dataset/load.ts';
import { LANGUAGES } from '../../scripts/api/locales.ts';
import { DIFFICULTIES, ITEM_STATUSES, LIFT_TYPES, SURFACE_TYPES } from '../../scripts/api/schemas/enums.ts';
import { DATA_DIR, sample } from '../helpers.ts';

describe('the sample dataset', () => {
  it('has at least 30 resorts in 6 countries and 12 states or regions', async () => {
    const d = await sample();
    expect(d.resorts.length).toBeGreaterThanOrEqual(30);
    expect(new Set(d.resorts.map((r) => r.countryId)).size).toBeGreaterThanOrEqual(6);
    const areas = new Set(d.resorts.flatMap((r) => [r.stateId, ...r.regionIds]));
    expect(areas.size).toBeGreaterThanOrEqual(12);
  });

  it('uses every lift type, lift and run status, difficulty and surface type', async () => {
    const d = await sample();
    const lifts = d.resorts.flatMap((r) => r.lifts);
    const runs = d.resorts.flatMap((r) => r.runs);
    const surfaces = d.resorts.flatMap((r) =>
      r.report ? [r.report.surfaceTop, r.report.surfaceBottom] : [],
    );
    expect(new Set(lifts.map((l) => l.type))).toEqual(new Set(Object.keys(LIFT_TYPES)));
    expect(new Set(lifts.map((l) => String(l.status)))).toEqual(new Set(Object.keys(ITEM_STATUSES)));
    expect(new Set(runs.map((r) => String(r.status)))).toEqual(new Set(Object.keys(ITEM_STATUSES)));
    expect(new Set(runs.map((r) => String(r.difficulty)))).toEqual(new Set(Object.keys(DIFFICULTIES)));
    expect(new Set(surfaces.map(String))).toEqual(new Set(Object.keys(SURFACE_TYPES)));
  });

  it('has open flags 1 to 6, and a resort out of season with no report', async () => {
    const d = await sample();
    const flags = new Set(d.resorts.flatMap((r) => (r.report ? [r.report.openFlag] : [])));
    expect([...flags].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(d.resorts.some((r) => r.report === null)).toBe(true);
  });

  it('covers the situations a client meets', async () => {
    const d = await sample();
    const reports = d.resorts.flatMap((r) => (r.report ? [r.report] : []));
    expect(reports.some((r) => r.depthCm.middle === undefined)).toBe(true);
    expect(reports.some((r) => r.depthCm.middle !== undefined)).toBe(true);
    expect(reports.some((r) => r.reportedWeather)).toBe(true);
    expect(reports.some((r) => !r.reportedWeather)).toBe(true);
    expect(reports.some((r) => (r.gaps ?? []).length > 0)).toBe(true);
    expect(d.resorts.some((r) => r.webcams.length === 0)).toBe(true);
    expect(d.resorts.some((r) => r.webcams.some((w) => !w.online))).toBe(true);
    expect(d.resorts.some((r) => Object.keys(r.overview).length === 0)).toBe(true);
    expect(d.resorts.some((r) => r.overview.en === undefined && Object.keys(r.overview).length > 0)).toBe(
      true,
    );
    expect(d.resorts.some((r) => r.parks.pipes.total > 0 && r.parks.parks.total > 0)).toBe(true);
    expect(d.resorts.some((r) => r.nordic !== null)).toBe(true);
    expect(d.resorts.some((r) => r.runs.some((run) => run.nightskiing))).toBe(true);
    expect(d.resorts.every((r) => r.forecast.length === 6)).toBe(true);
    expect(reports.every((r) => r.recentCm.length === 7)).toBe(true);
  });

  it('translates every message into all 15 languages', async () => {
    const d = await sample();
    expect(LANGUAGES).toHaveLength(15);
    const keys = Object.keys(d.messages.en);
    for (const language of LANGUAGES)
      expect(Object.keys(d.messages[language]).sort()).toEqual([...keys].sort());
  });

  it('translates every condition comment into all 15 languages, and the overviews into a few only', async () => {
    const d = await sample();
    const comments = d.resorts.flatMap((r) => (r.report?.comment ? [r.report.comment] : []));
    expect(comments.length).toBeGreaterThan(10);
    for (const comment of comments) expect(Object.keys(comment).sort()).toEqual([...LANGUAGES].sort());
    // overviews stay partial, so the service's English fallback has something to do
    const overviewLanguages = new Set(d.resorts.flatMap((r) => Object.keys(r.overview ?? {})));
    expect(overviewLanguages.size).toBeGreaterThan(1);
    expect(overviewLanguages.size).toBeLessThan(LANGUAGES.length);
  });

  it('has the full and the restricted demo account', async () => {
    const d = await sample();
    const full = d.accounts.find((a) => a.email === 'demo@example.com')!;
    const basic = d.accounts.find((a) => a.email === 'basic@example.com')!;
    expect(full).toMatchObject({
      password: 'powder-day',
      apiKey: 'demo-partner-key',
      maxPerMonth: 100000,
      hasWeather: true,
      hasOverviews: true,
      hasCams: true,
    });
    expect(basic).toMatchObject({
      password: 'groomer',
      apiKey: 'basic-partner-key',
      maxPerMonth: 5000,
      hasWeather: false,
      hasOverviews: false,
      hasCams: false,
    });
    for (const a of [full, basic]) expect(a.token).toMatch(/^[0-9a-f]{48}$/);
  });
});

describe('loadDataset', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function brokenCopy(file: string, change: (json: any) => void): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), 'rc-data-'));
    await cp(DATA_DIR, dir, { recursive: true });
    const json = JSON.parse(await readFile(join(dir, file), 'utf8'));
    change(json);
    await writeFile(join(dir, file), JSON.stringify(json));
    return dir;
  }

  it('names the file and JSON path of a bad value', async () => {
    const d = await brokenCopy('resorts.json', (j) => (j.resorts[3].lifts[0].type = 'chairlift'));
    await expect(loadDataset(d)).rejects.toThrow(/resorts\.json: \$\.resorts\[3\]\.lifts\[0\]\.type: /);
  });

  it('reports a region reference that does not exist', async () => {
    const d = await brokenCopy('resorts.json', (j) => (j.resorts[0].stateId = 99999));
    await expect(loadDataset(d)).rejects.toThrow(
      'resorts.json: $.resorts[0].stateId: 99999 is not a state of country',
    );
  });

  it('reports duplicate resort ids', async () => {
    const d = await brokenCopy('resorts.json', (j) => (j.resorts[1].id = j.resorts[0].id));
    await expect(loadDataset(d)).rejects.toThrow(`resorts.json: $.resorts[1].id: resort id`);
  });

  it('reports a missing English message and a malformed token', async () => {
    const d = await brokenCopy('i18n/en.json', (j) => delete j['surface.7']);
    await writeFile(
      join(d, 'accounts.json'),
      (await readFile(join(d, 'accounts.json'), 'utf8')).replace(/"token": "[0-9a-f]+"/, '"token": "XYZ"'),
    );
    const message = await loadDataset(d).then(
      () => 'loaded',
      (e: Error) => e.message,
    );
    expect(message).toContain('i18n/en.json: $["surface.7"]: is missing');
    expect(message).toContain('accounts.json: $.accounts[0].token: a token is 48 lower-case hex characters');
  });

  it('reports a file that is not JSON', async () => {
    const d = await brokenCopy('regions.json', () => {});
    await writeFile(join(d, 'regions.json'), '{ nope');
    await expect(loadDataset(d)).rejects.toThrow(/regions\.json: \$: is not valid JSON/);
  });
});
