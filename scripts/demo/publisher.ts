/**
 * The demo page's step (page.ts): one part, `index.html`, published with the element. It shows every resort
 * as a card, and the largest region's list when the list is built and the region's group files are
 * published (the widget profile publishes none: scripts/docs/configuration.md, "Profiles and the hosts'
 * file limits").
 */
import { filePath } from '../api/paths.ts';
import { runtimeBundle } from '../element/browser-files.ts';
import { largestRegion } from '../embeds/lists.ts';
import { catalogueOf } from '../shared/catalogue.ts';
import { regionIds, type Scope } from '../snapshot/model.ts';
import { filePart, filesPublisher, type FilesPart, type Publisher } from '../snapshot/release/publisher.ts';
import type { StagedFiles } from '../snapshot/store/staging.ts';
import { demoPage, type DemoRegion } from './page.ts';

export interface DemoOptions {
  locales: readonly string[];
  /** Whether the data is the embedded sample (the page says so). */
  sample: boolean;
  /** The list is built and its region's files are published: the page shows the largest region's list. */
  list: boolean;
}

type DemoTree = { scope: Pick<Scope, 'resorts' | 'groups'>; files: Partial<Pick<StagedFiles, 'read'>> };

/** The demo page as one part. */
export function demoPart(options: DemoOptions & DemoTree): FilesPart {
  const list = options.list ? largestRegion(options.scope.groups) : undefined;
  return filePart('index.html', async () =>
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
}

/** The demo page's step. */
export const demoPublisher = (options: DemoOptions): Publisher<FilesPart> =>
  filesPublisher('demo', (context) => [demoPart({ ...options, scope: context.scope, files: context.files })]);

/**
 * The regions a list snippet on the demo page may name: each region group with its rows, named from the
 * first locale's countries list (scripts/shared/catalogue.ts), largest first; a region the list does not
 * name keeps its id.
 */
async function demoRegions(options: DemoOptions & DemoTree): Promise<DemoRegion[]> {
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
