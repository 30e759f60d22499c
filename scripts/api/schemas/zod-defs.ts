/**
 * The slice of zod 4's schema definitions the walks over bodies read (drift.ts, conforms.ts, verdict.ts),
 * through zod's public surface only (`schema.def`, scripts/api/README.md, "Zod"): a schema's kind under its
 * wrappers, whether a member may be absent, the schema of a member or an element, the path a message may
 * show, and the bound on nesting every walk keeps. `test/api/zod-surface.test.ts` names every part of it
 * an upgrade of zod could change.
 */

/**
 * Deeper than any record of the service nests (they nest six levels or so): a body nested deeper is
 * wrong where it does, and no walk of the build ever goes deeper.
 */
export const MAX_NESTING = 64;

/** The slice of a zod 4 issue the walks read (`z.core.$ZodIssue` members, all optional). */
export interface Issue {
  code?: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  values?: unknown[];
  keys?: string[];
  errors?: Issue[][];
  issues?: Issue[];
}

/** The slice of a zod 4 schema definition (a schema's public `def`) the walks understand. */
export interface Def {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: unknown;
  element?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  options?: unknown[];
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  /** The checks a schema holds, and the one it may be itself (`z.int()`, `z.iso.date()`). */
  checks?: unknown[];
  check?: string;
}

/** Schema kinds that only wrap another schema without changing the shape of an accepted value. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);

/** A schema's definition: zod 4's `schema.def` (the same object as its internal one), or undefined. */
export function defOf(schema: unknown): Def | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const def = (schema as { def?: Def }).def;
  return def !== null && typeof def === 'object' && typeof def.type === 'string' ? def : undefined;
}

/**
 * Whether a member of an object may be absent from its input (`in`: `optional`, or `defaulted` when a
 * default fills it) and from its output (`out`), as zod's object decides it: derived from the kinds of
 * the public definition, the rules zod 4.6.7 keeps for them. Undefined for a kind whose rule is not
 * derived here (a walk then treats the member as unknown).
 */
export interface Presence {
  in: 'optional' | 'defaulted' | undefined;
  out: 'optional' | undefined;
}

const PRESENT: Presence = { in: undefined, out: undefined };

/** Kinds that take their presence from the schema they wrap (`innerType`). */
const PASS_PRESENCE = new Set(['nullable', 'readonly']);
/** Kinds zod makes absent-in as their wrapped schema is defaulted, or else `optional`. */
const OPTIONAL_IN = new Set(['optional', 'catch']);
/** `lazy`: its schema is made by a function, which a walk does not call. */
const UNDERIVED = new Set(['lazy']);

export function presence(schema: unknown, depth = 0): Presence | undefined {
  const def = defOf(schema);
  if (!def || depth > 16 || UNDERIVED.has(def.type)) return undefined;
  const inner = (s: unknown) => presence(s, depth + 1);
  if (PASS_PRESENCE.has(def.type)) return inner(def.innerType);
  if (OPTIONAL_IN.has(def.type)) {
    const of = inner(def.innerType);
    if (!of) return undefined;
    return {
      in: of.in === 'defaulted' ? 'defaulted' : 'optional',
      out: def.type === 'optional' ? 'optional' : of.out,
    };
  }
  if (def.type === 'default' || def.type === 'prefault') return { in: 'defaulted', out: undefined };
  if (def.type === 'transform') return { in: 'optional', out: undefined };
  if (def.type === 'pipe') {
    const [from, to] = [inner(def.in), inner(def.out)];
    return from && to && { in: from.in, out: to.out };
  }
  if (def.type === 'union') {
    const options = (def.options ?? []).map(inner);
    if (options.some((o) => o === undefined)) return undefined;
    const known = options as Presence[];
    return {
      in: known.some((o) => o.in === 'defaulted')
        ? 'defaulted'
        : known.some((o) => o.in !== undefined)
          ? 'optional'
          : undefined,
      out: known.some((o) => o.out === 'optional') ? 'optional' : undefined,
    };
  }
  return PRESENT;
}

/** The definition under optional/nullable/default/… wrappers and a pipe's input side. */
export function unwrap(schema: unknown): Def | undefined {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(current);
    if (!def) return undefined;
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else return def;
  }
  return undefined;
}

/** The schema of the member `key` of what `schema` describes, and whether `key` is an index or a map key. */
export function step(schema: unknown, key: PropertyKey): { schema: unknown; any: boolean } {
  const def = unwrap(schema);
  switch (def?.type) {
    case 'array':
      return { schema: def.element, any: true };
    case 'record':
      return { schema: def.valueType, any: true };
    case 'object':
      return {
        schema:
          typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined,
        any: false,
      };
    case 'union': {
      const option = (def.options ?? []).find((o) => {
        const d = unwrap(o);
        if (typeof key === 'number') return d?.type === 'array';
        return (
          d?.type === 'record' ||
          (d?.type === 'object' && typeof key === 'string' && !!d.shape && Object.hasOwn(d.shape, key))
        );
      });
      if (option !== undefined) return step(option, key);
      break;
    }
  }
  // not understood: an index is still an index
  return { schema: undefined, any: typeof key === 'number' };
}

/** What stands in a shown path for a key of the body the schema does not name. */
export const UNNAMED_KEY = '…';

/**
 * `path` as a message may show it: indexes, members the schema declares and map keys that are ids, with
 * every other key (text of the body, which may be anything) replaced by `UNNAMED_KEY`.
 */
export function shownPath(schema: unknown, path: readonly PropertyKey[]): PropertyKey[] {
  const out: PropertyKey[] = [];
  let current: unknown = schema;
  for (const key of path) {
    const def = unwrap(current);
    const declared =
      typeof key === 'number' ||
      (typeof key === 'string' &&
        ((def?.type === 'object' && !!def.shape && Object.hasOwn(def.shape, key)) ||
          (def?.type === 'record' && /^[1-9][0-9]{0,9}$/.test(key))));
    out.push(declared ? key : UNNAMED_KEY);
    current = step(current, key).schema;
  }
  return out;
}

/**
 * The path of the first value nested deeper than `limit` levels below `value`, or undefined. Walked with a
 * stack of its own, so no depth of input can exhaust the call stack.
 */
export function tooDeep(value: unknown, limit: number): PropertyKey[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  // depth first, one frame a level: the containers on the way down and the keys of each left to walk,
  // so a body of millions of containers allocates its keys once and no path but the one answered
  const nodes: object[] = [value];
  const pending: string[][] = [Object.keys(value)];
  const path: PropertyKey[] = [];
  while (nodes.length > 0) {
    const keys = pending[pending.length - 1]!;
    const key = keys.pop();
    if (key === undefined) {
      nodes.pop();
      pending.pop();
      path.pop();
      continue;
    }
    const node = nodes[nodes.length - 1]!;
    const member = (node as Record<string, unknown>)[key];
    if (member === null || typeof member !== 'object') continue;
    path.push(Array.isArray(node) ? Number(key) : key);
    if (path.length >= limit) return [...path];
    nodes.push(member);
    pending.push(Object.keys(member));
  }
  return undefined;
}

/** Whether `value` nests no deeper than `MAX_NESTING` levels; a value that is not a container answers at once. */
export const shallow = (value: unknown): boolean =>
  value === null || typeof value !== 'object' || tooDeep(value, MAX_NESTING) === undefined;
