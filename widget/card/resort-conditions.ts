import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { ID_PATTERN } from '../../scripts/api/browser.ts';
import { FileError, type CardData, type ResortData } from '../data.ts';
import { fileFailure, ResortElement, type ErrorCode, type Failure } from '../element.ts';
import { stringsFor } from '../i18n/index.ts';
import { loadResort } from './files.ts';
import { loadMessages, messages } from './message-chunk.ts';
import { renderCard } from './render.ts';
import { REPORTED, renderReport } from './report.ts';
import type { RenderContext } from '../context.ts';
import { reportView, type View } from '../state.ts';
import { forecastDays } from './days.ts';
import type { Season } from '../season/chart.ts';
import { styles } from './styles.ts';

/** The compact strip's module (`layout="compact"`), loaded the first time an element asks for it. */
let compact: typeof import('./compact.ts') | undefined;
const loadCompact = () => import('./compact.ts').then((m) => (compact = m));

/** The season chart's module (`season`), loaded the first time an element asks for it. */
let chart: typeof import('../season/chart.ts') | undefined;
const loadChart = () => import('../season/chart.ts').then((m) => (chart = m));

export type { CardData };

export type { ErrorCode };

/** The element's own events: `load` and `error` carry a `detail`, unlike the DOM's events of those names. */
export interface ResortConditionsEventMap extends Omit<HTMLElementEventMap, 'load' | 'error'> {
  /** The report is shown. */
  load: CustomEvent<{ resort: number; locale: string }>;
  /**
   * No report is shown: the files could not be loaded, or the resort is not in them. `code` says which
   * (widget/README.md, "Events"); `reason` says it for people, with the address tried.
   */
  error: CustomEvent<{ resort: string; code: ErrorCode; reason: string }>;
}

/** Listeners of the element's events get their `detail` typed (`event.detail.code`), no cast needed. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- only overloads of methods HTMLElement implements
export interface ResortConditions {
  addEventListener<K extends keyof ResortConditionsEventMap>(
    type: K,
    listener: (this: ResortConditions, event: ResortConditionsEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof ResortConditionsEventMap>(
    type: K,
    listener: (this: ResortConditions, event: ResortConditionsEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

// The update cycle, the root and the events are the elements' shared base (element.ts).
/**
 * `<resort-conditions>`: snow report, forecast and attribution of one resort, read from the snapshot's
 * static files. This module defines the class only; `define.ts` registers the tag.
 *
 * @fires load - The report is shown. `detail: { resort, locale }`
 * @fires error - The files could not be loaded, or the resort is not in them. `detail: { resort, code, reason }`
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
 * @csspart season - The season chart (`season`): depths, new snow and the days open, from the snapshot's history.
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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface above adds typed overloads only
export class ResortConditions extends ResortElement {
  /** @internal */
  static override defaults = {
    resort: '',
    locale: '',
    days: 3,
    src: '',
    outdatedAfter: 48,
    theme: '',
    layout: '',
    season: false,
  };
  /**
   * Written back to their attributes: pages select the element by its resort, the styles read the theme.
   * @internal
   */
  static override reflected = ['resort', 'theme', 'season'];
  static override styles = styles;

  #view: View = { kind: 'loading' };
  /** The season chart's days: undefined while they load, null when there are none to show. */
  #season: Season | null | undefined;
  #seasonReads = 0;

  /**
   * Resort id, as in the snapshot's files.
   * @attr resort
   * @reflect
   * @default ''
   */
  declare resort: string;

  /**
   * Locale to read (`en-US`, `de-DE`…); default: the closest `lang`. Falls back among the built locales.
   * @attr locale
   * @default ''
   */
  declare locale: string;

  /**
   * Forecast days after today: 0 to 5, written as one digit; any other value is 3.
   * @attr days
   * @default 3
   */
  declare days: number;

  /**
   * Base URL of the snapshot's `api/` folder; default: `api/` beside the script.
   * @attr src
   * @default ''
   */
  declare src: string;

  /**
   * Hours after which the report is flagged as outdated.
   * @attr outdated-after
   * @default 48
   */
  declare outdatedAfter: number;

  /**
   * `light` or `dark` for a page with a colour switch of its own; otherwise the reader's preference.
   * @attr theme
   * @reflect
   * @default ''
   */
  declare theme: string;

  /**
   * `compact` for the compact strip (a sidebar, a banner); any other value is the full card.
   * @attr layout
   * @default ''
   */
  declare layout: string;

  /**
   * Adds a chart of the resort's season to the full card, from the snapshot's history (the `season` part).
   * @attr season
   * @reflect
   * @default false
   */
  declare season: boolean;

  static {
    this.defineProperties();
  }

  /** Shows a view: loading, a report, an unknown resort or an error. */
  #show(view: View): void {
    this.#view = view;
    this.requestUpdate();
  }

  /** A resort's files as shown now: is its report outdated after `outdated-after` hours? */
  #judge(data: ResortData): View {
    return reportView(data, this.now(), this.outdatedHours);
  }

  // `days` as written: "05" is not 5 days, since the reservation's selectors cannot read it so
  protected override fromAttribute(key: string, value: string | null) {
    return key === 'days' && value !== null ? forecastDays(value) : super.fromAttribute(key, value);
  }

  /** The resort id as the files name it (`25`, not `025`, `0x19` or `25.0`); NaN for anything else. */
  get #resortId(): number {
    const text = String(this.resort ?? '').trim();
    return ID_PATTERN.test(text) ? Number(text) : NaN;
  }

  get #days(): number {
    return forecastDays(this.days);
  }

  /** A pre-rendered card of this resort and days stays until its language (and the strip's module) is loaded. */
  protected async adopt(copy: ShadowRoot): Promise<boolean> {
    const card = await import('../adopt.ts').then(
      (m) =>
        m.cardCopy(copy, this.#resortId, this.#days, this.layout === 'compact' ? loadCompact : undefined),
      () => undefined,
    );
    if (!card) return false;
    this.shown = card.locale;
    this.#view = this.#judge(card.data);
    return true;
  }

  protected willUpdate(changed: Set<string>, adopted: boolean): void {
    const view = this.#view;
    if (changed.has('resort') || changed.has('locale') || changed.has('days') || changed.has('src'))
      void this.#load(adopted && view.kind === 'report');
    if (changed.has('resort') || changed.has('src') || changed.has('season')) void this.#loadSeason();
    // the same files, judged again: is the report outdated after this many hours?
    else if (changed.has('outdatedAfter') && view.kind === 'report') this.#view = this.#judge(view.data);
  }

  /** The strip's styles, once its module is loaded (scoped to its frame: harmless to a full card). */
  protected override updated(root: ShadowRoot): void {
    compact?.adoptCompact(root);
    messages?.adoptMessages(root);
    if (this.#season) chart?.adoptSeason(root);
  }

  /** Fetches the files of the current resort and locale again, past every cache, and shows them. */
  reload(): Promise<void> {
    void this.#loadSeason(true);
    return this.#load(false, true);
  }

  /**
   * Reads the resort's season for the chart (`season`), with the chart's module; no chart when either cannot
   * be read or the file is not a season: the card shows the rest as it is.
   */
  async #loadSeason(fresh = false): Promise<void> {
    const read = ++this.#seasonReads;
    this.#season = undefined;
    if (!this.season || this.layout === 'compact') return;
    let season: Season | null = null;
    try {
      season = (await (await loadChart()).loadSeason(this.base, this.#resortId, this.fetcher, fresh)) ?? null;
    } catch {
      // no history, or no chunk: no chart
    }
    if (read !== this.#seasonReads) return;
    this.#season = season;
    this.requestUpdate();
  }

  /**
   * Reads the index, picks the built locale, then the resort's files. `quiet` (after a pre-rendered card)
   * keeps what is shown until the files arrive, and keeps it if they cannot be read.
   */
  async #load(quiet: boolean, fresh = false): Promise<void> {
    const generation = ++this.generation;
    const resort = this.#resortId;
    if (!quiet) this.#show({ kind: 'loading' });
    // the compact strip's module with the index, so that the first report is drawn as a strip
    const strip =
      this.layout !== 'compact' ||
      loadCompact().then(
        () => true,
        () => false,
      );
    const read = await this.readIndex(fresh);
    if (generation !== this.generation) return;
    if ('code' in read) {
      if (!quiet)
        void this.#settle(
          { kind: read.code === 'index-unavailable' ? read.code : 'error' },
          generation,
          read,
        );
      return;
    }
    this.shown = read.locale;
    if (!(await strip))
      return this.#settle({ kind: 'error' }, generation, {
        code: 'script-unavailable',
        reason: 'the compact strip could not be loaded',
      });
    // NaN for anything but an id (#resortId)
    if (!(resort > 0) || !read.index.resorts.has(resort))
      return this.#settle({ kind: 'unknown-resort' }, generation, {
        code: 'unknown-resort',
        reason: `resort "${this.resort}" is not in ${read.base}manifest.json`,
      });
    try {
      const data = await loadResort(read.base, read.locale, resort, this.#days, this.fetcher, fresh);
      if (generation !== this.generation) return;
      void this.#settle(this.#judge(data), generation);
    } catch (error) {
      if (quiet || generation !== this.generation) return;
      // a resort the index lists whose report is missing is one the build left out (a new resort or locale
      // whose part failed): a later build brings it
      const missing =
        error instanceof FileError && error.status === 404 && error.url.endsWith('/combinedreport.json');
      void this.#settle(
        { kind: missing ? 'not-yet' : 'error' },
        generation,
        missing
          ? { code: 'not-available-yet', reason: `${error.url}: not available yet` }
          : fileFailure('file-unavailable', error),
      );
    }
  }

  async #settle(view: View, generation: number, failure?: Failure): Promise<void> {
    // a card or a strip without a report says why with the messages' chunk (its pictures): shown once
    // loaded, or known not to load
    if (failure || (view.kind === 'report' && !REPORTED.has(view.status)))
      await loadMessages().catch(() => undefined);
    if (generation !== this.generation) return; // a newer load superseded this one
    this.#show(view);
    this.announce(
      generation,
      failure ? { resort: this.resort } : { resort: this.#resortId, locale: this.effectiveLocale },
      failure,
    );
  }

  protected template(): HTMLTemplateResult {
    const locale = this.effectiveLocale;
    const strip = this.layout === 'compact';
    const ctx: RenderContext = {
      t: stringsFor(locale),
      locale,
      now: this.now(),
      days: this.#days,
      base: this.imageBase,
      compact: strip,
    };
    const retry = () => void this.reload();
    // the compact strip's module renders it once loaded; until then its frame holds the skeleton (a module
    // that cannot be loaded is an error, with a retry that loads it again)
    let view = this.#view;
    let draw = renderCard;
    // the season chart after the card's content: an empty block of its room while it loads, nothing when
    // there is none
    const season = this.#season;
    const report: typeof renderReport = (v, c) =>
      html`${renderReport(v, c)}${season === null ? nothing : season && chart ? chart.renderSeason(season, c) : html`<div class="season"></div>`}`;
    if (strip) {
      if (compact) draw = compact.renderCompact;
      else if (view.kind !== 'error') {
        view = { kind: 'loading' };
        void loadCompact().then(
          () => this.requestUpdate(),
          () => this.#show({ kind: 'error' }),
        );
      }
    }
    try {
      return this.season && draw === renderCard
        ? renderCard(view, ctx, retry, report)
        : draw(view, ctx, retry);
    } catch {
      // the element never throws from render: whatever went wrong, it offers a retry (with the messages'
      // chunk, drawn again once loaded)
      void loadMessages().then(
        (loaded) => loaded && this.requestUpdate(),
        () => undefined,
      );
      return draw({ kind: 'error' }, ctx, retry);
    }
  }
}
