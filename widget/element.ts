/**
 * The base of both elements, `<resort-conditions>` (resort-conditions.ts) and `<resort-conditions-list>`
 * (list/resort-conditions-list.ts): properties set by their attributes, one render per microtask with
 * `updateComplete`, the shadow root with the element's style sheet (taking over a pre-rendered one), where
 * the snapshot is, which of its locales to read, and the `load` and `error` events. It is the little of Lit's
 * reactive element they need: LitElement would add 2 KB gzipped to scripts capped at 16 KB
 * (widget/README.md, "Size"). Both scripts share it, with lit and the files' cache, in one chunk.
 */
import { render, type HTMLTemplateResult } from 'lit/html.js';
import { FileError, loadIndex, type SnapshotIndex } from './data.ts';
import { loadStrings } from './i18n/index.ts';
import { isLanguageTag, pickLocale } from './locale.ts';

/**
 * Why an element shows no report or rows: the `code` of its `error` event (widget/README.md, "Events").
 * - `invalid-src`: `src` is not a URL.
 * - `index-unavailable`: the snapshot's index (`api/manifest.json` under `src`) cannot be read: not there
 *   (a wrong `src`), no answer (offline, or a host without `Access-Control-Allow-Origin: *`), not JSON.
 * - `unknown-resort`: the index does not list the resort (or `resort` is no id).
 * - `not-available-yet`: the index lists the resort, but the build left its report out.
 * - `unknown-region`: the snapshot has no list of the region (or publishes no group files).
 * - `no-resorts`: neither `region` nor `resorts` names a resort.
 * - `file-unavailable`: a file the index promises cannot be read (network, HTTP error, a broken body).
 * - `script-unavailable`: a chunk of the element's own script cannot be loaded (the compact strip's).
 */
export type ErrorCode =
  | 'invalid-src'
  | 'index-unavailable'
  | 'unknown-resort'
  | 'not-available-yet'
  | 'unknown-region'
  | 'no-resorts'
  | 'file-unavailable'
  | 'script-unavailable';

/** An `error` event's detail: a stable `code`, and a reason for people that names the address tried. */
export interface Failure {
  code: ErrorCode;
  reason: string;
}

/** A failure from a file that could not be read: its address and what went wrong. */
export const fileFailure = (code: ErrorCode, error: unknown): Failure => ({
  code,
  reason: error instanceof FileError ? error.message : String((error as Error)?.message ?? error),
});

/** Where the files are when no `src` is given: the `api/` folder beside the script. */
const DEFAULT_BASE = new URL(/* @vite-ignore */ './api/', import.meta.url).href;

/** `outdatedAfter` → `outdated-after`. */
const attributeOf = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One style sheet per element class, made when its first element renders. */
const sheets = new Map<string, CSSStyleSheet>();

export type Value = string | number | boolean;

export abstract class ResortElement extends HTMLElement {
  /**
   * Each property's default, by name; the attribute of its name in kebab case sets it (`outdated-after`).
   * @internal
   */
  static defaults: Record<string, Value> = {};
  /**
   * Properties that, set as such, are written back to their attributes (the styles read them).
   * @internal
   */
  static reflected: readonly string[] = [];
  /** The element's style sheet, as text; its pre-rendered copies carry the same. */
  static styles = '';

  static get observedAttributes(): string[] {
    return Object.keys(this.defaults).map(attributeOf);
  }

  /**
   * Gives the class a property for each of its defaults, read from and written to its values.
   * @internal
   */
  protected static defineProperties(): void {
    for (const key of Object.keys(this.defaults))
      Object.defineProperty(this.prototype, key, {
        get(this: ResortElement) {
          return this.#values[key];
        },
        set(this: ResortElement, value: Value) {
          this.#set(key, value);
        },
      });
  }

  /** The clock, in milliseconds; tests freeze it. */
  now: () => number = () => Date.now();
  /** How files are fetched; tests replace it. */
  fetcher: typeof fetch = (...args) => fetch(...args);

  declare locale: string;
  declare src: string;
  declare outdatedAfter: number;

  #values: Record<string, Value> = { ...this.#class.defaults };
  /** What changed since the last update; the first update sees every property changed. */
  #changed = new Set<string>(Object.keys(this.#class.defaults));
  /** An update is queued; the first one waits for the element to be connected. */
  #pending = true;
  #connect!: () => void;
  #updated: Promise<boolean> = new Promise<void>((resolve) => (this.#connect = resolve)).then(() =>
    this.#perform(),
  );
  #root?: ShadowRoot;
  /** Properties set as such whose attribute the next update writes. */
  #reflect = new Set<string>();
  /** A shadow root that held something before the element (a pre-rendered copy): the first update takes it over. */
  #copy?: ShadowRoot;
  /** The locale a `locale` attribute was last warned about. */
  #warned = '';
  /** The built locale shown, once the snapshot's index has chosen it. */
  protected shown = '';
  /** Counts reads of the files: a read that a newer one superseded shows nothing. */
  protected generation = 0;

  get #class(): typeof ResortElement {
    return this.constructor as typeof ResortElement;
  }

  /** Resolves once what was set has been rendered; true when no further render is pending. */
  get updateComplete(): Promise<boolean> {
    return this.#updated;
  }

  /** The locale this element reads: the built one chosen for it, or the closest supported one until known. */
  get effectiveLocale(): string {
    return this.shown || pickLocale(this.requestedLocale);
  }

  /** The `locale` attribute, else (when it is none, or no language tag: a warning says so) the closest `lang`. */
  protected get requestedLocale(): string | null | undefined {
    return (isLanguageTag(this.locale) && this.locale) || this.closest('[lang]')?.getAttribute('lang');
  }

  /** The snapshot's `api/` folder, absolute, with its slash; throws for a `src` that is not a URL. */
  protected get base(): string {
    return new URL(this.src || DEFAULT_BASE, document.baseURI).href.replace(/\/?$/, '/');
  }

  /** Hours after which a report is outdated: `outdated-after`, 48 where it is no number. */
  protected get outdatedHours(): number {
    return Number(this.outdatedAfter) || 48;
  }

  /** The base, or empty for a `src` that is not a URL (no images then). */
  protected get imageBase(): string {
    try {
      return this.base;
    } catch {
      return '';
    }
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    const key = Object.keys(this.#class.defaults).find((k) => attributeOf(k) === name)!;
    this.#set(key, this.fromAttribute(key, value), true);
  }

  connectedCallback(): void {
    this.#root ??= this.#createRoot();
    this.#connect();
  }

  /**
   * An attribute's value as its property's: a removed attribute is the default again; a number property
   * reads a number (NaN is checked where used), a boolean one true.
   */
  protected fromAttribute(key: string, value: string | null): Value {
    const fallback = this.#class.defaults[key]!;
    if (value === null) return fallback;
    // a boolean property is true while its attribute is there, whatever its value (`season`)
    if (typeof fallback === 'boolean') return true;
    return typeof fallback === 'number' ? Number(value) : value;
  }

  #set(key: string, value: Value, fromAttribute = false): void {
    if (Object.is(this.#values[key], value)) return;
    this.#values[key] = value;
    this.#changed.add(key);
    if (this.#class.reflected.includes(key)) {
      if (fromAttribute) this.#reflect.delete(key);
      else this.#reflect.add(key);
    }
    this.requestUpdate();
  }

  /** Queues an update, once per microtask. */
  protected requestUpdate(): void {
    if (this.#pending) return;
    this.#pending = true;
    const perform = () => this.#perform();
    this.#updated = this.#updated.then(perform, perform);
  }

  /** The update: takes over a pre-rendered copy, lets the element act on what changed, then renders. */
  async #perform(): Promise<boolean> {
    const copy = this.#copy;
    this.#copy = undefined;
    const adopted = !!copy && (await this.adopt(copy));
    const changed = this.#changed;
    this.#changed = new Set();
    this.willUpdate(changed, adopted);
    for (const key of this.#reflect) {
      const value = this.#values[key];
      if (typeof value === 'boolean') this.toggleAttribute(attributeOf(key), value);
      else this.setAttribute(attributeOf(key), String(value));
    }
    this.#reflect.clear();
    const root = this.#root!;
    // what the copy held goes with the first render
    if (copy) root.replaceChildren();
    render(this.template(), root, { host: this });
    this.updated(root);
    this.#pending = false;
    return true;
  }

  /**
   * Shows a pre-rendered copy's data until the files are read (its language loaded first), when it is one
   * this element shows (the same resort, region…): true then. Its reading is in a chunk (widget/adopt.ts)
   * that only a page with a copy loads; false when it cannot be loaded (the files are read as without one).
   */
  protected abstract adopt(copy: ShadowRoot): Promise<boolean>;
  /** Acts on what changed before the render: starts reading the files. `adopted`: after a pre-rendered copy. */
  protected abstract willUpdate(changed: Set<string>, adopted: boolean): void;
  /** What the shadow root shows; never throws. */
  protected abstract template(): HTMLTemplateResult;
  /** After each render. */
  protected updated(_root: ShadowRoot): void {}

  /**
   * The shadow root, with the element's style sheet. A pre-rendered copy (declarative shadow DOM) is taken
   * over by the first update (`adopt`): its data becomes the first view, so nothing flashes or moves.
   */
  #createRoot(): ShadowRoot {
    const root = this.shadowRoot;
    if (root?.firstChild) this.#copy = root;
    const own = root ?? this.attachShadow({ mode: 'open' });
    // constructable style sheets: in every browser of vite's target (Baseline widely available)
    const styles = this.#class.styles;
    let sheet = sheets.get(styles);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(styles);
      sheets.set(styles, sheet);
    }
    own.adoptedStyleSheets = [sheet];
    return own;
  }

  /**
   * Where the snapshot is, its index and the built locale to read, with its strings loaded; or why not. A
   * `locale` attribute that is no language tag of the snow report is named in a console warning with the
   * locale read instead, the closest `lang`'s (once per value).
   */
  protected async readIndex(
    fresh: boolean,
  ): Promise<{ base: string; index: SnapshotIndex; locale: string } | Failure> {
    let base: string;
    let index: SnapshotIndex;
    try {
      base = this.base;
    } catch {
      return { code: 'invalid-src', reason: `src "${this.src}" is not a URL` };
    }
    // the strings of the language asked for while the index comes (which rarely chooses another): their
    // chunk and the table that names it (i18n/languages.ts) are then no later than the index
    void loadStrings(pickLocale(this.requestedLocale));
    try {
      index = await loadIndex(base, this.fetcher, fresh);
    } catch (error) {
      return fileFailure('index-unavailable', error);
    }
    const locale = pickLocale(this.requestedLocale, index.locales);
    const asked = this.locale;
    let warning: Promise<void> | undefined;
    if (asked && !isLanguageTag(asked) && this.#warned !== asked) {
      this.#warned = asked;
      // the warning's text is in the messages' chunk, which a page without the mistake never loads
      warning = import('./card/messages.ts').then(
        (m) => m.warnLocale(this.localName, asked, locale),
        () => undefined,
      );
    }
    await Promise.all([loadStrings(locale), warning]);
    return { base, index, locale };
  }

  /** Shows a view's outcome once rendered: `load` with `detail`, or `error` with the failure (and `detail`). */
  protected announce(generation: number, detail: object, failure?: Failure): void {
    void this.updateComplete.then(() => {
      if (generation !== this.generation) return; // a newer read superseded this one
      this.dispatchEvent(
        failure
          ? new CustomEvent('error', { detail: { ...detail, ...failure } })
          : new CustomEvent('load', { detail }),
      );
    });
  }
}
