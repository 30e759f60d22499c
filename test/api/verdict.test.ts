import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filePath } from '../../scripts/api/paths.ts';
import { Id } from '../../scripts/api/schemas/contract.ts';
import { MAX_NESTING } from '../../scripts/api/schemas/zod-defs.ts';
import { judge } from '../../scripts/api/schemas/verdict.ts';
import { MAX_ID } from '../../scripts/api/text.ts';
import { bodyOf, three } from './bodies.ts';

/** A real body of the real service (test/fixtures/upstream/README.md). */
const REAL_COUNTRIES = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/countries-list.json', import.meta.url), 'utf8'),
) as Array<{ id: number; resorts: Array<{ id: number }>; states?: Array<{ id: number }> }>;

/** `depth` arrays, one inside the other. */
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

const SECRET = 'Tr0ub4dor&3"\\x';

describe('one rule for ids', () => {
  it.each([1, 20, 9_999_999_999, 10_000_000_000, 12_345_678_901, 0, -1, 1.5, 2 ** 53])(
    'the contract accepts %d exactly when a path can be named by it',
    (id) => {
      const named = (() => {
        try {
          filePath({ endpoint: 'profile', params: { resortId: String(id) }, locale: 'en-US' });
          return true;
        } catch {
          return false;
        }
      })();
      expect(Id.safeParse(id).success).toBe(named);
      expect(named).toBe(Number.isInteger(id) && id >= 1 && id <= MAX_ID);
    },
  );
});

describe('one bad value is its record’s problem', () => {
  it('leaves a resort of an 11-digit id out of the real countries list, and uses the rest', () => {
    const countries = structuredClone(REAL_COUNTRIES);
    countries[3]!.resorts[2]!.id = 12_345_678_901;
    const verdict = judge('region.countries', countries);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.dropped).toEqual([
      '$[3].resorts[2] left out: $[3].resorts[2].id: Too big: expected number to be <=9999999999',
    ]);
    const kept = verdict.body as typeof countries;
    expect(kept).toHaveLength(35);
    expect(kept[3]!.resorts).toHaveLength(REAL_COUNTRIES[3]!.resorts.length - 1);
    expect(kept.reduce((n, c) => n + c.resorts.length, 0)).toBe(1903);
    // what is not changed is the same object
    expect(kept[4]).toBe(countries[4]);
  });

  it('leaves a country out whose id an earlier country has, where it would overwrite that one’s list', () => {
    const countries = structuredClone(REAL_COUNTRIES);
    countries[5]!.id = countries[2]!.id;
    const verdict = judge('region.countries', countries);
    expect(verdict.ok && verdict.dropped).toEqual([
      '$[5] left out: $[5]: the id of an earlier country again',
    ]);
    expect(verdict.ok && (verdict.body as unknown[]).length).toBe(34);
  });

  it('leaves out a resort a region list names twice', () => {
    const list = bodyOf('region.list');
    list.resorts.push({ ...list.resorts[0], resortName: 'Evil Twin' });
    const verdict = judge('region.list', list);
    const last = list.resorts.length - 1;
    expect(verdict.ok && verdict.dropped).toEqual([
      `$.resorts[${last}] left out: $.resorts[${last}]: the id of an earlier resort again`,
    ]);
    expect(verdict.ok && JSON.stringify(verdict.body)).not.toContain('Evil Twin');
  });

  it('keeps the last good copy of a resort Family A’s list holds twice: which of the two is right is unknown', () => {
    const list = bodyOf('a.snowreport');
    list.push({ ...list[0], comment: 'Evil Twin' });
    const verdict = judge('a.snowreport', list);
    expect(verdict.ok && [...verdict.broken!.keys()]).toEqual([list[0].resort]);
  });

  it('leaves a country out when a member of its own is wrong', () => {
    const countries = structuredClone(REAL_COUNTRIES) as Array<Record<string, unknown>>;
    countries[0]!.regionName = { first: 'A' };
    const verdict = judge('region.countries', countries);
    expect(verdict.ok && verdict.dropped).toEqual([
      '$[0] left out: $[0].regionName: Invalid input: expected string, received object',
    ]);
    expect(verdict.ok && (verdict.body as unknown[]).length).toBe(34);
  });

  it('refuses only the resort of a map whose record nests thousands of levels deep', () => {
    const map = bodyOf('multi.combinedreport');
    map[String(three[1])].report.terrainReport.x = nested(5000);
    const verdict = judge('multi.combinedreport', map);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect([...verdict.broken!.keys()]).toEqual([three[1]]);
    expect(verdict.broken!.get(three[1]!)![0]).toBe(
      `$["${three[1]}"].report.terrainReport["…"][0][0][0][0]…: nested deeper than ${MAX_NESTING} levels`,
    );
    expect(Object.keys(verdict.body as object)).toEqual([three[0], three[2]].map(String));
  });

  it('refuses a single-resort body nested too deep, naming where', () => {
    const report = bodyOf('snowreport');
    report.report.liftsReport.deep = nested(100_000);
    const verdict = judge('snowreport', report);
    expect(verdict).toEqual({
      ok: false,
      reason:
        'the body breaks the contract: $.report.liftsReport["…"][0][0][0][0][0]…: nested deeper than 64 levels',
    });
  });

  it('refuses an attribution whose text is an object shaped like a template of the element', () => {
    const attribution = bodyOf('attribution');
    attribution.attributionText = { _$litType$: 1, strings: ['<img src=x onerror=alert(1)>'], values: [] };
    expect(judge('attribution', attribution)).toEqual({
      ok: false,
      reason:
        'the body breaks the contract: $.attributionText: Invalid input: expected string, received object',
    });
  });

  it.each([
    ['a resort id sent as text', 'multi.combinedreport', (b: any) => (b[three[0]!].resortId = '20 units')],
    [
      'an open flag sent as text',
      'multi.combinedreport',
      (b: any) => (b[three[0]!].report.openflag = '1 units'),
    ],
  ])('refuses %s as wrong, not drift', (_, endpoint, change) => {
    const body = bodyOf(endpoint as 'multi.combinedreport');
    change(body);
    const verdict = judge(endpoint as 'multi.combinedreport', body);
    expect(verdict.ok && [...verdict.broken!.keys()]).toEqual([three[0]]);
    expect(verdict.ok && verdict.drift).toEqual([]);
  });

  it('leaves one wrong webcam out of a resort’s list', () => {
    const webcams = [...bodyOf('webcams'), ...bodyOf('webcams')];
    webcams[0] = { ...webcams[0], lastUpdate: 'yesterday' };
    const verdict = judge('webcams', webcams);
    expect(verdict.ok && verdict.dropped).toEqual([
      '$[0] left out: $[0].lastUpdate: Invalid input: expected number, received string',
    ]);
    expect(verdict.ok && (verdict.body as unknown[]).length).toBe(webcams.length - 1);
  });

  it('refuses only the resort of a map whose every webcam is wrong, and keeps the other resorts’ webcams', () => {
    const map: Record<string, any[]> = Object.fromEntries(three.map((id) => [String(id), bodyOf('webcams')]));
    const [wrong, ...others] = Object.keys(map);
    expect(map[wrong!]!.length).toBeGreaterThan(0);
    for (const webcam of map[wrong!]!) delete webcam.orderNr;
    const verdict = judge('multi.webcams', map);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect([...verdict.broken!.keys()]).toEqual([Number(wrong)]);
    expect(Object.keys(verdict.body as object)).not.toContain(wrong);
    for (const id of others) expect((verdict.body as Record<string, unknown>)[id]).toEqual(map[id]);
  });

  it('refuses the whole body when a bad value is outside any record', () => {
    const list = bodyOf('region.list');
    list.id = 12_345_678_901;
    const verdict = judge('region.list', list);
    expect(verdict.ok).toBe(false);
  });
});

describe('what a reason says', () => {
  it('never quotes a key or a value of the body, only the schema’s names and ids', () => {
    const map = bodyOf('multi.combinedreport');
    map[three[0]!].report.terrainReport[SECRET] = nested(80);
    map[three[0]!].resortName = SECRET;
    map[three[0]!].resortId = SECRET;
    const verdict = judge('multi.combinedreport', map);
    const text = JSON.stringify(verdict);
    expect(text).not.toContain('Tr0ub4dor');
    expect(verdict.ok && verdict.broken!.get(three[0]!)).toEqual([
      `$["${three[0]}"].report.terrainReport["…"][0][0][0][0]…: nested deeper than 64 levels`,
      `$["${three[0]}"].resortId: Invalid input: expected number, received string`,
    ]);
  });

  it('names a map key that is not an id without quoting it', () => {
    const verdict = judge('multi.profile', { [SECRET]: {} });
    expect(verdict).toEqual({
      ok: false,
      reason: `the body breaks the contract: $["…"]: map keys must be resort ids (a whole number of 1 to 10 digits, no leading zero)`,
    });
  });
});
