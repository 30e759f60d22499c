/**
 * Which published locale an element reads: its `locale` attribute, else the closest `lang` mapped to a
 * published locale, else en-US (README, "Attributes").
 */
import { SUPPORTED_LOCALES, unitSystem } from '../scripts/api/locales.ts';

/** The published locale closest to a BCP 47 tag: exact, then English outside the US as en-GB, then the language's own. */
export function closestLocale(tag: string | null | undefined): string {
  if (!tag) return 'en-US';
  const [language = '', region = ''] = tag.replace('_', '-').split('-');
  const exact = `${language.toLowerCase()}-${region.toUpperCase()}`;
  if (SUPPORTED_LOCALES.includes(exact)) return exact;
  const lang = language.toLowerCase() === 'nb' || language.toLowerCase() === 'nn' ? 'no' : language.toLowerCase();
  if (lang === 'en') return region ? 'en-GB' : 'en-US';
  return SUPPORTED_LOCALES.find((l) => l.startsWith(`${lang}-`)) ?? 'en-US';
}

/** en-US files are imperial, every other locale's metric (spec 4B.1). */
export const isImperial = (locale: string) => unitSystem(locale) === 'imperial';
