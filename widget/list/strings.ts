/**
 * The strings only `<resort-conditions-list>` shows are the `list` part of each language's strings
 * (widget/i18n/): a page of cards and lists loads each language once, in one chunk, for both elements, and
 * the list's script holds none of the other languages'. English's are here, in the list's script, so that a
 * page of cards loads none of them. The rest (states, depths, lifts, runs, retry, errors) are the card's own.
 *
 * `hyphens` are the places the table's narrow columns' headers (the day and the figures: 6em and 4.4em
 * wide) may break a word, in the language: each of their words of seven letters or more, and a shorter one
 * a column breaks ("Sommet"), with `|` at the places the language hyphenates it. A header wraps between
 * words, and inside a word only there, with a hyphen (a soft hyphen, U+00AD): "Remon-tées", never
 * "Remonté-es" or "Remonté/es" as a narrow column would break it otherwise, in every engine alike (their own
 * hyphenation dictionaries differ, and some have none for a language).
 */
import { stringsFor, type ListStrings } from '../i18n/index.ts';

export type { ListStrings };

/** English's: the type (`ListStrings`) every other language's `list` implements, and the fallback. */
export const englishList: ListStrings = {
  caption: 'Snow report',
  resort: 'Resort',
  state: 'State',
  updated: 'Updated',
  stale: 'Outdated',
  missing: 'No data',
  unknownRegion: 'This region is not in the snow report.',
  nothing: 'No resorts to show.',
  sortBy: 'Sort by',
  hyphens: 'Up|dat|ed',
};

/** The list's strings of a locale's language, once loaded (`loadStrings`); else English's. */
export const listStrings = (locale: string): ListStrings => stringsFor(locale).list ?? englishList;

/** A header's text with its words' soft hyphens in the locale's language (`hyphens`). */
export function hyphenated(locale: string, text: string): string {
  const words = listStrings(locale).hyphens;
  if (!words) return text;
  return text.replace(/[^\s]+/g, (word) => {
    const found = words.split(' ').find((w) => w.replace(/\|/g, '') === word);
    return found ? found.replace(/\|/g, '\u00ad') : word;
  });
}
