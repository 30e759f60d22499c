/**
 * `<resort-conditions>`: snow report, forecast and attribution of one resort, read from the snapshot's
 * static files. This module defines the class only; `define.ts` registers the tag.
 *
 * @fires load - The report is shown. `detail: { resort, locale }`
 * @fires error - The files could not be loaded, or the resort is not in them. `detail: { resort, reason }`
 * @slot - Shown before the script loads, while loading, and in place of an error message's extras.
 * @csspart card - The card's content, in every state: everything but the resort's links and the attribution.
 * @csspart header - Name and status line.
 * @csspart name - The resort's name.
 * @csspart status - The resort's state (open, closed, out of season…).
 * @csspart updated - The last update.
 * @csspart depths - Snow depths.
 * @csspart snowfall - New snow.
 * @csspart chart - The 7-day chart.
 * @csspart surface - Surface at top and bottom.
 * @csspart terrain - Lifts, runs, parks.
 * @csspart comment - The resort's comment.
 * @csspart forecast - The forecast block.
 * @csspart day - One forecast day.
 * @csspart message - Loading, error and state messages.
 * @csspart retry - The retry button.
 * @cssprop --rc-background - Background (default white, dark in dark mode).
 * @cssprop --rc-color - Text colour.
 * @cssprop --rc-muted-color - Secondary text.
 * @cssprop --rc-accent-color - Links, buttons, snow.
 * @cssprop --rc-border-color - Lines and borders.
 * @cssprop --rc-open-color - "Open" status.
 * @cssprop --rc-closed-color - "Closed" statuses.
 * @cssprop --rc-warning-color - Outdated and out-of-season notices.
 * @cssprop --rc-bar-color - Bars of the 7-day chart.
 * @cssprop --rc-easy-color - The easy runs' circle (default green).
 * @cssprop --rc-intermediate-color - The intermediate runs' square (default blue).
 * @cssprop --rc-font - Font shorthand.
 * @cssprop --rc-radius - Corner radius.
 * @cssprop --rc-padding - Inner padding.
 */
import { LitElement, type HTMLTemplateResult, type PropertyValues } from 'lit';
import { ID_PATTERN } from '../scripts/api/text.ts';
import { FileError, loadIndex, type ResortData } from './data.ts';
import { loadStrings, stringsFor } from './i18n/index.ts';
import { pickLocale } from './locale.ts';
import { renderCard } from './render/card.ts';
import type { RenderContext } from './render/context.ts';
import type { View } from './state.ts';
import { styles } from './styles.ts';

/** Where the files are when no `src` is given: the `api/` folder beside this script. */
const DEFAULT_BASE = new URL(/* @vite-ignore */ './api/', import.meta.url).href;

type Report = typeof import('./report.ts');
let reportModule: Promise<Report> | undefined;
/** The report module, once per page; a failed load is forgotten so that a retry loads again. */
const loadReport = () => (reportModule ??= import('./report.ts').catch((error: unknown) => ((reportModule = undefined), Promise.reject(error))));

/** What a pre-rendered card carries for the element that takes it over (scripts/site/cards.ts). */
export interface CardData {
  resort: number;
  locale: string;
  days: number;
  data: ResortData;
}

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
  /** Locale to read (`en-US`, `de-DE`…); default: the closest `lang`. Falls back among the built locales. */
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
  /** The built locale shown, once the snapshot's index has chosen it. */
  #shown = '';
  #generation = 0;
  #report?: Report;
  /** A pre-rendered card (declarative shadow DOM) shown until the first render replaces it, and its data. */
  #card?: { root: ShadowRoot; data: ResortData };

  /** The locale this element reads: the built one chosen for it, or the closest supported one until known. */
  get effectiveLocale(): string {
    return this.#shown || pickLocale(this.#requested);
  }

  get #requested(): string | null | undefined {
    return this.locale || this.closest('[lang]')?.getAttribute('lang');
  }

  /** The resort id as the files name it (`25`, not `025`, `0x19` or `25.0`); NaN for anything else. */
  get #resortId(): number {
    const text = String(this.resort ?? '').trim();
    return ID_PATTERN.test(text) ? Number(text) : NaN;
  }

  get #days(): number {
    const days = Math.trunc(Number(this.days));
    return Number.isFinite(days) ? Math.min(5, Math.max(0, days)) : 3;
  }

  get #base(): string {
    return new URL(this.src || DEFAULT_BASE, document.baseURI).href.replace(/\/?$/, '/');
  }

  /** Takes over a pre-rendered card: its data becomes the first view, so nothing flashes or moves. */
  protected override createRenderRoot() {
    const root = this.shadowRoot;
    try {
      const card = JSON.parse(root?.querySelector('script[type="application/json"]')?.textContent ?? 'null') as CardData | null;
      if (card && card.resort === this.#resortId && card.days === this.#days) {
        this.#shown = card.locale;
        this.#card = { root: root!, data: card.data };
      }
    } catch {
      // not a card of ours: render from the files
    }
    return super.createRenderRoot();
  }

  /** A pre-rendered card stays until its language and the report module are loaded; the first render replaces it. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const card = this.#card;
    if (!card || this.hasUpdated) return super.scheduleUpdate();
    return Promise.all([loadReport(), loadStrings(this.#shown)])
      .then(([report]) => {
        this.#report = report;
        this.view = report.reportView(card.data, this.now(), Number(this.outdatedAfter) || 48);
      })
      .catch(() => undefined)
      .then(() => super.scheduleUpdate());
  }

  protected override update(changed: PropertyValues<this>): void {
    if (this.#card) {
      this.#card.root.replaceChildren();
      this.renderOptions.renderBefore = null;
      this.#card = undefined;
    }
    super.update(changed);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('resort') || changed.has('locale') || changed.has('days') || changed.has('src')) void this.#load(this.view.kind === 'report' && !!this.#card);
  }

  /** Loads (again) the files of the current resort and locale. */
  reload(): Promise<void> {
    return this.#load(false);
  }

  /**
   * Reads the index, picks the built locale, then the resort's files. `quiet` (after a pre-rendered card)
   * keeps what is shown until the files arrive, and keeps it if they cannot be read.
   */
  async #load(quiet: boolean): Promise<void> {
    const generation = ++this.#generation;
    const resort = this.#resortId;
    if (!quiet) this.view = { kind: 'loading' };
    let base: string;
    try {
      base = this.#base;
    } catch {
      return this.#settle({ kind: 'error' }, generation, `src "${this.src}" is not a URL`);
    }
    const [index, report] = await Promise.all([loadIndex(base, this.fetcher), loadReport().catch(() => undefined)]);
    const locale = pickLocale(this.#requested, index?.locales);
    const strings = loadStrings(locale);
    if (!Number.isSafeInteger(resort) || resort <= 0 || (index && !index.resorts.has(resort))) {
      await strings;
      this.#shown = locale;
      return this.#settle({ kind: 'unknown-resort' }, generation, 'unknown resort');
    }
    try {
      if (!report) throw new Error('the report module could not be loaded');
      const [data] = await Promise.all([report.loadResort(base, locale, resort, this.#days, this.fetcher), strings]);
      if (generation !== this.#generation) return;
      this.#shown = locale;
      this.#report = report;
      this.#settle(report.reportView(data, this.now(), Number(this.outdatedAfter) || 48), generation);
    } catch (error) {
      await strings;
      if (quiet || generation !== this.#generation) return;
      this.#shown = locale;
      // a resort the index lists (or no index) whose file is missing is a broken tree, not an unknown resort
      const unknown = !index && error instanceof FileError && error.status === 404;
      this.#settle({ kind: unknown ? 'unknown-resort' : 'error' }, generation, unknown ? 'unknown resort' : String((error as Error)?.message ?? error));
    }
  }

  #settle(view: View, generation: number, reason?: string): void {
    if (generation !== this.#generation) return; // a newer load superseded this one
    this.view = view;
    void this.updateComplete.then(() => {
      if (view.kind === 'report') this.dispatchEvent(new CustomEvent('load', { detail: { resort: this.#resortId, locale: this.effectiveLocale } }));
      else this.dispatchEvent(new CustomEvent('error', { detail: { resort: this.resort, reason } }));
    });
  }

  protected override render(): HTMLTemplateResult {
    const locale = this.effectiveLocale;
    let base = '';
    try {
      base = this.#base;
    } catch {
      // an unusable src: no images
    }
    const ctx: RenderContext = { t: stringsFor(locale), locale, now: this.now(), days: this.#days, base };
    const retry = () => void this.reload();
    try {
      return renderCard(this.view, ctx, retry, this.#report?.renderReport);
    } catch {
      // the element never throws from render: whatever went wrong, it offers a retry
      return renderCard({ kind: 'error' }, ctx, retry);
    }
  }
}
