/**
 * `<resort-conditions>`: snow report, forecast and attribution of one resort, read from the snapshot's
 * static files. This module defines the class only; `define.ts` registers the tag.
 *
 * @fires load - The report is shown. `detail: { resort, locale }`
 * @fires error - The files could not be loaded, or the resort is not in them. `detail: { resort, reason }`
 * @slot - Shown before the script loads, while loading, and in place of an error message's extras.
 * @csspart card - The report's outer box.
 * @csspart header - Name and status line.
 * @csspart name - The resort's name.
 * @csspart status - The open status.
 * @csspart notice - A status message (closed, no report, out of season…).
 * @csspart updated - The last update line.
 * @csspart depths - Snow depths.
 * @csspart snowfall - New snow and the 7-day chart.
 * @csspart chart - The 7-day chart.
 * @csspart surface - Surface at top and bottom.
 * @csspart terrain - Lifts, runs, parks.
 * @csspart comment - The resort's comment.
 * @csspart forecast - The forecast block.
 * @csspart day - One forecast day.
 * @csspart message - Loading and error messages.
 * @csspart retry - The retry button.
 * @cssprop --rc-background - Background (default white, dark in dark mode).
 * @cssprop --rc-color - Text colour.
 * @cssprop --rc-muted-color - Secondary text.
 * @cssprop --rc-accent-color - Links, buttons, snow.
 * @cssprop --rc-border-color - Lines and borders.
 * @cssprop --rc-open-color - "Open" status.
 * @cssprop --rc-closed-color - "Closed" statuses.
 * @cssprop --rc-warning-color - Outdated and status notices.
 * @cssprop --rc-bar-color - Bars of the 7-day chart.
 * @cssprop --rc-font - Font shorthand.
 * @cssprop --rc-radius - Corner radius.
 * @cssprop --rc-padding - Inner padding.
 * @cssprop --rc-min-height - Reserved height, so nothing shifts while loading (default 24rem).
 */
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { FileError, loadResort } from './data.ts';
import { formatter } from './format.ts';
import { loadStrings, stringsFor } from './i18n/index.ts';
import { closestLocale, isImperial } from './locale.ts';
import { renderAttribution } from './render/attribution.ts';
import type { RenderContext } from './render/context.ts';
import { renderForecast } from './render/forecast.ts';
import { renderSnow } from './render/snow.ts';
import { renderError, renderLoading, renderStatusMessage, renderUnknown } from './render/states.ts';
import { reportView, type View } from './state.ts';
import { styles } from './styles.ts';

/** Where the files are when no `src` is given: the `api/` folder beside this script. */
const DEFAULT_BASE = new URL(/* @vite-ignore */ './api/', import.meta.url).href;

export class ResortConditions extends LitElement {
  static override styles = styles;
  static override properties = {
    resort: { type: String, reflect: true },
    locale: { type: String },
    days: { type: Number },
    src: { type: String },
    outdatedAfter: { type: Number, attribute: 'outdated-after' },
    view: { state: true },
  };

  /** Resort id, as in the snapshot's files. */
  resort = '';
  /** Published locale to read (`en-US`, `de-DE`…); default: the closest `lang`, else en-US. */
  locale = '';
  /** Forecast days after today, 0 to 5. */
  days = 3;
  /** Base URL of the snapshot's `api/` folder; default: `api/` beside the script. */
  src = '';
  /** Hours after which the report is flagged as outdated. */
  outdatedAfter = 48;
  /** The clock, in milliseconds; tests freeze it. */
  now: () => number = () => Date.now();
  /** How files are fetched; tests replace it. */
  fetcher: typeof fetch = (...args) => fetch(...args);
  protected view: View = { kind: 'loading' };
  #generation = 0;

  /** The locale this element reads. */
  get effectiveLocale(): string {
    return this.locale ? closestLocale(this.locale) : closestLocale(this.closest('[lang]')?.getAttribute('lang'));
  }

  get #days(): number {
    const days = Math.trunc(Number(this.days));
    return Number.isFinite(days) ? Math.min(5, Math.max(0, days)) : 3;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('resort') || changed.has('locale') || changed.has('days') || changed.has('src')) void this.#load();
  }

  /** Loads (again) the files of the current resort and locale. */
  reload(): Promise<void> {
    return this.#load();
  }

  async #load(): Promise<void> {
    const generation = ++this.#generation;
    const resort = Number(this.resort);
    const locale = this.effectiveLocale;
    this.view = { kind: 'loading' };
    if (!Number.isSafeInteger(resort) || resort <= 0) {
      await loadStrings(locale);
      this.#settle({ kind: 'unknown-resort' }, generation, 'invalid resort id');
      return;
    }
    try {
      const base = new URL(this.src || DEFAULT_BASE, document.baseURI).href.replace(/\/?$/, '/');
      const [data] = await Promise.all([loadResort(base, locale, resort, this.#days, this.fetcher), loadStrings(locale)]);
      this.#settle(reportView(data, this.now(), Number(this.outdatedAfter) || 48), generation);
    } catch (error) {
      await loadStrings(locale);
      const unknown = error instanceof FileError && error.status === 404;
      this.#settle({ kind: unknown ? 'unknown-resort' : 'error' }, generation, unknown ? 'unknown resort' : String((error as Error)?.message ?? error));
    }
  }

  #settle(view: View, generation: number, reason?: string): void {
    if (generation !== this.#generation) return; // a newer load superseded this one
    this.view = view;
    void this.updateComplete.then(() => {
      if (view.kind === 'report') this.dispatchEvent(new CustomEvent('load', { detail: { resort: Number(this.resort), locale: this.effectiveLocale } }));
      else this.dispatchEvent(new CustomEvent('error', { detail: { resort: this.resort, reason } }));
    });
  }

  protected override render() {
    try {
      return this.#render();
    } catch {
      // the element never throws from render: whatever went wrong, it offers a retry
      return renderError({ t: stringsFor(this.effectiveLocale), f: formatter(this.effectiveLocale), locale: this.effectiveLocale, now: this.now(), imperial: false }, () => void this.reload());
    }
  }

  #render() {
    const locale = this.effectiveLocale;
    const ctx: RenderContext = { t: stringsFor(locale), f: formatter(locale), locale, now: this.now(), imperial: isImperial(locale) };
    const view = this.view;
    switch (view.kind) {
      case 'loading':
        return renderLoading(ctx);
      case 'error':
        return renderError(ctx, () => void this.reload());
      case 'unknown-resort':
        return renderUnknown(ctx);
      case 'report': {
        const name = view.data.combined.resortName;
        const flag = view.data.combined.report?.openflagname;
        return html`<article class="card" part="card" lang=${locale} aria-label=${name}>
          <header part="header">
            <h2 part="name">${name}</h2>
            ${flag ? html`<span class="status ${view.status}" part="status">${flag}</span>` : nothing}
          </header>
          ${renderStatusMessage(view, ctx)} ${renderSnow(view, ctx)} ${renderForecast(view, ctx, this.#days)} ${renderAttribution(view, ctx)}
        </article>`;
      }
    }
  }
}
