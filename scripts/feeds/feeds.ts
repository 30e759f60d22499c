/**
 * The alert feeds of a release (scripts/README.md, "Alert feeds"): for each built locale, an
 * Atom and a JSON Feed file per resort published and per region list, made from the season histories in
 * the tree being released (`history.ts`), the resorts' and regions' names in the locale (its combined
 * reports and countries list), and the config's `alerts` and `publicUrl`. They ask nothing of the
 * upstream. `localeFeeds` is the pure part: inputs in, files out.
 */
import { feedPath, type FeedSubject } from '../api/feeds.ts';
import { filePath } from '../api/paths.ts';
import type { ExtraFile, KeptFiles, KeptGroup } from '../snapshot/store/staging.ts';
import { regionNames } from '../shared/catalogue.ts';
import { feedAlerts, newestOf, type Alert } from './alerts.ts';
import { atomFeed } from './atom.ts';
import { feedOf, type FeedEntry, type FeedPlace } from './entries.ts';
import { readAll, type TreeReader } from '../history/read.ts';
import { resortAlerts } from './memory.ts';
import { jsonFeed } from './json-feed.ts';
import { CANARY_ALERTS, CANARY_NAMES, canaryDigest, feedKey } from './keys.ts';

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
  /**
   * The newest data date of the build (`YYYY-MM-DD`), a feed's `updated` while it has no entry. Not part of
   * a feed's key (keys.ts): a kept feed without entries keeps the date it was made on.
   */
  newest?: string;
}

/** One feed of a locale: what it follows, its name, its alerts and its two paths. */
interface FeedSpec {
  subject: FeedSubject;
  id: number;
  name: string;
  alerts: readonly Alert[];
  paths: { atom: string; json: string };
}

/** A locale's feeds: each resort's, then each region's. */
function feedSpecs(inputs: FeedInputs): FeedSpec[] {
  const spec = (subject: FeedSubject, { id, name }: { id: number; name: string }): FeedSpec => ({
    subject,
    id,
    name,
    alerts: inputs.alerts.get(`${subject}-${id}`) ?? [],
    paths: {
      atom: feedPath(inputs.locale, subject, id, 'atom'),
      json: feedPath(inputs.locale, subject, id, 'json'),
    },
  });
  return [...inputs.resorts.map((r) => spec('resort', r)), ...inputs.regions.map((r) => spec('region', r))];
}

/** The resorts' names in the locale, by id. */
const namesOf = (inputs: FeedInputs) => new Map(inputs.resorts.map((r) => [r.id, r.name]));

/** One locale's feeds: both formats for each resort, then for each region; none of `skip` (their paths' `name`s). */
export function localeFeeds(inputs: FeedInputs, skip: ReadonlySet<string> = new Set()): ExtraFile[] {
  const names = namesOf(inputs);
  // a region's entries are its resorts' entries: each made once
  const entries = new Map<Alert, FeedEntry>();
  const files: ExtraFile[] = [];
  for (const spec of feedSpecs(inputs)) {
    if (skip.has(groupName(spec))) continue;
    const feed = feedOf({
      ...spec,
      locale: inputs.locale,
      names,
      newSnowCm: inputs.newSnowCm,
      place: inputs.place,
      entries,
      ...(inputs.newest ? { newest: inputs.newest } : {}),
    });
    files.push({ path: spec.paths.atom, bytes: Buffer.from(atomFeed(feed)) });
    files.push({ path: spec.paths.json, bytes: Buffer.from(jsonFeed(feed)) });
  }
  return files;
}

/** A feed's paths without their format: `feeds/en-US/resort-25`. */
const groupName = (spec: FeedSpec) => spec.paths.atom.replace(/\.atom$/, '');

/**
 * Each feed of a locale with its key (keys.ts): the locale's canary feed made first, with the same place
 * and threshold, its files part of every key.
 */
export function feedGroups(inputs: FeedInputs): KeptGroup[] {
  // without the build's newest date, which dates the canary's feeds without entries: it is no part of a key
  const { newest: _newest, ...fixed } = inputs;
  const canary = canaryDigest(
    localeFeeds({
      ...fixed,
      resorts: [...CANARY_NAMES].map(([id, name]) => ({ id, name })),
      regions: [{ id: 1, name: 'Région <1>' }],
      alerts: new Map([
        ['resort-7', CANARY_ALERTS.filter((a) => a.resort === 7)],
        ['region-1', [...CANARY_ALERTS]],
      ]),
    })
      .map((f) => Buffer.from(f.bytes).toString('utf8'))
      .join('\n'),
  );
  const names = namesOf(inputs);
  return feedSpecs(inputs).map((spec) => {
    const name = groupName(spec);
    return {
      name,
      key: feedKey(
        {
          name,
          title: spec.name,
          newSnowCm: inputs.newSnowCm,
          place: inputs.place,
          alerts: spec.alerts,
          names,
        },
        canary,
      ),
      paths: [spec.paths.atom, spec.paths.json],
    };
  });
}

/** Each feed's alerts (`FeedInputs.alerts`) from each resort's: the same in every locale. */
export function selectAlerts(
  resorts: ReadonlyArray<{ id: number }>,
  regions: ReadonlyArray<{ id: number; ids: readonly number[] }>,
  alerts: ReadonlyMap<number, readonly Alert[]>,
): Map<string, Alert[]> {
  const byResort = new Map<number, Alert[]>();
  const out = new Map<string, Alert[]>();
  for (const { id } of resorts) {
    const newest = feedAlerts(alerts.get(id) ?? []);
    byResort.set(id, newest);
    out.set(`resort-${id}`, newest);
  }
  for (const region of regions)
    out.set(
      `region-${region.id}`,
      // its resorts' newest, each resort once; a resort of the list that this release does not publish has no
      // feed, nor entries here
      newestOf([...new Set(region.ids)].flatMap((id) => (byResort.has(id) ? [byResort.get(id)!] : []))),
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
  /** The previous release's feeds: a feed whose key is the same is linked, not made (keys.ts). */
  kept?: KeptFiles;
}

/** Every locale's feeds, made one locale at a time. */
export async function* feedFiles(options: FeedOptions): AsyncGenerator<ExtraFile> {
  const read: TreeReader = options.read ?? (async () => undefined);
  const resorts = await resortAlerts({
    read,
    resorts: options.resorts,
    newSnowCm: options.alerts.newSnowCm,
    history: options.kept?.history,
    note: options.note,
  });
  options.kept?.remember?.(resorts.memory);
  const alerts = selectAlerts(options.resorts, options.regions, resorts.alerts);
  const place: FeedPlace = {
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.alerts.link ? { link: options.alerts.link } : {}),
    ...options.pages,
  };
  for (const locale of options.locales) {
    const named = await localeNames(read, locale, options);
    const inputs = {
      locale,
      ...named,
      alerts,
      newSnowCm: options.alerts.newSnowCm,
      place,
      ...(resorts.newest ? { newest: resorts.newest } : {}),
    };
    yield* localeFeeds(inputs, await options.kept?.carry(feedGroups(inputs)));
  }
}

/** The resorts' names in `locale` (its combined reports), and its regions' (its countries list). */
async function localeNames(
  read: TreeReader,
  locale: string,
  options: FeedOptions,
): Promise<Pick<FeedInputs, 'resorts' | 'regions'>> {
  const json = (bytes: Uint8Array | undefined): unknown => {
    try {
      return bytes ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined;
    } catch {
      return undefined;
    }
  };
  const reports = await readAll(
    read,
    options.resorts.map(
      (resort) =>
        `api/${filePath({ endpoint: 'combinedreport', params: { resortId: String(resort.id) }, locale })}`,
    ),
  );
  const resorts = options.resorts.map((resort, i) => {
    const name = (json(reports[i]) as { resortName?: unknown } | undefined)?.resortName;
    return { id: resort.id, name: typeof name === 'string' && name.trim() ? name : resort.name };
  });
  // a region the countries list does not name (or a list that cannot be read) is named by its id
  const named = regionNames(json(await read(`api/${filePath({ endpoint: 'region.countries', locale })}`)));
  const regions = options.regions.map((r) => ({ id: r.id, name: named.get(r.id) ?? String(r.id) }));
  return { resorts, regions };
}
