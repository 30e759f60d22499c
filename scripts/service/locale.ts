/**
 * Locales (spec 4B.1). Family B takes `language` and `country` query parameters, both needed to leave the
 * default en-US; Family A takes a `locale` header that translates `comment` only.
 */
import { LANGUAGES, type Language } from '../dataset/schema.ts';
import { ServiceError } from './errors.ts';
import { IMPERIAL, METRIC, type Units } from './units.ts';

export interface Locale {
  language: Language;
  /** Two upper-case letters. */
  country: string;
}

/** `en-US` */
export const localeTag = (locale: Locale) => `${locale.language}-${locale.country}`;
export const DEFAULT_LOCALE: Locale = { language: 'en', country: 'US' };

export { SUPPORTED_LOCALES } from './languages.ts';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** Parses `xx-YY` (or `xx_YY`); returns undefined when it is not one. */
export function parseLocaleTag(tag: string): Locale | undefined {
  const match = /^([a-z]{2})[-_]([a-z]{2})$/i.exec(tag);
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  return isLanguage(language) ? { language, country: match[2]!.toUpperCase() } : undefined;
}

/** spec 4B.1: imperial for the default locale en-US only, metric for every other. */
export function unitsFor(locale: Locale): Units {
  return locale.language === 'en' && locale.country === 'US' ? IMPERIAL : METRIC;
}

/** Family B: `language` and `country`; both are needed to override en-US. */
export function familyBLocale(query: URLSearchParams): Locale {
  const language = query.get('language');
  const country = query.get('country');
  if (language === null || country === null) return DEFAULT_LOCALE;
  const lower = language.toLowerCase();
  if (!isLanguage(lower)) {
    throw new ServiceError('bad_request', `language "${clip(language)}" is not supported (supported: ${LANGUAGES.join(', ')})`);
  }
  if (!/^[a-z]{2}$/i.test(country)) {
    throw new ServiceError('bad_request', `country "${clip(country)}" must be a two-letter country code such as US or FR`);
  }
  return { language: lower, country: country.toUpperCase() };
}

/** Family A: the `locale` header (`fr-FR`, `fr_FR` or `fr`); an unknown language falls back to English. */
export function familyALanguage(header: string | undefined): Language {
  if (header === undefined || header === '') return 'en';
  const match = /^([a-z]{2})(?:[-_][a-z]{2})?$/i.exec(header.trim());
  if (!match) throw new ServiceError('bad_request', `locale header "${clip(header)}" must look like fr-FR or fr`);
  const language = match[1]!.toLowerCase();
  return isLanguage(language) ? language : 'en';
}

/** Keeps echoed input short in error messages. */
export function clip(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}
