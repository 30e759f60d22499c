/**
 * The files a release publishes beside `api/`: host headers always; the rules that answer the service's
 * own URLs with the full profile; the element's bundle, the demo page and the embeds (cards, image
 * copies) when the element is built.
 */
import { dirname } from 'node:path';
import { headersFile } from '../api/headers.ts';
import { NOT_FOUND_PAGE, notFoundPage } from '../hosting/not-found.ts';
import { stagedReader } from '../snapshot/store/staging.ts';
import { feedFiles } from '../feeds/feeds.ts';
import type { ImageSource } from '../images/assets.ts';
import { EmbedThread } from '../embeds/embed-thread.ts';
import { embedParts, imageSource, placeLocaleEmbeds, type SitePart } from '../embeds/embeds.ts';
import type { Publisher } from '../snapshot/release/publisher.ts';
import { FEED_FOLDER } from '../api/feeds.ts';
import { DEFAULT_POWDER_CM } from '../snapshot/config.ts';
import { filePath } from '../api/paths.ts';
import { catalogueOf } from '../shared/catalogue.ts';
import { demoPage, type DemoRegion } from '../demo/page.ts';
import { LIST_SHEET, LIST_SHEET_BASE, largestRegion, regionIds, regionRowsCss } from '../embeds/lists.ts';
import { mirrorFiles } from '../hosting/mirror.ts';
import { MIRROR_FOLDER } from '../hosting/rewrites.ts';
import { runtimeBundle } from '../element/browser-files.ts';
import type { Scope } from '../snapshot/model.ts';
import type { ExtraFile, KeptFiles, StagedFiles } from '../snapshot/store/staging.ts';

export interface SiteOptions {
  scope: Scope;
  /** Published API files, relative to `api/` (readable while staged: the embeds are made from them). */
  files: Iterable<string> & Partial<Pick<StagedFiles, 'read' | 'builtAt' | 'dir'>>;
  locales: readonly string[];
  /** Whether the data is the embedded sample (the demo page says so). */
  sample: boolean;
  /** `widget`: no rules for the service's URLs (the mirror's files are not published). */
  profile?: 'full' | 'widget';
  /** Bundles the element; absent: no element, no demo page. */
  widget?: () => Promise<ExtraFile[]>;
  /**
   * The list's style sheet as the element's bundle holds it (its fixed part), for a build without the
   * element (`--no-widget`): the sheet holds the snapshot's rows, so a build publishes it with its data
   * whether it publishes the scripts or not. With `widget`, the bundle's own is used.
   */
  listSheet?: Uint8Array;
  /** Where the embeds' images come from (embeds.ts, `imageSource`). */
  images?: ImageSource;
  /** Origins a real upstream's images may be copied from: its own and the config's `imageOrigins`. */
  imageOrigins?: readonly string[];
  /** Says why an image was not copied (once per image). */
  note?: (line: string) => void;
  /** The cards were made locale by locale as the build went (`buildSite`). */
  embedsMade?: boolean;
  /** The feeds the previous release already holds as they would be made, linked rather than made. */
  kept?: KeptFiles;
  /** The config's `alerts` (scripts/docs/configuration.md, "Alert feeds"); default: 20 cm, no partner's link. */
  alerts?: { newSnowCm: number; link?: string };
  /** The config's `publicUrl`: the feeds' links and ids. */
  publicUrl?: string;
  /** The config's `embeds.season`: the pre-rendered cards with their season chart (season-cards.ts). */
  seasonCards?: boolean;
}

/** What a build asks of the site (scripts/cli/build.ts): its publishing steps, handed to the run. */
export interface Site {
  /**
   * The embeds of each locale (made in a thread of their own while the build fetches the next locales,
   * absent without the element), then the site's files once every API file is in (`siteParts`).
   */
  publishers: Publisher[];
  /** Stops the embeds' thread (if the build has not) and lets the images' connections go. */
  close(): Promise<void>;
}

/** The site of a build, its cards made per locale in a thread (embed-thread.ts) when the element is built. */
export function buildSite(options: Omit<SiteOptions, 'scope' | 'files' | 'embedsMade' | 'kept'>): Site {
  const own = options.images
    ? undefined
    : imageSource({
        sample: options.sample,
        ...(options.imageOrigins ? { origins: options.imageOrigins } : {}),
        ...(options.note ? { note: options.note } : {}),
      });
  const images = options.images ?? own!;
  const thread = options.widget ? new EmbedThread() : undefined;
  const embeds: Publisher | undefined = thread && {
    name: 'embeds',
    stage: 'locale',
    parts: (_context, locale) => [
      { artefact: 'embeds', locale: locale!, under: [`cards/${locale!}`, `lists/${locale!}`] },
    ],
    make: (part, context) =>
      placeLocaleEmbeds(thread, {
        scope: context.scope,
        locale: part.locale!,
        files: context.files,
        beside: context.beside,
        images,
        signal: context.signal,
        ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      }),
    // every locale's embeds are in: the thread's memory goes before the index and the state are written,
    // the build's largest moment
    close: () => thread.close(),
  };
  const site: Publisher<SitePart> = {
    name: 'site',
    stage: 'release',
    parts: (context) =>
      siteParts({
        ...options,
        scope: context.scope,
        files: context.files,
        images,
        embedsMade: !!thread,
        ...(context.kept ? { kept: context.kept } : {}),
      }),
    make: async (part, context) => context.write(await part.files()),
  };
  return {
    publishers: [...(embeds ? [embeds] : []), site],
    close: async () => {
      await thread?.close();
      await own?.close();
    },
  };
}

/** The files, made one at a time as they are written: the cards of a large tree would not fit in memory at once. */
export async function* siteFiles(options: SiteOptions): AsyncGenerator<ExtraFile> {
  for await (const part of siteParts(options)) yield* await part.files();
}

/**
 * The site's parts beside `api/`, in the order they are made (each a part of the build's fault boundary,
 * scripts/snapshot/release/publisher.ts): host headers and the 404 page, the mirror's rules, the feeds, the
 * list's style sheet, the element's files and the demo page, then the embeds' (`embedParts`).
 */
export async function* siteParts(options: SiteOptions): AsyncGenerator<SitePart> {
  const file = (path: string, bytes: () => Promise<Uint8Array> | Uint8Array): SitePart => ({
    artefact: path,
    paths: [path],
    files: async () => [{ path, bytes: await bytes() }],
  });
  yield file('_headers', () => Buffer.from(headersFile(options.files)));
  yield file(NOT_FOUND_PAGE, () => Buffer.from(notFoundPage()));
  if (options.profile !== 'widget')
    yield {
      artefact: 'mirror rules',
      paths: ['_redirects', '.htaccess'],
      under: [MIRROR_FOLDER],
      files: () =>
        mirrorFiles({ locales: options.locales, groups: options.scope.groups, files: options.files }),
    };
  yield { artefact: 'feeds', under: [FEED_FOLDER], files: () => feeds(options) };
  const bundle = options.widget ? await options.widget() : [];
  const sheet = bundle.find((f) => f.path === LIST_SHEET_BASE)?.bytes ?? options.listSheet;
  // the list's style sheet, completed with each region's rows (lists.ts)
  if (sheet)
    yield file(LIST_SHEET, async () => {
      const rows = await regionRowsCss(options.scope.groups, options.locales, options.files);
      return Buffer.from(`${Buffer.from(sheet).toString('utf8').trimEnd()}${rows}\n`);
    });
  if (!options.widget) return;
  const scripts = bundle.filter((f) => f.path !== LIST_SHEET_BASE);
  yield { artefact: 'element', paths: scripts.map((f) => f.path), files: () => scripts };
  // the demo shows the largest region's list when the list is built and the region's group files are
  // published (the widget profile publishes none: scripts/docs/configuration.md, "Profiles and the hosts' file limits")
  const list = options.profile !== 'widget' && sheet ? largestRegion(options.scope.groups) : undefined;
  yield file('index.html', async () =>
    Buffer.from(
      demoPage({
        resorts: options.scope.resorts,
        locales: options.locales,
        sample: options.sample,
        ...(list ? { list, regions: await demoRegions(options) } : {}),
        switcher: await runtimeBundle('demo-locale'),
      }),
    ),
  );
  yield* embedParts(options);
}

/**
 * The regions a list snippet on the demo page may name: each region group with its rows, named from the
 * first locale's countries list (catalogue.ts), largest first; a region the list does not name keeps its id.
 */
async function demoRegions(options: SiteOptions): Promise<DemoRegion[]> {
  const locale = options.locales[0];
  const file =
    locale && options.files.read
      ? await options.files.read(filePath({ endpoint: 'region.countries', locale }))
      : undefined;
  let names = new Map<number, string>();
  try {
    if (file)
      names = new Map(
        catalogueOf(JSON.parse(Buffer.from(file).toString('utf8')), 'countries list').regions.map((r) => [
          r.id,
          r.name,
        ]),
      );
  } catch {
    // a countries list the catalogue cannot read leaves the regions named by their ids
  }
  const groups = new Map(options.scope.groups.map((g) => [g.name, g.ids.length]));
  return regionIds(options.scope.groups)
    .map((id) => ({ id, name: names.get(id) ?? `region ${id}`, rows: groups.get(`region-${id}`) ?? 0 }))
    .sort((a, b) => b.rows - a.rows || a.name.localeCompare(b.name, 'en'));
}

/**
 * The alert feeds (feeds/feeds.ts), from the histories the tree being released holds beside `api/`: the
 * history step comes before the site's in the build's list of publishing steps (scripts/cli/build.ts).
 */
function feeds(options: SiteOptions): AsyncGenerator<ExtraFile> {
  const { dir } = options.files;
  const groups = new Map(options.scope.groups.map((g) => [g.name, g.ids]));
  return feedFiles({
    ...(dir ? { read: stagedReader(dirname(dir)) } : {}),
    locales: options.locales,
    resorts: options.scope.resorts,
    regions: regionIds(options.scope.groups).map((id) => ({ id, ids: groups.get(`region-${id}`) ?? [] })),
    alerts: options.alerts ?? { newSnowCm: DEFAULT_POWDER_CM },
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    pages: { cards: !!options.widget, lists: !!options.widget && options.profile !== 'widget' },
    ...(options.note ? { note: options.note } : {}),
    ...(options.kept ? { kept: options.kept } : {}),
  });
}
