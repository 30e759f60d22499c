/**
 * UI strings: English is bundled (the type and the fallback); every other language is a small chunk beside
 * the bundle, fetched the first time an element needs it.
 */
import { fillTemplate } from '../../scripts/api/browser.ts';
import en, {
  type CardStrings,
  type ListStrings,
  type Plural,
  type SeasonStrings,
  type Strings,
} from './en.ts';

export type { CardStrings, ListStrings, Plural, SeasonStrings, Strings };

/**
 * A language's strings as loaded: every language's, or English's, whose list strings are the list's own, its
 * season chart's strings the chart's and its strip's label of the last days' snow the strip's.
 */
export type Loaded = CardStrings & { list?: ListStrings; season?: SeasonStrings; pastDays?: Plural };

const loaded = new Map<string, Loaded>([['en', en]]);

/** The strings of a locale's language if loaded already, else English. */
export const stringsFor = (locale: string): Loaded => loaded.get(locale.slice(0, 2)) ?? en;

/**
 * Loads the strings of a locale's language; English when it has none or its chunk fails to load. The table of
 * the languages' chunks is a chunk of its own (i18n/languages.ts), which a page in English never loads.
 */
export async function loadStrings(locale: string): Promise<Loaded> {
  const language = locale.slice(0, 2);
  if (!loaded.has(language))
    try {
      const strings = await (await import('./languages.ts')).LOADERS[language]?.();
      if (strings) loaded.set(language, strings.default);
    } catch {
      // a missing chunk must not break the card: English it is
    }
  return stringsFor(locale);
}

/** Fills `{name}` placeholders; a name without a value becomes empty. */
export const fill = (template: string, values: Record<string, string>) => fillTemplate(template, values, '');

const rules = new Map<string, Intl.PluralRules>();

/** The plural form of `forms` for the count `n` in `locale` (`Intl.PluralRules`), filled with `values`. */
export function plural(locale: string, forms: Plural, n: number, values: Record<string, string>): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  return fill(forms[rule.select(n)] ?? forms.other, values);
}
