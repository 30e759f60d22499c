/**
 * What every renderer needs: the dataset with its lookups, the clock, the caller's locale and account.
 */
import type {
  Dataset,
  DatasetAccount,
  DatasetRegion,
  DatasetResort,
  Language,
  Translated,
} from '../dataset/schema.ts';
import { fillTemplate } from '../api/text.ts';
import type { Locale } from '../api/locales.ts';
import type { Units } from './units.ts';

/** Lookups built once per dataset. */
export interface DatasetIndex {
  resorts: Map<number, DatasetResort>;
  regions: Map<number, DatasetRegion>;
  /** Resorts of each country, state and region, sorted by id. */
  resortsIn: Map<number, DatasetResort[]>;
  /** Every resort, sorted by id. */
  allResorts: DatasetResort[];
}

export function indexDataset(dataset: Dataset): DatasetIndex {
  const allResorts = [...dataset.resorts].sort((a, b) => a.id - b.id);
  const resortsIn = new Map<number, DatasetResort[]>(dataset.regions.map((r) => [r.id, []]));
  for (const resort of allResorts) {
    for (const id of new Set([resort.countryId, resort.stateId, ...resort.regionIds]))
      resortsIn.get(id)?.push(resort);
  }
  return {
    resorts: new Map(allResorts.map((r) => [r.id, r])),
    regions: new Map(dataset.regions.map((r) => [r.id, r])),
    resortsIn,
    allResorts,
  };
}

export interface RenderContext {
  dataset: Dataset;
  index: DatasetIndex;
  /** The moment of the request, in milliseconds since the epoch. */
  now: number;
  locale: Locale;
  units: Units;
  account: DatasetAccount;
  /** Scheme, host and port the caller reached the service at, for links back to it. */
  origin: string;
  /** The origin the sample's images are served from, over HTTP; unset, the dataset's image URLs as they are. */
  imageOrigin?: string;
}

/**
 * An image URL of the dataset as the bodies name it: under `imageOrigin` when the HTTP server serves the
 * sample's images itself (images.ts), else as the dataset has it.
 */
export function imageUrl(ctx: Pick<RenderContext, 'imageOrigin'>, url: string): string {
  if (!ctx.imageOrigin || !URL.canParse(url)) return url;
  const { pathname, search } = new URL(url);
  return `${ctx.imageOrigin}${pathname}${search}`;
}

/** A service message in the context's language, English when it has none. */
export function message(
  ctx: Pick<RenderContext, 'dataset' | 'locale'>,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const template = ctx.dataset.messages[ctx.locale.language][key] ?? ctx.dataset.messages.en[key] ?? key;
  return fillTemplate(template, values);
}

/** A free text in `language`, English when it has none. */
export function translated(text: Translated, language: Language): string {
  return text[language] ?? text.en;
}
