import { render, type HTMLTemplateResult } from 'lit/html.js';
import { ID_PATTERN } from '../scripts/api/text.ts';
import { FileError, loadIndex, type ResortData } from './data.ts';
import { loadStrings, stringsFor } from './i18n/index.ts';
import { pickLocale } from './locale.ts';
import { loadResort } from './files.ts';
import { renderCard } from './render/card.ts';
import type { RenderContext } from './render/context.ts';
import { reportView, type View } from './state.ts';
import { forecastDays, styles } from './styles.ts';

/** The compact strip's module (`layout="compact"`), loaded the first time an element asks for it. */
let compact: typeof import('./render/compact.ts') | undefined;
const loadCompact = () => import('./render/compact.ts').then((m) => (compact = m));

/** Where the files are when no `src` is given: the `api/` folder beside this script. */
const DEFAULT_BASE = new URL(/* @vite-ignore */ './api/', import.meta.url).href;

/** What a pre-rendered card carries for the element that takes it over (scripts/site/cards.ts). */
export interface CardData {
  resort: number;
  locale: string;
  days: number;
  /** `compact` for the compact strip's card. */
  layout?: string;
  data: ResortData;
}

/** The element's properties, each set by the attribute of the same name (`outdated-after` for `outdatedAfter`). */
interface Properties {
  resort: string;
  locale: string;
  days: number;
  src: string;
  outdatedAfter: number;
  theme: string;
  layout: string;
}

const DEFAULTS: Properties = {
  resort: '',
  locale: '',
  days: 3,
  src: '',
  outdatedAfter: 48,
  theme: '',
  layout: '',
};

/** The one style sheet every element adopts, made when the first one renders. */
let sheet: CSSStyleSheet | undefined;

/** The element's own events: `load` and `error` carry a `detail`, unlike the DOM's events of those names. */
export interface ResortConditionsEventMap extends Omit<HTMLElementEventMap, 'load' | 'error'> {
  /** The report is shown. */
  load: CustomEvent<{ resort: number; locale: string }>;
  /** The files could not be loaded, or the resort is not in them. */
  error: CustomEvent<{ resort: string; reason: string | undefined }>;
}

/** Listeners of the element's events get their `detail` typed (`event.detail.reason`), no cast needed. */
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

// A custom element whose shadow root lit renders. Its update cycle is the little of Lit's reactive element
// it needs (seven properties, one update per microtask, `updateComplete`): LitElement would add 2 KB
// gzipped to a bundle capped at 16 KB (widget/README.md, "Size").
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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface above adds typed overloads only
export class ResortConditions extends HTMLElement {
  static observedAttributes = ['resort', 'locale', 'days', 'src', 'outdated-after', 'theme', 'layout'];
  /** The element's style sheet, as text; the pre-rendered cards carry the same. */
  static styles = styles;

  /** The clock, in milliseconds; tests freeze it. */
  now: () => number = () => Date.now();
  /** How files are fetched; tests replace it. */
  fetcher: typeof fetch = (...args) => fetch(...args);
  #values: Properties = { ...DEFAULTS };
  #view: View = { kind: 'loading' };
  /** What changed since the last render: the first one loads the files. */
  #changed = new Set<keyof Properties | 'view'>(['resort', 'locale', 'days', 'src']);
  /** An update is queued; the first one waits for the element to be connected. */
  #pending = true;
  #connect!: () => void;
  #updated: Promise<boolean> = new Promise<void>((resolve) => (this.#connect = resolve)).then(() =>
    this.#perform(),
  );
  #root?: ShadowRoot;
  /** The style element, where a browser cannot adopt style sheets. */
  #style?: HTMLStyleElement;
  /** Properties set as such whose attribute the next render writes (the resort id, the theme). */
  #reflect = new Set<'resort' | 'theme'>();
  /** What a shadow root held before the element (a pre-rendered card) goes when the first render comes. */
  #clear = false;
  /** The built locale shown, once the snapshot's index has chosen it. */
  #shown = '';
  #generation = 0;
  /** A pre-rendered card (declarative shadow DOM) shown until the first render replaces it, and its data. */
  #card?: { data: ResortData };

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

  static {
    // each property reads and writes the element's values (the declarations above are its documentation)
    for (const key of Object.keys(DEFAULTS) as (keyof Properties)[]) {
      Object.defineProperty(this.prototype, key, {
        get(this: ResortConditions) {
          return this.#values[key];
        },
        set(this: ResortConditions, value: never) {
          this.#set(key, value);
        },
      });
    }
  }

  /** Resolves once what was set has been rendered; true when no further render is pending. */
  get updateComplete(): Promise<boolean> {
    return this.#updated;
  }

  /** What is shown: loading, a report, an unknown resort or an error. */
  protected get view(): View {
    return this.#view;
  }
  protected set view(view: View) {
    this.#view = view;
    this.#changed.add('view');
    this.#request();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    // the one attribute whose property is named otherwise
    const key = (name === 'outdated-after' ? 'outdatedAfter' : name) as keyof Properties;
    const fallback = DEFAULTS[key];
    // a removed attribute is its default again; a number attribute is read as a number (NaN is checked where
    // used), but `days` as written: "05" is not 5 days, since the reservation's selectors cannot read it so
    this.#set(
      key,
      value === null
        ? fallback
        : key === 'days'
          ? forecastDays(value)
          : typeof fallback === 'number'
            ? Number(value)
            : value,
      true,
    );
  }

  connectedCallback(): void {
    this.#root ??= this.#createRoot();
    this.#connect();
  }

  #set<K extends keyof Properties>(key: K, value: Properties[K], fromAttribute = false): void {
    if (Object.is(this.#values[key], value)) return;
    this.#values[key] = value;
    this.#changed.add(key);
    // the resort id and the theme set as properties are mirrored in their attributes when rendered: pages
    // select the element by its resort, and the styles read the theme from the attribute
    if (key === 'resort' || key === 'theme') {
      if (fromAttribute) this.#reflect.delete(key);
      else this.#reflect.add(key);
    }
    this.#request();
  }

  #request(): void {
    if (this.#pending) return;
    this.#pending = true;
    const perform = () => this.#perform();
    this.#updated = this.#updated.then(perform, perform);
  }

  /** The update: loads when what is shown depends on changed, then renders. One per microtask. */
  async #perform(): Promise<boolean> {
    const card = this.#card;
    // a pre-rendered card stays until its language is loaded; the first render replaces it
    if (card) {
      await Promise.all([loadStrings(this.#shown), this.layout === 'compact' && loadCompact()]).catch(
        () => undefined,
      );
      this.view = reportView(card.data, this.now(), Number(this.outdatedAfter) || 48);
    }
    const changed = this.#changed;
    const view = this.view;
    if (changed.has('resort') || changed.has('locale') || changed.has('days') || changed.has('src'))
      void this.#load(view.kind === 'report' && !!this.#card);
    // the same files, judged again: is the report outdated after this many hours?
    else if (changed.has('outdatedAfter') && view.kind === 'report')
      this.#view = reportView(view.data, this.now(), Number(this.outdatedAfter) || 48);
    this.#changed = new Set();
    this.#card = undefined;
    for (const key of this.#reflect) this.setAttribute(key, String(this.#values[key]));
    this.#reflect.clear();
    const root = this.#root!;
    if (this.#clear) {
      root.replaceChildren(...(this.#style ? [this.#style] : []));
      this.#clear = false;
    }
    render(this.#render(), root, { host: this });
    // the strip's styles, once its module is loaded (scoped to its frame: harmless to a full card)
    compact?.adoptCompact(root, this.#style);
    this.#pending = false;
    return true;
  }

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
    return forecastDays(this.days);
  }

  get #base(): string {
    return new URL(this.src || DEFAULT_BASE, document.baseURI).href.replace(/\/?$/, '/');
  }

  /**
   * The shadow root, with the element's style sheet. A pre-rendered card (declarative shadow DOM) of the
   * same resort and days is taken over: its data becomes the first view, so nothing flashes or moves.
   */
  #createRoot(): ShadowRoot {
    const root = this.shadowRoot;
    try {
      const card = JSON.parse(
        root?.querySelector('script[type="application/json"]')?.textContent ?? 'null',
      ) as CardData | null;
      if (card && card.resort === this.#resortId && card.days === this.#days) {
        this.#shown = card.locale;
        this.#card = { data: card.data };
      }
    } catch {
      // not a card of ours: render from the files
    }
    this.#clear = !!root?.firstChild;
    const own = root ?? this.attachShadow({ mode: 'open' });
    try {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(styles);
      }
      own.adoptedStyleSheets = [sheet];
    } catch {
      // no constructable style sheets: a style element, kept when a pre-rendered card is replaced
      this.#style = document.createElement('style');
      this.#style.textContent = styles;
      own.prepend(this.#style);
    }
    return own;
  }

  /** Fetches the files of the current resort and locale again, past every cache, and shows them. */
  reload(): Promise<void> {
    return this.#load(false, true);
  }

  /**
   * Reads the index, picks the built locale, then the resort's files. `quiet` (after a pre-rendered card)
   * keeps what is shown until the files arrive, and keeps it if they cannot be read.
   */
  async #load(quiet: boolean, fresh = false): Promise<void> {
    const generation = ++this.#generation;
    const resort = this.#resortId;
    if (!quiet) this.view = { kind: 'loading' };
    let base: string;
    try {
      base = this.#base;
    } catch {
      return this.#settle({ kind: 'error' }, generation, `src "${this.src}" is not a URL`);
    }
    const index = await loadIndex(base, this.fetcher, fresh);
    const locale = pickLocale(this.#requested, index?.locales);
    // the compact strip's module with the language, so that the first report is drawn as a strip (if it
    // cannot be loaded, #render says so)
    const strings = Promise.all([
      loadStrings(locale),
      this.layout === 'compact' && loadCompact().catch(() => 0),
    ]);
    // NaN for anything but an id (#resortId)
    if (!(resort > 0) || (index && !index.resorts.has(resort))) {
      await strings;
      this.#shown = locale;
      return this.#settle({ kind: 'unknown-resort' }, generation, 'unknown resort');
    }
    try {
      const [data] = await Promise.all([
        loadResort(base, locale, resort, this.#days, this.fetcher, fresh),
        strings,
      ]);
      if (generation !== this.#generation) return;
      this.#shown = locale;
      this.#settle(reportView(data, this.now(), Number(this.outdatedAfter) || 48), generation);
    } catch (error) {
      await strings;
      if (quiet || generation !== this.#generation) return;
      this.#shown = locale;
      // without an index, a missing report is an unknown resort; a resort the index lists whose report is
      // missing is one the build left out (a new resort or locale whose part failed): a later build brings it
      const missing =
        error instanceof FileError && error.status === 404 && error.url.endsWith('/combinedreport.json');
      const view: View = missing ? { kind: index ? 'not-yet' : 'unknown-resort' } : { kind: 'error' };
      this.#settle(
        view,
        generation,
        view.kind === 'error'
          ? String((error as Error)?.message ?? error)
          : view.kind === 'not-yet'
            ? 'not available yet'
            : 'unknown resort',
      );
    }
  }

  #settle(view: View, generation: number, reason?: string): void {
    if (generation !== this.#generation) return; // a newer load superseded this one
    this.view = view;
    void this.updateComplete.then(() => {
      if (view.kind === 'report')
        this.dispatchEvent(
          new CustomEvent('load', { detail: { resort: this.#resortId, locale: this.effectiveLocale } }),
        );
      else this.dispatchEvent(new CustomEvent('error', { detail: { resort: this.resort, reason } }));
    });
  }

  #render(): HTMLTemplateResult {
    const locale = this.effectiveLocale;
    let base = '';
    try {
      base = this.#base;
    } catch {
      // an unusable src: no images
    }
    const strip = this.layout === 'compact';
    const ctx: RenderContext = {
      t: stringsFor(locale),
      locale,
      now: this.now(),
      days: this.#days,
      base,
      compact: strip,
    };
    const retry = () => void this.reload();
    // the compact strip's module renders it once loaded; until then its frame holds the skeleton
    let view = this.view;
    let draw = renderCard;
    if (strip) {
      if (compact) draw = compact.renderCompact;
      else if (view.kind !== 'error') {
        // a module that cannot be loaded is an error, with a retry that loads it again
        view = { kind: 'loading' };
        void loadCompact().then(
          () => this.#request(),
          () => (this.view = { kind: 'error' }),
        );
      }
    }
    try {
      return draw(view, ctx, retry);
    } catch {
      // the element never throws from render: whatever went wrong, it offers a retry
      return draw({ kind: 'error' }, ctx, retry);
    }
  }
}
