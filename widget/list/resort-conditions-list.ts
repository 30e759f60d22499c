import { render, type HTMLTemplateResult } from 'lit/html.js';
import { assetPath } from '../../scripts/api/assets.ts';
import type { AttributionRecord } from '../../scripts/api/schemas/family-b.ts';
import { FileError, getJson, loadIndex } from '../data.ts';
import { loadStrings, stringsFor } from '../i18n/index.ts';
import { pickLocale } from '../locale.ts';
import { renderList, linkPattern, type ListView } from './render.ts';
import {
  firstDirection,
  groupFile,
  rowsOf,
  selectionOf,
  sortRows,
  type Column,
  type Selection,
  type Sort,
} from './rows.ts';
import { listStyles } from './styles.ts';

/** Where the files are when no `src` is given: the `api/` folder beside this script. */
const DEFAULT_BASE = new URL(/* @vite-ignore */ './api/', import.meta.url).href;

/** What a pre-rendered list carries for the element that takes it over (scripts/site/lists.ts). */
export interface ListData {
  region: number;
  locale: string;
  /** The group file's body and the attribution, as published. */
  group: unknown;
  attribution?: AttributionRecord;
  /** The build's time: stale rows are judged against it until the element reads the files. */
  builtAt: number;
}

interface Properties {
  region: string;
  resorts: string;
  locale: string;
  src: string;
  outdatedAfter: number;
  theme: string;
  hrefPattern: string;
}

const DEFAULTS: Properties = {
  region: '',
  resorts: '',
  locale: '',
  src: '',
  outdatedAfter: 48,
  theme: '',
  hrefPattern: '',
};
const ATTRIBUTES: Record<string, keyof Properties> = {
  region: 'region',
  resorts: 'resorts',
  locale: 'locale',
  src: 'src',
  'outdated-after': 'outdatedAfter',
  theme: 'theme',
  'href-pattern': 'hrefPattern',
};

let sheet: CSSStyleSheet | undefined;

/** The list's own events: `load` and `error` carry a `detail`, unlike the DOM's events of those names. */
export interface ResortConditionsListEventMap extends Omit<HTMLElementEventMap, 'load' | 'error'> {
  load: CustomEvent<{ region: number | null; resorts: number[]; locale: string }>;
  error: CustomEvent<{ reason: string }>;
  sort: CustomEvent<Sort>;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- only overloads of methods HTMLElement implements
export interface ResortConditionsList {
  addEventListener<K extends keyof ResortConditionsListEventMap>(
    type: K,
    listener: (this: ResortConditionsList, event: ResortConditionsListEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof ResortConditionsListEventMap>(
    type: K,
    listener: (this: ResortConditionsList, event: ResortConditionsListEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

// the card's small update cycle (resort-conditions.ts): one render per microtask, `updateComplete`
/**
 * `<resort-conditions-list>`: a table of many resorts (a region's, or those a page names) with their
 * state, the day of their report, new snow over 24/48/72 hours, depths at base and summit and lifts and
 * runs open, sortable by each column; read from one group file of the snapshot. This module defines the
 * class only; `define.ts` beside it registers the tag.
 *
 * @fires load - The rows are shown. `detail: { region, resorts, locale }` (`region` the id or null, `resorts` the ids shown)
 * @fires error - The files could not be loaded, the region is not in them, or the attributes name nothing. `detail: { reason }`
 * @fires sort - A column header was activated. `detail: { column, direction }`
 * @slot - Shown before the script loads, while loading, and below a message.
 * @csspart frame - The frame: caption, table and attribution.
 * @csspart table - The table.
 * @csspart caption - The table's caption.
 * @csspart header - The header row group.
 * @csspart sort - Each column header's sort button.
 * @csspart row - One resort's row (and a message's).
 * @csspart name - The resort's name cell.
 * @csspart link - The link of a resort's name (with `href-pattern`).
 * @csspart status - The resort's state.
 * @csspart updated - The day of the report, and the outdated mark.
 * @csspart value - A figure: new snow, depth, lifts or runs open.
 * @csspart message - Loading, error and empty messages.
 * @csspart retry - The retry button.
 * @cssprop --rc-rows - Rows to reserve before the script and the data (the build's `resort-conditions-list.css` sets it per region, and for a `resorts` list from its ids).
 * @cssprop --rc-background - Background (default white, dark in dark mode).
 * @cssprop --rc-color - Text colour.
 * @cssprop --rc-muted-color - Secondary text.
 * @cssprop --rc-accent-color - Links and buttons.
 * @cssprop --rc-border-color - Lines and borders.
 * @cssprop --rc-open-color - "Open" state.
 * @cssprop --rc-closed-color - "Closed" states.
 * @cssprop --rc-warning-color - The outdated mark.
 * @cssprop --rc-font - Font shorthand.
 * @cssprop --rc-radius - Corner radius.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface above adds typed overloads only
export class ResortConditionsList extends HTMLElement {
  static observedAttributes = Object.keys(ATTRIBUTES);
  /** The element's style sheet, as text; the pre-rendered lists carry the same. */
  static styles = listStyles;

  /** The clock, in milliseconds; tests freeze it. */
  now: () => number = () => Date.now();
  /** How files are fetched; tests replace it. */
  fetcher: typeof fetch = (...args) => fetch(...args);
  #values: Properties = { ...DEFAULTS };
  #view: ListView = { kind: 'loading' };
  /** The group file's body, kept to sort and judge again without reading it. */
  #group: { body: unknown; attribution?: AttributionRecord; selection: Selection } | undefined;
  #sort: Sort | undefined;
  #load = true;
  #pending = true;
  #connect!: () => void;
  #updated: Promise<boolean> = new Promise<void>((resolve) => (this.#connect = resolve)).then(() =>
    this.#perform(),
  );
  #root?: ShadowRoot;
  #style?: HTMLStyleElement;
  #clear = false;
  #shown = '';
  #generation = 0;
  /** A pre-rendered list's data, shown until the files are read. */
  #prerendered?: ListData;

  /**
   * Region id: a country, state or region of the snapshot's region lists; its resorts, by name.
   * @attr region
   * @default ''
   */
  declare region: string;

  /**
   * Resort ids, comma-separated (`20,25,60`), in the order shown; read when `region` is not set.
   * @attr resorts
   * @default ''
   */
  declare resorts: string;

  /**
   * Locale to read (`en-US`, `de-DE`…); default: the closest `lang`. Falls back among the built locales.
   * @attr locale
   * @default ''
   */
  declare locale: string;

  /**
   * Base URL of the snapshot's `api/` folder; default: `api/` beside the script.
   * @attr src
   * @default ''
   */
  declare src: string;

  /**
   * Hours after the end of its day after which a report is marked as outdated.
   * @attr outdated-after
   * @default 48
   */
  declare outdatedAfter: number;

  /**
   * `light` or `dark` for a page with a colour switch of its own; otherwise the reader's preference.
   * @attr theme
   * @default ''
   */
  declare theme: string;

  /**
   * Link of each resort's name, `{id}` for its id (`https://partner.example/resorts/{id}`); only http(s).
   * @attr href-pattern
   * @default ''
   */
  declare hrefPattern: string;

  static {
    for (const key of Object.keys(DEFAULTS) as (keyof Properties)[]) {
      Object.defineProperty(this.prototype, key, {
        get(this: ResortConditionsList) {
          return this.#values[key];
        },
        set(this: ResortConditionsList, value: never) {
          this.#set(key, value);
        },
      });
    }
  }

  /** Resolves once what was set has been rendered. */
  get updateComplete(): Promise<boolean> {
    return this.#updated;
  }

  /** The column and direction the rows are sorted by; undefined: the default order. */
  get sort(): Sort | undefined {
    return this.#sort;
  }

  /** The locale this element reads: the built one chosen for it, or the closest supported one until known. */
  get effectiveLocale(): string {
    return this.#shown || pickLocale(this.locale || this.closest('[lang]')?.getAttribute('lang'));
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    const key = ATTRIBUTES[name]!;
    const fallback = DEFAULTS[key];
    this.#set(key, value === null ? fallback : typeof fallback === 'number' ? Number(value) : value);
  }

  connectedCallback(): void {
    this.#root ??= this.#createRoot();
    this.#connect();
  }

  #set<K extends keyof Properties>(key: K, value: Properties[K]): void {
    if (Object.is(this.#values[key], value)) return;
    this.#values[key] = value;
    if (key === 'region' || key === 'resorts' || key === 'locale' || key === 'src') this.#load = true;
    else if (key === 'outdatedAfter') this.#judge();
    this.#request();
  }

  #request(): void {
    if (this.#pending) return;
    this.#pending = true;
    const perform = () => this.#perform();
    this.#updated = this.#updated.then(perform, perform);
  }

  async #perform(): Promise<boolean> {
    const prerendered = this.#prerendered;
    if (prerendered) {
      this.#prerendered = undefined;
      await loadStrings(prerendered.locale).catch(() => undefined);
      this.#shown = prerendered.locale;
      this.#group = {
        body: prerendered.group,
        attribution: prerendered.attribution,
        selection: { kind: 'region', region: prerendered.region },
      };
      this.#judge(prerendered.builtAt);
    }
    if (this.#load) {
      this.#load = false;
      void this.#read(!!prerendered);
    }
    const root = this.#root!;
    if (this.#clear) {
      root.replaceChildren(...(this.#style ? [this.#style] : []));
      this.#clear = false;
    }
    render(this.#render(), root, { host: this });
    this.#setRows(root);
    this.#pending = false;
    return true;
  }

  get #selection(): Selection {
    return selectionOf(this.region, this.resorts);
  }

  get #base(): string {
    return new URL(this.src || DEFAULT_BASE, document.baseURI).href.replace(/\/?$/, '/');
  }

  #createRoot(): ShadowRoot {
    const root = this.shadowRoot;
    try {
      const data = JSON.parse(
        root?.querySelector('script[type="application/json"]')?.textContent ?? 'null',
      ) as ListData | null;
      const selection = this.#selection;
      if (data && selection.kind === 'region' && data.region === selection.region) this.#prerendered = data;
    } catch {
      // not a list of ours: render from the files
    }
    this.#clear = !!root?.firstChild;
    const own = root ?? this.attachShadow({ mode: 'open' });
    try {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(listStyles);
      }
      own.adoptedStyleSheets = [sheet];
    } catch {
      this.#style = document.createElement('style');
      this.#style.textContent = listStyles;
      own.prepend(this.#style);
    }
    return own;
  }

  /** Sorts the rows by a column: its first direction, or the other one when it is sorted already. */
  sortBy(column: Column, direction?: Sort['direction']): void {
    // a region's rows come by name before any sort: a press on the name's header reverses them
    const shown =
      this.#sort ??
      (this.#group?.selection.kind === 'region' ? { column: 'name', direction: 'ascending' } : undefined);
    const current = shown?.column === column ? shown.direction : undefined;
    this.#sort = {
      column,
      direction:
        direction ??
        (current ? (current === 'ascending' ? 'descending' : 'ascending') : firstDirection(column)),
    };
    this.#judge();
    this.#request();
    this.dispatchEvent(new CustomEvent('sort', { detail: { ...this.#sort } }));
  }

  /** Fetches the files again, past every cache, and shows them. */
  reload(): Promise<void> {
    return this.#read(false, true);
  }

  /** The rows again from the group file held: after a sort, a new `outdated-after`, a pre-rendered list. */
  #judge(now = this.now()): void {
    const group = this.#group;
    if (!group) return;
    const locale = this.effectiveLocale;
    const rows = rowsOf(group.selection, group.body, now, Number(this.outdatedAfter) || 48, locale);
    const sort =
      this.#sort ??
      (group.selection.kind === 'region'
        ? { column: 'name' as const, direction: 'ascending' as const }
        : undefined);
    this.#view = {
      kind: 'rows',
      rows: sort ? sortRows(rows, sort, locale) : rows,
      ...(sort ? { sort } : {}),
      ...(group.attribution ? { attribution: group.attribution } : {}),
    };
  }

  /** The index (for the locale), then the selection's one group file and the attribution. */
  async #read(quiet: boolean, fresh = false): Promise<void> {
    const generation = ++this.#generation;
    const selection = this.#selection;
    if (!quiet) this.#show({ kind: 'loading' });
    let base: string;
    try {
      base = this.#base;
    } catch {
      return this.#settle({ kind: 'error' }, generation, `src "${this.src}" is not a URL`);
    }
    const index = await loadIndex(base, this.fetcher, fresh);
    const locale = pickLocale(this.locale || this.closest('[lang]')?.getAttribute('lang'), index?.locales);
    await loadStrings(locale);
    if (generation !== this.#generation) return;
    const path = groupFile(locale, selection);
    if (!path) {
      this.#shown = locale;
      return this.#settle({ kind: 'invalid' }, generation, 'neither region nor resorts names a resort');
    }
    try {
      const [body, attribution] = await Promise.all([
        getJson(new URL(path, base).href, this.fetcher, fresh),
        getJson(
          new URL(`${locale}/externalservice/myaccount/attribution.json`, base).href,
          this.fetcher,
          fresh,
        ).catch(() => undefined),
      ]);
      if (generation !== this.#generation) return;
      this.#shown = locale;
      this.#group = {
        body,
        selection,
        ...(typeof attribution === 'object' && attribution
          ? { attribution: attribution as AttributionRecord }
          : {}),
      };
      this.#judge();
      this.#settle(this.#view, generation);
    } catch (error) {
      if (quiet || generation !== this.#generation) return;
      this.#shown = locale;
      const unknown = error instanceof FileError && error.status === 404 && selection.kind === 'region';
      this.#settle(
        unknown ? { kind: 'unknown-region' } : { kind: 'error' },
        generation,
        unknown ? 'unknown region' : String((error as Error)?.message ?? error),
      );
    }
  }

  #show(view: ListView): void {
    this.#view = view;
    this.#request();
  }

  #settle(view: ListView, generation: number, reason?: string): void {
    if (generation !== this.#generation) return;
    this.#show(view);
    void this.updateComplete.then(() => {
      if (view.kind === 'rows') {
        const selection = this.#group?.selection;
        const detail = {
          region: selection?.kind === 'region' ? selection.region : null,
          resorts: view.rows.map((r) => r.id),
          locale: this.effectiveLocale,
        };
        this.dispatchEvent(new CustomEvent('load', { detail }));
      } else this.dispatchEvent(new CustomEvent('error', { detail: { reason: reason ?? view.kind } }));
    });
  }

  /** The rows the frame holds: those shown, else a list's ids, else the page's `--rc-rows` (by region). */
  #rowCount(): number | undefined {
    if (this.#view.kind === 'rows') return Math.max(1, this.#view.rows.length);
    const selection = this.#selection;
    return selection.kind === 'resorts' ? selection.ids.length : undefined;
  }

  /** The row count as a custom property set through the CSSOM, which no content security policy refuses. */
  #setRows(root: ShadowRoot): void {
    const frame = root.querySelector<HTMLElement>('.frame');
    const n = this.#rowCount();
    if (!frame) return;
    if (n === undefined) frame.style.removeProperty('--_n');
    else frame.style.setProperty('--_n', String(n));
  }

  #render(): HTMLTemplateResult {
    const locale = this.effectiveLocale;
    let base = '';
    try {
      base = this.#base;
    } catch {
      // an unusable src: no images
    }
    const link = linkPattern(this.hrefPattern);
    const ctx = {
      t: stringsFor(locale),
      locale,
      link,
      asset: (url: unknown) => {
        const path = assetPath(url);
        return path && base ? new URL(`../${path}`, base).href : undefined;
      },
      onSort: (column: Column) => this.sortBy(column),
      retry: () => void this.reload(),
    };
    try {
      return renderList(this.#view, ctx);
    } catch {
      return renderList({ kind: 'error' }, ctx);
    }
  }
}
