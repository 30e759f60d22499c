import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  cutText,
  limitProblems,
  limitTexts,
  MAX_COUNT,
  MAX_RECORD_CHARACTERS,
  MAX_TEXT,
} from '../../scripts/api/limits.ts';
import { judge } from '../../scripts/api/schemas/verdict.ts';
import { bodyOf, SAMPLED, three } from './bodies.ts';

/** A real body of the real service (test/fixtures/upstream/README.md). */
const REAL_COUNTRIES = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/countries-list.json', import.meta.url), 'utf8'),
) as unknown;

describe('texts', () => {
  it.each([
    { input: 'Silver\u0000 Hol\u0007low', expected: 'Silver Hollow' },
    { input: 'tab\tline\nreturn\r', expected: 'tab\tline\nreturn\r' },
    { input: 'esc\u001b[31m del\u007f next\u0085 line', expected: 'esc[31m del next line' },
    { input: 'alone \ud800 pair \ud83d\ude00', expected: 'alone \ufffd pair \ud83d\ude00' },
    { input: 'Zürich – 東京', expected: 'Zürich – 東京' },
  ])('cleans $input to $expected', ({ input, expected }) => {
    expect(cleanText(input)).toBe(expected);
  });

  it.each([
    { length: 200, max: 200, expected: 200 },
    { length: 201, max: 200, expected: 200 },
    { length: 10 * 1024 * 1024, max: 200, expected: 200 },
  ])('cuts a text of $length to at most $max, the last an ellipsis', ({ length, max, expected }) => {
    const cut = cutText('x'.repeat(length), max);
    expect(cut.length).toBe(expected);
    expect(cut.endsWith('…')).toBe(length > max);
  });

  it('never cuts between the halves of a pair', () => {
    const cut = cutText(`${'x'.repeat(198)}😀😀`, 200);
    expect(cut).toBe(`${'x'.repeat(198)}…`);
  });

  it.each([
    { key: 'resortName', max: MAX_TEXT.name, kind: 'name', expected: 'cut' },
    { key: 'title', max: MAX_TEXT.title, kind: 'title', expected: 'cut' },
    { key: 'comment', max: MAX_TEXT.comment, kind: 'comment', expected: 'cut' },
    { key: 'attributionText', max: MAX_TEXT.attribution, kind: 'attribution', expected: 'cut' },
    { key: 'weatherSymbol', max: MAX_TEXT.other, kind: 'text', expected: 'cut' },
    { key: 'url', max: MAX_TEXT.url, kind: 'URL', expected: 'emptied' },
  ])('$key: at most $max characters, past them $expected and named', ({ key, max, kind, expected }) => {
    const body = { '20': { [key]: 'y'.repeat(max) }, '21': { [key]: 'y'.repeat(max + 1) } };
    const limited = limitTexts(body);
    const out = limited.body as Record<string, Record<string, string>>;
    expect(out['20']![key]).toBe(body['20'][key]);
    expect(out['21']![key]!.length).toBe(expected === 'cut' ? max : 0);
    expect(limited.drift).toEqual([
      {
        path: `$[*].${key}`,
        kind: 'too-long',
        example: `a${kind === 'attribution' ? 'n' : ''} ${kind} longer than ${max} characters: ${expected}`,
        count: 1,
      },
    ]);
  });

  it('leaves the overview’s HTML to its own length, and cleans it', () => {
    const body = { resortOverviews: { overview: { body: 'p'.repeat(100_000) } } };
    expect(limitTexts(body)).toEqual({ body, drift: [] });
    const dirty = { resortOverviews: { overview: { body: '<p>a\u0000b</p>' } } };
    expect(limitTexts(dirty).body).toEqual({ resortOverviews: { overview: { body: '<p>ab</p>' } } });
  });

  it('copies nothing of a body within the limits: every sampled body and the real countries list', () => {
    for (const endpoint of SAMPLED) {
      const body = bodyOf(endpoint);
      expect(limitTexts(body).body, endpoint).toBe(body);
      expect(limitProblems(endpoint, body), endpoint).toEqual([]);
    }
    expect(limitTexts(REAL_COUNTRIES).body).toBe(REAL_COUNTRIES);
    expect(limitProblems('region.countries', REAL_COUNTRIES)).toEqual([]);
  });

  it('sets no prototype through a member named __proto__', () => {
    const body = JSON.parse('{"__proto__":{"resortName":"\\u0000x"},"resortName":"\\u0007y"}');
    const out = limitTexts(body).body as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out.resortName).toBe('y');
  });

  it('names no key of the body that is not a member name', () => {
    const { drift } = limitTexts({ '20': { 'a b"<secret>': '\u0000' } });
    expect(drift.map((d) => d.path)).toEqual(['$[*]["…"]']);
  });
});

describe('counts and sizes', () => {
  const many = (n: number, entry: object = {}) => Array.from({ length: n }, () => ({ ...entry }));

  it.each([
    { what: 'lifts', at: ['lifts', 'details'], max: MAX_COUNT.lifts },
    { what: 'runs', at: ['terrain', 'runs', 'details'], max: MAX_COUNT.runs },
    {
      what: 'days of recent snowfall',
      at: ['recent'],
      max: MAX_COUNT.recent,
      entry: { date: '2026-02-14', snow: 0 },
    },
  ])('Family A: more than $max $what refuse that resort’s record only', ({ what, at, max, entry }) => {
    const body = bodyOf('a.snowreport') as Array<Record<string, any>>;
    const set = (record: Record<string, any>, n: number) => {
      let parent = record;
      for (const key of at.slice(0, -1)) parent = parent[key] ??= {};
      parent[at.at(-1)!] = many(n, entry);
    };
    set(body[0]!, max);
    set(body[1]!, max + 1);
    const verdict = judge('a.snowreport', body);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect([...(verdict.broken?.entries() ?? [])]).toEqual([
      [body[1]!.resort, [`$[1].${at.join('.')}: more than ${max} ${what}`]],
    ]);
    expect((verdict.body as unknown[]).length).toBe(body.length - 1);
  });

  it(`a forecast of more than ${MAX_COUNT.forecastDays} days is refused whole`, () => {
    const body = bodyOf('forecast');
    body.forecast = many(MAX_COUNT.forecastDays + 1);
    expect(judge('forecast', body)).toEqual({
      ok: false,
      reason: `the body breaks the contract: $.forecast: more than ${MAX_COUNT.forecastDays} forecast days`,
    });
  });

  it(`more than ${MAX_COUNT.webcams} webcams of one resort in a map refuse that resort`, () => {
    const [a, b] = three as [number, number];
    const problems = limitProblems('multi.webcams', {
      [a]: many(MAX_COUNT.webcams),
      [b]: many(MAX_COUNT.webcams + 1),
    });
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [[String(b)], `more than ${MAX_COUNT.webcams} webcams`],
    ]);
  });

  it('a record longer than the limit as JSON is refused; one just within it is not', () => {
    // a text of the longest kind many times over: within each text's limit, past the record's
    const record = (texts: number) => ({ notes: Array.from({ length: texts }, () => 'n'.repeat(990)) });
    const within = Math.floor(MAX_RECORD_CHARACTERS / 993) - 1;
    expect(JSON.stringify(record(within)).length).toBeLessThanOrEqual(MAX_RECORD_CHARACTERS);
    expect(limitProblems('profile', record(within))).toEqual([]);
    expect(limitProblems('profile', record(within + 2))).toEqual([
      { path: [], shown: [], message: `a record longer than ${MAX_RECORD_CHARACTERS} characters of JSON` },
    ]);
  });

  it('a record of escaped quotes is measured by its JSON text, not its length', () => {
    const quotes = { notes: Array.from({ length: 300 }, () => '"'.repeat(990)) };
    expect(JSON.stringify(quotes).length).toBeGreaterThan(MAX_RECORD_CHARACTERS);
    expect(limitProblems('links', quotes)).toHaveLength(1);
  });
});
