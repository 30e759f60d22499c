/**
 * `npm run build -- --simulate 2025-12-01..2026-01-15`: one build of the embedded sample per day, in order,
 * each with that day's clock, into the same output folder and private state, so what builds keep from day
 * to day (the season's history) accumulates as a schedule's builds would. The sample's snow follows the
 * date (scripts/service/season.ts), so the days differ as real ones do.
 */
import { ResortConditionsError } from '../api/errors.ts';
import { UPSTREAM_VARIABLES } from '../snapshot/source/select.ts';
import { EXIT } from './exit-codes.ts';

/** The most days one simulation builds. */
export const MAX_SIMULATED_DAYS = 366;
/** The hour (UTC) each simulated day's build runs at: early morning in Europe, the night before in America. */
export const SIMULATED_HOUR_UTC = 7;

const DAY_MS = 86_400_000;
const EXAMPLE = 'e.g. --simulate 2025-12-01..2026-01-15';

/** The days of a `YYYY-MM-DD..YYYY-MM-DD` range, first to last, both included. */
export function parseDayRange(text: string): string[] {
  const match = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(text.trim());
  if (!match)
    throw new ResortConditionsError(
      'usage',
      `--simulate: "${text}" is not a range of days; give the first and the last day as YYYY-MM-DD..YYYY-MM-DD (${EXAMPLE})`,
    );
  const [first, last] = [match[1]!, match[2]!].map((day) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
      throw new ResortConditionsError(
        'usage',
        `--simulate: "${day}" is not a day of the calendar (${EXAMPLE})`,
      );
    return ms;
  }) as [number, number];
  if (last < first)
    throw new ResortConditionsError(
      'usage',
      `--simulate: the range ends (${match[2]}) before it starts (${match[1]}); give the first day first`,
    );
  const count = (last - first) / DAY_MS + 1;
  if (count > MAX_SIMULATED_DAYS)
    throw new ResortConditionsError(
      'usage',
      `--simulate: ${match[1]}..${match[2]} is ${count} days, more than the ${MAX_SIMULATED_DAYS} one simulation builds; give a shorter range`,
    );
  return Array.from({ length: count }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Refuses what a simulation cannot be: a build of the real service (its reports do not follow a simulated
 * clock, and every day would spend its allowance), a fixed clock, a plan.
 */
export function checkSimulation(env: Record<string, string | undefined>, plan: boolean): void {
  const upstream = UPSTREAM_VARIABLES.filter((name) => env[name]);
  if (upstream.length > 0)
    throw new ResortConditionsError(
      'usage',
      `--simulate builds the embedded sample only, and ${upstream.join(', ')} ${upstream.length === 1 ? 'is' : 'are'} set (the real service's reports do not follow a simulated date); unset ${upstream.length === 1 ? 'it' : 'them'} to simulate, or build without --simulate`,
    );
  if (env.SOURCE_DATE_EPOCH)
    throw new ResortConditionsError(
      'usage',
      "--simulate sets each day's clock itself (SOURCE_DATE_EPOCH is set); unset SOURCE_DATE_EPOCH to simulate",
    );
  if (plan)
    throw new ResortConditionsError('usage', '--simulate builds and --plan builds nothing; give one of them');
}

/** `argv` without `--simulate` and its value. */
export function withoutSimulate(argv: readonly string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--simulate') i++;
    else if (!argv[i]!.startsWith('--simulate=')) rest.push(argv[i]!);
  }
  return rest;
}

/** What one build needs from its caller: argv, env, and where it writes. */
export interface DayIo {
  argv: string[];
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** How bad a day's exit code is: published (0), published with parts kept (3, 4), nothing published. */
const badness = (code: number) =>
  code === EXIT.ok ? 0 : code === EXIT.stale ? 1 : code === EXIT.contract ? 2 : 3;

/**
 * Builds each day of `days` with `build`, one line per day on `stdout` (the day, its exit code, what it
 * published); a day that publishes nothing prints its messages on `stderr` and stops the run (the days
 * after it would fail the same way, or leave a gap in the history). Answers the worst day's exit code.
 */
export async function simulateDays(
  days: readonly string[],
  io: DayIo & { signal?: AbortSignal },
  build: (day: DayIo) => Promise<number>,
): Promise<number> {
  let worst: number = EXIT.ok;
  for (const [i, day] of days.entries()) {
    if (io.signal?.aborted) {
      io.stderr.write(
        `simulate: stopped before ${day}; ${days.length - i} of ${days.length} days not built\n`,
      );
      return EXIT.interrupted;
    }
    const out: string[] = [];
    const err: string[] = [];
    const hour = `${String(SIMULATED_HOUR_UTC).padStart(2, '0')}:00`;
    const epoch = Date.parse(`${day}T${hour}:00Z`) / 1000;
    const code = await build({
      argv: io.argv,
      env: { ...io.env, SOURCE_DATE_EPOCH: String(epoch) },
      stdout: { write: (text: string) => out.push(text) },
      stderr: { write: (text: string) => err.push(text) },
    });
    const said = out.join('').split('\n')[0]?.trim() || err.join('').split('\n')[0]?.trim() || '';
    io.stdout.write(`${day} ${hour} UTC: exit ${code}, ${said}\n`);
    if (badness(code) > badness(worst)) worst = code;
    if (badness(code) === 3) {
      io.stderr.write(err.join(''));
      const left = days.length - i - 1;
      if (left > 0)
        io.stderr.write(
          `simulate: ${day} published nothing; ${left === 1 ? 'the day after it was' : `the ${left} days after it were`} not built\n`,
        );
      return code;
    }
  }
  return worst;
}
