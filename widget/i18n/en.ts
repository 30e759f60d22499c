/**
 * English UI strings of the card: the type every other language implements (with the list's, `Strings`), and
 * the fallback. A string that depends on a count is a set of plural forms chosen by `Intl.PluralRules`
 * (`one`, `few`, `many`, `other`…).
 */
const en = {
  /**
   * The direction the language reads in, which the frame sets for itself so that a page's `dir="rtl"`
   * cannot reverse it (widget/README.md, "Locales and units"); the styles use logical properties.
   */
  dir: 'ltr' as 'ltr' | 'rtl',
  loading: 'Loading snow report…',
  error: 'The snow report could not be loaded.',
  retry: 'Try again',
  unknownResort: 'This resort is not in the snow report.',
  /** A resort the snapshot lists whose files this build left out: they come with a later build. */
  notYet: 'The snow report for this resort is not available yet.',
  /** The status line's label of each state (one state at a time: widget/README.md, "States"). */
  status: {
    open: 'Open',
    closed: 'Closed',
    'temporarily-closed': 'Temporarily closed',
    weekends: 'Weekends only',
    'no-report': 'No report',
    'permanently-closed': 'Permanently closed',
    'out-of-season': 'Out of season',
  },
  noReport: 'No snow report available yet.',
  permanentlyClosed: 'This resort has closed permanently.',
  outOfSeason: 'The season runs from {opening} to {closing}.',
  noForecast: 'No forecast for this resort.',
  updated: 'Updated {time}',
  outdated: 'This report may be outdated.',
  depths: 'Snow depth',
  base: 'Base',
  middle: 'Middle',
  summit: 'Summit',
  newSnow: 'New snow',
  lastDays: { one: 'Snowfall, last day', other: 'Snowfall, last {n} days' } as Plural,
  surface: 'Surface',
  top: 'Top',
  bottom: 'Bottom',
  lifts: 'Lifts',
  runs: 'Runs',
  parks: 'Parks',
  liftsOpen: { one: '{open} of {total} open', other: '{open} of {total} open' } as Plural,
  runsOpen: { one: '{open} of {total} open', other: '{open} of {total} open' } as Plural,
  parksOpen: { one: '{open} of {total} open', other: '{open} of {total} open' } as Plural,
  difficulty: ['Easy', 'Intermediate', 'Advanced', 'Expert'],
  forecast: 'Forecast',
  today: 'Today',
  wind: 'Wind',
  snowfall: 'Snow',
  /** Compass points N, NE, E, SE, S, SW, W, NW as a forecast shows them. */
  directions: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
  links: 'Resort links',
  weather: {
    SUN: 'Sunny',
    FAIR: 'Fair',
    PARTLY_CLOUDY: 'Partly cloudy',
    CLOUDY: 'Cloudy',
    FOG: 'Fog',
    LIGHT_SNOW: 'Light snow',
    SNOW: 'Snow',
    HEAVY_SNOW: 'Heavy snow',
    SNOW_SHOWERS: 'Snow showers',
    SLEET: 'Sleet',
    RAIN: 'Rain',
    THUNDER: 'Thunderstorm',
    WIND: 'Windy',
    other: 'Weather',
  },
  /**
   * The metric units after a number, with the space before them, as the language's weather reports write
   * them: depths and snowfall, temperatures, wind (widget/format.ts). Written out rather than taken from
   * `Intl`, whose data differs between engines (Safari's Polish wind unit is "km/godz.", Chromium's "km/h")
   * while a tile has room for the short forms alone. en-US's are the imperial ones, in format.ts.
   */
  units: [' cm', '°C', ' km/h'] as Units,
};

/** Units after a number, with the space before them: depths and snowfall, temperatures, wind. */
export type Units = readonly [depth: string, temperature: string, wind: string];

/** Plural forms of one message, keyed by `Intl.PluralRules` categories; `other` is required. */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The strings only `<resort-conditions-list>` shows: each language's chunk has them beside the card's, and
 * English's are the list script's own (widget/list/strings.ts), so that a page of cards loads none of them.
 */
export interface ListStrings {
  caption: string;
  resort: string;
  state: string;
  updated: string;
  stale: string;
  missing: string;
  unknownRegion: string;
  nothing: string;
  /** The label of a phone's one sort control, a select of the columns. */
  sortBy: string;
  /** Where the narrow columns' headers may break a word: widget/list/strings.ts, `hyphenated`. */
  hyphens: string;
}

/**
 * The season chart's strings (`season`): each language's chunk has them beside the card's, and English's are
 * the chart's chunk's own (widget/season/strings.ts), so that a page without the chart loads none of them.
 */
export interface SeasonStrings {
  /** The chart's label: `{season}` is its name, `2025-26`. */
  label: string;
  /** For screen readers: the days recorded, from the first to the last. */
  days: Plural;
  /** For screen readers: the days open. */
  open: Plural;
  /** For screen readers: the latest depths, at the base and at the summit, and their date. */
  latest: string;
}

/** The card's strings: English's, the fallback. */
export type CardStrings = typeof en;
/** What every other language implements: the card's strings, the list's and the season chart's. */
/**
 * Every language's strings but English's: the card's, the list's, the season chart's and the compact strip's
 * label of new snow over Family A's last days (7 at most; English's is the strip's chunk's own,
 * widget/card/compact.ts, so that a page of full cards loads none of it).
 */
export type Strings = CardStrings & { list: ListStrings; season: SeasonStrings; pastDays: Plural };
export default en;
