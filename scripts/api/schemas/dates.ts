/**
 * Where the dates of both families' records are, and which window each keeps to (scripts/api/README.md,
 * "Dates"; the windows are `../window.ts`): a date outside its window is wrong, and refused as every wrong
 * value is (`verdict.ts`), with its record where the record can go on its own. The members are found by
 * walking a body along its endpoint's full schema, so a date is checked wherever a record of its kind
 * stands (alone, in a map, in a list, in a combined report). Pure, and never throws.
 */
import type { EndpointId } from '../endpoints.ts';
import {
  forecastWindow,
  outside,
  recordWindow,
  windowTest,
  type DateFormat,
  type DayWindow,
} from '../window.ts';
import { SCHEMAS } from './by-endpoint.ts';
import type { Problem } from './drift.ts';
import { ResortSnowReport } from './family-a.ts';
import { ProfileRecord, SnowReportBody, SnowReportRecord, WeatherRecord, WebcamRecord } from './family-b.ts';
import { MAX_NESTING, shownPath, unwrap, type Def } from './zod-defs.ts';

type WindowKind = 'record' | 'forecast';
interface DateMember {
  format: DateFormat;
  window: WindowKind;
}

const report = (format: DateFormat): DateMember => ({ format, window: 'record' });
const forecast = (format: DateFormat): DateMember => ({ format, window: 'forecast' });

/** The date members of each record (an object schema) that holds some, by member name. */
const DATED: ReadonlyArray<[schema: unknown, members: Record<string, DateMember>]> = [
  [
    WeatherRecord,
    {
      // the day the record is for: today's weather, or a day of the forecast
      forecastDate: forecast('day'),
      date: forecast('seconds'),
      date_local: forecast('seconds'),
      date_str: forecast('stamp'),
      date_local_str: forecast('stamp'),
      // when it was made
      lastModified: report('seconds'),
      lastModified_str: report('stamp'),
    },
  ],
  [
    SnowReportRecord,
    { activeDate: report('day'), lastModified: report('seconds'), lastModified_str: report('stamp') },
  ],
  [SnowReportBody.shape.snowfall, { snowReportedDate: report('day') }],
  [ProfileRecord.shape.facts, { projectedOpeningDate: report('day'), projectedClosingDate: report('day') }],
  [WebcamRecord, { lastUpdate: report('seconds'), lastUpdate_str: report('stamp') }],
  [ResortSnowReport, { updatedAt: report('date-time') }],
  [ResortSnowReport.shape.status, { openingDate: report('day'), closingDate: report('day') }],
  [ResortSnowReport.shape.recent, { date: report('day') }],
];

/** Each dated record's definition (under its wrappers; a list's, its element's) → its date members. */
const MEMBERS = new Map<Def, Record<string, DateMember>>();
for (const [schema, members] of DATED) {
  let def = unwrap(schema);
  if (def?.type === 'array') def = unwrap(def.element);
  if (def) MEMBERS.set(def, members);
}

/**
 * What the walk looks at in a value of one schema: its date members, its members that may hold one below
 * them, and for a list or a map the schema of every element. Made once per schema; a schema no date is
 * below has none (undefined), and the walk does not enter its values.
 */
interface Plan {
  dates: ReadonlyArray<[key: string, member: DateMember]>;
  below: ReadonlyArray<[key: string, schema: unknown]>;
  each?: unknown;
}

const plans = new Map<Def, Plan | undefined>();
function planOf(schema: unknown, depth = 0): Plan | undefined {
  const def = unwrap(schema);
  if (!def || depth > MAX_NESTING) return undefined;
  if (plans.has(def)) return plans.get(def);
  plans.set(def, undefined); // a schema that holds itself is not planned twice
  let plan: Plan | undefined;
  if (def.type === 'array' || def.type === 'record') {
    const each = def.type === 'array' ? def.element : def.valueType;
    if (planOf(each, depth + 1)) plan = { dates: [], below: [], each };
  } else if (def.type === 'object') {
    const dates = Object.entries(MEMBERS.get(def) ?? {});
    const below = Object.entries(def.shape ?? {}).filter(
      ([key, member]) => !dates.some(([k]) => k === key) && planOf(member, depth + 1) !== undefined,
    );
    if (dates.length > 0 || below.length > 0) plan = { dates, below };
  }
  // other kinds (a union of texts, a number) hold no record of dates
  plans.set(def, plan);
  return plan;
}

interface Walk {
  windows: Record<WindowKind, { window: DayWindow; holds: ReturnType<typeof windowTest> }>;
  root: unknown;
  problems: Problem[];
}

/** The dates of `value` (at `path`, described by `schema`) outside their windows, into `walk.problems`. */
function visit(schema: unknown, value: unknown, path: PropertyKey[], walk: Walk): void {
  if (value === null || typeof value !== 'object' || path.length > MAX_NESTING) return;
  const plan = planOf(schema);
  if (!plan) return;
  if (plan.each !== undefined) {
    const each = (key: PropertyKey, member: unknown) => {
      if (member === null || typeof member !== 'object') return;
      path.push(key);
      visit(plan.each, member, path, walk);
      path.pop();
    };
    if (Array.isArray(value)) value.forEach((member, i) => each(i, member));
    else for (const key of Object.keys(value)) each(key, (value as Record<string, unknown>)[key]);
    return;
  }
  if (Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  for (const [key, member] of plan.dates) {
    if (!Object.hasOwn(record, key)) continue;
    const { window, holds } = walk.windows[member.window];
    if (holds(record[key], member.format) === false) {
      const where = [...path, key];
      walk.problems.push({ path: where, shown: shownPath(walk.root, where), message: outside(window) });
    }
  }
  for (const [key, below] of plan.below) {
    if (!Object.hasOwn(record, key)) continue;
    path.push(key);
    visit(below, record[key], path, walk);
    path.pop();
  }
}

const around = (window: DayWindow) => ({ window, holds: windowTest(window) });
/** The windows of the last clock asked for: a build judges every body at one clock. */
let last: { clock: number; windows: Walk['windows'] } | undefined;
function windowsAt(clock: number): Walk['windows'] {
  if (last?.clock !== clock)
    last = {
      clock,
      windows: { record: around(recordWindow(clock)), forecast: around(forecastWindow(clock)) },
    };
  return last.windows;
}

/** Every date of `body` of `endpoint` outside its window around the build's `clock` (ms since 1970). */
export function dateProblems(endpoint: EndpointId, body: unknown, clock: number): Problem[] {
  try {
    const schema = (SCHEMAS as Partial<Record<string, unknown>>)[endpoint];
    if (!schema) return [];
    const walk: Walk = {
      windows: windowsAt(clock),
      root: schema,
      problems: [],
    };
    visit(schema, body, [], walk);
    return walk.problems;
  } catch {
    return [{ path: [], shown: [], message: 'the check of its dates failed' }];
  }
}
