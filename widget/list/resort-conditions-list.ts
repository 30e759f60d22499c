import type { HTMLTemplateResult } from 'lit/html.js';
import { assetPath } from '../../scripts/api/browser.ts';
import type { AttributionRecord } from '../../scripts/api/browser.ts';
import { FileError, getJson } from '../data.ts';
import { fileFailure, ResortElement, type ErrorCode, type Failure } from '../element.ts';
import { loadStrings, stringsFor } from '../i18n/index.ts';
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
import { regionLeftOut } from './left-out.ts';

/** What a pre-rendered list carries for the element that takes it over (scripts/embeds/lists.ts). */
export interface ListData {
  region: number;
  locale: string;
  /** The group file's body and the attribution, as published. */
  group: unknown;
  attribution?: AttributionRecord;
  /** The build's time: stale rows are judged against it until the element reads the files. */
  builtAt: number;
}

/** The list's own events: `load` and `error` carry a `detail`, unlike the DOM's events of those names. */
export interface ResortConditionsListEventMap extends Omit<HTMLElementEventMap, 'load' | 'error'> {
  load: CustomEvent<{ region: number | null; resorts: number[]; locale: string }>;
  /** No rows are shown: `code` says why (widget/README.md, "Events"), `reason` says it for people. */
  error: CustomEvent<{ code: ErrorCode; reason: string }>;
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

// The update cycle, the root and the events are the elements' shared base (../element.ts).
/**
 * `<resort-conditions-list>`: a table of many resorts (a region's, or those a page names) with their
 * state, the day of their report, new snow over 24/48/72 hours, depths at base and summit and lifts and
 * runs open, sortable by each column; read from one group file of the snapshot. This module defines the
 * class only; `define.ts` beside it registers the tag.
 *
 * @fires load - The rows are shown. `detail: { region, resorts, locale }` (`region` the id or null, `resorts` the ids shown)
 * @fires error - The files could not be loaded, the region is not in them, or the attributes name nothing. `detail: { code, reason }`
 * @fires sort - A column header was activated, or an order chosen in the select. `detail: { column, direction }`
 * @slot - Shown before the script loads, while loading, and below a message.
 * @csspart frame - The frame: caption, table and attribution.
 * @csspart table - The table.
 * @csspart caption - The table's caption.
 * @csspart header - The header row group.
 * @csspart sort - Each column header's sort button (a table's, from 900 px).
 * @csspart sort-select - The stacked rows' one sort control, a select (under 900 px).
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
export class ResortConditionsList extends ResortElement {
  /** @internal */
  static override defaults = {
    region: '',
    resorts: '',
    locale: '',
    src: '',
    outdatedAfter: 48,
    theme: '',
    hrefPattern: '',
  };
  /**
   * Written back to its attribute: the styles read the theme.
   * @internal
   */
  static override reflected = ['theme'];
  static override styles = listStyles;

  #view: ListView = { kind: 'loading' };
  /** The group file's body, kept to sort and judge again without reading it. */
  #group: { body: unknown; attribution?: AttributionRecord; selection: Selection } | undefined;
  #sort: Sort | undefined;

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
    this.defineProperties();
  }

  /** The column and direction the rows are sorted by; undefined: the default order. */
  get sort(): Sort | undefined {
    return this.#sort;
  }

  get #selection(): Selection {
    return selectionOf(this.region, this.resorts);
  }

  /** A pre-rendered list of this region: its rows, judged at the build's time, until the files are read. */
  protected async adopt(copy: ShadowRoot): Promise<boolean> {
    const list = (await import('../adopt.ts').then(
      (m) => m.copyData(copy),
      () => undefined,
    )) as ListData | undefined;
    const selection = this.#selection;
    if (!list || selection.kind !== 'region' || list.region !== selection.region) return false;
    await loadStrings(list.locale).catch(() => undefined);
    this.shown = list.locale;
    this.#group = {
      body: list.group,
      attribution: list.attribution,
      selection: { kind: 'region', region: list.region },
    };
    this.#judge(list.builtAt);
    return true;
  }

  protected willUpdate(changed: Set<string>, adopted: boolean): void {
    if (changed.has('region') || changed.has('resorts') || changed.has('locale') || changed.has('src'))
      void this.#read(adopted);
    else if (changed.has('outdatedAfter')) this.#judge();
  }

  protected override updated(root: ShadowRoot): void {
    this.#setRows(root);
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
    this.requestUpdate();
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
    const rows = rowsOf(group.selection, group.body, now, this.outdatedHours, locale);
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
    const generation = ++this.generation;
    const selection = this.#selection;
    if (!quiet) this.#show({ kind: 'loading' });
    const read = await this.readIndex(fresh);
    if (generation !== this.generation) return;
    if ('code' in read) {
      if (!quiet)
        this.#settle({ kind: read.code === 'index-unavailable' ? read.code : 'error' }, generation, read);
      return;
    }
    const { base, locale } = read;
    const path = groupFile(locale, selection);
    if (!path) {
      this.shown = locale;
      return this.#settle({ kind: 'invalid' }, generation, {
        code: 'no-resorts',
        reason: 'neither region nor resorts names a resort',
      });
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
      if (generation !== this.generation) return;
      this.shown = locale;
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
      if (quiet || generation !== this.generation) return;
      this.shown = locale;
      // a region the build left out (its index's `missing`) is in the snow report: its file comes later
      const unknown =
        error instanceof FileError &&
        error.status === 404 &&
        selection.kind === 'region' &&
        !(await regionLeftOut(base, locale, String(selection.region), this.fetcher));
      if (generation !== this.generation) return;
      this.#settle(
        unknown ? { kind: 'unknown-region' } : { kind: 'error' },
        generation,
        unknown
          ? {
              code: 'unknown-region',
              reason: `${(error as FileError).url}: the snapshot has no list of region ${this.region}`,
            }
          : fileFailure('file-unavailable', error),
      );
    }
  }

  #show(view: ListView): void {
    this.#view = view;
    this.requestUpdate();
  }

  #settle(view: ListView, generation: number, failure?: Failure): void {
    if (generation !== this.generation) return;
    this.#show(view);
    const selection = this.#group?.selection;
    this.announce(
      generation,
      view.kind === 'rows'
        ? {
            region: selection?.kind === 'region' ? selection.region : null,
            resorts: view.rows.map((r) => r.id),
            locale: this.effectiveLocale,
          }
        : {},
      failure,
    );
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

  protected template(): HTMLTemplateResult {
    const locale = this.effectiveLocale;
    const base = this.imageBase;
    const link = linkPattern(this.hrefPattern);
    const ctx = {
      t: stringsFor(locale),
      locale,
      link,
      asset: (url: unknown) => {
        const path = assetPath(url);
        return path && base ? new URL(`../${path}`, base).href : undefined;
      },
      onSort: (column: Column, direction?: Sort['direction']) => this.sortBy(column, direction),
      retry: () => void this.reload(),
    };
    try {
      return renderList(this.#view, ctx);
    } catch {
      return renderList({ kind: 'error' }, ctx);
    }
  }
}
