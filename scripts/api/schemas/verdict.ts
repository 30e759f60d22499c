/**
 * What a body may be used for (scripts/api/README.md, "Drift and wrong"): the contract (`contract.ts`:
 * what the paths, the derivations and the element rely on) and the full schema's *wrong* (`drift.ts`) are
 * the body's problems; its drift is published and reported. One bad value is its record's problem, not
 * the whole answer's: where the answer holds records that can go on their own — a resort's record in a
 * multi-resort map or Family A's list, a country, a resort, state or region of a region list, a webcam — the records
 * with a problem are left out and named, and the rest is used. A problem outside such a record makes the
 * whole body unusable. Messages name JSON paths and what was expected, never a value of the body. Pure,
 * and never throws.
 */
import type { z } from 'zod';
import type { EndpointId } from '../endpoints.ts';
import { jsonPath } from '../json-path.ts';
import { limitProblems, limitTexts } from '../limits.ts';
import { isPositiveId } from '../text.ts';
import { CONTRACT } from './contract.ts';
import { dateProblems } from './dates.ts';
import { inspect, type DriftIssue, type Problem } from './drift.ts';
import { shownPath } from './zod-defs.ts';
import { ResortIdKey } from './family-b.ts';

/** At most this many contract issues per body, as `contractIssues` lists them. */
export const MAX_CONTRACT_ISSUES = 5;

/** At most this many problems are named in a reason. */
export const MAX_NAMED_PROBLEMS = 5;

export type Verdict =
  | {
      ok: true;
      /** The body without its refused records (the one given when none was). */
      body: unknown;
      drift: DriftIssue[];
      /** Resorts whose records were left out: resort id → what was wrong (JSON paths from the root). */
      broken?: Map<number, string[]>;
      /** Other records left out (countries, and resorts, states and regions of region lists): what was wrong. */
      dropped?: string[];
    }
  | { ok: false; reason: string };

/** A record that can go on its own: its path from the body's root, and the resort it is, when it is one. */
interface RecordAt {
  path: PropertyKey[];
  resort?: number;
}

/** Where `path` falls in a body of `endpoint`: the innermost record that holds it, or undefined. */
type Records = (body: unknown, path: readonly PropertyKey[]) => RecordAt | undefined | 'unnamed';

const isRecordKey = (key: PropertyKey): key is string => typeof key === 'string';

/** A map keyed by resort id: each value is its resort's record. */
const mapRecords: Records = (_, path) => {
  const key = path[0];
  if (!isRecordKey(key)) return undefined;
  return ResortIdKey.safeParse(key).success ? { path: [key], resort: Number(key) } : 'unnamed';
};

/** Family A's list: each record names its resort. */
const listRecords: Records = (body, path) => {
  const index = path[0];
  if (typeof index !== 'number' || !Array.isArray(body)) return undefined;
  const resort = (body[index] as { resort?: unknown } | null)?.resort;
  return isPositiveId(resort) ? { path: [index], resort } : 'unnamed';
};

/** A region list's resorts, states and regions, from `at` (the list's own path). */
function entryOf(path: readonly PropertyKey[], at: number): RecordAt | undefined {
  const [member, index] = [path[at], path[at + 1]];
  return (member === 'resorts' || member === 'states' || member === 'regions') && typeof index === 'number'
    ? { path: path.slice(0, at + 2) }
    : undefined;
}

/** A webcam of a resort's list: one that is wrong is left out, as an offline one is. */
const webcamOf = (path: readonly PropertyKey[], at: number): RecordAt | undefined =>
  typeof path[at] === 'number' ? { path: path.slice(0, at + 1) } : undefined;

const RECORDS: Partial<Record<EndpointId, Records>> = {
  'a.snowreport': listRecords,
  webcams: (_, path) => webcamOf(path, 0),
  'multi.snowreport': mapRecords,
  'multi.webcams': (body, path) => {
    const resort = mapRecords(body, path);
    return resort !== undefined && resort !== 'unnamed' ? (webcamOf(path, 1) ?? resort) : resort;
  },
  'multi.combinedreport': mapRecords,
  'multi.forecast': mapRecords,
  'multi.profile': mapRecords,
  'region.list': (_, path) => entryOf(path, 0),
  'region.countries': (_, path) =>
    typeof path[0] === 'number' ? (entryOf(path, 1) ?? { path: [path[0]] }) : undefined,
};

/** The contract's problems of `body`, every one, with its path. */
function contractProblems(endpoint: EndpointId, body: unknown): Problem[] {
  const schema = (CONTRACT as Partial<Record<string, z.ZodType>>)[endpoint];
  if (!schema) return [{ path: [], shown: [], message: `there is no endpoint "${String(endpoint)}"` }];
  const result = schema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path as PropertyKey[],
    shown: shownPath(schema, issue.path as PropertyKey[]),
    message:
      issue.code === 'invalid_key'
        ? (issue.issues[0]?.message ?? issue.message)
        : issue.code === 'unrecognized_keys'
          ? 'unexpected members'
          : issue.message,
  }));
}

/**
 * Every problem of `body`: its contract's and its full schema's wrong, with their paths; given the build's
 * `clock` (ms since 1970), its dates outside their windows around it too (`dates.ts`).
 */
export function problemsOf(
  endpoint: EndpointId,
  body: unknown,
  clock?: number,
): { problems: Problem[]; drift: DriftIssue[] } {
  try {
    // past a count or the record size is as wrong as the contract (scripts/api/README.md, "Limits")
    const contract = [...contractProblems(endpoint, body), ...limitProblems(endpoint, body)];
    // a body whose contract breaks outside any record is refused whole: the full schema's walks, the
    // costliest of the checks, are spared (a hostile body may hold millions of values)
    const records = RECORDS[endpoint];
    if (contract.some((p) => !records || typeof records(body, p.path) !== 'object'))
      return { problems: contract, drift: [] };
    const { drift, wrong } = inspect(endpoint, body);
    const dates = clock === undefined ? [] : dateProblems(endpoint, body, clock);
    // the contract and the full schema may say the same of one place: said once
    const seen = new Set<string>();
    const problems = [...contract, ...wrong, ...dates].filter((p) => {
      const key = `${JSON.stringify(p.path)} ${p.message}`;
      return !seen.has(key) && seen.add(key) !== undefined;
    });
    return { problems, drift };
  } catch {
    return { problems: [{ path: [], shown: [], message: 'the check of the body failed' }], drift: [] };
  }
}

/** Path segments a reason shows at most: a body nested too deep is named by where it starts. */
const SHOWN_SEGMENTS = 8;

/** The contract's issues as `"<json path>: <message>"` lines (at most 5); empty when the body is usable. */
export function contractIssues(endpoint: EndpointId, body: unknown): string[] {
  try {
    const schema = (CONTRACT as Partial<Record<string, z.ZodType>>)[endpoint];
    if (!schema) return [`$: there is no endpoint ${JSON.stringify(endpoint)}`];
    const result = schema.safeParse(body);
    if (result.success) return [];
    return result.error.issues
      .slice(0, MAX_CONTRACT_ISSUES)
      .map(
        (issue) =>
          `${jsonPath(issue.path)}: ${issue.code === 'invalid_key' ? ((issue as { issues?: Array<{ message: string }> }).issues?.[0]?.message ?? issue.message) : issue.message}`,
      );
  } catch (error) {
    return [`$: the contract check failed: ${error instanceof Error ? error.message : 'unknown error'}`];
  }
}

const describe = (p: Problem) =>
  `${jsonPath(p.shown.slice(0, SHOWN_SEGMENTS))}${p.shown.length > SHOWN_SEGMENTS ? '…' : ''}: ${p.message}`;

/**
 * What `body` of `endpoint` may be used for: all of it, all but some records, or nothing. A build gives its
 * `clock` (ms since 1970): a date outside its window around it is wrong (scripts/api/README.md, "Dates");
 * without one, only the body's shape is judged.
 */
export function judge(endpoint: EndpointId, received: unknown, clock?: number): Verdict {
  // texts are cleaned and cut first: what is judged is what would be published (scripts/api/README.md, "Limits")
  const { body, drift: cut } = limitTexts(received);
  const { problems, drift } = problemsOf(endpoint, body, clock);
  if (problems.length === 0) return { ok: true, body, drift: [...cut, ...drift] };
  const whole = (): Verdict => ({
    ok: false,
    reason: `the body breaks the contract: ${problems.slice(0, MAX_NAMED_PROBLEMS).map(describe).join('; ')}`,
  });
  const records = RECORDS[endpoint];
  if (!records) return whole();
  // each problem's record; one outside any record, or in a record that names no resort of its own where
  // records are resorts, makes the whole body unusable
  const refused = new Map<string, { at: RecordAt; problems: Problem[] }>();
  for (const problem of problems) {
    const at = records(body, problem.path);
    if (at === undefined || at === 'unnamed') return whole();
    const key = JSON.stringify(at.path);
    const entry = refused.get(key) ?? { at, problems: [] };
    entry.problems.push(problem);
    refused.set(key, entry);
  }
  // records that name no resort go without a trace: a list left with none of them is broken, not empty;
  // where that list is a resort's own (a map's webcams), it is that resort's record that is refused
  for (const list of emptiedLists(
    body,
    [...refused.values()].filter((r) => r.at.resort === undefined).map((r) => r.at.path),
  )) {
    const owner = records(body, list);
    if (owner === undefined || owner === 'unnamed' || owner.resort === undefined) return whole();
    const under = [...refused].filter(
      ([, r]) => JSON.stringify(r.at.path.slice(0, list.length)) === JSON.stringify(list),
    );
    for (const [key] of under) refused.delete(key);
    refused.set(JSON.stringify(owner.path), { at: owner, problems: under.flatMap(([, r]) => r.problems) });
  }
  const kept = without(
    body,
    [...refused.values()].map((r) => r.at.path),
  );
  // what is left must hold as a whole
  const again = problemsOf(endpoint, kept, clock);
  if (again.problems.length > 0) return whole();
  const broken = new Map<number, string[]>();
  const dropped: string[] = [];
  for (const { at, problems: why } of refused.values()) {
    const lines = why.slice(0, MAX_NAMED_PROBLEMS).map(describe);
    if (at.resort !== undefined) broken.set(at.resort, [...(broken.get(at.resort) ?? []), ...lines]);
    else dropped.push(`${jsonPath(at.path)} left out: ${lines.join('; ')}`);
  }
  return {
    ok: true,
    body: kept,
    drift: [...cut, ...again.drift],
    ...(broken.size > 0 ? { broken } : {}),
    ...(dropped.length > 0 ? { dropped: dropped.sort() } : {}),
  };
}

/** Whether leaving out the elements at `paths` would leave an array that held some with none. */
/** The lists (by their paths) that removing the records at `paths` would leave with none. */
function emptiedLists(body: unknown, paths: ReadonlyArray<readonly PropertyKey[]>): PropertyKey[][] {
  const removed = new Map<string, { path: PropertyKey[]; array: unknown[]; count: number }>();
  for (const path of paths) {
    let parent: unknown = body;
    for (const key of path.slice(0, -1)) parent = (parent as Record<PropertyKey, unknown>)[key];
    if (!Array.isArray(parent)) continue;
    const key = JSON.stringify(path.slice(0, -1));
    const entry = removed.get(key) ?? { path: path.slice(0, -1), array: parent, count: 0 };
    entry.count++;
    removed.set(key, entry);
  }
  return [...removed.values()]
    .filter(({ array, count }) => array.length > 0 && count >= array.length)
    .map((e) => e.path);
}

/**
 * `body` without the members at `paths` (array elements and object members), copying only the containers
 * on the way to them; a path under another one removed goes with it.
 */
function without(body: unknown, paths: ReadonlyArray<readonly PropertyKey[]>): unknown {
  const here = new Set<PropertyKey>();
  const below = new Map<PropertyKey, Array<readonly PropertyKey[]>>();
  for (const path of paths) {
    if (path.length === 1) here.add(path[0]!);
    else if (path.length > 1) below.set(path[0]!, [...(below.get(path[0]!) ?? []), path.slice(1)]);
  }
  if (Array.isArray(body)) {
    const out: unknown[] = [];
    body.forEach((value, i) => {
      if (!here.has(i)) out.push(below.has(i) ? without(value, below.get(i)!) : value);
    });
    return out;
  }
  if (body === null || typeof body !== 'object') return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    // a member named `__proto__` would set the copy's prototype; the release leaves it out anyway (sanitize.ts)
    if (key === '__proto__' || here.has(key)) continue;
    out[key] = below.has(key) ? without(value, below.get(key)!) : value;
  }
  return out;
}
