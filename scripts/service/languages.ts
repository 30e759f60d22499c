/**
 * Languages and locales as plain constants, with no run-time imports: the element bundles this module.
 */

/** The 15 languages of the service (spec 4B.1 gives the count, not the list; README, "Locales"). */
export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'pt', 'sv', 'no', 'da', 'fi', 'pl', 'cs', 'sl', 'ja'] as const;
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
