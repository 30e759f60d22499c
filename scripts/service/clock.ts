/**
 * Time as the service shows it. Dataset times are relative to `now`; these helpers turn them into the
 * service's timestamp shapes.
 */

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of an instant in UTC. */
export function dayString(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY.MM.DD HH:MM:SS UTC`, as every `*_str` member reads (scripts/api/README.md, "Records"). */
export function utcStamp(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`
  );
}

/** ISO 8601 date-time with `Z`, whole seconds. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export const unixSeconds = (ms: number) => Math.floor(ms / 1000);
export const minutesBefore = (now: number, minutes: number) =>
  Math.floor(now / 1000) * 1000 - minutes * 60_000;

/** Midnight UTC of the resort's local calendar day `offsetDays` after today. */
export function localMidnightUtc(now: number, utcOffsetHours: number, offsetDays = 0): number {
  const local = now + utcOffsetHours * 3_600_000;
  return Math.floor(local / DAY_MS) * DAY_MS + offsetDays * DAY_MS;
}

/**
 * Opening and closing dates of the season that `now` falls in or is nearest before: a northern-hemisphere
 * season opens in the autumn of one year and closes in the spring of the next; south of the equator it opens
 * and closes in the same calendar year (scripts/api/schemas/history.ts, `seasonOf`).
 */
export function seasonDates(
  now: number,
  opening: string,
  closing: string,
  latitude?: number,
): { opening: string; closing: string } {
  const today = new Date(now);
  const year = today.getUTCFullYear();
  if (latitude !== undefined && latitude < 0)
    return { opening: `${year}-${opening}`, closing: `${year}-${closing}` };
  const month = today.getUTCMonth() + 1;
  const startYear = month >= 7 ? year : year - 1;
  return { opening: `${startYear}-${opening}`, closing: `${startYear + 1}-${closing}` };
}
