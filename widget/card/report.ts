/**
 * A resort's card: name and state, the line under the name, the report or the message of a resort without
 * one, the forecast, the links and the attribution. One state at a time (state.ts): a report shows terrain
 * open only while the resort runs, a permanently closed resort just that and its links.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { assetPath } from '../../scripts/api/browser.ts';
import { formatter } from '../format.ts';
import { fill } from '../i18n/index.ts';
import { isImperial } from '../locale.ts';
import type { ReportView } from '../state.ts';
import { renderAttribution } from '../attribution.ts';
import type { RenderContext, ReportContext } from '../context.ts';
import { renderForecast } from './forecast.ts';
import { renderSnow } from './snow.ts';
import { messages } from './message-chunk.ts';
import type { Sign } from './pictures.ts';

/** States whose report and terrain are shown; the others show a message instead. */
export const REPORTED = new Set(['open', 'closed', 'temporarily-closed', 'weekends']);

/** Under the name of a resort with a report: the last update and the outdated warning (its state is beside the name). */
function renderMeta(view: ReportView, ctx: ReportContext) {
  const updated = view.updated;
  if (updated === undefined) return nothing;
  return html`<p class="meta">
    <time part="updated" datetime=${new Date(updated).toISOString()}>${fill(ctx.t.updated, { time: ctx.frozen ? ctx.frozen(updated) : ctx.f.relative(updated, ctx.now) })}</time>
    ${view.outdated ? html`<strong class="warning" role="note">${ctx.t.outdated}</strong>` : nothing}
  </p>`;
}

/**
 * What a resort without a report says (its state is beside the name), with the sign of its picture:
 * permanently closed, out of season, no report.
 */
export function noReport(view: ReportView, ctx: ReportContext): [sign: Sign | undefined, text: string] {
  const { t, f } = ctx;
  const season = view.season;
  if (view.status === 'permanently-closed') return ['closed', t.permanentlyClosed];
  if (view.status === 'out-of-season' && season)
    return [
      'season',
      fill(t.outOfSeason, { opening: f.date(season.opening), closing: f.date(season.closing) }),
    ];
  return [undefined, t.noReport];
}

/** The report's context: numbers and units in the locale, images from their published copies beside `base`. */
export function reportContext(base: RenderContext): ReportContext {
  const copy = (url: unknown) => {
    const path = assetPath(url);
    return path && base.base ? new URL(`../${path}`, base.base).href : undefined;
  };
  return {
    ...base,
    f: formatter(base.locale, base.t.units),
    imperial: isImperial(base.locale),
    asset: base.asset ?? copy,
  };
}

/**
 * The message of a resort without a report, with its picture once the messages' chunk is loaded (the element
 * waits for it before it shows such a resort: card/resort-conditions.ts); plain text until then.
 */
function renderNoReport(view: ReportView, ctx: ReportContext) {
  const [sign, text] = noReport(view, ctx);
  return (
    messages?.renderMessage(sign, text) ?? html`<div class="body message" part="message"><p>${text}</p></div>`
  );
}

/** What goes into the card's frame for a resort's files (the compact strip's is its own: card/compact.ts). */
export function renderReport(view: ReportView, base: RenderContext): HTMLTemplateResult {
  const ctx = reportContext(base);
  const reported = REPORTED.has(view.status);
  // the attribution and the links stand outside the `card` part, so that nothing a page sets on a part
  // can hide them (styles.ts)
  return html`<div class="content" part="card"><header part="header">
      <h2 part="name">${view.data.combined.resortName}</h2>
      <span class="status" part="status">${ctx.t.status[view.status]}</span>
    </header>
    ${reported ? renderMeta(view, ctx) : nothing}
    ${reported ? html`<div class="body report">${renderSnow(view, ctx)}</div>` : renderNoReport(view, ctx)}
    ${view.status === 'permanently-closed' ? nothing : renderForecast(view, ctx)}</div>${renderAttribution(view, ctx)}`;
}
