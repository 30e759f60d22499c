/**
 * How the service reads the caller's locale (spec 4B.1). Family B takes `language` and `country` query
 * parameters, both needed to leave the default en-US; Family A takes a `locale` header that translates
 * `comment` only.
 */
import { DEFAULT_LOCALE, isLanguage, LANGUAGES, unitSystem, type Language, type Locale } from '../api/locales.ts';
import { clip } from '../api/text.ts';
import { ServiceError } from './errors.ts';
import { IMPERIAL, METRIC, type Units } from './units.ts';

/** The converters of the locale's unit system (spec 4B.1: imperial for en-US only). */
export const unitsFor = (locale: Locale): Units => (unitSystem(locale) === 'imperial' ? IMPERIAL : METRIC);

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
