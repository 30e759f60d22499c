/**
 * What the full schema of an endpoint (`by-endpoint.ts`) says of a body, split in two (scripts/api/README.md,
 * "Drift and wrong"). *Wrong* is what the specification forbids: a member of the wrong type (a number sent
 * as text included), a required member missing or `null`, an impossible value (a malformed date, a
 * fraction where a count is whole, an id out of range), nesting deeper than any record. *Drift* is what
 * it does not name: a member it does not list, a new enumeration value, `null` for a member that may be
 * absent. Drift is published as received and reported, one line per kind of difference however many
 * resorts show it; wrong is refused (`verdict.ts`). Pure, and never throws.
 */
import type { z } from 'zod';
import type { EndpointId } from '../endpoints.ts';
import { jsonPath } from '../json-path.ts';
import { SCHEMAS } from './by-endpoint.ts';
import { conformsQuietly } from './conforms.ts';
import { defOf, MAX_NESTING, presence, shownPath, step, tooDeep, unwrap, type Issue } from './zod-defs.ts';

/** `too-long` and `control-character`: a text cut or cleaned (scripts/api/README.md, "Limits"). */
export type DriftKind = BodyDriftKind | 'too-long' | 'control-character';
type BodyDriftKind = 'missing' | 'null' | 'extra' | 'enum' | 'numeric-string' | 'type' | 'other';

/** Something a body must not hold, where (a zod path from the body's root) and what, never its value. */
export interface Problem {
  path: PropertyKey[];
  /** `path` as messages show it (`shownPath`): no key of the body the schema does not name. */
  shown: PropertyKey[];
  message: string;
}

/** What a full schema says of a body: what may be published as drift, and what is wrong. */
export interface Inspection {
  drift: DriftIssue[];
  wrong: Problem[];
}

/** One kind of difference between a body and its endpoint's full schema. */
export interface DriftIssue {
  /** JSON path via `jsonPath()`, array indexes and map keys as `[*]`: `$[*].states[*].regionType`. */
  path: string;
  kind: DriftKind;
  /** The first example: a short preview of the value, or the schema's message; at most 80 characters. */
  example: string;
  /** How many places of the body show this (path, kind). */
  count: number;
}

/** At most this many issues per body, so one broken upstream cannot flood a report. */
export const MAX_DRIFT_ISSUES = 50;
const MAX_EXAMPLE = 80;
const MAX_DEPTH = MAX_NESTING;
/** A path segment standing for every array index or map key. */
const ANY = Symbol('*');
type Segment = PropertyKey;

interface Raw {
  segments: Segment[];
  kind: DriftKind;
  example: string;
  /** The zod path from the body's root, and what is wrong there (for a kind that is wrong). */
  at?: PropertyKey[];
  message?: string;
}

/** The drift of `body` from `endpoint`'s full schema, grouped by (path, kind), sorted, at most 50. */
export function driftOf(endpoint: EndpointId, body: unknown): DriftIssue[] {
  return inspect(endpoint, body).drift;
}

/** `driftOf` without its walk for bodies without drift: the same answer for every body, made slower. */
export function fullDriftOf(endpoint: EndpointId, body: unknown): DriftIssue[] {
  return fullInspection(endpoint, body).drift;
}

/** The drift and the wrong of `body` against `endpoint`'s full schema. */
export function inspect(endpoint: EndpointId, body: unknown): Inspection {
  // most bodies hold neither: a walk that allocates nothing says so, and zod's parse (which copies the
  // whole body) and the search for extras run only for a body that has some
  const schema = (SCHEMAS as Partial<Record<string, z.ZodType>>)[endpoint];
  return schema && conformsQuietly(schema, body) ? { drift: [], wrong: [] } : fullInspection(endpoint, body);
}

/** `inspect` without its walk for bodies without drift. */
export function fullInspection(endpoint: EndpointId, body: unknown): Inspection {
  try {
    const schema = (SCHEMAS as Partial<Record<string, z.ZodType>>)[endpoint];
    if (!schema) {
      const text = `there is no endpoint ${preview(endpoint)}`;
      return {
        drift: [{ path: '$', kind: 'other', example: clip(text), count: 1 }],
        wrong: [{ path: [], shown: [], message: text }],
      };
    }
    const wrong: Problem[] = [];
    const deep = tooDeep(body, MAX_NESTING);
    if (deep)
      wrong.push({
        path: deep,
        shown: shownPath(schema, deep),
        message: `nested deeper than ${MAX_NESTING} levels`,
      });
    const raw: Raw[] = [];
    const result = schema.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues as unknown as Issue[])
        raw.push(...fromIssue(schema, body, issue));
    }
    extras(schema, body, [], raw, 0);
    const drift: Raw[] = [];
    for (const r of raw) {
      if (isWrong(schema, r))
        wrong.push({ path: r.at ?? [], shown: shownPath(schema, r.at ?? []), message: r.message ?? r.kind });
      else drift.push(r);
    }
    return { drift: group(drift), wrong };
  } catch (error) {
    return {
      drift: [
        { path: '$', kind: 'other', example: clip(`the drift check failed: ${errorText(error)}`), count: 1 },
      ],
      wrong: [{ path: [], shown: [], message: 'the check of the body failed' }],
    };
  }
}

/**
 * Whether an issue is wrong rather than drift: anything but a member the schema does not declare, a value
 * of the right type outside an enumeration, and `null` for a member that may be absent.
 */
function isWrong(schema: unknown, r: Raw): boolean {
  if (r.kind === 'extra' || r.kind === 'enum') return false;
  if (r.kind === 'null') return !optionalAt(schema, r.at ?? []);
  return true;
}

/** Whether the member at `path` may be absent (its schema is optional), found by walking the schema. */
function optionalAt(schema: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let current: unknown = schema;
  for (const key of path.slice(0, -1)) current = step(current, key).schema;
  const def = unwrap(current);
  const key = path[path.length - 1];
  if (def?.type !== 'object' || typeof key !== 'string' || !def.shape || !Object.hasOwn(def.shape, key))
    return false;
  return presence(def.shape[key])?.in === 'optional';
}

// ---- zod issues -------------------------------------------------------------------------------------

function fromIssue(schema: unknown, body: unknown, issue: Issue): Raw[] {
  const path = Array.isArray(issue.path) ? issue.path : [];
  if (issue.code === 'unrecognized_keys') {
    // a strict object names the members it does not know; the walk in `extras` leaves those to zod
    const at = valueAt(body, path);
    return (issue.keys ?? []).map((key) => ({
      segments: normalise(schema, [...path, key]),
      kind: 'extra' as const,
      example: clip(preview(isRecord(at.value) ? at.value[key] : undefined)),
    }));
  }
  const at = valueAt(body, path);
  const kind = classify(issue, at.found, at.value);
  return [
    {
      segments: normalise(schema, path),
      kind,
      example: exampleOf(issue, kind, at.value, path),
      at: path,
      message: wrongMessage(issue, kind),
    },
  ];
}

/**
 * The kind of one issue, from the value it is about: absent → missing, `null` → null, a numeric string
 * where a number is expected → numeric-string, a value of the right type outside an enumeration → enum,
 * a fraction where a whole number is expected or a failed format/range check → other, else type.
 */
function classify(issue: Issue, found: boolean, value: unknown): DriftKind {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
      if (!found || value === undefined) return 'missing';
      if (value === null) return 'null';
      if (isNumericString(value) && expectsNumber(issue)) return 'numeric-string';
      if (issue.code === 'invalid_value') return sameType(value, issue.values) ? 'enum' : 'type';
      if (issue.code === 'invalid_union') return unionKind(issue, value);
      if (issue.expected === 'int' && typeof value === 'number') return 'other';
      return 'type';
    default:
      // invalid_format (dates, stamps), too_small, too_big, invalid_key, custom, …
      return 'other';
  }
}

/** What is wrong, in words that quote nothing of the body (zod's own messages name only what was expected). */
function wrongMessage(issue: Issue, kind: DriftKind): string {
  switch (kind) {
    case 'missing':
      return 'required, but absent';
    case 'null':
      return 'required, but null';
    case 'numeric-string':
      return 'expected a number, received a string of digits';
    default:
      return issue.code === 'invalid_key' ? (issue.issues?.[0]?.message ?? issue.message) : issue.message;
  }
}

function expectsNumber(issue: Issue): boolean {
  if (issue.code === 'invalid_type') return issue.expected === 'number' || issue.expected === 'int';
  if (issue.code === 'invalid_value') return (issue.values ?? []).some((v) => typeof v === 'number');
  if (issue.code === 'invalid_union')
    return (issue.errors ?? []).some((branch) => branch.some((i) => i.path.length === 0 && expectsNumber(i)));
  return false;
}

/** A union none of whose options took the value: `other` if one failed only a format check, `enum` if all are enumerations. */
function unionKind(issue: Issue, value: unknown): DriftKind {
  const kinds = (issue.errors ?? []).map((branch) => {
    const first = branch[0];
    return first && first.path.length === 0 ? classify(first, true, value) : 'other';
  });
  if (kinds.includes('other')) return 'other';
  if (kinds.length > 0 && kinds.every((k) => k === 'enum')) return 'enum';
  return 'type';
}

const isNumericString = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));

const sameType = (value: unknown, values: unknown[] | undefined) =>
  Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === typeof value);

function exampleOf(issue: Issue, kind: DriftKind, value: unknown, path: PropertyKey[]): string {
  switch (kind) {
    case 'missing':
      return clip(`absent (${issue.message})`);
    case 'null':
      return 'null';
    case 'numeric-string':
      return clip(preview(value));
    default: {
      if (issue.code === 'invalid_key')
        return clip(
          `key ${preview(String(path[path.length - 1]))}: ${issue.issues?.[0]?.message ?? issue.message}`,
        );
      return clip(`${preview(value)}: ${issue.message}`);
    }
  }
}

// ---- members the schema does not declare ------------------------------------------------------------

/**
 * Walks `value` along `schema` and records every object member the schema's shape does not declare.
 * An object schema with an empty shape (`terrainReport: z.looseObject({})`) declares an open container:
 * its members are not extras. Where the schema is of a kind not understood here, the walk stops.
 */
function extras(schema: unknown, value: unknown, segments: Segment[], out: Raw[], depth: number): void {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  const def = unwrap(schema);
  if (!def) return;
  // `segments` is the path so far, one array for the whole walk: a member's key is pushed while its value
  // is walked, and copied only into an issue
  switch (def.type) {
    case 'object': {
      if (Array.isArray(value) || !def.shape) return;
      const shape = def.shape;
      const open = isOpen(shape);
      const rest = defOf(def.catchall)?.type;
      for (const key of Object.keys(value)) {
        const member = (value as Record<string, unknown>)[key];
        const known = Object.hasOwn(shape, key);
        if (!known && (open || rest === 'never')) continue; // a strict object's extras come from zod (unrecognized_keys)
        segments.push(key);
        if (known) extras(shape[key], member, segments, out, depth + 1);
        else if (rest !== undefined && rest !== 'unknown' && rest !== 'any')
          extras(def.catchall, member, segments, out, depth + 1);
        else out.push({ segments: [...segments], kind: 'extra', example: clip(preview(member)) });
        segments.pop();
      }
      return;
    }
    case 'array':
      if (!Array.isArray(value)) return;
      segments.push(ANY);
      for (const element of value) extras(def.element, element, segments, out, depth + 1);
      segments.pop();
      return;
    case 'record':
      if (Array.isArray(value)) return;
      segments.push(ANY);
      for (const key of Object.keys(value))
        extras(def.valueType, (value as Record<string, unknown>)[key], segments, out, depth + 1);
      segments.pop();
      return;
    case 'union': {
      const option = optionFor(def.options ?? [], value);
      if (option !== undefined) extras(option, value, segments, out, depth + 1);
      return;
    }
    default:
      return;
  }
}

/** Whether an object schema's shape declares no member (any member is then its own business). */
const openShapes = new WeakMap<object, boolean>();
function isOpen(shape: Record<string, unknown>): boolean {
  let open = openShapes.get(shape);
  if (open === undefined) openShapes.set(shape, (open = Object.keys(shape).length === 0));
  return open;
}

/** The union option a container value belongs to: the only one of its JSON type, or the first that accepts it. */
function optionFor(options: unknown[], value: unknown): unknown {
  const fitting = options.filter((option) => {
    const type = unwrap(option)?.type;
    return Array.isArray(value) ? type === 'array' : type === 'object' || type === 'record';
  });
  if (fitting.length <= 1) return fitting[0];
  return fitting.find((option) => (option as z.ZodType).safeParse(value).success) ?? fitting[0];
}

// ---- paths ----------------------------------------------------------------------------------------------

/** A zod path with every array index and map key replaced by `ANY`, found by walking the schema along it. */
function normalise(schema: unknown, path: readonly PropertyKey[]): Segment[] {
  const out: Segment[] = [];
  let current: unknown = schema;
  for (const key of path) {
    const next = step(current, key);
    out.push(next.any ? ANY : key);
    current = next.schema;
  }
  return out;
}

function format(segments: readonly Segment[]): string {
  return `$${segments.map((s) => (s === ANY ? '[*]' : jsonPath([s]).slice(1))).join('')}`;
}

function group(raw: readonly Raw[]): DriftIssue[] {
  const byKey = new Map<string, DriftIssue>();
  for (const r of raw) {
    const path = format(r.segments);
    const key = `${path}\u0000${r.kind}`;
    const seen = byKey.get(key);
    if (seen) seen.count++;
    else byKey.set(key, { path, kind: r.kind, example: r.example, count: 1 });
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byKey.values()]
    .sort((a, b) => cmp(a.path, b.path) || cmp(a.kind, b.kind))
    .slice(0, MAX_DRIFT_ISSUES);
}

// ---- values ------------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` in `body`, and whether every step of the path exists. */
function valueAt(body: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current = body;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
      return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

/** A short text for a value: strings and scalars as JSON, containers by their size or first members. */
function preview(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > MAX_EXAMPLE ? `${value.slice(0, MAX_EXAMPLE)}…` : value);
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    // a key is text of the body: written as JSON writes it, so no control character reaches a log
    const shown = keys.slice(0, 4).map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)));
    return `{${shown.join(', ')}${keys.length > 4 ? ', …' : ''}}`;
  }
  if (typeof value === 'bigint') return `${value.toString()}n`;
  return String(value);
}

const clip = (text: string) => (text.length > MAX_EXAMPLE ? `${text.slice(0, MAX_EXAMPLE - 1)}…` : text);

function errorText(error: unknown): string {
  try {
    return clip(error instanceof Error ? error.message : String(error));
  } catch {
    return 'unknown error';
  }
}
