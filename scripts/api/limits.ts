/**
 * What a plausible record holds at most (scripts/api/README.md, "Limits"): every text a length, past which
 * it is cut (a URL is emptied, as an unsafe one is); every list of lifts, runs, webcams, forecast days
 * and recent snowfall a count, and every record a size, past which the record is refused. Control
 * characters are taken out of every text, so none reaches an HTML, XML or JSON file. A text cut or
 * cleaned is drift: published so, and reported. Pure, and never throws.
 */
import type { EndpointId } from './endpoints.ts';
import type { DriftIssue, DriftKind, Problem } from './schemas/drift.ts';
import { MAX_NESTING } from './schemas/zod-defs.ts';

/** The longest text of each kind, in UTF-16 code units (what JavaScript's `length` counts). */
export const MAX_TEXT = {
  /** Names of resorts, regions, countries, places, lifts and runs; the real ones reach 73. */
  name: 200,
  /** Link titles and texts, and webcam credit lines. */
  title: 200,
  /** Family A's condition comment. */
  comment: 4_000,
  /** The attribution texts a client must show. */
  attribution: 1_000,
  /** URLs: the specification's URI limit. */
  url: 8_000,
  /** Any other text (dates, enumeration names, surface texts, members the specification does not name). */
  other: 1_000,
} as const;

/** The most entries of each list a record may hold. */
export const MAX_COUNT = {
  /** Family A's `lifts.details`: the largest ski areas run about 200 lifts. */
  lifts: 500,
  /** Family A's `terrain.runs.details`. */
  runs: 2_000,
  /** A resort's webcams. */
  webcams: 200,
  /** A forecast's days: today and N = 5 more (scripts/api/README.md, "Endpoints"). */
  forecastDays: 6,
  /** Family A's `recent`: the specification's last 7 days, with room for a month. */
  recent: 31,
} as const;

/** The longest record, in characters of its JSON text: an overview's 256 KiB of HTML fits, escaped. */
export const MAX_RECORD_CHARACTERS = 512 * 1024;

type TextKind = keyof typeof MAX_TEXT;

const KIND_OF_KEY: Readonly<Record<string, TextKind>> = {
  ...keys('name', 'resortName resortShortName regionName countryName stateName city street name company'),
  ...keys('title', 'title text'),
  ...keys('comment', 'comment'),
  ...keys('attribution', 'attributionText iosAttributionText androidAttributionText'),
  ...keys(
    'url',
    'url thumb mid large website attributionLogo iosAttributionLink androidAttributionLink restSnowReport restRegionProfile restCombinedReport resortQueryParam',
  ),
};

function keys(kind: TextKind, names: string): Record<string, TextKind> {
  return Object.fromEntries(names.split(' ').map((name) => [name, kind]));
}

/**
 * Characters no page may carry: C0 and C1 controls and DEL, but tab, line feed and carriage return; and
 * a UTF-16 surrogate without its pair (no UTF-8 writer can write one).
 */
// a surrogate half matches alone only: with the `u` flag a pair is one character
// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/gu;
/** Any of them, or any half of a pair: a test of each text faster than `UNSAFE`'s (most texts hold neither). */
const MAYBE_UNSAFE = new RegExp(UNSAFE.source);

/** `text` without its unsafe characters (a surrogate alone becomes U+FFFD, controls go). */
export const cleanText = (text: string): string =>
  MAYBE_UNSAFE.test(text)
    ? text.replace(UNSAFE, (c) => (c.length === 1 && c >= '\uD800' ? '\uFFFD' : ''))
    : text;

/** `text` cut to `max` code units, the last of them an ellipsis, never between the halves of a pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A path segment standing for every array index and map key of resort ids. */
const ANY = '[*]';
/** A key shown in a drift path: a member name, never other text of the body. */
const SHOWN_KEY = /^[A-Za-z_$][\w$]{0,40}$/;

interface Walk {
  found: Map<string, DriftIssue>;
  /** The keys on the way to the value walked, `ANY` for an array's index. */
  path: string[];
}

/** A drift path of `Walk.path`: indexes and resort ids as `[*]`, keys that are no member name as `…`. */
const shownPath = (path: readonly string[]) =>
  `$${path.map((k) => (k === ANY || /^\d{1,10}$/.test(k) ? ANY : SHOWN_KEY.test(k) ? `.${k}` : '["…"]')).join('')}`;

/**
 * `body` with every text cleaned and cut to its kind's length; what changed is drift, one issue per path and
 * kind. Copies only the containers on the way to a text that changed. The overview's HTML is cleaned, and
 * its length left to its own limit (scripts/api/README.md, "Drift and wrong"). Containers deeper than any record are not walked:
 * such a body is refused for its nesting.
 */
export function limitTexts(body: unknown): { body: unknown; drift: DriftIssue[] } {
  const walk: Walk = { found: new Map(), path: [] };
  const out = textsOf(body, '', '', walk, 0);
  return { body: out, drift: [...walk.found.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

function note(walk: Walk, kind: DriftKind, example: string): void {
  const path = shownPath(walk.path);
  const key = `${path} ${kind}`;
  const seen = walk.found.get(key);
  if (seen) seen.count++;
  else walk.found.set(key, { path, kind, example, count: 1 });
}

function textsOf(value: unknown, key: string, parent: string, walk: Walk, depth: number): unknown {
  if (typeof value === 'string') return textOf(value, key, parent, walk);
  if (value === null || typeof value !== 'object' || depth > MAX_NESTING) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    walk.path.push(ANY);
    for (let i = 0; i < value.length; i++) {
      const clean = textsOf(value[i], '', key, walk, depth + 1);
      if (clean !== value[i]) (out ??= value.slice())[i] = clean;
    }
    walk.path.pop();
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k in record) {
    // never published (release/sanitize.ts leaves it out), and an assignment to it would set a prototype
    if (k === '__proto__') continue;
    walk.path.push(k);
    const clean = textsOf(record[k], k, key, walk, depth + 1);
    walk.path.pop();
    if (clean !== record[k]) (out ??= { ...record })[k] = clean;
  }
  return out ?? record;
}

function textOf(text: string, key: string, parent: string, walk: Walk): string {
  const clean = cleanText(text);
  if (clean !== text) note(walk, 'control-character', 'control characters taken out');
  // the overview's HTML has a length of its own, checked before it is sanitised
  if (key === 'body' && parent === 'overview') return clean;
  const kind = KIND_OF_KEY[key] ?? 'other';
  const max = MAX_TEXT[kind];
  if (clean.length <= max) return clean;
  if (kind === 'url') {
    note(walk, 'too-long', `a URL longer than ${max} characters: emptied`);
    return '';
  }
  note(
    walk,
    'too-long',
    `${kind === 'other' ? 'a text' : kind === 'attribution' ? 'an attribution' : `a ${kind}`} longer than ${max} characters: cut`,
  );
  return cutText(clean, max);
}

// ---- counts and sizes ----------------------------------------------------------------------------------

type RecordKind = 'familyA' | 'forecast' | 'combinedreport' | 'webcams' | 'other';

/** The lists a record of each kind may hold, where (from the record), and how many entries at most. */
const COUNTED: Record<RecordKind, ReadonlyArray<{ at: string[]; what: keyof typeof MAX_COUNT }>> = {
  familyA: [
    { at: ['lifts', 'details'], what: 'lifts' },
    { at: ['terrain', 'runs', 'details'], what: 'runs' },
    { at: ['recent'], what: 'recent' },
  ],
  forecast: [{ at: ['forecast'], what: 'forecastDays' }],
  combinedreport: [{ at: ['forecast'], what: 'forecastDays' }],
  webcams: [{ at: [], what: 'webcams' }],
  other: [],
};

const WHAT: Record<keyof typeof MAX_COUNT, string> = {
  lifts: 'lifts',
  runs: 'runs',
  webcams: 'webcams',
  forecastDays: 'forecast days',
  recent: 'days of recent snowfall',
};

const kindOf = (type: string): RecordKind =>
  type === 'forecast' || type === 'combinedreport' || type === 'webcams' ? type : 'other';

/** The records of a body of `endpoint`, each with its path: region lists and credentials hold none. */
function recordsOf(
  endpoint: EndpointId,
  body: unknown,
): Array<{ at: PropertyKey[]; kind: RecordKind; record: unknown }> {
  if (endpoint === 'a.snowreport')
    return Array.isArray(body) ? body.map((record, i) => ({ at: [i], kind: 'familyA', record })) : [];
  if (endpoint === 'a.resort.snowreport') return [{ at: [], kind: 'familyA', record: body }];
  if (endpoint.startsWith('region.') || endpoint.startsWith('auth.')) return [];
  const multi = /^multi\.(\w+)(\.ordered)?$/.exec(endpoint);
  if (!multi) return [{ at: [], kind: kindOf(endpoint), record: body }];
  const kind = kindOf(multi[1]!);
  if (Array.isArray(body)) return body.map((record, i) => ({ at: [i], kind, record }));
  if (body === null || typeof body !== 'object') return [];
  return Object.entries(body).map(([key, record]) => ({ at: [key], kind, record }));
}

const memberAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (v, key) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? (v as Record<string, unknown>)[key]
        : undefined,
    value,
  );

/** The problems of `body` past the counts and the record size: each refuses its record. */
export function limitProblems(endpoint: EndpointId, body: unknown): Problem[] {
  const problems: Problem[] = [];
  for (const { at, kind, record } of recordsOf(endpoint, body)) {
    for (const { at: member, what } of COUNTED[kind]) {
      const list = memberAt(record, member);
      if (Array.isArray(list) && list.length > MAX_COUNT[what]) {
        const path = [...at, ...member];
        problems.push({ path, shown: path, message: `more than ${MAX_COUNT[what]} ${WHAT[what]}` });
      }
    }
    if (longerThan(record, MAX_RECORD_CHARACTERS))
      problems.push({
        path: at,
        shown: at,
        message: `a record longer than ${MAX_RECORD_CHARACTERS} characters of JSON`,
      });
  }
  return problems;
}

/**
 * Whether `record`'s JSON text is longer than `max` characters. A count that allocates nothing comes first:
 * it gives each text its length and quotes, each number 24, each member its key; the JSON text of a value
 * whose texts are clean (`cleanText`) is at most twice that (an escaped quote or backslash is two
 * characters), so only a record it finds past half the size is written out to be measured.
 */
function longerThan(record: unknown, max: number): boolean {
  let budget = max / 2;
  // a record nested deeper than any is refused for that (drift.ts), and never written out here
  let deep = false;
  const count = (value: unknown, depth: number): boolean => {
    if (typeof value === 'string') budget -= value.length + 3;
    else if (value === null || typeof value !== 'object') budget -= 24;
    else if (depth > MAX_NESTING) deep = true;
    else if (Array.isArray(value)) {
      budget -= 2;
      for (const element of value) if (!count(element, depth + 1)) return false;
    } else {
      budget -= 2;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        budget -= key.length + 3;
        if (!count(record[key], depth + 1)) return false;
      }
    }
    return budget >= 0;
  };
  if (count(record, 0) || deep) return false;
  try {
    return (JSON.stringify(record)?.length ?? 0) > max;
  } catch {
    return true;
  }
}
