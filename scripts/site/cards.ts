/**
 * The pre-rendered embeds (widget/README.md, "Embeds"), for sites that cannot run a module script and for readers without
 * JavaScript or search engines: each resort's card in each built locale, rendered at build time with the
 * element's own templates and styles (`widget/prerender.ts`, through @lit-labs/ssr) into declarative
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
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assetPath, assetType } from '../api/assets.ts';
import { FRAME_LOADER } from '../api/headers.ts';
import { escapeHtml } from '../api/html.ts';
import { filePath } from '../api/paths.ts';
import type { ExtraFile, StagedFiles } from '../snapshot/release/release.ts';
import { bundleApart } from './bundler.ts';
import { packageRoot } from './root.ts';
import { runtimeBundle } from './runtime.ts';

/** Forecast days after today on a card: the element's default. */
export const CARD_DAYS = 3;

/** The layouts pre-rendered for each resort and locale: the full card (`''`) and the compact strip. */
export const CARD_LAYOUTS = ['', 'compact'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];

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
  cardTitle(locale: string, name: string): string;
  cardTemplate(card: unknown, now: number, image: (url: unknown) => string | undefined): Promise<unknown>;
}

/**
 * The widget's pre-render module, which renders its templates with @lit-labs/ssr: the compiled module where
 * the package ships one, else one compiled for this build by the bundler's process (bundler.ts), as the
 * package compiles it, into `node_modules/.cache/resort-conditions/` (where its imports of lit resolve),
 * removed when the build's process ends.
 */
export async function prerenderModule<T = Prerender>(
  name: 'prerender' | 'list/prerender' = 'prerender',
): Promise<{ module: T; close(): Promise<void> }> {
  const root = packageRoot();
  const compiled = join(root, 'widget', 'lib', `${name}.js`);
  const file = existsSync(compiled) ? compiled : join(await prerenderApart(root), `${name}.js`);
  return { module: (await import(pathToFileURL(file).href)) as T, close: async () => {} };
}

let compiledApart: Promise<string> | undefined;

function prerenderApart(root: string): Promise<string> {
  compiledApart ??= (async () => {
    const cache = join(root, 'node_modules', '.cache', 'resort-conditions');
    // folders of builds that ended without removing theirs
    for (const entry of existsSync(cache) ? readdirSync(cache) : []) {
      const pid = Number(/^prerender-(\d+)$/.exec(entry)?.[1]);
      if (pid && !isRunning(pid)) rmSync(join(cache, entry), { recursive: true, force: true });
    }
    const dir = join(cache, `prerender-${process.pid}`);
    const files = await bundleApart('prerender');
    rmSync(dir, { recursive: true, force: true });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    for (const f of files) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      writeFileSync(join(dir, f.path), f.bytes);
    }
    return dir;
  })();
  return compiledApart;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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

async function renderer() {
  const { render } = await import('@lit-labs/ssr');
  const { collectResultSync } = await import('@lit-labs/ssr/lib/render-result.js');
  const { module, close } = await prerenderModule();
  return {
    module,
    async html(card: unknown, now: number, image: (url: unknown) => string | undefined) {
      const html = collectResultSync(
        render((await module.cardTemplate(card, now, image)) as Parameters<typeof render>[0]),
      );
      return cleanHtml(html);
    },
    close,
  };
}

/** Where a card shows a copied image, until the shape of the card says how to reach it. */
const IMAGE = 'rc-image:';
const IMAGES = /rc-image:(assets\/[0-9a-f]{8}\.[a-z]+)/g;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A staged JSON file, or undefined. */
export async function readJson(files: Pick<StagedFiles, 'read'>, path: string): Promise<unknown> {
  const bytes = await files.read(path);
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
}

/** The frame loader, then every card page and include, made one resort at a time as they are written. */
export async function* cardFiles(options: CardOptions): AsyncGenerator<ExtraFile> {
  const { files } = options;
  const images = new Map(options.images.map((f) => [f.path, f]));
  yield { path: FRAME_LOADER, bytes: Buffer.from(await frameLoaderSource()) };
  const heightReporter = (await runtimeBundle('height-reporter')).trim();
  const r = await renderer();
  try {
    const styles: Record<CardLayout, string> = {
      '': `<style>${r.module.cardCss}</style>`,
      compact: `<style>${r.module.compactCss}</style>`,
    };
    for (const locale of options.locales) {
      const attribution = await readJson(files, filePath({ endpoint: 'attribution', locale }));
      for (const { id } of options.resorts) {
        const resortId = String(id);
        const combined = await readJson(
          files,
          filePath({ endpoint: 'combinedreport', params: { resortId }, locale }),
        );
        if (!isObject(combined) || typeof combined.resortName !== 'string' || !isObject(combined.info))
          continue;
        const familyA = await readJson(
          files,
          filePath({ endpoint: 'a.resort.snowreport', params: { resortId }, locale }),
        );
        const forecast = await readJson(
          files,
          filePath({ endpoint: 'forecast', params: { resortId, N: String(CARD_DAYS) }, locale }),
        );
        const data = {
          combined,
          ...(isObject(familyA) ? { familyA: trimFamilyA(familyA) } : {}),
          ...(isObject(forecast) ? { forecast } : {}),
          ...(isObject(attribution) ? { attribution } : {}),
        };
        const name = escapeHtml(combined.resortName);
        // the data as the element's script reads it, serialised once for both layouts
        const dataJson = scriptJson(data);
        for (const layout of CARD_LAYOUTS) {
          const card = { resort: id, locale, days: CARD_DAYS, ...(layout ? { layout } : {}), data };
          const style = styles[layout];
          const tag = `<resort-conditions resort="${id}" locale="${locale}" days="${CARD_DAYS}"${layout ? ` layout="${layout}"` : ''}>`;
          // the page lives beside the copies; an include lives on another site, so its images are inline
          const html = await r.html(card, files.builtAt, (url) => {
            const path = assetPath(url);
            return path && images.has(path) ? `${IMAGE}${path}` : undefined;
          });
          const pageHtml = html.replace(IMAGES, (_, path: string) => `../../${path}`);
          const includeHtml = html.replace(IMAGES, (_, path: string) => {
            const image = images.get(path)!;
            return `data:${assetType(path)};base64,${Buffer.from(image.bytes).toString('base64')}`;
          });
          const include = `${tag}<template shadowrootmode="open">${style}${includeHtml}<script type="application/json">${cardJson(card, dataJson)}</script></template><p>${name}</p></resort-conditions>\n`;
          const page = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(r.module.cardTitle(locale, combined.resortName))}</title>
<link rel="icon" href="data:,">
<style>html,body{margin:0;background:transparent}</style>
</head>
<body>
${tag}<template shadowrootmode="open">${style}${pageHtml}</template><p>${name}</p></resort-conditions>
<script>${heightReporter}</script>
</body>
</html>
`;
          yield { path: cardPath(locale, id, 'page', layout), bytes: Buffer.from(page) };
          yield { path: cardPath(locale, id, 'include', layout), bytes: Buffer.from(include) };
        }
      }
    }
  } finally {
    await r.close();
  }
}
