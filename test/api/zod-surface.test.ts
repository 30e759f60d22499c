/**
 * What the body checks (`scripts/api/schemas/`: zod-defs.ts, conforms.ts, drift.ts, verdict.ts) rely on
 * in zod, every part of it, so the first upgrade that changes one fails here with a message naming it
 * (scripts/api/README.md, "Zod"): the pin itself, the kinds of schema the full schemas and the contract
 * hold, the members of each kind's public `def` the walks read, the values of literals and enumerations,
 * whether a member may be absent, the compiled validation of checked strings and numbers, and the issues
 * the judges classify and the words they quote.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCHEMAS } from '../../scripts/api/schemas/by-endpoint.ts';
import { CONTRACT } from '../../scripts/api/schemas/contract.ts';
import { defOf, presence, type Def } from '../../scripts/api/schemas/zod-defs.ts';

const json = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const PIN = '4.6.7';

/** Every schema the full schemas and the contract hold, once, with a path to one place it stands. */
function schemasMet(): Array<{ schema: unknown; def: Def; at: string }> {
  const out: Array<{ schema: unknown; def: Def; at: string }> = [];
  const seen = new Set<unknown>();
  const visit = (schema: unknown, at: string) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    const def = defOf(schema);
    if (!def) {
      out.push({ schema, def: { type: '(no public def)' }, at });
      return;
    }
    out.push({ schema, def, at });
    for (const [key, member] of Object.entries(def.shape ?? {})) visit(member, `${at}.${key}`);
    if (def.catchall !== undefined) visit(def.catchall, `${at}.(catchall)`);
    if (def.element !== undefined) visit(def.element, `${at}[*]`);
    if (def.keyType !== undefined) visit(def.keyType, `${at}(key)`);
    if (def.valueType !== undefined) visit(def.valueType, `${at}[*]`);
    (def.options ?? []).forEach((option, i) => visit(option, `${at}|${i}`));
    if (def.innerType !== undefined) visit(def.innerType, `${at}(inner)`);
    if (def.in !== undefined) visit(def.in, `${at}(in)`);
    if (def.out !== undefined) visit(def.out, `${at}(out)`);
  };
  for (const [endpoint, schema] of Object.entries(SCHEMAS)) visit(schema, `${endpoint} full $`);
  for (const [endpoint, schema] of Object.entries(CONTRACT)) visit(schema, `${endpoint} contract $`);
  return out;
}

const MET = schemasMet();
const isSchema = (value: unknown) => defOf(value) !== undefined;

describe('the zod the body checks are written against', () => {
  it(`is pinned exactly at ${PIN} in package.json and package-lock.json, and installed`, () => {
    expect(json('../../package.json').dependencies.zod, 'package.json names zod by one version').toBe(PIN);
    const lock = json('../../package-lock.json');
    expect(lock.packages[''].dependencies.zod, 'package-lock.json asks for that version').toBe(PIN);
    expect(lock.packages['node_modules/zod'].version, 'package-lock.json holds that version').toBe(PIN);
    expect(json('../../node_modules/zod/package.json').version, 'node_modules holds another zod').toBe(PIN);
  });
});

describe('the kinds of schema the full schemas and the contract hold', () => {
  it('are the kinds the walks know, each under its public `def.type`', () => {
    const kinds = [...new Set(MET.map((m) => m.def.type))].sort();
    expect(
      kinds,
      'a kind of schema (`def.type`) came or went: the walks of zod-defs.ts, conforms.ts and drift.ts answer only for the kinds they know',
    ).toEqual([
      'array',
      'boolean',
      'enum',
      'literal',
      'null',
      'nullable',
      'number',
      'object',
      'optional',
      'record',
      'string',
      'union',
      'unknown',
    ]);
    // the classic schema's `type` is its def's
    const apart = MET.filter((m) => (m.schema as { type?: unknown }).type !== m.def.type).map((m) => m.at);
    expect(apart, 'schema.type is no longer schema.def.type').toEqual([]);
  });

  it("hold in each kind's `def` the members the walks read", () => {
    const broken: string[] = [];
    const need = (ok: boolean, at: string, what: string) => ok || broken.push(`${at}: ${what}`);
    for (const { schema, def, at } of MET) {
      switch (def.type) {
        case 'object':
          need(typeof def.shape === 'object' && def.shape !== null, at, 'def.shape is not an object');
          need(Object.values(def.shape ?? {}).every(isSchema), at, 'a member of def.shape has no def');
          need(def.catchall === undefined || isSchema(def.catchall), at, 'def.catchall is not a schema');
          // every object of the schemas is `z.looseObject`: its undeclared members are drift (`extras`)
          need(
            defOf(def.catchall)?.type === 'unknown',
            at,
            'not a z.looseObject: its def.catchall is not a schema of def.type `unknown`',
          );
          break;
        case 'array':
          need(isSchema(def.element), at, 'def.element is not a schema');
          break;
        case 'record':
          need(
            isSchema(def.keyType) && isSchema(def.valueType),
            at,
            'def.keyType/def.valueType is not a schema',
          );
          break;
        case 'union':
          need(
            Array.isArray(def.options) && def.options.every(isSchema),
            at,
            'def.options is not a list of schemas',
          );
          break;
        case 'optional':
        case 'nullable':
          need(isSchema(def.innerType), at, 'def.innerType is not a schema');
          break;
        case 'literal': {
          const values = (schema as { values?: unknown }).values;
          const listed = (def as { values?: unknown }).values;
          need(values instanceof Set, at, 'ZodLiteral.values is not a Set');
          need(
            Array.isArray(listed) && values instanceof Set && listed.every((v) => values.has(v)),
            at,
            'ZodLiteral.values is not def.values',
          );
          break;
        }
        case 'enum': {
          const options = (schema as { options?: unknown }).options;
          const entries = (def as { entries?: Record<string, unknown> }).entries ?? {};
          need(Array.isArray(options), at, 'ZodEnum.options is not a list');
          need(
            Array.isArray(options) && options.length === Object.values(entries).length,
            at,
            'ZodEnum.options are not its def.entries',
          );
          const accepts = (v: unknown) => (schema as z.ZodType).safeParse(v).success;
          need(Array.isArray(options) && options.every(accepts), at, 'a value of ZodEnum.options is refused');
          break;
        }
      }
      // checks: a list when present, and the check a schema may be itself is named by `def.check`
      need(def.checks === undefined || Array.isArray(def.checks), at, 'def.checks is not a list');
      need(def.check === undefined || typeof def.check === 'string', at, 'def.check is not a name');
    }
    expect(broken, 'what the walks read of a def is no longer there').toEqual([]);
  });

  it('hold checks on strings and numbers, which zod validates, and on arrays, whose bodies go to the full check', () => {
    const checked = MET.filter((m) => m.def.check !== undefined || (m.def.checks?.length ?? 0) > 0);
    expect([...new Set(checked.map((m) => m.def.type))].sort()).toEqual(['array', 'number', 'string']);
    // the self-checking kinds: `z.int()`, `z.int32()`, `z.iso.date()`, `z.iso.datetime()`
    const selves = [...new Set(checked.map((m) => `${m.def.type} ${String(m.def.check)}`))].sort();
    expect(selves, 'the check a schema is itself (def.check) is named otherwise').toEqual([
      'array undefined',
      'number number_format',
      'number undefined',
      'string string_format',
      'string undefined',
    ]);
  });
});

describe('whether a member may be absent', () => {
  /** zod's own flags, internal: read here only, to name a change of the rules `presence` derives. */
  const flags = (schema: unknown) => {
    const zod = (schema as { _zod: { optin?: string; optout?: string } })._zod;
    return { in: zod.optin, out: zod.optout };
  };
  const members = MET.flatMap(({ def, at }) =>
    def.type === 'object' ? Object.entries(def.shape ?? {}).map(([k, m]) => ({ m, at: `${at}.${k}` })) : [],
  );

  it("is derived from the public def as zod's object decides it, for every member the schemas declare", () => {
    expect(members.length).toBeGreaterThan(300);
    const differ = members
      .filter(({ m }) => JSON.stringify(presence(m)) !== JSON.stringify(flags(m)))
      .map(({ m, at }) => `${at}: derived ${JSON.stringify(presence(m))}, zod ${JSON.stringify(flags(m))}`);
    expect(differ, 'zod decides otherwise whether a member may be absent (zod-defs.ts `presence`)').toEqual(
      [],
    );
  });

  it.each<[string, z.ZodType]>([
    ['string', z.string()],
    ['unknown', z.unknown()],
    ['optional', z.string().optional()],
    ['nullable', z.string().nullable()],
    ['nullish', z.string().nullish()],
    ['nullable of optional', z.string().optional().nullable()],
    ['readonly of optional', z.string().optional().readonly()],
    ['default', z.string().default('a')],
    ['optional of default', z.string().default('a').optional()],
    ['prefault', z.string().prefault('a')],
    ['catch', z.string().catch('a')],
    ['catch of optional', z.string().optional().catch('a')],
    ['transform', z.string().transform((s) => s.length)],
    ['pipe of optional', z.string().optional().pipe(z.string().optional())],
    ['union with an optional', z.union([z.number(), z.string().optional()])],
    ['union with a default', z.union([z.number(), z.string().default('a')])],
    ['union of required', z.union([z.number(), z.null()])],
    ['exact optional', z.string().exactOptional()],
  ])('is derived as zod decides it for a member that is %s', (_, schema) => {
    expect(presence(schema), 'zod decides otherwise (zod-defs.ts `presence`)').toEqual(flags(schema));
    // and zod's object takes it so: an absent member that may be absent is accepted
    if (presence(schema)?.in !== undefined) expect(z.object({ k: schema }).safeParse({}).success).toBe(true);
  });
});

describe('the compiled validation of checked strings and numbers', () => {
  const leaves = MET.filter(
    (m) =>
      (m.def.type === 'string' || m.def.type === 'number') &&
      (m.def.check !== undefined || (m.def.checks?.length ?? 0) > 0),
  );
  const probes: unknown[] = [
    0,
    1,
    -1,
    1.5,
    100,
    101,
    2147483648,
    9007199254740992,
    Infinity,
    NaN,
    '',
    '2026-02-28',
    '2026-02-30',
    '2026-02-28T10:00:00+01:00',
    '2026-02-28T10:00:00',
    '2026.02.28 10:00:00 UTC',
    '12',
    'x',
    null,
    {},
  ];

  it('answers as zod parse does for every checked leaf of the schemas', () => {
    expect(leaves.length).toBeGreaterThan(5);
    const differ: string[] = [];
    for (const { schema, at } of leaves) {
      const compiled = z.compile(schema as z.ZodType);
      for (const v of probes)
        if (compiled.validate(v) !== (schema as z.ZodType).safeParse(v).success)
          differ.push(`${at}: ${String(v)}`);
    }
    expect(differ, 'z.compile(schema).validate answers otherwise than safeParse').toEqual([]);
  });
});

describe('the issues the judges classify (drift.ts `classify`, verdict.ts) and the words they quote', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : JSON.parse(JSON.stringify(result.error.issues));
  };

  it.each<[string, z.ZodType, unknown, unknown]>([
    [
      'a wrong type',
      z.number(),
      '1',
      {
        code: 'invalid_type',
        expected: 'number',
        path: [],
        message: 'Invalid input: expected number, received string',
      },
    ],
    [
      'a fraction where a whole number is expected',
      z.int(),
      1.5,
      {
        code: 'invalid_type',
        expected: 'int',
        path: [],
        message: 'Invalid input: expected int, received number',
      },
    ],
    [
      'a member missing',
      z.object({ a: z.string() }),
      {},
      {
        code: 'invalid_type',
        expected: 'string',
        path: ['a'],
        message: 'Invalid input: expected string, received undefined',
      },
    ],
    [
      'a value outside an enumeration',
      z.enum(['a', 'b']),
      'c',
      {
        code: 'invalid_value',
        values: ['a', 'b'],
        path: [],
        message: 'Invalid option: expected one of "a"|"b"',
      },
    ],
    [
      'a value other than a literal',
      z.literal(''),
      'x',
      { code: 'invalid_value', values: [''], path: [], message: 'Invalid input: expected ""' },
    ],
    [
      'an undeclared member of a strict object',
      z.strictObject({ a: z.number() }),
      { a: 1, b: 2 },
      { code: 'unrecognized_keys', keys: ['b'], path: [] },
    ],
    [
      'a malformed date',
      z.iso.date(),
      '2026-02-30',
      { code: 'invalid_format', format: 'date', path: [], message: 'Invalid ISO date' },
    ],
    [
      'a number out of range',
      z.number().min(0),
      -1,
      { code: 'too_small', path: [], message: 'Too small: expected number to be >=0' },
    ],
  ])('%s', (_, schema, value, expected) => {
    const [issue, ...more] = issues(schema, value);
    expect(more).toEqual([]);
    expect(issue, 'zod reports this issue otherwise').toMatchObject(expected as object);
  });

  it('a union none of whose options takes the value: one list of issues per option', () => {
    const [issue] = issues(z.union([z.number(), z.null()]), 'x');
    expect(issue).toMatchObject({ code: 'invalid_union', path: [], message: 'Invalid input' });
    expect(
      issue.errors.map((branch: Array<{ code: string; expected: string; path: unknown[] }>) =>
        branch.map((i) => [i.code, i.expected, i.path]),
      ),
    ).toEqual([[['invalid_type', 'number', []]], [['invalid_type', 'null', []]]]);
  });

  it("a map key its key schema refuses: the key's issue under the record's", () => {
    const [issue] = issues(z.record(z.string().regex(/^\d+$/), z.number()), { x: 1 });
    expect(issue).toMatchObject({ code: 'invalid_key', path: ['x'], message: 'Invalid key in record' });
    expect(issue.issues[0]).toMatchObject({
      code: 'invalid_format',
      message: 'Invalid string: must match pattern /^\\d+$/',
    });
  });
});
