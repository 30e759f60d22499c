/**
 * The season chart's strings are the `season` part of each language's strings (widget/i18n/). English's are
 * here, in the chart's chunk, so that a page without the chart loads none of them.
 */
import { stringsFor, type SeasonStrings } from '../i18n/index.ts';

/** English's: the type (`SeasonStrings`) every other language's `season` implements, and the fallback. */
export const englishSeason: SeasonStrings = {
  label: 'Season {season}',
  days: { one: '{n} day recorded, {from} to {to}.', other: '{n} days recorded, {from} to {to}.' },
  open: { one: 'Open on {n} day.', other: 'Open on {n} days.' },
  latest: 'On {date}: {base} at the base, {summit} at the summit.',
};

/** The chart's strings of a locale's language, once loaded (`loadStrings`); else English's. */
export const seasonStrings = (locale: string): SeasonStrings => stringsFor(locale).season ?? englishSeason;
