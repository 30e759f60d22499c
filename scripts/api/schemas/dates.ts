/**
 * Where the dates of both families' records are, and which window each keeps to (scripts/api/README.md,
 * "Dates"; the windows are `../window.ts`): a date outside its window is wrong, and refused as every wrong
 * value is (`verdict.ts`), with its record where the record can go on its own. The members are found by
 * walking a body along its endpoint's full schema, so a date is checked wherever a record of its kind
 * stands (alone, in a map, in a list, in a combined report). Pure, and never throws.
 */
import type { EndpointId } from '../endpoints.ts';
import {
  dayOf,
  forecastWindow,
  inWindow,
  outside,
  recordWindow,
  type DateFormat,
  type DayWindow,
} from '../window.ts';
import { SCHEMAS } from './by-endpoint.ts';
import type { Problem } from './drift.ts';
import { ResortSnowReport } from './family-a.ts';
import { ProfileRecord, SnowReportBody, SnowReportRecord, WeatherRecord, WebcamRecord } from './family-b.ts';
import { MAX_NESTING, shownPath, step, unwrap, type Def } from './zod-defs.ts';

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

/** Whether a value of `schema` may hold a date member somewhere below it: the walk goes nowhere else. */
const holding = new Map<Def, boolean>();
function holdsDates(schema: unknown, depth = 0): boolean {
  const def = unwrap(schema);
  if (!def || depth > MAX_NESTING) return false;
  const known = holding.get(def);
  if (known !== undefined) return known;
  holding.set(def, false); // a schema that holds itself is not walked twice
  const below: unknown[] =
    def.type === 'object'
      ? Object.values(def.shape ?? {})
      : def.type === 'array'
        ? [def.element]
        : def.type === 'record'
          ? [def.valueType]
          : def.type === 'union'
            ? (def.options ?? [])
            : [];
  const holds = MEMBERS.has(def) || below.some((s) => holdsDates(s, depth + 1));
  holding.set(def, holds);
  return holds;
}

interface Walk {
  windows: Record<WindowKind, DayWindow>;
  root: unknown;
  problems: Problem[];
}

/** The dates of `value` (at `path`, described by `schema`) outside their windows, into `walk.problems`. */
function visit(schema: unknown, value: unknown, path: PropertyKey[], walk: Walk): void {
  if (value === null || typeof value !== 'object' || path.length > MAX_NESTING) return;
  if (!holdsDates(schema)) return;
  const def = unwrap(schema);
  const members = def ? MEMBERS.get(def) : undefined;
  if (Array.isArray(value)) {
    const element = step(schema, 0).schema;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      visit(element, value[i], path, walk);
      path.pop();
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const member = members && Object.hasOwn(members, key) ? members[key] : undefined;
    if (member) {
      const day = dayOf(record[key], member.format);
      const window = walk.windows[member.window];
      if (day !== undefined && !inWindow(day, window)) {
        const where = [...path, key];
        walk.problems.push({ path: where, shown: shownPath(walk.root, where), message: outside(window) });
      }
      continue;
    }
    path.push(key);
    visit(step(schema, key).schema, record[key], path, walk);
    path.pop();
  }
}

/** Every date of `body` of `endpoint` outside its window around the build's `clock` (ms since 1970). */
export function dateProblems(endpoint: EndpointId, body: unknown, clock: number): Problem[] {
  try {
    const schema = (SCHEMAS as Partial<Record<string, unknown>>)[endpoint];
    if (!schema) return [];
    const walk: Walk = {
      windows: { record: recordWindow(clock), forecast: forecastWindow(clock) },
      root: schema,
      problems: [],
    };
    visit(schema, body, [], walk);
    return walk.problems;
  } catch {
    return [{ path: [], shown: [], message: 'the check of its dates failed' }];
  }
}
