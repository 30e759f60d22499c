/**
 * The list's data: which group file it reads, one row per resort from it, and the order of the rows. Pure:
 * no fetch, no DOM. A region's rows come from the region's group file of combined reports, a list of ids
 * from the `all` group (one file either way: scripts/README.md, "Static file layout"); each record gives the state,
 * the day of the report, new snow, depths and lifts and runs open, from the combined report.
 */
import type { CombinedReportRecord } from '../../scripts/api/browser.ts';
import { ID_PATTERN } from '../../scripts/api/browser.ts';
import { num } from '../format.ts';
import { resortToday, statusOf, type Status } from '../state.ts';

/** What a list shows: a region's resorts, or resorts by id (in the order given). */
export type Selection =
  { kind: 'region'; region: number } | { kind: 'resorts'; ids: number[] } | { kind: 'invalid' };

/** The most rows a list shows: a `resorts` attribute names at most this many resorts (the rest are left out). */
export const MAX_ROWS = 200;

/**
 * The selection the attributes make: `region` when it is an id, else `resorts` when it names at least one id
 * (tokens that are not ids are left out, each id once, at most `MAX_ROWS`); anything else is invalid.
 */
export function selectionOf(
  region: string | null | undefined,
  resorts: string | null | undefined,
): Selection {
  const r = String(region ?? '').trim();
  if (r !== '') return ID_PATTERN.test(r) ? { kind: 'region', region: Number(r) } : { kind: 'invalid' };
  const ids = [
    ...new Set(
      String(resorts ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => ID_PATTERN.test(s))
        .map(Number),
    ),
  ].slice(0, MAX_ROWS);
  return ids.length ? { kind: 'resorts', ids } : { kind: 'invalid' };
}

/** The group file a selection reads, relative to the snapshot's `api/` folder (test/widget/list.test.ts holds it equal to `filePath`). */
export const groupFile = (locale: string, selection: Selection): string | undefined =>
  selection.kind === 'invalid'
    ? undefined
    : `${locale}/externalservice/resort/combinedreport/group=${selection.kind === 'region' ? `region-${selection.region}` : 'all'}.json`;

export interface Row {
  id: number;
  /** The resort's name; undefined for a resort the file does not hold (`missing`). */
  name?: string;
  missing: boolean;
  status?: Status;
  /** The day of the report, `YYYY-MM-DD`. */
  date?: string;
  /** The report is older than `outdated-after` hours (or has no day at all). */
  stale: boolean;
  snow24?: number;
  snow48?: number;
  snow72?: number;
  base?: number;
  summit?: number;
  liftsOpen?: number;
  liftsTotal?: number;
  runsOpen?: number;
  runsTotal?: number;
}

const HOUR = 3_600_000;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The records of a group file (the map form: id → combined report), by id; anything malformed is left out. */
export function recordsOf(body: unknown): Map<number, CombinedReportRecord> {
  const out = new Map<number, CombinedReportRecord>();
  if (!isObject(body)) return out;
  for (const [key, record] of Object.entries(body)) {
    if (
      !ID_PATTERN.test(key) ||
      !isObject(record) ||
      typeof record.resortName !== 'string' ||
      !isObject(record.info)
    )
      continue;
    out.set(Number(key), record as unknown as CombinedReportRecord);
  }
  return out;
}

/** A resort's row from its combined report at `now`: a report older than `outdatedAfterHours` (from the end of its day) is stale. */
export function rowOf(
  id: number,
  record: CombinedReportRecord | undefined,
  now: number,
  outdatedAfterHours: number,
): Row {
  if (!record) return { id, missing: true, stale: false };
  const report = isObject(record.report) ? record.report : undefined;
  const status = statusOf({ combined: record }, resortToday(now, record.currentWeather));
  const date =
    typeof report?.snowfall?.snowReportedDate === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(report.snowfall.snowReportedDate)
      ? report.snowfall.snowReportedDate
      : undefined;
  const endOfDay = date ? Date.parse(`${date}T23:59:59Z`) : NaN;
  const onSlope = report?.snowQuality?.onSlope;
  const info = record.info as { lifts?: { numLifts?: unknown }; terrain?: { numRuns?: unknown } };
  return {
    id,
    name: record.resortName,
    missing: false,
    status,
    ...(date ? { date } : {}),
    // a resort without a report (closed for the season, never reported) is not "outdated": its state says it
    stale: report !== undefined && (!Number.isFinite(endOfDay) || now - endOfDay > outdatedAfterHours * HOUR),
    snow24: num(report?.snowfall?.snow24h),
    snow48: num(report?.snowfall?.snow48h),
    snow72: num(report?.snowfall?.snow72h),
    base: num(onSlope?.lowerDepth),
    summit: num(onSlope?.upperDepth),
    liftsOpen: num(report?.liftsReport?.liftsOpen),
    liftsTotal: num(info.lifts?.numLifts),
    runsOpen: num(report?.terrainReport?.trailsOpen),
    runsTotal: num(info.terrain?.numRuns),
  };
}

/** The rows of a selection from its group file: a region's resorts by name, a list's in the order given (missing ones too). */
export function rowsOf(
  selection: Selection,
  body: unknown,
  now: number,
  outdatedAfterHours: number,
  locale: string,
): Row[] {
  const records = recordsOf(body);
  if (selection.kind === 'resorts')
    return selection.ids.map((id) => rowOf(id, records.get(id), now, outdatedAfterHours));
  const rows = [...records].map(([id, record]) => rowOf(id, record, now, outdatedAfterHours));
  return sortRows(rows, { column: 'name', direction: 'ascending' }, locale);
}

export const COLUMNS = [
  'name',
  'status',
  'date',
  'snow24',
  'snow48',
  'snow72',
  'base',
  'summit',
  'lifts',
  'runs',
] as const;
export type Column = (typeof COLUMNS)[number];
export interface Sort {
  column: Column;
  direction: 'ascending' | 'descending';
}

/** States from the most to the least skiable: the order of an ascending sort by state. */
const STATE_ORDER: Array<Status | undefined> = [
  'open',
  'weekends',
  'temporarily-closed',
  'closed',
  'no-report',
  'out-of-season',
  'permanently-closed',
];

/** A column's first sort: names and states from the top (A–Z, open first), figures from the most. */
export const firstDirection = (column: Column): Sort['direction'] =>
  column === 'name' || column === 'status' ? 'ascending' : 'descending';

function key(row: Row, column: Column): string | number | undefined {
  switch (column) {
    case 'name':
      return row.name;
    case 'status':
      return row.status === undefined ? undefined : STATE_ORDER.indexOf(row.status);
    case 'date':
      return row.date;
    case 'lifts':
      return row.liftsOpen;
    case 'runs':
      return row.runsOpen;
    default:
      return row[column];
  }
}

/** The rows in a column's order; rows without a value (missing resorts, no report) last either way, ties by name. */
export function sortRows(rows: readonly Row[], sort: Sort, locale: string): Row[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const compare = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = key(x.row, sort.column);
      const b = key(y.row, sort.column);
      if (a === undefined || b === undefined) return a === b ? x.index - y.index : a === undefined ? 1 : -1;
      return (
        sign * compare(a, b) ||
        (sort.column === 'name' ? 0 : collator.compare(x.row.name ?? '', y.row.name ?? '')) ||
        x.index - y.index
      );
    })
    .map(({ row }) => row);
}
