/**
 * The contract as the browser reads it: everything the elements (`widget/`) take from `scripts/api/`, in one
 * module whose whole graph is safe to bundle for a browser: no Node.js module and no package at run time
 * (the records' shapes come from the zod schemas as types only, erased when bundled). The layers test
 * (test/architecture/layers.test.ts) holds both: the widget imports nothing else of `scripts/`, and nothing
 * this module reaches imports a package or a Node.js module.
 */
export { assetPath } from './assets.ts';
export { ResortConditionsError } from './errors.ts';
export { safeUrl } from './html.ts';
export { LINK_NAMES } from './links.ts';
export { fallbackLocale, SUPPORTED_LOCALES, unitSystem } from './locales.ts';
export { fillTemplate, ID_PATTERN } from './text.ts';
export type { ResortSnowReport } from './schemas/family-a.ts';
export type {
  AttributionRecord,
  CombinedReportRecord,
  ForecastRecord,
  WeatherRecord,
} from './schemas/family-b.ts';
