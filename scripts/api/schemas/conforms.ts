/**
 * Bodies without drift, found without zod's parse (drift.ts): a test made once per schema from its
 * public definition (`schema.def`), which allocates nothing and answers true only where the full check
 * finds nothing.
 */
import { z } from 'zod';
import { defOf, presence, shallow, type Def } from './zod-defs.ts';

export type Conforms = (value: unknown) => boolean;

const conforming = new WeakMap<object, Conforms>();

/**
 * A test that answers true only for a value `schema` accepts (`safeParse` succeeds) in which `extras` finds
 * nothing: the drift of such a value is empty. It understands the kinds of schema the full schemas use
 * (objects, arrays, records, unions of primitives, optional, nullable, enums, literals, strings and
 * numbers with or without checks, booleans, null, unknown); for any other kind, or a check on anything
 * but a string or a number, it answers false, and the full check decides. Made once per schema; it
 * allocates nothing.
 */
export function conformsTo(schema: unknown): Conforms {
  if (schema === null || typeof schema !== 'object') return () => false;
  let test = conforming.get(schema);
  if (test) return test;
  let made: Conforms = () => false;
  // a schema that holds itself reaches this entry before it is made
  test = (value) => made(value);
  conforming.set(schema, test);
  made = makeConforms(schema);
  return test;
}

/** `conformsTo(schema)(value)`, false where the walk fails (a getter that throws, a cycle too deep). */
export function conformsQuietly(schema: unknown, value: unknown): boolean {
  try {
    return conformsTo(schema)(value);
  } catch {
    return false;
  }
}

/**
 * The test of a string or a number with checks (a pattern, a date or time format, an integer format, a
 * bound, …): zod's own, compiled once (`z.compile`, whose `validate` of a valid value allocates nothing),
 * so no check of zod's is written again here.
 */
function checkedLeaf(schema: object, type: 'string' | 'number'): Conforms {
  const compiled = z.compile(schema as z.ZodType);
  return (value) => typeof value === type && compiled.validate(value);
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

function makeConforms(schema: object): Conforms {
  const def = defOf(schema);
  if (!def) return () => false;
  // the checks a schema holds, and the one it may be itself (`z.int()`, `z.iso.date()`)
  if (def.check !== undefined || (def.checks?.length ?? 0) > 0)
    return def.type === 'string' || def.type === 'number' ? checkedLeaf(schema, def.type) : () => false;
  switch (def.type) {
    case 'unknown':
    case 'any':
      // what the schema leaves open is still bounded in depth
      return shallow;
    case 'null':
      return (value) => value === null;
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return (value) => typeof value === 'string';
    case 'literal': {
      // a literal's values (`ZodLiteral.values`), an enumeration's (`ZodEnum.options`)
      const values = (schema as { values?: unknown }).values;
      return values instanceof Set ? (value) => values.has(value) : () => false;
    }
    case 'enum': {
      const options = (schema as { options?: unknown }).options;
      if (!Array.isArray(options)) return () => false;
      const values = new Set(options);
      return (value) => values.has(value);
    }
    case 'optional': {
      const inner = conformsTo(def.innerType);
      return (value) => value === undefined || inner(value);
    }
    case 'nullable': {
      const inner = conformsTo(def.innerType);
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = conformsTo(def.element);
      return (value) => Array.isArray(value) && value.every((v) => element(v));
    }
    case 'union': {
      // `extras` walks a container by one option it picks: such a value is left to the full check
      const options = (def.options ?? []).map(conformsTo);
      return (value) =>
        (value === null || typeof value !== 'object') && options.some((option) => option(value));
    }
    case 'record': {
      const key = conformsTo(def.keyType);
      const member = conformsTo(def.valueType);
      return (value) => {
        if (!isPlain(value)) return false;
        for (const k of Object.keys(value))
          if (k === '__proto__' || !key(k) || !member(value[k])) return false;
        return true;
      };
    }
    case 'object':
      return objectConforms(def);
    default:
      return () => false;
  }
}

/** The test of an object schema: its declared members, and no other (but where it declares none). */
function objectConforms(def: Def): Conforms {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const members = keys.map((k) => conformsTo(shape[k]));
  // as zod's object: a member may be absent when its schema is optional both in and out
  const required = keys.map((k) => {
    const member = presence(shape[k]);
    return member?.in === undefined || member.out !== 'optional';
  });
  const rest = defOf(def.catchall)?.type;
  // an undeclared member is drift (an extra), but in an object that declares none, which any may hold
  const anyMore = keys.length === 0 && rest !== 'never';
  if (def.catchall !== undefined && rest !== 'unknown' && rest !== 'any' && rest !== 'never')
    return () => false;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    let present = 0;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (Object.hasOwn(record, k)) {
        present++;
        if (!members[i]!(record[k])) return false;
      } else if (required[i]) return false;
    }
    if (anyMore) {
      if (Object.hasOwn(record, '__proto__')) return false;
      for (const k in record) if (!shallow(record[k])) return false;
      return true;
    }
    // every member declared: as many own members as the declared ones present
    let count = 0;
    for (const _ in record) count++;
    return count === present;
  };
}
