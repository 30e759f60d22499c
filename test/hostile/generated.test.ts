/**
 * Generated hostile answers (scripts/ARCHITECTURE.md, "Threat model"): fast-check changes one answer of
 * a build's upstream at a time, at the level of its JSON (a resort's record left out or changed: a member
 * set to a wrong or extreme value, a date far off, a long or strange text, a member removed; an empty map
 * or list) or of its transport (a status, a charset, broken or cut bytes, two bodies in one, interim 1xx
 * answers), over the embedded service's answers and over the real service's countries list
 * (test/fixtures/upstream/). After each build it checks what must hold whatever the upstream sends:
 *
 * - the build ends with 0, 3 or 4 (a part stale or left out, a part's body wrong), never 1; a first build
 *   whose list of resorts cannot be read has no part it could publish, and says so with 8, and one whose
 *   lists no longer hold a resort or region the config names says so with 2;
 * - every resort the change did not touch publishes byte for byte what a clean build publishes;
 * - the tree grows by at most the bound scripts/api/README.md states;
 * - no season outside the window is published under `history/`;
 * - every HTML page and Atom feed parses without an error, and no HTML, XML or JSON file holds a C0
 *   control character, raw or escaped;
 * - no credential, in any form the serialisers write, reaches a file or a line printed.
 *
 * Half the cases build over a good release (the clean build's), half as a first build. The seed and the
 * number of cases are below; `RC_GENERATED_RUNS` and `RC_GENERATED_SEED` run others (scripts/docs/snapshot.md,
 * "Generated hostile cases").
 */
import fc from 'fast-check';
import { cp, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, parseFragment } from 'parse5';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { secretForms } from '../../scripts/api/redact.ts';
import { MAX_RECORD_CHARACTERS } from '../../scripts/api/limits.ts';
import { FROZEN_NOW } from '../helpers.ts';
import {
  ACCOUNT,
  buildAgainst,
  publishedTree,
  removeScratch,
  scratch,
  startHostileUpstream,
  type Answer,
  type HostileUpstream,
  type Run,
} from './upstream.ts';

const SEED = Number(process.env.RC_GENERATED_SEED ?? 20261202);
const RUNS = Number(process.env.RC_GENERATED_RUNS ?? 16);
/** Colorado's two resorts in the sample: each case touches at most one of them, or the whole answer. */
const RESORTS = [20, 428] as const;
// every part is fetched again over a good release too (a remote source refreshes only what is due)
const FLAGS = ['--locales', 'en-US,de-DE', '--regions', '251', '--refresh', 'all'];
/** With the real countries list, whose regions are not the sample's: the two resorts by their ids. */
const REAL_FLAGS = ['--locales', 'en-US,de-DE', '--resorts', RESORTS.join(','), '--refresh', 'all'];
const flagsOf = (real: boolean) => (real ? REAL_FLAGS : FLAGS);
const REAL_COUNTRIES = new URL('../fixtures/upstream/countries-list.json', import.meta.url);
const BUILD_YEAR = new Date(FROZEN_NOW).getUTCFullYear();

/** A member of a record: the n-th of its leaves and objects, counted in a fixed order. */
type Member = number;
type RecordChange =
  | { kind: 'left out' }
  | { kind: 'removed'; member: Member }
  | { kind: 'set'; member: Member; value: unknown };
type BodyChange =
  | { kind: 'empty' }
  | { kind: 'status'; status: number }
  | { kind: 'cut'; at: number }
  | { kind: 'twice'; at: number }
  | { kind: 'charset'; charset: 'iso-8859-1' | 'windows-1252' | 'utf-16le' }
  | { kind: 'invalid utf-8'; at: number }
  | { kind: 'interim'; interim: Array<100 | 102 | 103> };
interface Case {
  /** Which answer: the n-th URL (query included) the clean build asked for. */
  url: number;
  /** A record of one resort of it, or the whole answer. */
  change: { resort: (typeof RESORTS)[number]; record: RecordChange } | { body: BodyChange };
  /** Over the clean build's release, or as a first build. */
  over: boolean;
  /** The countries list is the real service's (test/fixtures/upstream/) rather than the sample's. */
  real: boolean;
}

const date = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .chain((d) =>
    fc.constantFrom(
      d.toISOString(),
      d.toISOString().slice(0, 10),
      d.toISOString().replace('T', ' ').slice(0, 19),
    ),
  );
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    ']]><x/>',
    '\u0000Z\u00fcrich\u0007',
    '\ud800',
    '\u202e\u200b',
  ),
  fc.integer({ min: 1, max: 4 }).map((mib) => 'M'.repeat(mib * 1024 * 1024)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, false, 0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1, '', '0', 'NaN', [], {}),
  date,
  text,
  fc.array(fc.constant({}), { minLength: 1000, maxLength: 5000 }),
);
const recordChange: fc.Arbitrary<RecordChange> = fc.oneof(
  fc.constant({ kind: 'left out' as const }),
  fc.record({ kind: fc.constant('removed' as const), member: fc.nat() }),
  fc.record({ kind: fc.constant('set' as const), member: fc.nat(), value }),
  fc.record({ kind: fc.constant('set' as const), member: fc.nat(), value: date }),
);
const bodyChange: fc.Arbitrary<BodyChange> = fc.oneof(
  fc.constant({ kind: 'empty' as const }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(204, 400, 403, 404, 429, 500, 502, 503),
  }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('twice' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('charset' as const),
    charset: fc.constantFrom('iso-8859-1', 'windows-1252', 'utf-16le'),
  }),
  fc.record({ kind: fc.constant('invalid utf-8' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('interim' as const),
    interim: fc.array(fc.constantFrom(100 as const, 102 as const, 103 as const), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
);

let upstream: HostileUpstream;
let root: string;
let realCountries: string;
/** The URLs a clean build asks for, but the probes and the credential endpoints. */
let urls: string[];
const clean = new Map<boolean, { run: Run; files: Map<string, Buffer>; bytes: number }>();
let cases = 0;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  root = await scratch();
  realCountries = await readFile(REAL_COUNTRIES, 'utf8');
  for (const real of [false, true]) {
    upstream.reset();
    if (real) serveRealCountries();
    const run = await buildAgainst(upstream, join(root, `clean-${real}`, 'dist'), { flags: flagsOf(real) });
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const files = await publishedTree(run.out);
    clean.set(real, { run, files, bytes: size(files) });
    if (!real)
      urls = [...upstream.requests.keys()].filter((u) => !/\/authorization\/|resortIds=1$/.test(u)).sort();
  }
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await removeScratch(root);
});

/**
 * What one changed answer may add to the tree (scripts/api/README.md, "Limits"): each file that holds a
 * touched resort may grow by one record's most, 512 Ki characters of up to three bytes of UTF-8 each (a
 * text shown in a page is cut far shorter); a file holds a resort when it names it.
 */
function growthBound(files: Map<string, Buffer>, scope: ReadonlySet<number> | undefined): number {
  const manifest = JSON.parse(files.get('api/manifest.json')!.toString('utf8')) as {
    resorts: Array<{ id: number; name: string }>;
  };
  const names = manifest.resorts.filter((r) => !scope || scope.has(r.id)).map((r) => r.name);
  let holders = 0;
  for (const bytes of files.values()) if (names.some((name) => bytes.includes(name))) holders++;
  return holders * MAX_RECORD_CHARACTERS * 3;
}
const size = (files: Map<string, Buffer>) => [...files.values()].reduce((n, b) => n + b.length, 0);

function serveRealCountries(): void {
  upstream.intercept(
    (u) => u.startsWith('/externalservice/region/countries/list?'),
    (answer) => ({ ...answer, status: 200, body: Buffer.from(realCountries) }),
  );
}

/** Whether a published path belongs to one resort only, and which. */
function resortOf(path: string): number | undefined {
  const match =
    /^api\/[^/]+\/(?:externalservice\/)?resort\/(\d+)\//.exec(path) ??
    /^cards\/[^/]+\/(\d+)\./.exec(path) ??
    /^feeds\/[^/]+\/resort-(\d+)\./.exec(path) ??
    /^history\/(\d+)\//.exec(path);
  return match ? Number(match[1]) : undefined;
}

/** The records of a multi-resort answer or a list that belong to `resort`, with where they sit. */
function recordsOf(json: unknown, resort: number): Array<{ holder: any; key: string | number }> {
  const found: Array<{ holder: any; key: string | number }> = [];
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node))
      node.forEach((item, i) => {
        const record = item as Record<string, any> | null;
        if (
          record &&
          typeof record === 'object' &&
          [record.id, record.resortId, record.resort?.id].includes(resort)
        )
          found.push({ holder: node, key: i });
        else stack.push(item);
      });
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node))
        if (key === String(resort) && item && typeof item === 'object') found.push({ holder: node, key });
        else stack.push(item);
  }
  return found;
}

/** A record's members in a fixed order (objects and leaves), as holder and key. */
function membersOf(record: unknown): Array<{ holder: any; key: string | number }> {
  const members: Array<{ holder: any; key: string | number }> = [];
  const stack: unknown[] = [record];
  while (stack.length > 0) {
    const node = stack.shift();
    if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) {
        members.push({ holder: node, key: Array.isArray(node) ? Number(key) : key });
        stack.push(item);
      }
  }
  return members;
}

function changeRecord(json: unknown, resort: number, change: RecordChange): unknown {
  for (const { holder, key } of recordsOf(json, resort)) {
    if (change.kind === 'left out') {
      if (Array.isArray(holder)) holder.splice(Number(key), 1, ...[]);
      else delete holder[key];
      continue;
    }
    const members = membersOf(holder[key]);
    if (members.length === 0) continue;
    const member = members[change.member % members.length]!;
    if (change.kind === 'removed') {
      if (Array.isArray(member.holder)) member.holder.splice(Number(member.key), 1);
      else delete member.holder[member.key];
    } else member.holder[member.key] = structuredClone(change.value);
  }
  // left out of an array: the records are spliced from the back, so the indexes before stay right
  return json;
}

/** Each charset's bytes for a text, or undefined where the charset cannot write one of its characters. */
const encodings = {
  // eslint-disable-next-line no-control-regex -- the charset's range starts at U+0000
  'iso-8859-1': (s: string) => (/[^\u0000-\u00ff]/.test(s) ? undefined : Buffer.from(s, 'latin1')),
  'windows-1252': (s: string) =>
    // eslint-disable-next-line no-control-regex -- the charset's range starts at U+0000 (0x80-0x9f differ)
    /[^\u0000-\u007f\u00a0-\u00ff]/.test(s) ? undefined : Buffer.from(s, 'latin1'),
  'utf-16le': (s: string) => Buffer.from(s, 'utf16le'),
} as const;

/** An answer with `change` applied. */
function rewrite(change: Case['change'], answer: Answer): Answer {
  if ('resort' in change) {
    if (answer.status !== 200) return answer;
    const json = changeRecord(JSON.parse(answer.body.toString('utf8')), change.resort, change.record);
    return { ...answer, body: Buffer.from(JSON.stringify(json)) };
  }
  const body = change.body;
  const at = (fraction: number) => Math.floor(fraction * answer.body.length);
  switch (body.kind) {
    case 'empty':
      return {
        ...answer,
        body: Buffer.from(answer.body.toString().trimStart().startsWith('[') ? '[]' : '{}'),
      };
    case 'status':
      return { ...answer, status: body.status, body: body.status === 204 ? Buffer.alloc(0) : answer.body };
    case 'cut':
      return { ...answer, body: answer.body.subarray(0, at(body.at)) };
    case 'twice':
      return { ...answer, body: Buffer.concat([answer.body.subarray(0, at(body.at)), answer.body]) };
    case 'charset': {
      const bytes = encodings[body.charset](answer.body.toString('utf8'));
      return bytes
        ? {
            ...answer,
            headers: { ...answer.headers, 'content-type': `application/json; charset=${body.charset}` },
            body: bytes,
          }
        : answer;
    }
    case 'invalid utf-8': {
      // inside a string, where a decoder that replaces would go unnoticed
      const text = answer.body.toString('latin1');
      const quote = text.indexOf('"', at(body.at));
      if (quote < 0) return answer;
      return {
        ...answer,
        body: Buffer.concat([
          answer.body.subarray(0, quote + 1),
          Buffer.from([0xff, 0xc3]),
          answer.body.subarray(quote + 1),
        ]),
      };
    }
    case 'interim':
      return { ...answer, interim: body.interim };
  }
}

/** Whether a change leaves the answer meaning what it meant: the whole tree must come out as a clean build's. */
const harmless = (change: Case['change']) =>
  'body' in change && (change.body.kind === 'interim' || change.body.kind === 'charset');

/** The resorts whose files a change may alter: one, all (undefined), or none. */
function touched(change: Case['change'], url: string): ReadonlySet<number> | undefined {
  if (harmless(change)) return new Set();
  const own = /\/resort\/(\d+)\//.exec(url);
  if (own) return new Set([Number(own[1])]);
  if ('resort' in change && !/\/attribution|\/region\/\d+\/list/.test(url)) return new Set([change.resort]);
  return undefined;
}

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ESCAPED_CONTROL = /(?<!\\)(?:\\\\)*\\(?:u00[01][0-9a-fA-F]|u007[fF]|[bf])/;

async function check(c: Case): Promise<void> {
  const url = urls[c.url % urls.length]!;
  const reference = clean.get(c.real)!;
  const name = `case-${++cases}`;
  upstream.reset();
  if (c.real) serveRealCountries();
  upstream.intercept(
    (u) => u === url,
    (answer) => rewrite(c.change, answer),
  );
  const out = join(root, name, 'dist');
  if (!c.over) await mkdir(join(root, name));
  else await cp(join(root, `clean-${c.real}`), join(root, name), { recursive: true, verbatimSymlinks: true });
  const run = await buildAgainst(upstream, out, { flags: flagsOf(c.real) });
  const about = `exit ${run.code}: ${url} ${JSON.stringify(c.change, (_, v) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 20)}… (${v.length})` : v))}${c.over ? ' over a good release' : ''}\n${run.stderr.slice(0, 3000)}`;
  // a first build whose lists of resorts cannot be read knows no part to publish: exit 8, nothing published;
  // one whose lists no longer hold a resort or region the config names says so: exit 2
  const discovery = /\/region\/(?:countries|\d+)\/list\?/.test(url) && !c.over;
  expect(
    [EXIT.ok, EXIT.stale, EXIT.contract, ...(discovery ? [EXIT.unreachable, EXIT.usage] : [])],
    about,
  ).toContain(run.code);
  if (run.code === EXIT.unreachable || run.code === EXIT.usage) return;
  const files = await publishedTree(out);
  const scope = touched(c.change, url);
  for (const [path, bytes] of reference.files) {
    const resort = resortOf(path);
    const untouched = scope && (resort === undefined ? scope.size === 0 : !scope.has(resort));
    if (untouched && !(path === 'api/manifest.json' && scope.size > 0))
      expect(files.get(path)?.equals(bytes), `${path} changed: ${about}`).toBe(true);
  }
  expect(size(files) - reference.bytes, `the tree grew past the bound: ${about}`).toBeLessThanOrEqual(
    growthBound(reference.files, scope),
  );
  const secrets = [ACCOUNT.apiKey, ACCOUNT.token, ACCOUNT.password, ACCOUNT.email].flatMap((s) =>
    secretForms(s),
  );
  for (const printed of [run.stdout, run.stderr])
    for (const form of secrets) expect(printed.includes(form), `a secret printed: ${about}`).toBe(false);
  for (const [path, bytes] of files) {
    const content = bytes.toString('utf8');
    for (const form of secrets) expect(content.includes(form), `a secret in ${path}: ${about}`).toBe(false);
    const season = /^history\/\d+\/(-?\d+)-\d\d\.json$/.exec(path);
    if (season) expect(Math.abs(Number(season[1]) - BUILD_YEAR), `${path}: ${about}`).toBeLessThanOrEqual(2);
    if (!/\.(html|atom|json|xml)$/.test(path)) continue;
    expect(CONTROL.test(content), `a control character in ${path}: ${about}`).toBe(false);
    if (path.endsWith('.json'))
      expect(ESCAPED_CONTROL.test(content), `an escaped control character in ${path}: ${about}`).toBe(false);
    if (path.endsWith('.atom')) expect(XMLValidator.validate(content), `${path}: ${about}`).toBe(true);
    if (path.endsWith('.html')) {
      const errors: string[] = [];
      const onParseError = (e: { code: string; startLine: number; startCol: number }) =>
        void errors.push(`${e.code} at ${e.startLine}:${e.startCol}`);
      // an include is a fragment for a page of the partner's (scripts/README.md, "Static file layout")
      if (path.endsWith('.include.html')) parseFragment(content, { onParseError });
      else parse(content, { onParseError });
      expect(errors, `${path}: ${about}`).toEqual([]);
    }
  }
}

describe('generated hostile answers', () => {
  it('the clean builds parse, hold no control character and name every request the cases change', () => {
    expect(urls.length).toBeGreaterThan(40);
    expect(clean.get(false)!.run.code).toBe(EXIT.ok);
  });

  it(
    `publish every part the change did not touch, within the bound, well-formed (seed ${SEED}, ${RUNS} cases)`,
    async () => {
      const arbitrary = fc.record<Case>({
        url: fc.nat(),
        change: fc.oneof(
          fc.record({ resort: fc.constantFrom(...RESORTS), record: recordChange }),
          fc.record({ body: bodyChange }),
        ),
        over: fc.boolean(),
        real: fc.boolean(),
      });
      await fc.assert(fc.asyncProperty(arbitrary, check), {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: process.env.RC_GENERATED_SHRINK !== '1',
      });
    },
    RUNS * 20_000 + 60_000,
  );
});
