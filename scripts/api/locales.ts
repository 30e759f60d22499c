/**
 * Languages, locales and unit systems: the one place that parses, formats and classifies a locale. Plain
 * constants and pure functions with no run-time imports; the element bundles this module.
 */

/** The 15 languages of the service (scripts/api/README.md, "Locales"). */
export const LANGUAGES = [
  'en',
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'pt',
  'sv',
  'no',
  'da',
  'fi',
  'pl',
  'cs',
  'sl',
  'ja',
] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The locales published by default: each language with its home country, plus en-GB for English readers
 * who want metric units.
 */
export const SUPPORTED_LOCALES: readonly string[] = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'it-IT',
  'es-ES',
  'nl-NL',
  'pt-PT',
  'sv-SE',
  'no-NO',
  'da-DK',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'sl-SI',
  'ja-JP',
];

export interface Locale {
  language: Language;
  /** Two upper-case letters. */
  country: string;
}

export const DEFAULT_LOCALE: Locale = { language: 'en', country: 'US' };

export type UnitSystem = 'imperial' | 'metric';

export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/** Parses `xx-YY` (or `xx_YY`) of one of the 15 languages; undefined when it is not one. */
export function parseLocale(tag: string): Locale | undefined {
  const match = /^([a-z]{2})[-_]([a-z]{2})$/i.exec(tag);
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  return isLanguage(language) ? { language, country: match[2]!.toUpperCase() } : undefined;
}

/** `en-US` */
export const formatLocale = (locale: Locale): string => `${locale.language}-${locale.country}`;

/** Imperial for the default locale en-US only, metric for every other (scripts/api/README.md, "Locales"). */
export function unitSystem(locale: Locale | string): UnitSystem {
  const tag = typeof locale === 'string' ? locale : formatLocale(locale);
  return tag === 'en-US' ? 'imperial' : 'metric';
}

/**
 * The built locale that serves a reader of `tag` (a BCP 47 tag such as `fr-CH`, or none): the exact one,
 * else one of the same language, else English by the tag's region (en-US for the US, en-GB elsewhere),
 * else the first built. Undefined only when nothing is built (widget/README.md, "Locales and units").
 */
export function fallbackLocale(tag: string | null | undefined, built: readonly string[]): string | undefined {
  const [first = '', second = ''] = (tag ?? '').trim().split(/[-_]/);
  const lower = first.toLowerCase();
  const language = lower === 'nb' || lower === 'nn' ? 'no' : lower || 'en';
  const region = /^[a-z]{2}$/i.test(second) ? second.toUpperCase() : '';
  const english = region === 'US' || (!region && language === 'en') ? ['en-US', 'en-GB'] : ['en-GB', 'en-US'];
  const exact = `${language}-${region}`;
  if (built.includes(exact)) return exact;
  const same = built.filter((l) => l.startsWith(`${language}-`));
  return (
    (language === 'en' ? english.find((l) => same.includes(l)) : undefined) ??
    same[0] ??
    english.find((l) => built.includes(l)) ??
    built[0]
  );
}

/**
 * The locale a Family B request asks for with its `language` and `country` query parameters (scripts/api/README.md,
 * "Locales"): both are needed to leave en-US. Answers the locale, or which of the two is malformed.
 */
export function requestedLocale(
  language: string | null,
  country: string | null,
): Locale | 'language' | 'country' {
  if (language === null || country === null) return DEFAULT_LOCALE;
  const lower = language.toLowerCase();
  if (!isLanguage(lower)) return 'language';
  if (!/^[a-z]{2}$/i.test(country)) return 'country';
  return { language: lower, country: country.toUpperCase() };
}

/**
 * The language a Family A request asks for with its `locale` header (`fr-FR`, `fr_FR` or `fr`): none, or
 * a language the service does not translate into, is English; `malformed` for a header of another shape.
 */
export function requestedLanguage(header: string | null | undefined): Language | 'malformed' {
  if (header === null || header === undefined || header.trim() === '') return 'en';
  const match = /^([a-z]{2})(?:[-_][a-z]{2})?$/i.exec(header.trim());
  if (!match) return 'malformed';
  const language = match[1]!.toLowerCase();
  return isLanguage(language) ? language : 'en';
}
