/**
 * Which published locale an element reads: its `locale` attribute, else the closest `lang`, mapped onto the
 * locales the snapshot built (its index's `locales`) by `fallbackLocale` (widget/README.md, "Locales and units").
 */
import { fallbackLocale, SUPPORTED_LOCALES, unitSystem } from '../scripts/api/locales.ts';

/** The built locale for a requested tag; without the index's list, the supported locales stand in for it. */
export const pickLocale = (
  tag: string | null | undefined,
  built: readonly string[] = SUPPORTED_LOCALES,
): string => fallbackLocale(tag, built.length > 0 ? built : SUPPORTED_LOCALES) ?? 'en-US';

/** en-US files are imperial, every other locale's metric (scripts/api/README.md, "Locales"). */
export const isImperial = (locale: string) => unitSystem(locale) === 'imperial';
