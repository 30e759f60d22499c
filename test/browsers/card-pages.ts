/**
 * For the Chromium tests: the built site served on 127.0.0.1 with a chosen delay before every answer, and
 * a partner page on another origin that embeds a resort the three documented ways (widget/README.md, "Embeds").
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { handled, listen, type Listening } from '../../scripts/service/listen.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';

/** Serves `folder` like any static host (CORS, content types), answering every request after `delayMs`. */
export const serveDelayed = (folder: string, delayMs: number): Promise<Listening> =>
  serveFolder(folder, { delayMs });

export type Theme = 'light' | 'dark' | 'partner';
export type Embed = 'module' | 'include' | 'iframe';

/** A partner's own theme, through the documented custom properties (widget/README.md, "Styling"). */
export const PARTNER_THEME = `--rc-background:#12344d;--rc-color:#f4efe6;--rc-muted-color:#c3d0da;--rc-accent-color:#ffc36b;--rc-border-color:#2f5575;--rc-open-color:#8fe3b0;--rc-closed-color:#ffaaa0;--rc-warning-color:#ffd27a;--rc-bar-color:#ffb454;--rc-easy-color:#8fe3b0;--rc-intermediate-color:#8cc2ff;--rc-radius:4px;--rc-font:16px/1.5 Georgia,serif`;

export interface PartnerOptions {
  /** The site (with its delay) that serves the script and the files. */
  site: string;
  /** The built tree, for server-side includes. */
  dist: string;
  embed: Embed;
  /** Resort ids, or ids with their own locale or layout (module embed). */
  resorts: Array<number | { id: number; locale?: string; layout?: 'compact' }>;
  locale?: string;
  lang?: string;
  days?: number;
  theme?: Theme;
  /** The element's own `theme` attribute: a page with a colour switch of its own. */
  elementTheme?: 'light' | 'dark';
  /** Extra CSS of the page. */
  css?: string;
  /**
   * Sends the page in two parts, this many milliseconds apart, cut inside the first card (before its
   * forecast): what a slow connection does to a server-side include.
   */
  pause?: number;
  /** The module embed with the room reserved by `resort-conditions.css`, the script at the end of the body, not render-blocking. */
  reserve?: boolean;
  /** Where `resort-conditions.css` comes from (default: the site). */
  styleSite?: string;
  /** The iframe embed's `sandbox` attribute. */
  sandbox?: string;
  /** The iframe embed without its loader: a test adds it once the cards have loaded (a loader that arrives late). */
  noLoader?: boolean;
  /** The module embed with a list of this region after the cards, its style sheet and its script in the head. */
  list?: number;
}

const TEXT = 'Partners write their own articles around the snow report. '.repeat(12);

/** The partner page: a heading and text above, the embed, and text below (what would move if it shifted). */
export async function partnerPage(o: PartnerOptions): Promise<string> {
  const locale = o.locale ?? 'en-US';
  const attrs = `${o.locale ? ` locale="${o.locale}"` : ''}${o.days !== undefined ? ` days="${o.days}"` : ''}${o.elementTheme ? ` theme="${o.elementTheme}"` : ''}`;
  const embeds = await Promise.all(
    o.resorts.map(async (resort) => {
      const id = typeof resort === 'number' ? resort : resort.id;
      const own =
        typeof resort === 'number'
          ? attrs
          : `${attrs}${resort.locale ? ` locale="${resort.locale}"` : ''}${resort.layout ? ` layout="${resort.layout}"` : ''}`;
      if (o.embed === 'module')
        return `<resort-conditions resort="${id}"${own}><a href="https://partner.example/snow/${id}">Snow report</a></resort-conditions>`;
      if (o.embed === 'include') return readFile(join(o.dist, 'cards', locale, `${id}.include.html`), 'utf8');
      return `<iframe src="${o.site}/cards/${locale}/${id}.html" title="Snow report"${o.sandbox !== undefined ? ` sandbox="${o.sandbox}"` : ''} style="width:100%;border:0;height:40rem"></iframe>`;
    }),
  );
  const script =
    o.embed === 'module' && o.reserve
      ? `<link rel="stylesheet" href="${o.styleSite ?? o.site}/resort-conditions.css">`
      : o.embed === 'module'
        ? `<script type="module" blocking="render" src="${o.site}/resort-conditions.js"></script>`
        : o.embed === 'include'
          ? `<script type="module" src="${o.site}/resort-conditions.js"></script>`
          : o.noLoader
            ? ''
            : `<script async src="${o.site}/resort-conditions-frame.js"></script>`;
  const list =
    o.embed === 'module' && o.list !== undefined
      ? {
          head: `<link rel="stylesheet" href="${o.site}/resort-conditions-list.css">\n<script type="module" async src="${o.site}/resort-conditions-list.js"></script>`,
          body: `<resort-conditions-list region="${o.list}"${o.locale ? ` locale="${o.locale}"` : ''}><a href="https://partner.example/snow">Snow report</a></resort-conditions-list>\n<p class="below">${TEXT}</p>`,
        }
      : { head: '', body: '' };
  const theme = o.theme ?? 'light';
  const page =
    theme === 'dark'
      ? 'background:#0b1118;color:#e8eef5'
      : theme === 'partner'
        ? 'background:#0b2233;color:#f4efe6'
        : 'background:#fff;color:#1d2733';
  return `<!doctype html>
<html lang="${o.lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page</title>
${script}
${list.head}
<style>
body { margin: 0; font: 16px/1.5 Georgia, serif; ${page} }
main { max-width: 60rem; margin: 0 auto; padding: 16px; }
resort-conditions, iframe { display: block; margin: 1rem 0; }
.partner resort-conditions { ${PARTNER_THEME} }
${o.css ?? ''}
</style>
</head>
<body class="${theme}">
<main>
<h1>Fresh snow this weekend</h1>
<p>${TEXT}</p>
${embeds.map((e) => `${e}\n<p class="below">${TEXT}</p>`).join('\n')}
${list.body}
</main>
${o.embed === 'module' && o.reserve ? `<script type="module" async src="${o.site}/resort-conditions.js"></script>` : ''}
</body>
</html>
`;
}

/** The partner's origin: `/?o=<json of PartnerOptions>` answers the page. */
export function servePartner(): Promise<Listening> {
  const server = createServer(
    handled(async (request, response) => {
      if (!request.url?.startsWith('/?')) return void response.writeHead(204).end();
      try {
        const options = JSON.parse(
          new URL(request.url ?? '/', 'http://x').searchParams.get('o') ?? '',
        ) as PartnerOptions;
        const page = await partnerPage(options);
        const cut = options.pause ? page.indexOf('<section class="forecast"') : -1;
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        if (cut < 0) return void response.end(page);
        response.write(page.slice(0, cut));
        setTimeout(() => response.end(page.slice(cut)), options.pause);
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    }),
  );
  return listen(server, 0);
}

/** Sums `layout-shift` entries without recent input, from the first paint on (an init script). */
export function observeLayoutShifts() {
  const w = window as unknown as { __cls: number; __shifts: string[] };
  w.__cls = 0;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }
    >) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      const where = (s: Source) =>
        `${(s.node as Element | undefined)?.nodeName ?? '?'}.${(s.node as Element | undefined)?.className ?? ''} ${s.previousRect.y}→${s.currentRect.y}`;
      w.__shifts.push(
        `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map(where).join(', ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}
