/**
 * The month's projected upstream requests: the plan's requests per collection, how often each is due
 * under its refresh interval, and how often the build runs (scripts/docs/scheduling.md, "Request budget"). Pure.
 */
import type { Freshness } from '../../api/endpoints.ts';
import { intervals, type SnapshotConfig } from '../config.ts';
import { SnapshotError } from '../errors.ts';
import type { AccountInfo } from '../source/source.ts';
import type { Collection } from '../model.ts';

/** The longest month: projections are for 31 days. */
export const MONTH_MINUTES = 31 * 24 * 60;

function field(spec: string, min: number, max: number, name: string): Set<number> {
  const values = new Set<number>();
  for (const part of spec.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match)
      throw new SnapshotError(
        'config',
        `config.schedule.cron: the ${name} field "${spec}" is not understood (use *, n, a-b, a,b or */n)`,
      );
    const step = match[4] ? Number(match[4]) : 1;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    if (from < min || to > max || from > to || step < 1)
      throw new SnapshotError(
        'config',
        `config.schedule.cron: the ${name} field "${spec}" is outside ${min}-${max}`,
      );
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** How many times a five-field cron expression fires in a 31-day month (starting on a Monday, the 1st). */
export function cronRunsPerMonth(expression: string): number {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new SnapshotError(
      'config',
      `config.schedule.cron: "${expression}" needs five fields: minute hour day-of-month month day-of-week`,
    );
  const [minute, hour, dom, , dow] = parts as [string, string, string, string, string];
  const minutes = field(minute, 0, 59, 'minute');
  const hours = field(hour, 0, 23, 'hour');
  const days = field(dom, 1, 31, 'day-of-month');
  const weekdays = new Set([...field(dow, 0, 7, 'day-of-week')].map((d) => d % 7));
  const domAny = dom === '*';
  const dowAny = dow === '*';
  let runs = 0;
  for (let day = 1; day <= 31; day++) {
    const weekday = day % 7; // the 1st is a Monday
    // cron: when both day fields are restricted, either may match
    const dayMatches =
      domAny && dowAny
        ? true
        : domAny
          ? weekdays.has(weekday)
          : dowAny
            ? days.has(day)
            : days.has(day) || weekdays.has(weekday);
    if (dayMatches) runs += hours.size * minutes.size;
  }
  return runs;
}

export function runsPerMonth(schedule: SnapshotConfig['schedule']): number {
  return 'cron' in schedule ? cronRunsPerMonth(schedule.cron) : Math.round(schedule.runsPerDay * 31);
}

export interface PlanLine {
  endpoint: string;
  collections: number;
  /** Requests this run makes. */
  thisRun: number;
  /** Requests one full refresh of these collections makes. */
  perRefresh: number;
  intervalSeconds: number;
  monthly: number;
}

export interface Projection {
  lines: PlanLine[];
  thisRun: number;
  perRefresh: number;
  monthly: number;
  runsPerMonth: number;
}

/**
 * Projects the month: with `--refresh all` every run makes every request; with `due`, a collection is
 * fetched on the first run at or after its interval, i.e. every ceil(interval / period) runs.
 */
export function project(
  collections: readonly Collection[],
  options: {
    intervals: Record<Freshness, number>;
    schedule: SnapshotConfig['schedule'];
    refresh: 'all' | 'due';
    due: (c: Collection) => boolean;
  },
): Projection {
  const runs = runsPerMonth(options.schedule);
  const periodSeconds = runs > 0 ? (MONTH_MINUTES * 60) / runs : Infinity;
  const byEndpoint = new Map<string, PlanLine>();
  for (const c of collections) {
    const interval = options.intervals[c.freshness];
    const every = options.refresh === 'all' ? 1 : Math.max(1, Math.ceil(interval / periodSeconds));
    const requests = c.requests.length;
    const line = byEndpoint.get(c.endpoint.id) ?? {
      endpoint: c.endpoint.id,
      collections: 0,
      thisRun: 0,
      perRefresh: 0,
      intervalSeconds: interval,
      monthly: 0,
    };
    line.collections++;
    line.perRefresh += requests;
    line.thisRun += options.due(c) ? requests : 0;
    line.monthly += requests * Math.ceil(runs / every);
    byEndpoint.set(c.endpoint.id, line);
  }
  const lines = [...byEndpoint.values()].sort(
    (a, b) => b.monthly - a.monthly || a.endpoint.localeCompare(b.endpoint),
  );
  const sum = (k: 'thisRun' | 'perRefresh' | 'monthly') => lines.reduce((n, l) => n + l[k], 0);
  return {
    lines,
    thisRun: sum('thisRun'),
    perRefresh: sum('perRefresh'),
    monthly: sum('monthly'),
    runsPerMonth: runs,
  };
}

const duration = (s: number) =>
  s % 86400 === 0 ? `${s / 86400} d` : s % 3600 === 0 ? `${s / 3600} h` : `${Math.round(s / 60)} min`;

/** The plan as a table, the projection and the verdict against the allowance. */
export function formatPlan(
  p: Projection,
  allowance: { max?: number; from: string },
  ledger?: { month: string; requests: number },
): string {
  const rows = [['endpoint', 'collections', 'this run', 'per refresh', 'refresh every', 'per month']];
  for (const l of p.lines)
    rows.push([
      l.endpoint,
      String(l.collections),
      String(l.thisRun),
      String(l.perRefresh),
      duration(l.intervalSeconds),
      String(l.monthly),
    ]);
  rows.push([
    'total',
    String(p.lines.reduce((n, l) => n + l.collections, 0)),
    String(p.thisRun),
    String(p.perRefresh),
    '',
    String(p.monthly),
  ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const table = rows
    .map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    )
    .join('\n');
  const lines = [table, '', `${p.runsPerMonth} runs in a 31-day month.`];
  if (ledger) lines.push(`This month (${ledger.month}) so far: ${ledger.requests} requests.`);
  if (allowance.max === undefined) {
    lines.push(
      `Projected: ${p.monthly} requests per month. The allowance is unknown (${allowance.from}); set config.allowance to check it.`,
    );
  } else {
    const share = ((p.monthly / allowance.max) * 100).toFixed(1);
    const verdict =
      p.monthly <= allowance.max
        ? 'within the allowance'
        : 'OVER the allowance: against a real upstream the build refuses to start without --force';
    lines.push(
      `Projected: ${p.monthly} of ${allowance.max} requests per month (${share} %, allowance from ${allowance.from}) — ${verdict}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface BudgetInput {
  collections: readonly Collection[];
  config: SnapshotConfig;
  refresh: 'all' | 'due';
  isDue: (c: Collection) => boolean;
  /** The account record, when the source can read it: its `maxPerMonth` is the default allowance. */
  account: AccountInfo | undefined;
  /** The previous build's ledger, and this run's month (`2026-11`). */
  ledger: { month: string; requests: number } | undefined;
  month: string;
  /** Refuse a projection over the allowance (a real upstream, without --force). */
  enforce: boolean;
  /** A plan that fits, to print with the projection when it is over (`fit.ts`). */
  proposal?: string;
}

export interface Budget {
  projection: Projection;
  allowance: number | undefined;
  /** The month's requests before this run, when the previous build was in the same month. */
  ledger: { month: string; requests: number } | undefined;
  /** The plan as printed by `--plan`. */
  text: string;
}

/** Projects the plan over the month and checks it against the allowance; over it, refuses when told to. */
export function checkBudget(input: BudgetInput): Budget {
  const { config, account } = input;
  const projection = project(input.collections, {
    intervals: intervals(config),
    schedule: config.schedule,
    refresh: input.refresh,
    due: input.isDue,
  });
  const allowance = config.allowance ?? account?.maxPerMonth;
  const from =
    config.allowance !== undefined
      ? 'config.allowance'
      : account
        ? 'the account record'
        : 'not in the config, and the account record needs RC_EMAIL and RC_PASSWORD';
  const ledger = input.ledger?.month === input.month ? input.ledger : undefined;
  const over = allowance !== undefined && projection.monthly > allowance;
  const text =
    formatPlan(projection, { max: allowance, from }, ledger) +
    (over && input.proposal ? `\n${input.proposal}` : '');
  // the embedded service spends no allowance: its plan shows the verdict, but only a real upstream is held to it
  if (input.enforce && over) {
    throw new SnapshotError(
      'budget',
      `the plan projects ${projection.monthly} requests per month, over the allowance of ${allowance} (${from}); nothing was fetched but the region lists and the credential probes, and nothing was published. ` +
        `Set "budget": "fit" in the config to apply the plan below on every run, paste its settings into the config, lower the schedule, or run with --force.\n${text}`,
    );
  }
  return { projection, allowance, ledger, text };
}
