/**
 * The alert feeds of a release (scripts/README.md, "Alert feeds"): for each built locale, an
 * Atom and a JSON Feed file per resort published and per region list, made from the season histories in
 * the tree being released (`history.ts`), the resorts' and regions' names in the locale (its combined
 * reports and countries list), and the config's `alerts` and `publicUrl`. They ask nothing of the
 * upstream. `localeFeeds` is the pure part: inputs in, files out.
 */
import { feedPath, type FeedSubject } from '../../api/feeds.ts';
import { filePath } from '../../api/paths.ts';
import type { ExtraFile } from '../../snapshot/store/staging.ts';
import { regionNames } from '../catalogue.ts';
import { alertsOf, feedAlerts, type Alert } from './alerts.ts';
import { atomFeed } from './atom.ts';
import { feedOf, type FeedEntry, type FeedPlace } from './entries.ts';
import { readHistories, type TreeReader } from './history.ts';
import { jsonFeed } from './json-feed.ts';

export interface FeedInputs {
  locale: string;
  /** The resorts published, named in the locale. */
  resorts: ReadonlyArray<{ id: number; name: string }>;
  /** The region lists published, named in the locale. */
  regions: ReadonlyArray<{ id: number; name: string }>;
  /** Each feed's alerts, newest first (`feedAlerts`), by `resort-<id>` and `region-<id>`; none: no entry. */
  alerts: ReadonlyMap<string, readonly Alert[]>;
  newSnowCm: number;
  place: FeedPlace;
}

/** One locale's feeds: both formats for each resort, then for each region. */
export function localeFeeds(inputs: FeedInputs): ExtraFile[] {
  const { locale } = inputs;
  const names = new Map(inputs.resorts.map((r) => [r.id, r.name]));
  // a region's entries are its resorts' entries: each made once
  const entries = new Map<Alert, FeedEntry>();
  const files: ExtraFile[] = [];
  const add = (subject: FeedSubject, id: number, name: string) => {
    const paths = {
      atom: feedPath(locale, subject, id, 'atom'),
      json: feedPath(locale, subject, id, 'json'),
    };
    const feed = feedOf({
      subject,
      id,
      name,
      locale,
      alerts: inputs.alerts.get(`${subject}-${id}`) ?? [],
      names,
      newSnowCm: inputs.newSnowCm,
      place: inputs.place,
      paths,
      entries,
    });
    files.push({ path: paths.atom, bytes: Buffer.from(atomFeed(feed)) });
    files.push({ path: paths.json, bytes: Buffer.from(jsonFeed(feed)) });
  };
  for (const resort of inputs.resorts) add('resort', resort.id, resort.name);
  for (const region of inputs.regions) add('region', region.id, region.name);
  return files;
}

/** Each feed's alerts (`FeedInputs.alerts`) from each resort's: the same in every locale. */
export function selectAlerts(
  resorts: ReadonlyArray<{ id: number }>,
  regions: ReadonlyArray<{ id: number; ids: readonly number[] }>,
  alerts: ReadonlyMap<number, readonly Alert[]>,
): Map<string, Alert[]> {
  const published = new Set(resorts.map((r) => r.id));
  const out = new Map<string, Alert[]>();
  for (const { id } of resorts) out.set(`resort-${id}`, feedAlerts(alerts.get(id) ?? []));
  for (const region of regions)
    out.set(
      `region-${region.id}`,
      // a resort of the list that this release does not publish has no feed, nor entries here
      feedAlerts(region.ids.flatMap((id) => (published.has(id) ? (alerts.get(id) ?? []) : []))),
    );
  return out;
}

export interface FeedOptions {
  /** The tree being released, by paths from its root (`history/…`, `api/…`). */
  read?: TreeReader;
  locales: readonly string[];
  /** The resorts published (their names as the index gives them, used where a locale has none). */
  resorts: ReadonlyArray<{ id: number; name: string }>;
  /** The region lists published and the resorts each holds. */
  regions: ReadonlyArray<{ id: number; ids: readonly number[] }>;
  alerts: { newSnowCm: number; link?: string };
  publicUrl?: string;
  /** Which pages the release publishes: entries link to a card, a region's feed to its list, under `publicUrl`. */
  pages: Pick<FeedPlace, 'cards' | 'lists'>;
  note?: (line: string) => void;
}

/** Every locale's feeds, made one locale at a time. */
export async function* feedFiles(options: FeedOptions): AsyncGenerator<ExtraFile> {
  const read: TreeReader = options.read ?? (async () => undefined);
  const histories = await readHistories(read, new Set(options.resorts.map((r) => r.id)), options.note);
  const byResort = new Map<number, Alert[]>();
  for (const [resort, days] of histories)
    byResort.set(resort, alertsOf(resort, days, options.alerts.newSnowCm));
  const alerts = selectAlerts(options.resorts, options.regions, byResort);
  const place: FeedPlace = {
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.alerts.link ? { link: options.alerts.link } : {}),
    ...options.pages,
  };
  for (const locale of options.locales) {
    const named = await localeNames(read, locale, options);
    yield* localeFeeds({ locale, ...named, alerts, newSnowCm: options.alerts.newSnowCm, place });
  }
}

/** The resorts' names in `locale` (its combined reports), and its regions' (its countries list). */
async function localeNames(
  read: TreeReader,
  locale: string,
  options: FeedOptions,
): Promise<Pick<FeedInputs, 'resorts' | 'regions'>> {
  const json = async (path: string): Promise<unknown> => {
    const bytes = await read(`api/${path}`);
    try {
      return bytes ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined;
    } catch {
      return undefined;
    }
  };
  const resorts = [];
  for (const resort of options.resorts) {
    const report = await json(
      filePath({ endpoint: 'combinedreport', params: { resortId: String(resort.id) }, locale }),
    );
    const name = (report as { resortName?: unknown } | undefined)?.resortName;
    resorts.push({ id: resort.id, name: typeof name === 'string' && name.trim() ? name : resort.name });
  }
  // a region the countries list does not name (or a list that cannot be read) is named by its id
  const named = regionNames(await json(filePath({ endpoint: 'region.countries', locale })));
  const regions = options.regions.map((r) => ({ id: r.id, name: named.get(r.id) ?? String(r.id) }));
  return { resorts, regions };
}
