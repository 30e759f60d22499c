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
import { plural, type Plural } from '../i18n/index.ts';
import { snowSign, weatherIcon } from '../icons.ts';
import type { ReportView, View } from '../state.ts';
import { renderAttribution, type ResortLink } from '../attribution.ts';
import { renderCard } from './render.ts';
import type { RenderContext, ReportContext } from '../context.ts';
import { noReport, REPORTED, reportContext } from './report.ts';
import { messages } from './message-chunk.ts';
import { compactStyles } from './compact-styles.ts';

/** Family A is centimetres in every locale; en-US readers get inches (as card/snow.ts converts them). */
/** English's label of new snow over Family A's last days (7 at most); every other language's strings have theirs. */
export const PAST_DAYS: Plural = { one: '{n} day', other: '{n} days' };

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
 * runs: the card's figures (card/snow.ts), Family B's, else Family A's; test/widget/compact.test.ts holds
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
      fresh(plural(ctx.locale, t.pastDays ?? PAST_DAYS, days, { n: f.number(days) })),
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
 * A resort without a report in the figures' place: the card's picture of its state as tall as the place
 * (from the messages' chunk, which the element waits for before it shows one), beside today's weather (but
 * for a resort closed for good) and the message.
 */
function noReportFigs(view: ReportView, ctx: ReportContext) {
  const [sign, text] = noReport(view, ctx);
  return html`<div class="vals none">${messages?.statePicture(sign) ?? nothing}<div>${
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
