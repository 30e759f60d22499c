/**
 * A feed as its two formats share it (`atom.ts`, `json-feed.ts`): ids, titles, texts, links and dates,
 * in the locale's language and units, from the alerts of `alerts.ts`. Pure.
 *
 * Ids are tag URIs that hold the report's date and never change from build to build:
 * `tag:<host>,<date>:<path>en-US/resort-25/powder`, with the host (and path) of `publicUrl`. Dates are
 * the reports' (their day at 00:00 UTC), never the build's time, so two builds of the same history write
 * the same bytes.
 */
import { unitSystem } from '../api/locales.ts';
import { fillTemplate } from '../api/text.ts';
import type { HistoryDay } from '../api/schemas/history.ts';
import type { Alert } from './alerts.ts';
import { feedStrings } from './strings.ts';

export interface FeedEntry {
  id: string;
  title: string;
  text: string;
  /** `YYYY-MM-DDT00:00:00Z` of the report's date. */
  updated: string;
  /** `powder`, `open` or `close`. */
  category: string;
  link?: string;
}

export interface Feed {
  id: string;
  /** `en-US` */
  language: string;
  title: string;
  subtitle: string;
  /**
   * The newest entry's date; for a feed without entries the build's newest data date (the Unix epoch only
   * for a build without any).
   */
  updated: string;
  author: string;
  /** The feed's own URLs in both formats: under `publicUrl`, else relative to the feed (its file name). */
  self: { atom: string; json: string };
  /** The page the feed is about. */
  home?: string;
  entries: FeedEntry[];
}

/** Where a release is served and what it links to (scripts/docs/configuration.md, "Alert feeds"). */
export interface FeedPlace {
  /** `publicUrl`, ending in `/`. */
  publicUrl?: string;
  /** `alerts.link`: a partner's page of a resort, with `{resort}`, `{locale}`, `{language}`. */
  link?: string;
  /** Whether the cards' pages are published (the element is built). */
  cards: boolean;
  /** Whether the region lists' pages are published (the element is built, with the full profile). */
  lists: boolean;
}

/** The tag authority without `publicUrl`: a name no one owns (set `publicUrl` to give yours). */
export const NO_HOST = 'resort-conditions.invalid';
const EPOCH = '1970-01-01T00:00:00Z';
/** The date of a feed's own tag id without `publicUrl` (a feed has no report date; with it, its URL is its id). */
const FEED_TAG_DATE = '2026';

/** `tag:<host>,<date>:<path><specific>`: the host and path of `publicUrl`. */
export function tagId(place: FeedPlace, date: string, specific: string): string {
  const url = place.publicUrl ? new URL(place.publicUrl) : undefined;
  const host = url?.hostname ?? NO_HOST;
  return `tag:${host},${date}:${url ? url.pathname.slice(1) : ''}${specific}`;
}

/** A resort's page: the partner's (`alerts.link`), else its card under `publicUrl`, else `publicUrl`. */
export function resortLink(place: FeedPlace, resort: number, locale: string): string | undefined {
  if (place.link) return fillTemplate(place.link, { resort, locale, language: locale.slice(0, 2) });
  if (!place.publicUrl) return undefined;
  return place.cards ? `${place.publicUrl}cards/${locale}/${resort}.html` : place.publicUrl;
}

/** A region's page: its list under `publicUrl` (when published), else `publicUrl`. */
export function regionLink(place: FeedPlace, region: number, locale: string): string | undefined {
  if (!place.publicUrl) return undefined;
  return place.lists ? `${place.publicUrl}lists/${locale}/region-${region}.html` : place.publicUrl;
}

/** Characters XML 1.0 cannot hold and control characters, which no name needs. */
// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|\p{Cs}/gu;

/** A name from the data as one line of text: no control character, no lone surrogate, spaces collapsed. */
export const cleanName = (name: string) => name.replace(UNWANTED, '').replace(/\s+/g, ' ').trim();

/** What a locale writes an entry's figures with: `Intl`'s formats are made once per locale (each costs as much as a feed). */
interface Formats {
  /** Snowfall: inches to a tenth for en-US, whole centimetres elsewhere. */
  snowfall(cm: number): string;
  /** A depth: whole inches or centimetres. */
  depth(cm: number): string;
  /** The report's date in the locale's words: "January 5, 2026", "5. Januar 2026". */
  date(date: string): string;
  count(n: number): string;
}

const formats = new Map<string, Formats>();

/** `format`, each of its answers kept for the same value. */
function remembered<T extends string | number>(format: (value: T) => string): (value: T) => string {
  const known = new Map<T, string>();
  return (value) => {
    // -0 is a key of 0 in a Map, and formats as -0
    if (Object.is(value, -0)) return format(value);
    let text = known.get(value);
    if (text === undefined) known.set(value, (text = format(value)));
    return text;
  };
}

/** The figures of `locale` in its units (inches for en-US, centimetres elsewhere), made once. */
export function units(locale: string): Formats {
  const known = formats.get(locale);
  if (known) return known;
  const imperial = unitSystem(locale) === 'imperial';
  const suffix = imperial ? ' in' : locale.startsWith('fr') ? '\u202fcm' : ' cm';
  const figure = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format;
  const snow = figure(imperial ? 1 : 0);
  const depth = figure(0);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format;
  const count = new Intl.NumberFormat(locale).format;
  // a feed's figures are a few hundred values over and over (depths, counts, a season's dates): each formatted once
  const made: Formats = {
    snowfall: remembered((cm: number) => snow(imperial ? cm / 2.54 : cm) + suffix),
    depth: remembered((cm: number) => depth(imperial ? cm / 2.54 : cm) + suffix),
    date: remembered((day: string) => date(new Date(`${day}T00:00:00Z`))),
    count: remembered((n: number) => count(n)),
  };
  formats.set(locale, made);
  return made;
}

/** The day's depths and lifts and runs open, as the sentences that follow an entry's first. */
/** The parts of each template: text, then a placeholder's name, then text… */
const templates = new Map<string, string[]>();

/**
 * `fillTemplate` (api/text.ts), each template split once: a feed fills the same few templates for every
 * entry of every feed.
 */
function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  let parts = templates.get(template);
  if (!parts) templates.set(template, (parts = template.split(/\{(\w+)\}/)));
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    out += (name in values ? String(values[name]) : `{${name}}`) + parts[i + 1]!;
  }
  return out;
}

function figures(day: HistoryDay, locale: string): string[] {
  const t = feedStrings(locale);
  const { depth, count } = units(locale);
  const depths = [
    day.base !== null ? fill(t.base, { depth: depth(day.base) }) : undefined,
    day.summit !== null ? fill(t.summit, { depth: depth(day.summit) }) : undefined,
  ].filter((d) => d !== undefined);
  return [
    ...(depths.length ? [fill(t.depths, { depths: depths.join(t.separator) })] : []),
    ...(day.liftsOpen !== null && day.liftsTotal
      ? [fill(t.lifts, { open: count(day.liftsOpen), total: count(day.liftsTotal) })]
      : []),
    ...(day.runsOpen !== null && day.runsTotal
      ? [fill(t.runs, { open: count(day.runsOpen), total: count(day.runsTotal) })]
      : []),
  ];
}

/** One alert as an entry of a feed in `locale`, its resort named `name`. */
export function entryOf(alert: Alert, locale: string, name: string, place: FeedPlace): FeedEntry {
  const t = feedStrings(locale);
  const values = {
    name: cleanName(name),
    snow: units(locale).snowfall(alert.day.newSnow24h ?? 0),
    date: units(locale).date(alert.date),
  };
  const [title, first] = {
    powder: [t.powderTitle, t.powderText],
    open: [t.openTitle, t.openText],
    close: [t.closeTitle, t.closeText],
  }[alert.kind];
  const link = resortLink(place, alert.resort, locale);
  return {
    id: tagId(place, alert.date, `${locale}/resort-${alert.resort}/${alert.kind}`),
    // a placeholder's value is never read as a template: each is filled once, from the strings
    title: fill(title, values),
    text: [fill(first, values), ...figures(alert.day, locale)].join(t.space),
    updated: `${alert.date}T00:00:00Z`,
    category: alert.kind,
    ...(link ? { link } : {}),
  };
}

/** A feed of `alerts` (the newest first, `feedAlerts`): a resort's or a region's, in `locale`. */
export function feedOf(options: {
  subject: 'resort' | 'region';
  id: number;
  name: string;
  locale: string;
  alerts: readonly Alert[];
  names: ReadonlyMap<number, string>;
  newSnowCm: number;
  place: FeedPlace;
  /** The feed's own path in both formats (`scripts/api/feeds.ts`). */
  paths: { atom: string; json: string };
  /** The entries made so far in this locale, reused (a region's are its resorts'). */
  entries?: Map<Alert, FeedEntry>;
  /** The build's newest data date, `YYYY-MM-DD`: the `updated` of a feed without entries. */
  newest?: string;
}): Feed {
  const { locale, place } = options;
  const t = feedStrings(locale);
  const made = options.entries ?? new Map<Alert, FeedEntry>();
  const entries = options.alerts.map((alert) => {
    let entry = made.get(alert);
    if (!entry) {
      entry = entryOf(alert, locale, options.names.get(alert.resort) ?? String(alert.resort), place);
      made.set(alert, entry);
    }
    return entry;
  });
  const home =
    options.subject === 'resort'
      ? resortLink(place, options.id, locale)
      : regionLink(place, options.id, locale);
  const url = place.publicUrl ? new URL(place.publicUrl) : undefined;
  return {
    id: place.publicUrl
      ? `${place.publicUrl}${options.paths.atom}`
      : tagId(place, FEED_TAG_DATE, options.paths.atom.replace(/\.atom$/, '')),
    language: locale,
    title: fillTemplate(t.feed, { name: cleanName(options.name) }),
    subtitle: fillTemplate(t.subtitle, { threshold: units(locale).snowfall(options.newSnowCm) }),
    updated: entries[0]?.updated ?? (options.newest ? `${options.newest}T00:00:00Z` : EPOCH),
    author: url?.host ?? 'resort-conditions',
    // without `publicUrl`, the file name: a reference relative to the feed's own URL (RFC 4287 reads it so)
    self: {
      atom: place.publicUrl
        ? `${place.publicUrl}${options.paths.atom}`
        : options.paths.atom.split('/').at(-1)!,
      json: place.publicUrl
        ? `${place.publicUrl}${options.paths.json}`
        : options.paths.json.split('/').at(-1)!,
    },
    ...(home ? { home } : {}),
    entries,
  };
}
