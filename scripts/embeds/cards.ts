/**
 * The pre-rendered embeds (widget/README.md, "Embeds"), for sites that cannot run a module script and for readers without
 * JavaScript or search engines: each resort's card in each built locale, rendered at build time with the
 * element's own templates and styles (`widget/card/prerender.ts`, through @lit-labs/ssr) into declarative
 * shadow DOM, in two shapes:
 *
 * - `cards/<locale>/<id>.html`: a page for an `<iframe>`; it reports its height to the parent with
 *   `postMessage`, and `resort-conditions-frame.js` on the parent page sizes the frame (origin-checked);
 * - `cards/<locale>/<id>.include.html`: the `<resort-conditions>` tag with the card inside, for a
 *   server-side include; with the element's script on the page, the element takes the card over;
 * - `cards/<locale>/<id>.compact.html` and `cards/<locale>/<id>.compact.include.html`: the same for the
 *   compact strip (`layout="compact"`).
 *
 * The widget's modules are loaded by path (the site builds the element, it does not import it).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { assetPath, assetType } from '../api/assets.ts';
import { escapeHtml } from '../api/html.ts';
import { filePath } from '../api/paths.ts';
import type { ApiRequest } from '../api/request.ts';
import { prerenderFile, runtimeBundle } from '../element/browser-files.ts';
import { feedLinks } from '../feeds/discovery.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/store/staging.ts';

/** Forecast days after today on a card: the element's default. */
export const CARD_DAYS = 3;

/** The layouts pre-rendered for each resort and locale: the full card (`''`) and the compact strip. */
export const CARD_LAYOUTS = ['', 'compact'] as const;
/** A pre-rendered card's layout; `season`, the full card with its season chart, is made once the history is recorded (`seasonCardFiles`). */
export type CardLayout = (typeof CARD_LAYOUTS)[number] | 'season';

/** The card page and the include of a resort in a locale, relative to the release root. */
export const cardPath = (locale: string, id: number, shape: 'page' | 'include', layout: CardLayout = '') =>
  `cards/${locale}/${id}${layout ? `.${layout}` : ''}.${shape === 'page' ? 'html' : 'include.html'}`;

/** The loader (`runtime/frame-loader.ts`), a classic script, as it is published. */
export const frameLoaderSource = (): Promise<string> => runtimeBundle('frame-loader');

/** JSON that cannot end a `<script>` element or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** `scriptJson(card)`, its `data` already serialised as `dataJson`. */
const cardJson = ({ data: _data, ...head }: { data: unknown }, dataJson: string) =>
  `${scriptJson(head).slice(0, -1)},"data":${dataJson}}`;

interface Prerender {
  cardCss: string;
  compactCss: string;
  seasonCss: string;
  cardTitle(locale: string, name: string): string;
  cardTemplate(card: unknown, now: number, image: (url: unknown) => string | undefined): Promise<unknown>;
}

/** The widget's pre-render module, which renders its templates with @lit-labs/ssr (browser-files.ts). */
export async function prerenderModule<T = Prerender>(
  name: 'prerender' | 'list/prerender' = 'prerender',
): Promise<{ module: T; close(): Promise<void> }> {
  return { module: (await import(pathToFileURL(prerenderFile(name)).href)) as T, close: async () => {} };
}

/**
 * Every marker lit leaves in rendered HTML: the hydration comments (`<!--lit-part …-->`, `<!--/lit-part-->`,
 * `<!--lit-node n-->`), a child part's marker (`<!--?lit$n$-->`), and the `<?>` that closes a template
 * ending with an expression (a parser reads it as the comment `<!--?-->`, which may be written so too).
 * Text and attribute values never hold them: lit escapes their `<`.
 */
export const LIT_MARKERS = /<!--\/?lit-(?:part|node)[^>]*-->|<!--\?(?:lit\$\d+\$)?-->|<\?>/g;

/** Rendered HTML without lit's markers, which serve no one here (the element renders afresh), nor the templates' indentation. */
export const cleanHtml = (html: string) => html.replace(LIT_MARKERS, '').replace(/[ \t]*\n\s*/g, ' ');

/**
 * Where a card or a list shows a copied image, until the shape of the page says how to reach it. The
 * marker holds a number drawn once per process, which no text of an upstream can know: only what
 * `imageMarker` made is ever replaced (scripts/ARCHITECTURE.md, "Threat model").
 */
const IMAGE = `rc-image-${randomBytes(16).toString('hex')}:`;
const IMAGES = new RegExp(`${IMAGE}(assets/[0-9a-f]{8}\\.[a-z]+)`, 'g');

/** What a template shows for an upstream image: a marker of its copy (`placeImages`), or nothing without one. */
export const imageMarker =
  (images: ReadonlyMap<string, ExtraFile>) =>
  (url: unknown): string | undefined => {
    const path = assetPath(url);
    return path && images.has(path) ? `${IMAGE}${path}` : undefined;
  };

/**
 * Rendered HTML with its image markers as a page reaches the copies (it lives beside them) and as an
 * include does (it lives on another site, so its images are inline).
 */
export function placeImages(html: string, images: ReadonlyMap<string, ExtraFile>) {
  return {
    page: html.replace(IMAGES, (_, path: string) => `../../${path}`),
    include: html.replace(IMAGES, (marker, path: string) => {
      const image = images.get(path);
      return image ? `data:${assetType(path)};base64,${Buffer.from(image.bytes).toString('base64')}` : marker;
    }),
  };
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The staged API file that `request` names (api/paths.ts), parsed; undefined when absent or not JSON. */
export async function readJson(files: Pick<StagedFiles, 'read'>, request: ApiRequest): Promise<unknown> {
  const bytes = await files.read(filePath(request));
  try {
    // a view, not a copy (Buffer.from of an array copies it): three files a card
    return bytes
      ? JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
      : undefined;
  } catch {
    return undefined;
  }
}

/** What the element reads of a Family A record: without the lists of lifts and runs, which it never shows. */
function trimFamilyA(record: unknown): unknown {
  if (!isObject(record)) return undefined;
  const { lifts, terrain, ...rest } = record;
  const strip = (v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'details')) : v;
  return {
    ...rest,
    lifts: strip(lifts),
    terrain: isObject(terrain) ? { ...terrain, runs: strip(terrain.runs) } : terrain,
  };
}

export interface CardOptions {
  resorts: ReadonlyArray<{ id: number; name: string }>;
  locales: readonly string[];
  files: Pick<StagedFiles, 'read' | 'builtAt'>;
  /** Published copies of upstream images (`assets/…`), inlined into includes (they live on other sites). */
  images: readonly ExtraFile[];
  /** The config's `publicUrl`: an include names its resort's feeds under it (without it, none). */
  publicUrl?: string;
}

/** Every card page and include (of `layouts`, by default `CARD_LAYOUTS`), made one resort at a time as they are written. */
export async function* cardFiles(
  options: CardOptions & Pick<LocaleCards, 'layouts' | 'season'>,
): AsyncGenerator<ExtraFile> {
  const { resorts, locales, ...job } = options;
  const cards = await cardMaker({ heightReporter: await heightReporterSource() });
  const ids = resorts.map((r) => r.id);
  for (const locale of locales) yield* localeCards(cards, { ...job, locale, ids });
}

/** The script a card page runs to report its height to the frame's parent, as it is inlined. */
export const heightReporterSource = async () => (await runtimeBundle('height-reporter')).trim();

/** What renders cards: the pre-render module's templates and styles, and the page's height reporter. */
export interface CardMaker {
  module: Prerender;
  styles: Record<CardLayout, string>;
  heightReporter: string;
  html(card: unknown, now: number, image: (url: unknown) => string | undefined): Promise<string>;
}

/** A card maker over the pre-render module at `file` (by default the one `prerenderFile` finds). */
export async function cardMaker(options: { heightReporter: string; file?: string }): Promise<CardMaker> {
  const { render } = await import('@lit-labs/ssr');
  const { collectResultSync } = await import('@lit-labs/ssr/lib/render-result.js');
  const file = options.file ?? prerenderFile();
  const module = (await import(pathToFileURL(file).href)) as Prerender;
  return {
    module,
    styles: {
      '': `<style>${module.cardCss}</style>`,
      compact: `<style>${module.compactCss}</style>`,
      season: `<style>${module.seasonCss}</style>`,
    },
    heightReporter: options.heightReporter,
    async html(card, now, image) {
      const result = render((await module.cardTemplate(card, now, image)) as Parameters<typeof render>[0]);
      return cleanHtml(collectResultSync(result));
    },
  };
}

export interface LocaleCards {
  locale: string;
  /** The resorts, in the order their cards are made. */
  ids: readonly number[];
  files: Pick<StagedFiles, 'read' | 'builtAt'>;
  images: readonly ExtraFile[];
  /** The config's `publicUrl`: an include names its resort's feeds under it (without it, none). */
  publicUrl?: string;
  /** The layouts to make (default `CARD_LAYOUTS`). */
  layouts?: readonly CardLayout[];
  /** A resort's latest season, for the `season` layout: a resort without one has no such card. */
  season?: (id: number) => Promise<SeasonFile | undefined>;
  /** The locale's attribution, when read already (else it is read from `files`). */
  attribution?: unknown;
}

/** A season file of the history, by its name (`2025-26`): what the season chart of a pre-rendered card draws. */
export interface SeasonFile {
  name: string;
  body: unknown;
}

/** Every card page and include of one locale, made one resort at a time from the staged files. */
export async function* localeCards(cards: CardMaker, job: LocaleCards): AsyncGenerator<ExtraFile> {
  const { locale, files } = job;
  const images = new Map(job.images.map((f) => [f.path, f]));
  const attribution =
    'attribution' in job ? job.attribution : await readJson(files, { endpoint: 'attribution', locale });
  for (const id of job.ids) {
    const resortId = String(id);
    const combined = await readJson(files, { endpoint: 'combinedreport', params: { resortId }, locale });
    if (!isObject(combined) || typeof combined.resortName !== 'string' || !isObject(combined.info)) continue;
    const familyA = await readJson(files, { endpoint: 'a.resort.snowreport', params: { resortId }, locale });
    const forecast = await readJson(files, {
      endpoint: 'forecast',
      params: { resortId, N: String(CARD_DAYS) },
      locale,
    });
    const data = {
      combined,
      ...(isObject(familyA) ? { familyA: trimFamilyA(familyA) } : {}),
      ...(isObject(forecast) ? { forecast } : {}),
      ...(isObject(attribution) ? { attribution } : {}),
    };
    const name = escapeHtml(combined.resortName);
    // the data as the element's script reads it, serialised once for both layouts
    const dataJson = scriptJson(data);
    // the resort's alert feeds: beside the page; from an include, which lives on another site, at publicUrl
    const feeds = {
      page: feedLinks(locale, id, combined.resortName, '../../'),
      include: job.publicUrl ? feedLinks(locale, id, combined.resortName, job.publicUrl) : '',
    };
    for (const layout of job.layouts ?? CARD_LAYOUTS) {
      const season = layout === 'season' ? await job.season?.(id) : undefined;
      if (layout === 'season' && !season) continue;
      // the season is an attribute of the full card, not a layout; the element reads its file itself
      const card = {
        resort: id,
        locale,
        days: CARD_DAYS,
        ...(layout === 'compact' ? { layout } : {}),
        data,
      };
      const style = cards.styles[layout];
      const tag = `<resort-conditions resort="${id}" locale="${locale}" days="${CARD_DAYS}"${layout === 'compact' ? ` layout="${layout}"` : layout === 'season' ? ' season' : ''}>`;
      const rendered = await cards.html(
        season ? { ...card, season } : card,
        files.builtAt,
        imageMarker(images),
      );
      const html = placeImages(rendered, images);
      const include = `${tag}<template shadowrootmode="open">${style}${html.include}<script type="application/json">${cardJson(card, dataJson)}</script></template><p>${name}</p>${feeds.include}</resort-conditions>\n`;
      const page = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(cards.module.cardTitle(locale, combined.resortName))}</title>
<link rel="icon" href="data:,">
${feeds.page}
<style>html,body{margin:0;background:transparent}</style>
</head>
<body>
${tag}<template shadowrootmode="open">${style}${html.page}</template><p>${name}</p></resort-conditions>
<script>${cards.heightReporter}</script>
</body>
</html>
`;
      yield { path: cardPath(locale, id, 'page', layout), bytes: Buffer.from(page) };
      yield { path: cardPath(locale, id, 'include', layout), bytes: Buffer.from(include) };
    }
  }
}
