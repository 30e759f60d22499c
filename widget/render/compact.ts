/**
 * The compact strip (`layout="compact"`): a chunk of its own, loaded only by an element that asks for it.
 * One row of the card's frame for a sidebar or a banner: the resort's name and state, the last update, base
 * and summit depth, new snow in 24 hours and over the last days (Family A's, 7 at most), lifts open of total,
 * today's weather (symbol, temperature at the top, snowfall), and the attribution the licence requires.
 * Every state fills the same frame (compact-geometry.ts): the card's own render functions for loading,
 * errors and the attribution, with this module's styles over the card's.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { num } from '../format.ts';
import { plural } from '../i18n/index.ts';
import { snowSign, weatherIcon } from '../icons.ts';
import type { ReportView, View } from '../state.ts';
import { renderCard } from './card.ts';
import type { RenderContext, ReportContext } from './context.ts';
import { renderReport } from './report.ts';

/** Family A is centimetres in every locale; en-US readers get inches (as render/snow.ts converts them). */
const fromCm = (ctx: ReportContext, cm: unknown, digits = 0) => {
  const v = num(cm);
  return v === undefined || !ctx.imperial ? v : Math.round((v / 2.54) * 10 ** digits) / 10 ** digits;
};

const hidden = (text: string) => html`<span class="visually-hidden">${text}</span>`;

/** One figure: its label before its value, on one line. */
const cell = (part: string, label: unknown, value: unknown, type = '') =>
  html`<div part=${part}><dt>${label}</dt><dd class=${type}>${value}</dd></div>`;

/**
 * A resort with a report: the last update (the time alone, beside the name; the card's line under the name
 * is hidden, its outdated warning read out here), base and summit depth, new snow, lifts open of total while
 * it runs. The report's box lets them into the strip's rows (`display: contents`).
 */
function figures(view: ReportView, ctx: ReportContext): HTMLTemplateResult {
  const { t, f } = ctx;
  const updated = view.updated;
  // the card's figures (render/snow.ts): Family B's, else Family A's; test/widget/compact.test.ts holds them equal
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
  return html`${
    updated !== undefined
      ? html`<time part="updated" class=${view.outdated ? 'warning' : ''} datetime=${new Date(updated).toISOString()} title=${t.updated.replace('{time}', '').trim()}
          >${hidden(`${view.outdated ? `${t.outdated} ` : ''}${t.updated.replace('{time}', '')}`)}${ctx.frozen ? f.dateTime(updated) : f.relative(updated, ctx.now)}</time
        >`
      : nothing
  }<dl class="strip">
    ${base !== undefined ? cell('depths', t.base, f.depth(base)) : nothing}
    ${summit !== undefined ? cell('depths', t.summit, f.depth(summit)) : nothing}
    ${snow24 !== undefined ? cell('snowfall', fresh('24 h'), f.snowfall(snow24)) : nothing}
    ${
      recent.length
        ? cell(
            'snowfall',
            fresh(plural(ctx.locale, t.pastDays, recent.length, { n: f.number(recent.length) })),
            f.snowfall(Math.round(recent.reduce((sum, v) => sum + v, 0) * 10) / 10),
          )
        : nothing
    }
    ${
      running && total !== undefined
        ? cell(
            'terrain',
            t.lifts,
            html`<span aria-hidden="true">${f.number(open)}/${f.number(total)}</span>${hidden(plural(ctx.locale, t.liftsOpen, open, { open: f.number(open), total: f.number(total) }))}`,
          )
        : nothing
    }
  </dl>`;
}

/** Today's weather: symbol, temperature at the top, snowfall; nothing without a forecast. */
function today(view: ReportView, ctx: ReportContext): HTMLTemplateResult {
  const record = view.data.forecast?.currentWeather;
  if (!record) return html``;
  const code = record.weatherSymbol ?? undefined;
  const name = (code && (ctx.t.weather as Record<string, string>)[code]) || ctx.t.weather.other;
  const top = num(record.tempTop);
  const snow = num(record.snowfall);
  return html`<dl class="strip today">${cell(
    'forecast',
    ctx.t.today,
    html`${weatherIcon(code, name)}${top !== undefined ? html`<b>${hidden(`${ctx.t.top} `)}${ctx.f.temperature(top)}</b>` : nothing}${
      snow !== undefined
        ? html`<span class="wxs">${snowSign}${hidden(`${ctx.t.snowfall} `)}${ctx.f.snowfall(snow)}</span>`
        : nothing
    }`,
    'wx',
  )}</dl>`;
}

/** What goes into the strip's frame for a resort's files: the card's header, message and attribution, with these figures. */
export const renderCompactReport = (view: ReportView, ctx: RenderContext): HTMLTemplateResult =>
  renderReport(view, ctx, figures, today);

/** The strip of any state: the card's frame and its messages, with the compact report. */
export const renderCompact = (view: View, ctx: RenderContext, retry: () => void): HTMLTemplateResult =>
  renderCard(view, { ...ctx, compact: true }, retry, renderCompactReport);

/** The strip's styles, over the card's (styles.ts): its height is the card's sheet's (compact-geometry.ts). */
export const compactStyles = /* css */ `
  /* name and state, the update, today's weather, then the figures (label beside value): each a box of its
     own that moves to the next row when it does not fit, so a longer language takes another row, never cuts */
  .compact .content {
    flex-flow: row wrap;
    align-content: start;
    align-items: baseline;
    gap: 0.1em 0.9em;
  }
  .compact .report {
    display: contents;
  }
  /* the name gives way (to an ellipsis) before the state, which is never cut */
  .compact header {
    flex: 0 1 auto;
    flex-wrap: nowrap;
    min-width: 0;
    column-gap: 0.5em;
  }
  .compact h2 {
    flex: 0 1 auto;
    font-size: 1.1em;
  }
  .compact .status {
    flex: none;
  }
  .compact .meta {
    display: none;
  }
  .compact time {
    font-size: 0.8125em;
    color: var(--_muted);
  }
  .compact time.warning {
    color: var(--_warn);
    font-weight: 600;
  }
  .compact time.warning::before {
    content: '⚠ ';
  }
  .compact .strip {
    display: contents;
  }
  .compact .strip > div {
    display: flex;
    flex: none;
    align-items: baseline;
    gap: 0.25em;
    order: 1;
    font-size: 0.9375em;
    line-height: 1.3;
  }
  .compact .strip dt {
    font-size: 0.8em;
  }
  .compact .glyph {
    margin: 0;
  }
  .compact .today > div {
    order: 0;
  }
  .compact .today dt {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  /* today's symbol, temperature and snowfall on one line, apart */
  .compact .wx {
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
    font-weight: 400;
    color: var(--_muted);
  }
  .compact .body {
    flex: 1 1 12em;
    order: 1;
    min-height: auto;
    overflow: visible;
  }
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
  .compact .picture {
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
  /* the resort's links in one row that scrolls sideways (a strip has no room for them to wrap), then the
     attribution as a run of text that wraps: each link a target 24 px tall */
  .compact .foot {
    margin-top: 0.2em;
    line-height: 1.4;
  }
  .compact .links {
    overflow: auto hidden;
    white-space: nowrap;
    scrollbar-width: none;
  }
  .compact :is(.links ul, .links li) {
    display: inline;
  }
  .compact .links ul {
    font-size: 0.75em;
  }
  .compact .links li {
    margin-inline-end: 0.5em;
  }
  .compact .links a,
  .compact .attribution a {
    vertical-align: middle;
  }
  .compact .attribution {
    display: inline !important;
    margin: 0 !important;
    font: 11px/1.4 system-ui, sans-serif !important;
    padding: 0.15em 0.3em;
    box-decoration-break: clone;
    -webkit-box-decoration-break: clone;
  }
  .compact .attribution a {
    margin-inline-start: 0.2em;
  }
  /* two lines of attribution from 480 px up: its text and the app links, in every language */
  @container (32em <= width < 37.3333em) {
    .compact .attribution {
      font-size: 10px !important;
    }
  }
`;

let sheet: CSSStyleSheet | undefined;

/**
 * Adds the strip's styles to a shadow root that has the card's: as a second adopted style sheet, or in the
 * style element of a browser without constructable style sheets.
 */
export function adoptCompact(root: ShadowRoot, style?: HTMLStyleElement): void {
  if (style) {
    if (!style.textContent?.endsWith(compactStyles)) style.textContent += compactStyles;
    return;
  }
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(compactStyles);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
