/**
 * The season chart (`<resort-conditions season>`, widget/README.md, "Season chart"): a chunk of its own, loaded
 * only by a card with the attribute. It reads the resort's latest season from the snapshot's history
 * (`history/index.json`, then `history/<id>/<season>.json`, beside `api/`: the contract of
 * scripts/api/schemas/history.ts), checks the body by hand (the element bundles no zod), and draws it as SVG:
 * the depth at the base as an area and at the summit as a line, the new snow as bars, the days open as a
 * strip under them; a gap in the days is a gap in the chart. Screen readers get the same as text: the days
 * recorded, the days open and the latest depths with their date.
 */
import { html, type HTMLTemplateResult } from 'lit/html.js';
import { getJson } from '../data.ts';
import { fill, plural } from '../i18n/index.ts';
import type { RenderContext } from '../context.ts';
import { reportContext } from '../card/report.ts';
import { seasonStrings } from './strings.ts';
import chart from './chart.css?raw';

/** One day of the season as the chart draws it: depths and new snow in centimetres, as the files hold them. */
export interface SeasonDay {
  /** Days since 1970-01-01. */
  day: number;
  date: string;
  base: number | null;
  summit: number | null;
  snow: number | null;
  open: boolean;
}

export interface Season {
  season: string;
  days: SeasonDay[];
}

/** The history's folder, from the snapshot's `api/` folder: beside it. */
const HISTORY = '../history/';
const SEASON_NAME = /^(\d{4}-\d{2}|\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_DAYS = 366;
const MAX_CM = 10_000;
const DAY_MS = 86_400_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Days since 1970 of a real calendar day written `YYYY-MM-DD`; NaN for anything else. */
function dayNumber(text: unknown): number {
  const m = typeof text === 'string' ? ISO_DAY.exec(text) : null;
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 2026-02-30 is no day (Date.UTC makes it 2 March); years under 100 are not 19xx
  return new Date(ms).toISOString().startsWith(text as string) ? ms / DAY_MS : NaN;
}

/** A depth or snowfall in centimetres (0 to 10,000) or null; undefined for anything else. */
const amount = (v: unknown): number | null | undefined =>
  v === null ? null : typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_CM ? v : undefined;

/** A count of lifts or runs: a whole number, 0 or more, or null. */
const isCount = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) >= 0);

/**
 * A season file's body as the chart's days, or undefined when it is not the season of `resort` named
 * `season` in the contract's shape: a file from any host is hostile until checked (finite numbers in range,
 * real days in order, at most 366 of them within a year).
 */
export function parseSeason(body: unknown, resort: number, season: string): Season | undefined {
  if (
    !isObject(body) ||
    body.resort !== resort ||
    body.season !== season ||
    body.unit !== 'cm' ||
    !Array.isArray(body.days) ||
    body.days.length === 0 ||
    body.days.length > MAX_DAYS
  )
    return undefined;
  const days: SeasonDay[] = [];
  for (const d of body.days as unknown[]) {
    if (!isObject(d)) return undefined;
    const day = dayNumber(d.date);
    const [base, summit, snow] = [d.base, d.summit, d.newSnow24h].map(amount);
    const state = d.state;
    if (
      !(day > (days.at(-1)?.day ?? -Infinity)) ||
      base === undefined ||
      summit === undefined ||
      snow === undefined ||
      ![d.liftsOpen, d.liftsTotal, d.runsOpen, d.runsTotal].every(isCount) ||
      !(state === null || (Number.isInteger(state) && (state as number) >= 1 && (state as number) <= 6))
    )
      return undefined;
    // open: the report's flag says Open, or a lift ran (a day of a resort open on weekends only)
    const open = state === 1 || (d.liftsOpen as number | null)! > 0;
    days.push({ day, date: d.date as string, base, summit, snow, open });
  }
  return days.at(-1)!.day - days[0]!.day < MAX_DAYS ? { season, days } : undefined;
}

/**
 * The latest season of `resort` the snapshot's history holds (the last of its seasons in the index, which
 * lists them oldest first), read beside the `api/` folder at `base`; undefined when there is none or a file
 * is not what it should be. Rejects when a file cannot be fetched.
 */
export async function loadSeason(
  base: string,
  resort: number,
  fetcher?: typeof fetch,
  fresh = false,
): Promise<Season | undefined> {
  const index = await getJson(new URL(`${HISTORY}index.json`, base).href, fetcher, fresh);
  const resorts = isObject(index) && Array.isArray(index.resorts) ? (index.resorts as unknown[]) : [];
  const entry = resorts.find((r) => isObject(r) && r.resort === resort) as { seasons?: unknown } | undefined;
  const season: unknown = Array.isArray(entry?.seasons) ? entry.seasons.at(-1) : undefined;
  // the name goes into a path: nothing but the contract's `2025-26` or `2026`
  if (typeof season !== 'string' || !SEASON_NAME.test(season)) return undefined;
  const body = await getJson(new URL(`${HISTORY}${resort}/${season}.json`, base).href, fetcher, fresh);
  return parseSeason(body, resort, season);
}

/** The plot's height in the SVG's units: depths and bars above, the strip of the days open under them. */
const PLOT = 90;
const STRIP_TOP = 94;
/** The bars of new snow reach at most this share of the plot; 30 cm fills it unless a day had more. */
const BARS = 0.4;
const BARS_FULL_CM = 30;

/** The scale's top: the deepest snow rounded up to a round figure (10, 20, 50… of the unit). */
function roundUp(v: number): number {
  const step = 10 ** Math.max(1, Math.floor(Math.log10(Math.max(v, 1))));
  return Math.ceil(v / (step / 2)) * (step / 2) || 10;
}

/** Runs of consecutive days with a value, each as [column, value] pairs: a day without one is a gap. */
function runs(
  days: SeasonDay[],
  first: number,
  value: (d: SeasonDay) => number | null,
): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  let previous = NaN;
  for (const d of days) {
    const v = value(d);
    if (v === null) {
      previous = NaN;
      continue;
    }
    if (d.day !== previous + 1) out.push([]);
    out.at(-1)!.push([d.day - first, v]);
    previous = d.day;
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The chart's part: a label, a legend, the SVG, the first and last day, and the text for screen readers. */
export function renderSeason(season: Season, card: RenderContext): HTMLTemplateResult {
  const ctx = reportContext(card);
  const { t, f, locale } = ctx;
  const s = seasonStrings(locale);
  const days = season.days;
  const first = days[0]!.day;
  const columns = days.at(-1)!.day - first + 1;
  // the unit of the card: inches for en-US, centimetres elsewhere
  const unit = (cm: number) => (ctx.imperial ? cm / 2.54 : cm);
  const depths = days.flatMap((d) => [d.base, d.summit]).filter((v): v is number => v !== null);
  const top = roundUp(unit(Math.max(0, ...depths)));
  const snowTop = Math.max(BARS_FULL_CM, ...days.map((d) => d.snow ?? 0));
  const y = (cm: number) => round(PLOT - (unit(cm) / top) * PLOT);
  const base = runs(days, first, (d) => d.base)
    .map((r) => `M${r[0]![0]} ${PLOT}${r.map(([x, v]) => `V${y(v)}H${x + 1}`).join('')}V${PLOT}Z`)
    .join('');
  const summit = runs(days, first, (d) => d.summit)
    .map((r) => `M${r.map(([x, v]) => `${x + 0.5} ${y(v)}`).join('L')}`)
    .join('');
  const bars = days
    .filter((d) => d.snow)
    .map((d) => {
      const h = round((d.snow! / snowTop) * BARS * PLOT);
      return `M${d.day - first + 0.15} ${PLOT}v${-h}h0.7v${h}Z`;
    })
    .join('');
  const open = days
    .filter((d) => d.open)
    .map((d) => `M${d.day - first} ${STRIP_TOP}h1V100h-1Z`)
    .join('');
  const short = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' });
  const shortDate = (d: SeasonDay) => short.format(d.day * DAY_MS);
  const latest = days.findLast((d) => d.base !== null || d.summit !== null);
  const depth = (cm: number | null) => (cm === null ? '–' : f.depth(unit(cm)));
  const opened = days.filter((d) => d.open).length;
  const label = fill(s.label, { season: season.season });
  return html`<figure class="season" part="season" aria-label=${label}>
    <div class="head" aria-hidden="true">
      <b>${label}</b>
      <span class="legend"><i class="k-base"></i>${t.base} <i class="k-summit"></i>${t.summit} <i class="k-snow"></i>${t.newSnow} <i class="k-open"></i>${t.status.open}</span>
    </div>
    <div class="plot" aria-hidden="true">
      <svg viewBox="0 0 ${columns} 100" preserveAspectRatio="none">
        <path class="bars" d=${bars}></path><path class="base" d=${base}></path><path class="summit" d=${summit}></path><path class="open" d=${open}></path>
      </svg>
      <span class="value scale">${f.depth(top)}</span>
    </div>
    <div class="axis" aria-hidden="true"><span class="value">${shortDate(days[0]!)}</span><span class="value">${shortDate(days.at(-1)!)}</span></div>
    <p class="visually-hidden">
      ${plural(locale, s.days, days.length, { n: f.number(days.length), from: f.date(days[0]!.date), to: f.date(days.at(-1)!.date) })}
      ${plural(locale, s.open, opened, { n: f.number(opened) })}
      ${latest ? fill(s.latest, { date: f.date(latest.date), base: depth(latest.base), summit: depth(latest.summit) }) : ''}
    </p>
  </figure>`;
}

/** The chart's styles, in the chunk (and in a pre-rendered card with the chart): the room it fills is the card's (widget/season/room.css). */
export const SEASON_STYLES = chart;

let sheet: CSSStyleSheet | undefined;

/** Adds the chart's styles to a card's shadow root, once. */
export function adoptSeason(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(SEASON_STYLES);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
