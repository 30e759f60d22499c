/**
 * How the service reads the caller's locale (scripts/api/README.md, "Locales"). Family B takes `language` and `country` query
 * parameters, both needed to leave the default en-US; Family A takes a `locale` header that translates
 * `comment` only.
 */
import {
  LANGUAGES,
  requestedLanguage,
  requestedLocale,
  unitSystem,
  type Language,
  type Locale,
} from '../api/locales.ts';
import { clip } from '../api/text.ts';
import { ServiceError } from './errors.ts';
import { IMPERIAL, METRIC, type Units } from './units.ts';

/** The converters of the locale's unit system (imperial for en-US only). */
export const unitsFor = (locale: Locale): Units => (unitSystem(locale) === 'imperial' ? IMPERIAL : METRIC);

/** Family B: `language` and `country` (`requestedLocale`); a malformed one is a bad request. */
export function familyBLocale(query: URLSearchParams): Locale {
  const language = query.get('language');
  const country = query.get('country');
  const locale = requestedLocale(language, country);
  if (locale === 'language') {
    throw new ServiceError(
      'bad_request',
      `language "${clip(language!)}" is not supported (supported: ${LANGUAGES.join(', ')})`,
    );
  }
  if (locale === 'country')
    throw new ServiceError(
      'bad_request',
      `country "${clip(country!)}" must be a two-letter country code such as US or FR`,
    );
  return locale;
}

/** Family A: the `locale` header (`requestedLanguage`); a malformed one is a bad request. */
export function familyALanguage(header: string | undefined): Language {
  const language = requestedLanguage(header);
  if (language === 'malformed')
    throw new ServiceError('bad_request', `locale header "${clip(header!)}" must look like fr-FR or fr`);
  return language;
}
