import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT, type EndpointId } from '../../scripts/api/endpoints.ts';
import { SCHEMAS } from '../../scripts/api/schemas/by-endpoint.ts';
import { jsonPath } from '../../scripts/api/json-path.ts';
import { CONTRACT } from '../../scripts/api/schemas/contract.ts';
import {
  driftOf,
  fullDriftOf,
  inspect,
  MAX_DRIFT_ISSUES,
  type DriftIssue,
} from '../../scripts/api/schemas/drift.ts';
import { conformsTo } from '../../scripts/api/schemas/conforms.ts';
import { contractIssues, MAX_CONTRACT_ISSUES } from '../../scripts/api/schemas/verdict.ts';
import { random } from '../../scripts/dataset/generate.ts';
import { bodyOf, SAMPLED, three } from './bodies.ts';

/** A real body of the real service (test/fixtures/upstream/README.md). */
const REAL_COUNTRIES: unknown = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/countries-list.json', import.meta.url), 'utf8'),
);

const ENDPOINT_IDS = Object.keys(ENDPOINT) as EndpointId[];
/** The kinds of drift; the others of `DriftKind` are wrong (`inspect`). */
const KINDS = ['null', 'extra', 'enum'];
const pathsAndKinds = (issues: readonly DriftIssue[]) => issues.map(({ path, kind }) => ({ path, kind }));

describe('the real countries list', () => {
  it('holds its 35 countries and 1,904 resorts', () => {
    const countries = REAL_COUNTRIES as Array<{ resorts: unknown[] }>;
    expect(countries).toHaveLength(35);
    expect(countries.reduce((n, c) => n + c.resorts.length, 0)).toBe(1904);
  });

  it('satisfies the contract of region.countries', () => {
    expect(contractIssues('region.countries', REAL_COUNTRIES)).toEqual([]);
  });

  it('has no drift and nothing wrong (a state may go without its regionType, as one of them does)', () => {
    expect(inspect('region.countries', REAL_COUNTRIES)).toEqual({ drift: [], wrong: [] });
  });

  it('counts the same kind of drift in many places as one issue', () => {
    const countries = structuredClone(REAL_COUNTRIES) as Array<{ states?: Array<Record<string, unknown>> }>;
    let states = 0;
    for (const country of countries) {
      for (const state of country.states ?? []) {
        state.timezone = 'UTC';
        states++;
      }
    }
    expect(states).toBeGreaterThan(100);
    expect(driftOf('region.countries', countries)).toEqual([
      { path: '$[*].states[*].timezone', kind: 'extra', example: '"UTC"', count: states },
    ]);
  });
});

describe('bodies of the embedded service', () => {
  it.each<EndpointId>(SAMPLED)('%s satisfies the contract and has no drift', (endpoint) => {
    const body = bodyOf(endpoint);
    expect(contractIssues(endpoint, body)).toEqual([]);
    expect(driftOf(endpoint, body)).toEqual([]);
    // found without zod's parse
    expect(conformsTo(SCHEMAS[endpoint])(body)).toBe(true);
  });

  it('answers a map of three resorts keyed by their ids, and the same records in order', () => {
    expect(Object.keys(bodyOf('multi.combinedreport'))).toEqual(three.map(String));
    expect(bodyOf('multi.combinedreport.ordered').map((r: { resortId: number }) => r.resortId)).toEqual(
      three,
    );
  });
});

interface Variant {
  name: string;
  endpoint: EndpointId;
  change: (body: any) => void;
  path: string;
  kind: DriftIssue['kind'];
}

const first = (map: Record<string, any>) => Object.values(map)[0];

const DRIFTED: Variant[] = [
  {
    name: 'an extra member at the top',
    endpoint: 'forecast',
    change: (b) => (b.generatedBy = 'v2'),
    path: '$.generatedBy',
    kind: 'extra',
  },
  {
    name: 'an extra member deep in a report',
    endpoint: 'combinedreport',
    change: (b) => (b.report.snowQuality.onSlope.powderDepth = 5),
    path: '$.report.snowQuality.onSlope.powderDepth',
    kind: 'extra',
  },
  {
    name: 'an extra member of a state',
    endpoint: 'region.countries',
    change: (b) => (b[0].states[0].timezone = 'UTC'),
    path: '$[*].states[*].timezone',
    kind: 'extra',
  },
  {
    name: 'an extra member of a lift',
    endpoint: 'a.resort.snowreport',
    change: (b) => (b.lifts.details[0].capacity = 2400),
    path: '$.lifts.details[*].capacity',
    kind: 'extra',
  },
  {
    name: 'an extra member with an odd name',
    endpoint: 'attribution',
    change: (b) => (b['logo-dark'] = 'x'),
    path: '$["logo-dark"]',
    kind: 'extra',
  },
  {
    name: 'an unknown lift type',
    endpoint: 'a.snowreport',
    change: (b) => (b[0].lifts.details[0].type = 'chairlift'),
    path: '$[*].lifts.details[*].type',
    kind: 'enum',
  },
  {
    name: 'an unknown openFlag',
    endpoint: 'a.resort.snowreport',
    change: (b) => (b.status.openFlag = 9),
    path: '$.status.openFlag',
    kind: 'enum',
  },
  {
    name: 'an unknown region type',
    endpoint: 'region.list',
    change: (b) => (b.regionType = 'PROVINCE'),
    path: '$.regionType',
    kind: 'enum',
  },
  {
    name: 'a resortShortName null (a member that may be absent)',
    endpoint: 'profile',
    change: (b) => (b.resortShortName = null),
    path: '$.resortShortName',
    kind: 'null',
  },
  {
    name: 'a surface type null in a list',
    endpoint: 'a.snowreport',
    change: (b) => (b[0].surfaceType = null),
    path: '$[*].surfaceType',
    kind: 'null',
  },
];

/** What the specification forbids: a wrong type, a required member missing or null, an impossible value. */
const WRONG: Variant[] = [
  {
    name: 'lifts open as text in the report',
    endpoint: 'combinedreport',
    change: (b) => (b.report.liftsReport.liftsOpen = '3 units'),
    path: '$.report.liftsReport.liftsOpen',
    kind: 'type',
  },
  {
    name: 'acres open below zero',
    endpoint: 'snowreport',
    change: (b) => (b.report.terrainReport.acresOpen = -5.5),
    path: '$.report.terrainReport.acresOpen',
    kind: 'other',
  },
  {
    name: 'runs open as an object shaped like a template',
    endpoint: 'combinedreport',
    change: (b) => (b.report.terrainReport.trailsOpen = { _$litType$: 1, strings: ['x'], values: [] }),
    path: '$.report.terrainReport.trailsOpen',
    kind: 'type',
  },
  {
    name: 'a region list without regionType',
    endpoint: 'region.list',
    change: (b) => delete b.regionType,
    path: '$.regionType',
    kind: 'missing',
  },
  {
    name: 'a webcam without lastUpdate',
    endpoint: 'webcams',
    change: (b) => delete b[0].lastUpdate,
    path: '$[*].lastUpdate',
    kind: 'missing',
  },
  {
    name: 'a map record without resortId',
    endpoint: 'multi.combinedreport',
    change: (b) => delete first(b).resortId,
    path: '$[*].resortId',
    kind: 'missing',
  },
  {
    name: 'an attribution without domain',
    endpoint: 'attribution',
    change: (b) => delete b.domain,
    path: '$.domain',
    kind: 'missing',
  },
  {
    name: 'attributionText null',
    endpoint: 'attribution',
    change: (b) => (b.attributionText = null),
    path: '$.attributionText',
    kind: 'null',
  },
  {
    name: 'a link url null',
    endpoint: 'links',
    change: (b) => (b.links.news.url = null),
    path: '$.links.news.url',
    kind: 'null',
  },
  {
    name: 'Family A openFlag null',
    endpoint: 'a.snowreport',
    change: (b) => (b[1].status.openFlag = null),
    path: '$[*].status.openFlag',
    kind: 'null',
  },
  {
    name: 'a forecast day null',
    endpoint: 'forecast',
    change: (b) => (b.forecast[2] = null),
    path: '$.forecast[*]',
    kind: 'null',
  },
  {
    name: 'a depth as "12"',
    endpoint: 'combinedreport',
    change: (b) => (b.report.snowQuality.onSlope.lowerDepth = '12'),
    path: '$.report.snowQuality.onSlope.lowerDepth',
    kind: 'numeric-string',
  },
  {
    name: 'an elevation as "12"',
    endpoint: 'profile',
    change: (b) => (b.terrain.elevationTop = '12'),
    path: '$.terrain.elevationTop',
    kind: 'numeric-string',
  },
  {
    name: 'a Family A base depth as "12"',
    endpoint: 'a.resort.snowreport',
    change: (b) => (b.depth.base = '12'),
    path: '$.depth.base',
    kind: 'numeric-string',
  },
  {
    name: 'an openFlag as "1"',
    endpoint: 'a.snowreport',
    change: (b) => (b[0].status.openFlag = '1'),
    path: '$[*].status.openFlag',
    kind: 'numeric-string',
  },
  {
    name: 'a temperature as "-4.5" in a map',
    endpoint: 'multi.forecast',
    change: (b) => (first(b).currentWeather.tempTop = '-4.5'),
    path: '$[*].currentWeather.tempTop',
    kind: 'numeric-string',
  },
  {
    name: 'a boolean as "yes"',
    endpoint: 'attribution',
    change: (b) => (b.requiresAttribution = 'yes'),
    path: '$.requiresAttribution',
    kind: 'type',
  },
  {
    name: 'a depth as "deep"',
    endpoint: 'combinedreport',
    change: (b) => (b.report.snowQuality.onSlope.upperDepth = 'deep'),
    path: '$.report.snowQuality.onSlope.upperDepth',
    kind: 'type',
  },
  {
    name: 'a forecast date in another format',
    endpoint: 'forecast',
    change: (b) => (b.forecast[0].forecastDate = '15/02/2026'),
    path: '$.forecast[*].forecastDate',
    kind: 'other',
  },
  {
    name: 'a fractional timestamp',
    endpoint: 'webcams',
    change: (b) => (b[0].lastUpdate = 1.5),
    path: '$[*].lastUpdate',
    kind: 'other',
  },
];

describe('drift', () => {
  it.each(DRIFTED)(
    'reports $name as $kind at $path and keeps the body usable',
    ({ endpoint, change, path, kind }) => {
      const body = bodyOf(endpoint);
      change(body);
      expect(pathsAndKinds(driftOf(endpoint, body))).toEqual([{ path, kind }]);
      expect(contractIssues(endpoint, body)).toEqual([]);
      expect(inspect(endpoint, body).wrong).toEqual([]);
    },
  );

  it.each(WRONG)('calls $name wrong, not drift, at $path', ({ endpoint, change, path }) => {
    const body = bodyOf(endpoint);
    change(body);
    const { drift, wrong } = inspect(endpoint, body);
    expect(drift).toEqual([]);
    expect(wrong.length).toBeGreaterThan(0);
    // the path without indexes and ids, as drift names it
    expect(wrong.map((w) => jsonPath(w.path).replace(/\[\d+\]|\["\d+"\]/g, '[*]'))).toContain(path);
  });

  it('gives a short first example with each issue', () => {
    const body = bodyOf('a.snowreport');
    body[0].lifts.details[0].type = 'chairlift';
    body[1].lifts.details[0].type = 'funicular';
    body[0].comment = 'x'.repeat(500);
    body[0].note = 'y'.repeat(500);
    const issues = driftOf('a.snowreport', body);
    const lift = issues.find((i) => i.kind === 'enum')!;
    expect(lift.count).toBe(2);
    expect(lift.example.startsWith('"chairlift": Invalid option')).toBe(true);
    const note = issues.find((i) => i.path === '$[*].note')!;
    expect(note.kind).toBe('extra');
    expect(note.example).toMatch(/^"y+…$/);
    for (const issue of issues) expect(issue.example.length).toBeLessThanOrEqual(80);
  });

  it('keeps at most 50 issues, sorted by path and kind', () => {
    const body = bodyOf('attribution');
    for (let i = 0; i < 70; i++) body[`extra${String(i).padStart(2, '0')}`] = i;
    const issues = driftOf('attribution', body);
    expect(issues).toHaveLength(MAX_DRIFT_ISSUES);
    expect(issues[0]).toEqual({ path: '$.extra00', kind: 'extra', example: '0', count: 1 });
    expect(issues.map((i) => i.path)).toEqual([...issues.map((i) => i.path)].sort());
  });

  it('sorts issues at the same path by kind', () => {
    const body = bodyOf('a.snowreport');
    body[0].surfaceType = null;
    body[1].surfaceType = 99;
    expect(pathsAndKinds(driftOf('a.snowreport', body))).toEqual([
      { path: '$[*].surfaceType', kind: 'enum' },
      { path: '$[*].surfaceType', kind: 'null' },
    ]);
  });
});

interface Break {
  name: string;
  endpoint: EndpointId;
  /** Changes the body in place, or returns a body to use instead. */
  change: (body: any) => unknown;
  /** The JSON path the first contract issue names. */
  path: string;
}

const BROKEN: Break[] = [
  {
    name: 'a Family A resort id "x"',
    endpoint: 'a.snowreport',
    change: (b) => void (b[2].resort = 'x'),
    path: '$[2].resort',
  },
  {
    name: 'a Family A record without resort',
    endpoint: 'a.snowreport',
    change: (b) => void delete b[0].resort,
    path: '$[0].resort',
  },
  {
    name: 'a region list resort id "x"',
    endpoint: 'region.list',
    change: (b) => void (b.resorts[1].id = 'x'),
    path: '$.resorts[1].id',
  },
  { name: 'a region id of 0', endpoint: 'region.list', change: (b) => void (b.id = 0), path: '$.id' },
  {
    name: 'a fractional state id',
    endpoint: 'region.countries',
    change: (b) => void (b[0].states[0].id = 1.5),
    path: '$[0].states[0].id',
  },
  {
    name: 'a resortName that is a number',
    endpoint: 'combinedreport',
    change: (b) => void (b.resortName = 42),
    path: '$.resortName',
  },
  {
    name: 'a resortName that is a number in a region list',
    endpoint: 'region.list',
    change: (b) => void (b.resorts[0].resortName = 42),
    path: '$.resorts[0].resortName',
  },
  {
    name: 'a combined report without info',
    endpoint: 'multi.combinedreport.ordered',
    change: (b) => void delete b[1].info,
    path: '$[1].info',
  },
  {
    name: 'a report that is a string',
    endpoint: 'combinedreport',
    change: (b) => void (b.report = 'open'),
    path: '$.report',
  },
  {
    name: 'links that are a string',
    endpoint: 'combinedreport',
    change: (b) => void (b.links = 'none'),
    path: '$.links',
  },
  {
    name: 'forecast that is not an array',
    endpoint: 'forecast',
    change: (b) => void (b.forecast = { 0: {} }),
    path: '$.forecast',
  },
  {
    name: 'a currentWeather that is null',
    endpoint: 'multi.forecast',
    change: (b) => void (first(b).currentWeather = null),
    path: '',
  },
  {
    name: 'a region list without resorts',
    endpoint: 'region.list',
    change: (b) => void delete b.resorts,
    path: '$.resorts',
  },
  {
    name: 'a map key that is not an id',
    endpoint: 'multi.combinedreport',
    change: (b) => void (b.x = first(b)),
    path: '$.x',
  },
  {
    name: 'a map key of 0',
    endpoint: 'multi.forecast',
    change: (b) => void (b['0'] = first(b)),
    path: '$["0"]',
  },
  {
    name: 'a map that is an array',
    endpoint: 'multi.combinedreport',
    change: (b) => Object.values(b),
    path: '$',
  },
  {
    name: 'an ordered form that is a map',
    endpoint: 'multi.combinedreport.ordered',
    change: (b) => ({ ...b }),
    path: '$',
  },
  { name: 'the countries list null', endpoint: 'region.countries', change: () => null, path: '$' },
  { name: 'the combined report null', endpoint: 'combinedreport', change: () => null, path: '$' },
  { name: 'the attribution null', endpoint: 'attribution', change: () => null, path: '$' },
  {
    name: 'a Family A record that is a string',
    endpoint: 'a.resort.snowreport',
    change: () => 'Service Unavailable',
    path: '$',
  },
  { name: 'the forecast a string', endpoint: 'forecast', change: () => '<html>', path: '$' },
  { name: 'the webcams a string', endpoint: 'webcams', change: () => '[]', path: '$' },
];

describe('the contract', () => {
  it.each(BROKEN)('is broken by $name, naming the JSON path', ({ endpoint, change, path }) => {
    const body = bodyOf(endpoint);
    const replaced = change(body);
    const issues = contractIssues(endpoint, replaced === undefined ? body : replaced);
    expect(issues.length).toBeGreaterThan(0);
    const expected = path || `$["${three[0]}"].currentWeather`;
    expect(issues[0]!.startsWith(`${expected}: `)).toBe(true);
  });

  it('says why a map key is refused', () => {
    const why = 'map keys must be resort ids (a whole number of 1 to 10 digits, no leading zero)';
    expect(contractIssues('multi.profile', { abc: {} })).toEqual([`$.abc: ${why}`]);
    expect(contractIssues('multi.profile', { '99999999999999999999': {} })).toEqual([
      `$["99999999999999999999"]: ${why}`,
    ]);
  });

  it('lists at most five issues', () => {
    const body = bodyOf('a.snowreport').map((r: object) => ({ ...r, resort: 'x' }));
    expect(body.length).toBeGreaterThan(MAX_CONTRACT_ISSUES);
    expect(contractIssues('a.snowreport', body)).toHaveLength(MAX_CONTRACT_ISSUES);
  });

  it('accepts what only the full schema refuses: null sub-region lists, extra members, a missing openflag', () => {
    const list = bodyOf('region.list');
    list.states = null;
    list.mirror = true;
    expect(contractIssues('region.list', list)).toEqual([]);
    expect(pathsAndKinds(driftOf('region.list', list))).toEqual([
      { path: '$.mirror', kind: 'extra' },
      { path: '$.states', kind: 'null' },
    ]);
  });

  it('has a schema for every endpoint', () => {
    expect(Object.keys(CONTRACT).sort()).toEqual([...ENDPOINT_IDS].sort());
  });

  it('accepts the credential bodies the remote source reads', () => {
    expect(contractIssues('auth.token', { token: 'abc', domain: 'test.com' })).toEqual([]);
    expect(contractIssues('auth.token', { domain: 'test.com' })).toEqual([
      '$.token: Invalid input: expected string, received undefined',
    ]);
    const account = { hasWeather: true, hasOverviews: false, hasCams: true, maxPerMonth: 1_000_000 };
    expect(contractIssues('auth.account', account)).toEqual([]);
    expect(contractIssues('auth.account', { ...account, hasCams: 'yes' })).toHaveLength(1);
  });
});

/** A random JSON value whose keys and strings are often the members and values the schemas look at. */
function randomJson(next: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const roll = next();
  if (depth >= 4 || roll < 0.35) {
    return pick<() => unknown>([
      () => null,
      () => next() < 0.5,
      () => Math.floor(next() * 2000) - 100,
      () => next() * 100 - 50,
      () =>
        pick([
          '',
          '12',
          '-4.5',
          'x',
          'COUNTRY',
          'gondola',
          '2026-02-14',
          '2026.02.14 00:00:00 UTC',
          ' ',
          'NaN',
          '1e400',
        ]),
      () => String(Math.floor(next() * 1e6)),
    ])();
  }
  if (roll < 0.6) return Array.from({ length: Math.floor(next() * 5) }, () => randomJson(next, depth + 1));
  const keys = [
    'id',
    'resort',
    'resortId',
    'resortName',
    'resorts',
    'states',
    'regions',
    'regionType',
    'forecast',
    'currentWeather',
    'info',
    'report',
    'links',
    'lifts',
    'details',
    'type',
    'status',
    'openFlag',
    'token',
    'x',
    '20',
    '0',
    '__proto__',
    'constructor',
  ];
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 6); i > 0; i--)
    Object.defineProperty(out, pick(keys), {
      value: randomJson(next, depth + 1),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return out;
}

/** `body` with the value at a seeded random place changed: removed, made null, text, another type, or given a member more. */
function mutated(body: unknown, next: () => number): unknown {
  const copy = structuredClone(body);
  const places: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      places.push([value as Record<string, unknown>, Array.isArray(value) ? Number(k) : k]);
      walk(v);
    }
  };
  walk(copy);
  if (places.length === 0) return randomJson(next);
  const [holder, key] = places[Math.floor(next() * places.length)]!;
  const value = (holder as Record<string | number, unknown>)[key];
  const change = Math.floor(next() * 7);
  const set = (v: unknown) => ((holder as Record<string | number, unknown>)[key] = v);
  if (change === 0 && !Array.isArray(holder)) delete (holder as Record<string, unknown>)[key];
  else if (change === 1) set(null);
  else if (change === 2) set(typeof value === 'number' ? String(value) : 'x');
  else if (change === 3 && value !== null && typeof value === 'object' && !Array.isArray(value))
    (value as Record<string, unknown>).zzMore = 1;
  else if (change === 4) set(typeof value === 'number' ? -value : value === null ? 0 : []);
  else if (change === 5) set(randomJson(next));
  else set({});
  return copy;
}

describe('the walk that finds bodies without drift', () => {
  it('answers as the full check does for 3,000 seeded changes of every body of the embedded service and the real list', () => {
    const next = random(20261127);
    const bodies: Array<[EndpointId, unknown]> = [
      ...SAMPLED.map((e): [EndpointId, unknown] => [e, bodyOf(e)]),
      ['region.countries', REAL_COUNTRIES],
    ];
    const differing: unknown[] = [];
    let clean = 0;
    for (let n = 0; n < 3000; n++) {
      const [endpoint, body] = bodies[n % bodies.length]!;
      const changed = mutated(body, next);
      const full = fullDriftOf(endpoint, changed);
      if (full.length === 0) clean++;
      if (JSON.stringify(driftOf(endpoint, changed)) !== JSON.stringify(full))
        differing.push({ endpoint, changed });
    }
    expect(differing).toEqual([]);
    // the changes reach both answers: bodies that still conform and bodies that drift
    expect(clean).toBeGreaterThan(100);
    expect(clean).toBeLessThan(2900);
  }, 120_000);

  it('answers false for a body it cannot walk, and the full check answers', () => {
    const cyclic: Record<string, unknown> = { resortName: 'A', info: {} };
    cyclic.report = cyclic;
    expect(driftOf('combinedreport', cyclic)).toEqual(fullDriftOf('combinedreport', cyclic));
  });
});

describe('driftOf and contractIssues on any input', () => {
  it('never throw on 500 seeded random JSON values for every endpoint', () => {
    const next = random(20260214);
    let issues = 0;
    const kinds = new Set<string>();
    const malformed: unknown[] = [];
    for (let n = 0; n < 500; n++) {
      const body = randomJson(next);
      for (const endpoint of ENDPOINT_IDS) {
        const { drift, wrong } = inspect(endpoint, body);
        const contract = contractIssues(endpoint, body);
        for (const w of wrong)
          if (!Array.isArray(w.path) || w.message === '') malformed.push({ endpoint, w });
        if (drift.length > MAX_DRIFT_ISSUES || contract.length > MAX_CONTRACT_ISSUES)
          malformed.push({ endpoint, body });
        for (const issue of drift) {
          kinds.add(issue.kind);
          const ok =
            issue.path.startsWith('$') &&
            KINDS.includes(issue.kind) &&
            issue.example.length <= 80 &&
            issue.count > 0;
          if (!ok) malformed.push({ endpoint, issue });
        }
        issues += drift.length;
      }
    }
    expect(malformed).toEqual([]);
    // the fuzz reaches the classification, not only the top-level type check
    expect(issues).toBeGreaterThan(100 * ENDPOINT_IDS.length);
    expect([...kinds].sort()).toEqual([...KINDS].sort());
  });

  it('answers for values no JSON parser makes', () => {
    const cyclic: Record<string, unknown> = { id: 1 };
    cyclic.self = cyclic;
    const hostile = Object.defineProperty({}, 'resortName', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    for (const body of [undefined, cyclic, hostile, 10n, Symbol('s'), () => 1, new Date(0), new Map()]) {
      for (const endpoint of ENDPOINT_IDS) {
        expect(Array.isArray(driftOf(endpoint, body))).toBe(true);
        expect(Array.isArray(contractIssues(endpoint, body))).toBe(true);
      }
    }
    expect(inspect('combinedreport', undefined)).toEqual({
      drift: [],
      wrong: [{ path: [], shown: [], message: 'required, but absent' }],
    });
  });

  it('reports an endpoint it does not know instead of throwing', () => {
    expect(driftOf('nope' as EndpointId, {})).toEqual([
      { path: '$', kind: 'other', example: 'there is no endpoint "nope"', count: 1 },
    ]);
    expect(contractIssues('nope' as EndpointId, {})).toEqual(['$: there is no endpoint "nope"']);
  });
});
