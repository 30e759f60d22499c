/**
 * Which published locale an element reads: its `locale` attribute, else the closest `lang`, mapped onto the
 * locales the snapshot built (its index's `locales`) by `fallbackLocale` (widget/README.md, "Locales and units").
 */
import { fallbackLocale, SUPPORTED_LOCALES, unitSystem } from '../scripts/api/browser.ts';

/** The built locale for a requested tag; without the index's list, the supported locales stand in for it. */
export const pickLocale = (
  tag: string | null | undefined,
  built: readonly string[] = SUPPORTED_LOCALES,
): string => fallbackLocale(tag, built.length > 0 ? built : SUPPORTED_LOCALES) ?? 'en-US';

/**
 * Whether a tag names one of the 15 languages, in any case (`de`, `de-AT`, `de-de`, `nb-NO`, `pt_PT`): its
 * language is the one of the supported locale it falls back to. A `locale` attribute that does not
 * (`german`, `zh-CN`) is a page's mistake, which the element names in a console warning
 * (widget/README.md, "Locales and units").
 */
export const isLanguageTag = (tag: string): boolean =>
  tag
    .trim()
    .split(/[-_]/)[0]!
    .toLowerCase()
    .replace(/^n[bn]$/, 'no') === pickLocale(tag).slice(0, 2);

/** en-US files are imperial, every other locale's metric (scripts/api/README.md, "Locales"). */
export const isImperial = (locale: string) => unitSystem(locale) === 'imperial';
