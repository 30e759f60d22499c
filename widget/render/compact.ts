/**
 * The compact strip (`layout="compact"`): a chunk of its own, loaded only by an element that asks for it.
 * The card's frame as a strip for a sidebar, a banner, a band or a phone: the resort's name and state, the
 * last update, today's weather (symbol, temperature at the top, snowfall), base and summit depth, new snow in
 * 24 hours and over the last days (Family A's, 7 at most), lifts open of total while it runs, the resort's
 * links (or one link to its snow report) and the attribution the licence requires.
 *
 * Its geometry does not depend on the data: at each width step every group of the strip (name, state and
 * update; the weather and the figures; the links; the attribution's text and its app links) has a fixed
 * number of lines, each as tall as it is in every language (compact-geometry.ts), and what does not fit a
 * step is left out by design. So the room reserved before the script is the strip's, and no band is left
 * empty but the one line a shorter language may leave inside a group. Every state fills the same frame: the
 * card's own render functions for loading and errors, with this module's styles over the card's.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { num } from '../format.ts';
import { plural } from '../i18n/index.ts';
import { snowSign, weatherIcon } from '../icons.ts';
import type { ReportView, View } from '../state.ts';
import { renderAttribution, type ResortLink } from './attribution.ts';
import { renderCard } from './card.ts';
import type { RenderContext, ReportContext } from './context.ts';
import { noReport, REPORTED, reportContext } from './report.ts';
import { statePicture } from './states.ts';

/** Family A is centimetres in every locale; en-US readers get inches (as render/snow.ts converts them). */
const fromCm = (ctx: ReportContext, cm: unknown, digits = 0) => {
  const v = num(cm);
  return v === undefined || !ctx.imperial ? v : Math.round((v / 2.54) * 10 ** digits) / 10 ** digits;
};

const hidden = (text: string) => html`<span class="visually-hidden">${text}</span>`;

/** One figure: its label before its value, on one line; `name` places it in the strip's grid. */
const cell = (part: string, name: string, label: unknown, value: unknown, type = '') =>
  html`<div part=${part} class=${name}><dt>${label}</dt><dd class=${type}>${value}</dd></div>`;

/** The last update (the time alone; its "outdated" warning read out, and marked). */
function updated(view: ReportView, ctx: ReportContext) {
  const at = view.updated;
  if (at === undefined) return nothing;
  const { t, f } = ctx;
  return html`<time part="updated" class=${view.outdated ? 'warning' : ''} datetime=${new Date(at).toISOString()} title=${t.updated.replace('{time}', '').trim()}
    >${hidden(`${view.outdated ? `${t.outdated} ` : ''}${t.updated.replace('{time}', '')}`)}${ctx.frozen ? ctx.frozen(at) : f.relative(at, ctx.now)}</time
  >`;
}

/**
 * Base and summit depth, new snow in 24 hours and over the last days, lifts open of total while the resort
 * runs: the card's figures (render/snow.ts), Family B's, else Family A's; test/widget/compact.test.ts holds
 * them equal.
 */
function figures(view: ReportView, ctx: ReportContext): HTMLTemplateResult {
  const { t, f } = ctx;
  const { combined, familyA } = view.data;
  const onSlope = combined.report?.snowQuality?.onSlope;
  const base = num(onSlope?.lowerDepth) ?? fromCm(ctx, familyA?.depth?.base);
  const summit = num(onSlope?.upperDepth) ?? fromCm(ctx, familyA?.depth?.summit);
  const open =
    num((combined.report?.liftsReport as { liftsOpen?: unknown } | undefined)?.liftsOpen) ??
    familyA?.lifts?.open ??
    0;
  const total = num(combined.info?.lifts?.numLifts) ?? familyA?.lifts?.total;
  const recent = (familyA?.recent ?? []).flatMap((r) =>
    typeof r?.date === 'string' ? (fromCm(ctx, r.snow, 1) ?? []) : [],
  );
  const snow24 = num(combined.report?.snowfall?.snow24h);
  const running = view.status === 'open' || view.status === 'weekends';
  const fresh = (label: string) => html`${snowSign}${hidden(`${t.newSnow} `)}${label}`;
  const days = recent.length || 7;
  // every figure always, "–" where the files have none: each has its place on the strip's lines
  return html`<dl class="strip">
    ${cell('depths', 'base', t.base, base === undefined ? '–' : f.depth(base))}
    ${cell('depths', 'summit', t.summit, summit === undefined ? '–' : f.depth(summit))}
    ${cell('snowfall', 'fresh', fresh('24 h'), snow24 === undefined ? '–' : f.snowfall(snow24))}
    ${cell(
      'snowfall',
      'week',
      fresh(plural(ctx.locale, t.pastDays, days, { n: f.number(days) })),
      recent.length ? f.snowfall(Math.round(recent.reduce((sum, v) => sum + v, 0) * 10) / 10) : '–',
    )}
    ${cell(
      'terrain',
      'lifts',
      t.lifts,
      running && total !== undefined
        ? html`<span aria-hidden="true">${f.number(open)}/${f.number(total)}</span>${hidden(plural(ctx.locale, t.liftsOpen, open, { open: f.number(open), total: f.number(total) }))}`
        : '–',
    )}
  </dl>`;
}

/** Today's weather: symbol, temperature at the top, snowfall; "–" without a forecast. */
function today(view: ReportView, ctx: ReportContext) {
  const record = view.data.forecast?.currentWeather;
  const code = record?.weatherSymbol ?? undefined;
  const name = (code && (ctx.t.weather as Record<string, string>)[code]) || ctx.t.weather.other;
  const top = num(record?.tempTop);
  const snow = num(record?.snowfall);
  return html`<dl class="strip today">${cell(
    'forecast',
    'wx',
    ctx.t.today,
    record
      ? html`${weatherIcon(code, name)}${top !== undefined ? html`<b>${hidden(`${ctx.t.top} `)}${ctx.f.temperature(top)}</b>` : nothing}${
          snow !== undefined
            ? html`<span class="wxs">${snowSign}${hidden(`${ctx.t.snowfall} `)}${ctx.f.snowfall(snow)}</span>`
            : nothing
        }`
      : '–',
  )}</dl>`;
}

/** The one link the strip shows where the resort's links do not fit: to its snow report, else the first. */
function moreLink(links: ResortLink[]) {
  const link = links.find((l) => l.name === 'skireport') ?? links[0];
  return link
    ? html`<a class="more" href=${link.href} title=${link.text} rel="noopener" target="_blank">${link.title}</a>`
    : nothing;
}

/**
 * A resort without a report in the figures' place: the card's picture of its state as tall as the place,
 * beside today's weather (but for a resort closed for good) and the message.
 */
function noReportFigs(view: ReportView, ctx: ReportContext) {
  const [sign, text] = noReport(view, ctx);
  return html`<div class="vals none">${statePicture(sign)}<div>${
    view.status === 'permanently-closed' ? nothing : today(view, ctx)
  }<p class="note">${text}</p></div></div>`;
}

/**
 * What goes into the strip's frame for a resort's files: name, state and update; today's weather and the
 * figures, or the message of a resort without a report; the links and the attribution.
 */
export function renderCompactReport(view: ReportView, base: RenderContext): HTMLTemplateResult {
  const ctx = reportContext(base);
  return html`<div class="content" part="card"><header part="header">
      <h2 part="name">${view.data.combined.resortName}</h2>
      <span class="status" part="status">${ctx.t.status[view.status]}</span>
      ${REPORTED.has(view.status) ? updated(view, ctx) : nothing}
    </header>
    ${
      REPORTED.has(view.status)
        ? html`<div class="vals">${today(view, ctx)}${figures(view, ctx)}</div>`
        : noReportFigs(view, ctx)
    }</div>${renderAttribution(view, ctx, moreLink)}`;
}

/** The strip of any state: the card's frame and its messages, with the compact report. */
export const renderCompact = (view: View, ctx: RenderContext, retry: () => void): HTMLTemplateResult =>
  renderCard(view, { ...ctx, compact: true }, retry, renderCompactReport);

/**
 * The strip's styles, over the card's (styles.ts). Each group's lines have the same height in every language
 * (an item's line height is set in the frame's em, its text centred in it), and each group is as tall as its
 * lines at the step (compact-geometry.ts, whose custom properties they read): whatever a language leaves of
 * them stays inside its group, at most a line.
 */
export const compactStyles = /* css */ `
  .compact .content {
    gap: 0.3em;
  }
  .compact .report,
  .compact .strip,
  .compact .links ul {
    display: contents;
  }
  /* name, state and update: flex lines of 1.45em */
  .compact header {
    flex-wrap: wrap;
    align-items: center;
    align-content: start;
    gap: 0 0.6em;
    height: calc(var(--_g1) * 1.45em);
  }
  .compact header > * {
    flex: none;
    max-width: 100%;
    white-space: nowrap;
  }
  .compact h2 {
    overflow: visible;
    font-size: 1.1em;
    line-height: 1.3182;
  }
  .compact .status {
    line-height: 1.6571;
  }
  .compact .meta {
    display: none;
  }
  .compact time {
    font-size: 0.8125em;
    line-height: 1.7846;
    color: var(--_muted);
  }
  .compact time.warning {
    color: var(--_warn);
    font-weight: 600;
  }
  .compact time.warning::before {
    content: '⚠ ';
  }
  /* today's weather and the figures (label beside value), each in its place: one line of 1.4em from 48em,
     in columns below; a resort without a report has its message there, in the middle */
  .compact .vals {
    display: grid;
    grid: auto-flow minmax(1.4em, auto) / repeat(3, max-content);
    align-items: center;
    align-content: center;
    gap: 0 0.75em;
    height: calc(var(--_g2) * 1.4em);
  }
  .compact .strip > div,
  .compact .note {
    display: flex;
    align-items: baseline;
    gap: 0.25em;
    font-size: 0.9375em;
    line-height: 1.4933;
    white-space: nowrap;
  }
  .compact .strip dt {
    font-size: 0.8em;
  }
  .compact .glyph {
    margin: 0;
  }
  .compact .today dt {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  /* today's symbol, temperature and snowfall on one line, apart */
  .compact .wx dd {
    display: flex;
    align-items: center;
    gap: 0.35em;
  }
  .compact .wx .icon {
    flex: none;
    width: 1.3em;
    height: 1.3em;
  }
  .compact .wxs {
    display: inline-flex;
    align-items: center;
    margin-inline-start: 0.1em;
    font-weight: 400;
    color: var(--_muted);
  }
  /* a resort without a report: its picture as tall as the place, today's weather and the message beside it */
  .compact .none {
    display: flex;
    align-items: center;
    gap: 0.9em;
  }
  .compact .none .picture {
    display: block;
    flex: none;
    width: auto;
    height: 100%;
  }
  .compact .none > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    align-content: center;
    column-gap: 0.9em;
  }
  .compact .vals .note {
    white-space: normal;
  }
  /* the states without a report: their message in one line of the frame's text */
  .compact .message {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: start;
    align-items: center;
    gap: 0 0.8em;
    text-align: start;
  }
  .compact .message p {
    flex: 1 1 12em;
    font-size: 1em;
  }
  .compact .message button {
    margin: 0;
    padding-block: 0;
  }
  .compact .message .picture {
    display: none;
  }
  .compact .forecast,
  .compact .skeleton .ph + .ph {
    display: none;
  }
  .compact .skeleton {
    flex-basis: 100%;
  }
  .compact .skeleton .ph {
    height: 1.4em;
  }
  /* the resort's links in one line of 24 px targets: all of them where every language's fit, else one link
     to the resort's snow report; a link that would not fit its line is left out whole, never cut */
  .compact .foot {
    margin-top: 0.3em;
    line-height: 1.4;
  }
  .compact .links {
    display: flex;
    flex-wrap: wrap;
    column-gap: 0.75em;
    height: 24px;
    overflow: hidden;
    font-size: 0.75em;
  }
  .compact .links li {
    display: flex;
  }
  .compact .more,
  .compact .links a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    white-space: nowrap;
  }
  .compact .links .more {
    display: none;
  }
  /* the attribution: its text in lines of 14 px, its app links in lines of 24 px, in the middle of the lines
     its step has (a language whose text takes a line less leaves half a line above and below) */
  .compact .attribution {
    display: flex !important;
    flex-wrap: wrap;
    align-items: center;
    align-content: center;
    gap: 0 0.5em;
    height: calc(var(--_ta) * 1.2727em + var(--_tb) * 24px + 4px);
    margin: 2px 0 0 !important;
    padding: 2px 4px;
    font: min(11px, 0.7333em) / 1.2727 system-ui, sans-serif !important;
  }
  .compact .attribution img {
    flex: none;
    margin: 0;
  }
  .compact .attribution span {
    flex: 1 1 calc(100% - 16px - 0.5em);
    min-width: 0;
  }
  .compact .attribution a {
    flex: none;
    white-space: nowrap;
  }
  /* 48em and wider: today's weather and the figures on one line; from 68em the attribution too */
  @container (width >= 48em) {
    .compact .vals {
      grid: 1.4em / auto-flow max-content;
    }
  }
  @container (width >= 68em) {
    .compact .attribution span {
      flex: 0 1 auto;
    }
  }
  /* under 48em: one link to the resort's snow report for the links */
  @container (width < 48em) {
    .compact .links li {
      display: none;
    }
    .compact .links .more {
      display: inline-flex;
    }
  }
  /* under 36em: the name on a line of its own, each app link on its own */
  @container (width < 36em) {
    .compact h2,
    .compact .attribution a {
      flex-basis: 100%;
    }
  }
  /* under 32em: the state and the update smaller, today's weather on a line of its own, the figures two to a
     line in columns, without the new snow of the last days */
  @container (width < 32em) {
    .compact :is(.status, time) {
      font-size: 0.8em;
      line-height: 1.8125;
    }
    .compact .vals {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .compact .wx {
      grid-column: 1 / -1;
    }
    .compact .week {
      display: none !important;
    }
  }
`;

let sheet: CSSStyleSheet | undefined;
/** The shadow roots whose host is watched for a new width (the name is fitted again). */
const watched = new WeakSet<ShadowRoot>();

/**
 * A name longer than its line shrinks to fit it (to 0.75em at the least, where a name of some 45 letters
 * fills a 320 px strip), rather than end in an ellipsis: never below the line, whose height is the strip's.
 */
function fitName(root: ShadowRoot): void {
  const name = root.querySelector<HTMLElement>('.compact h2');
  if (!name) return;
  name.style.removeProperty('font-size');
  const over = name.scrollWidth / name.clientWidth;
  if (over > 1) name.style.setProperty('font-size', `${Math.max(0.75, 1.1 / over).toFixed(3)}em`);
}

/**
 * After each render: adds the strip's styles to a shadow root that has the card's, as a second adopted style
 * sheet, and fits the name to its line, again whenever the element's width changes.
 */
export function adoptCompact(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(compactStyles);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  fitName(root);
  if (!watched.has(root) && typeof ResizeObserver === 'function') {
    watched.add(root);
    new ResizeObserver(() => fitName(root)).observe(root.host);
  }
}
