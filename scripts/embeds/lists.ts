/**
 * The pre-rendered lists (widget/README.md, "The list"): each region's `<resort-conditions-list>` in each
 * built locale, rendered at build time with the element's own templates and styles
 * (`widget/list/prerender.ts`) into declarative shadow DOM, as the cards are (`cards.ts`):
 *
 * - `lists/<locale>/region-<id>.html`: a page for an `<iframe>`, which reports its height to the parent;
 * - `lists/<locale>/region-<id>.include.html`: the tag with the list inside, for a server-side include.
 *
 * And the rows each region's list holds and those a `resorts` list's ids name, for
 * `resort-conditions-list.css`: the room a list takes before its script and its data (`regionRowsCss`).
 */
import { escapeHtml } from '../api/html.ts';
import { multiEndpoint } from '../api/endpoints.ts';
import { pathToFileURL } from 'node:url';
import {
  cleanHtml,
  heightReporterSource,
  imageMarker,
  isObject,
  placeImages,
  readJson,
  scriptJson,
} from './cards.ts';
import { prerenderFile } from '../element/browser-files.ts';
import { regionsOf, type Group } from '../snapshot/model.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/store/staging.ts';

/** A region's list page and include, relative to the release root. */
export const listPath = (locale: string, region: number, shape: 'page' | 'include') =>
  `lists/${locale}/region-${region}.${shape === 'page' ? 'html' : 'include.html'}`;

/** The list's style sheet beside its script, which the build completes with each region's rows. */
export const LIST_SHEET = 'resort-conditions-list.css';

/**
 * The fixed part of that sheet as the element's bundle holds it (vite.config.ts): named apart, so that no
 * page links it for the sheet (it knows no rows), and never published as it is.
 */
export const LIST_SHEET_BASE = 'resort-conditions-list.base.css';

interface ListPrerender {
  listCss: string;
  listTitle(locale: string): string;
  listTemplate(data: unknown, image: (url: unknown) => string | undefined): Promise<unknown>;
}

/** The region with the most resorts (the lowest id of a tie), which the demo page lists; none without regions. */
export function largestRegion(groups: readonly Group[]): { region: number; rows: number } | undefined {
  const largest = regionsOf(groups).reduce<{ region: number; ids: readonly number[] } | undefined>(
    (best, r) =>
      !best || r.ids.length > best.ids.length || (r.ids.length === best.ids.length && r.region < best.region)
        ? r
        : best,
    undefined,
  );
  return largest && { region: largest.region, rows: largest.ids.length };
}

/** The most ids of a snapshot whose rows the style sheet counts in a `resorts` list (`resortsRowsCss`). */
export const COUNTED_IDS = 200;

/**
 * The rows of a `resorts` list before its script, as `--rc-rows`: a style sheet cannot split the attribute,
 * but it can ask whether it names a given id as one of its items (`20`, `20,…`, `…,20`, `…,20,…`, also with a
 * space after a comma), so each id of the snapshot that it names counts one (each once, as the element
 * counts them), and a list of none keeps one row. An id the snapshot does not hold is a row ("No data")
 * that it does not count. Up to `COUNTED_IDS` ids in the snapshot (about 4.5 KB gzipped for 200); a larger
 * snapshot's sheet counts none (the page sets `--rc-rows`).
 */
export function resortsRowsCss(ids: readonly number[]): string {
  if (ids.length === 0 || ids.length > COUNTED_IDS) return '';
  const item = (id: number) =>
    `[resorts="${id}"],[resorts^="${id},"],[resorts$=",${id}"],[resorts$=", ${id}"],[resorts*=",${id},"],[resorts*=", ${id},"]`;
  const named = ids.map((id) => `:where(resort-conditions-list:is(${item(id)})){--_r${id}:1}`);
  const sum = ids.map((id) => `var(--_r${id},0)`).join(' + ');
  // `region` wins over `resorts`, in the element as in the sheet; an empty `region` is none, as the element reads it
  return `${named.join('')}:where(resort-conditions-list[resorts]:is(:not([region]),[region=''])){--rc-rows:max(1,${sum})}`;
}

/**
 * Each region's rows as the page's `--rc-rows`: the records of its published group file in the first locale
 * (the same resorts in every locale), else its resorts in the snapshot; and those of a `resorts` list, from
 * the snapshot's ids (`resortsRowsCss`).
 */
export async function regionRowsCss(
  groups: readonly Group[],
  locales: readonly string[],
  files: Partial<Pick<StagedFiles, 'read'>>,
): Promise<string> {
  const rules: string[] = [];
  for (const { region, ids } of regionsOf(groups)) {
    const body =
      files.read && locales[0]
        ? await readJson(
            { read: files.read },
            {
              endpoint: multiEndpoint('combinedreport').id,
              locale: locales[0],
              group: `region-${region}`,
            },
          )
        : undefined;
    const rows = isObject(body) ? Object.keys(body).length : ids.length;
    rules.push(`:where(resort-conditions-list[region='${region}']){--rc-rows:${Math.max(1, rows)}}`);
  }
  return resortsRowsCss(groups.find((g) => g.name === 'all')?.ids ?? []) + rules.join('');
}

export interface ListOptions {
  groups: readonly Group[];
  locales: readonly string[];
  files: Pick<StagedFiles, 'read' | 'builtAt'>;
  images: readonly ExtraFile[];
}

/** Every region's list page and include in every locale, made one at a time as they are written. */
export async function* listFiles(options: ListOptions): AsyncGenerator<ExtraFile> {
  const lists = await listMaker({ heightReporter: await heightReporterSource() });
  const regions = regionsOf(options.groups).map((r) => r.region);
  for (const locale of options.locales)
    yield* localeLists(lists, { locale, regions, files: options.files, images: options.images });
}

/** What renders lists: the list's pre-render module, its style, and the page's height reporter. */
export interface ListMaker {
  module: ListPrerender;
  style: string;
  heightReporter: string;
  html(data: unknown, image: (url: unknown) => string | undefined): Promise<string>;
}

/** A list maker over the list's pre-render module at `file` (by default the one `prerenderFile` finds). */
export async function listMaker(options: { heightReporter: string; file?: string }): Promise<ListMaker> {
  const { render } = await import('@lit-labs/ssr');
  const { collectResultSync } = await import('@lit-labs/ssr/lib/render-result.js');
  const file = options.file ?? prerenderFile('list/prerender');
  const module = (await import(pathToFileURL(file).href)) as ListPrerender;
  return {
    module,
    style: `<style>${module.listCss}</style>`,
    heightReporter: options.heightReporter,
    async html(data, image) {
      const result = render((await module.listTemplate(data, image)) as Parameters<typeof render>[0]);
      return cleanHtml(collectResultSync(result));
    },
  };
}

/** Every region's list page and include in one locale, made one at a time from the staged files. */
export async function* localeLists(
  lists: ListMaker,
  job: {
    locale: string;
    regions: readonly number[];
    files: Pick<StagedFiles, 'read' | 'builtAt'>;
    images: readonly ExtraFile[];
  },
): AsyncGenerator<ExtraFile> {
  const { locale, files } = job;
  const images = new Map(job.images.map((f) => [f.path, f]));
  const attribution = await readJson(files, { endpoint: 'attribution', locale });
  for (const region of job.regions) {
    const group = await readJson(files, {
      endpoint: multiEndpoint('combinedreport').id,
      locale,
      group: `region-${region}`,
    });
    if (!isObject(group)) continue;
    const data = {
      region,
      locale,
      group,
      ...(isObject(attribution) ? { attribution } : {}),
      builtAt: files.builtAt,
    };
    const html = placeImages(await lists.html(data, imageMarker(images)), images);
    const tag = `<resort-conditions-list region="${region}" locale="${locale}">`;
    const fallback = `<p>${escapeHtml(lists.module.listTitle(locale))}</p>`;
    const include = `${tag}<template shadowrootmode="open">${lists.style}${html.include}<script type="application/json">${scriptJson(data)}</script></template>${fallback}</resort-conditions-list>\n`;
    const page = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(lists.module.listTitle(locale))}</title>
<link rel="icon" href="data:,">
<style>html,body{margin:0;background:transparent}</style>
</head>
<body>
${tag}<template shadowrootmode="open">${lists.style}${html.page}</template>${fallback}</resort-conditions-list>
<script>${lists.heightReporter}</script>
</body>
</html>
`;
    yield { path: listPath(locale, region, 'page'), bytes: Buffer.from(page) };
    yield { path: listPath(locale, region, 'include'), bytes: Buffer.from(include) };
  }
}
