/**
 * Bodies without drift, found without zod's parse (drift.ts): a test made once per schema from its
 * definition, which allocates nothing and answers true only where the full check finds nothing.
 */
import { defOf, shallow, type Def } from './zod-defs.ts';

export type Conforms = (value: unknown) => boolean;

const conforming = new WeakMap<object, Conforms>();

/**
 * A test that answers true only for a value `schema` accepts (`safeParse` succeeds) in which `extras` finds
 * nothing: the drift of such a value is empty. It understands the kinds of schema the full schemas use
 * (objects, arrays, records, unions of primitives, optional, nullable, enums, literals, strings with
 * patterns, numbers, booleans, null, unknown); for any other kind, check or shape it answers false, and
 * the full check decides. Made once per schema; it allocates nothing.
 */
export function conformsTo(schema: unknown): Conforms {
  if (schema === null || typeof schema !== 'object') return () => false;
  let test = conforming.get(schema);
  if (test) return test;
  let made: Conforms = () => false;
  // a schema that holds itself reaches this entry before it is made
  test = (value) => made(value);
  conforming.set(schema, test);
  made = makeConforms(
    schema as { _zod: { def: Def & Record<string, unknown>; values?: Set<unknown>; optin?: string } },
  );
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

interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  /** A bound of `greater_than` and `less_than` (`.min`, `.max`, `.positive`), and whether it is allowed. */
  value?: unknown;
  inclusive?: boolean;
}

/** Integer formats of `z.int()`, `z.int32()`, `z.uint32()`: their ranges. */
const INT_RANGES: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

/** The test of a check the full schemas use (a pattern, a date or time format, an integer format, a bound), or undefined. */
function checkTest(type: string, check: CheckDef): Conforms | undefined {
  const pattern = check.pattern;
  if (
    type === 'string' &&
    check.check === 'string_format' &&
    pattern instanceof RegExp &&
    ['regex', 'date', 'datetime', 'time', 'duration'].includes(check.format ?? '')
  )
    return (value) => {
      pattern.lastIndex = 0;
      return pattern.test(value as string);
    };
  const bound = check.value;
  if (type === 'number' && typeof bound === 'number' && check.check === 'greater_than')
    return check.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound;
  if (type === 'number' && typeof bound === 'number' && check.check === 'less_than')
    return check.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound;
  const range = INT_RANGES[check.format ?? ''];
  if (type === 'number' && check.check === 'number_format' && range)
    return (value) =>
      Number.isSafeInteger(value) && (value as number) >= range[0] && (value as number) <= range[1];
  return undefined;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

function makeConforms(schema: {
  _zod: { def: Def & Record<string, unknown>; values?: Set<unknown> };
}): Conforms {
  const def = schema._zod.def;
  // the checks a schema holds, and the one it may be itself (`z.int()`, `z.iso.date()`)
  const checkDefs = [
    ...(def.check ? [def as CheckDef] : []),
    ...((def.checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((c) => c._zod.def),
  ];
  const checks: Conforms[] = [];
  for (const check of checkDefs) {
    const test = checkTest(def.type, check);
    if (!test) return () => false;
    checks.push(test);
  }
  const checked = (value: unknown) => checks.every((check) => check(value));
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
      return (value) => typeof value === 'number' && Number.isFinite(value) && checked(value);
    case 'string':
      return (value) => typeof value === 'string' && checked(value);
    case 'literal':
    case 'enum': {
      const values = schema._zod.values;
      return values ? (value) => values.has(value) : () => false;
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
    const zod = (shape[k] as { _zod?: { optin?: string; optout?: string } })._zod;
    return zod?.optin === undefined || zod.optout !== 'optional';
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
