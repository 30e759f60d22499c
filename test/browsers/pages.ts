/**
 * For the three-engine sweep: the built site on one origin, with the element's script held until a test lets
 * it go, and the partner's pages on another origin. Every page has `resort-conditions.css` in its `<head>`
 * and the script `async`, as the README asks, a frozen clock, and a recorder that reads, at every frame from
 * the first paint on, where the text below each card is (Firefox and WebKit have no Layout Instability API).
 */
import { createServer } from 'node:http';
import { listen, type Listening } from '../../scripts/service/listen.ts';
import { escapeHtml } from '../../scripts/api/html.ts';
import { serveFolder } from '../../scripts/hosting/static-server.ts';

export interface Site extends Listening {
  /**
   * Holds every request for the elements' scripts (or, with `match`, for the paths it accepts) until the
   * answered function is called.
   */
  hold(match?: (path: string) => boolean): () => void;
  /** Every path asked for, in order (the list's browser test counts its data requests). */
  requests: string[];
}

/** A width of the sweep, and its place among every 8 px from 240 to 1400 px and the layout's steps. */
export interface SweepWidth {
  width: number;
  /** Its index in that grid at this root font: it chooses the resort a card at this width shows. */
  slot: number;
}

/**
 * The sweep's widths at a root font: each step of an element's layout (`stepsEm`, in em of its 15 px text at
 * the default font) at this root font ± 1 px, and every 16 px from 240 to 1400, from 240 px at a root font of
 * 16 px and from 248 px at any other, so that the sweep's two root fonts together measure every 8 px. Between
 * two steps the layout is the same and scales with the width; at a step and ± 1 px each font measures all.
 * A width keeps its slot in the grid of every 8 px, so the resort each width shows is the one it showed when
 * each font measured every 8 px.
 */
export function widthsOf(font: number, stepsEm: readonly number[]): SweepWidth[] {
  const steps = new Set(
    stepsEm.flatMap((em) => {
      const s = Math.round((em * 15 * font) / 16);
      return [s - 1, s, s + 1];
    }),
  );
  const all = new Set<number>(steps);
  for (let w = 240; w <= 1400; w += 8) all.add(w);
  const first = font === 16 ? 240 : 248;
  return [...all]
    .sort((a, b) => a - b)
    .map((width, slot) => ({ width, slot }))
    .filter(({ width }) => steps.has(width) || (width >= first && (width - first) % 16 === 0));
}

const SCRIPTS = (path: string) => path === '/resort-conditions.js' || path === '/resort-conditions-list.js';

/** Serves `folder` as `npm run preview` does (scripts/hosting/static-server.ts); held paths wait. */
export async function serveSite(folder: string): Promise<Site> {
  const gates = new Set<{ match: (path: string) => boolean; open: Promise<void> }>();
  const requests: string[] = [];
  const listening = await serveFolder(folder, {
    before: async (path) => {
      requests.push(path);
      await Promise.all([...gates].filter((g) => g.match(path)).map((g) => g.open));
    },
  });
  return {
    ...listening,
    requests,
    hold(match = SCRIPTS) {
      let release = () => {};
      const gate = { match, open: new Promise<void>((resolve) => (release = resolve)) };
      gates.add(gate);
      return () => {
        gates.delete(gate);
        release();
      };
    },
  };
}

/** One card: where it stands (`data-where`, the name failures carry) and what it is. */
export interface Card {
  where: string;
  resort: number;
  /** The `days` attribute as written; absent when undefined. */
  days?: string;
  locale?: string;
  /** The wrapper's style: its width, and the layout it gives the card. */
  wrapper: string;
  /** The element's own style attribute. */
  style?: string;
  /** The `layout` attribute (`compact`); absent when undefined. */
  layout?: string;
  /** The `season` attribute: the season chart. */
  season?: boolean;
  /** The `theme` attribute (`light`, `dark`); absent when undefined. */
  theme?: string;
}

export interface PageOptions {
  /** The site's origin (script, style sheet, files). */
  site: string;
  /** The frozen clock, ms since the epoch. */
  now: number;
  /** The root font size in px. */
  font: number;
  cards: Card[];
  /** A partner's article: a heading and text above, the cards in `main`, text below each. */
  article?: boolean;
  /**
   * A script of the page's own that reads its layout at every frame from the first, before the style sheet
   * has loaded (what an analytics or ad script may do): it makes the engine lay the page out early.
   */
  early?: boolean;
}

const TEXT = 'Partners write their own articles around the snow report. '.repeat(12);

/**
 * In the page, from the `<head>`: at every animation frame from the style sheet's load on, the offset of each
 * `.below` from the top of its `[data-where]` wrapper, first, least and greatest, until `__rc.stop` is set.
 * A style sheet in the head blocks rendering, so no frame before its load is painted; Firefox still runs
 * animation frames then, and reading a box in one would measure (and force) a layout nobody sees.
 */
function recorder() {
  type Seen = { first: number; min: number; max: number };
  type Recorded = { stop: boolean; sheet: boolean; frames: number; seen: Record<string, Seen> };
  const rc: Recorded = { stop: false, sheet: false, frames: 0, seen: {} };
  (window as unknown as { __rc: Recorded }).__rc = rc;
  document.addEventListener(
    'load',
    (event) => {
      if (event.target instanceof HTMLLinkElement && event.target.rel === 'stylesheet') rc.sheet = true;
    },
    true,
  );
  const step = () => {
    if (rc.stop) return;
    if (!rc.sheet) {
      requestAnimationFrame(step);
      return;
    }
    for (const w of document.querySelectorAll<HTMLElement>('[data-where]')) {
      const below = w.querySelector('.below');
      if (!below) continue;
      const offset = below.getBoundingClientRect().top - w.getBoundingClientRect().top;
      const seen = rc.seen[w.dataset.where!];
      if (!seen) rc.seen[w.dataset.where!] = { first: offset, min: offset, max: offset };
      else {
        seen.min = Math.min(seen.min, offset);
        seen.max = Math.max(seen.max, offset);
      }
    }
    rc.frames++;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** In the page, from the `<head>`: reads the page's height at every frame, until `__rc.stop` is set. */
function earlyReader() {
  const read = () => {
    void document.documentElement.scrollHeight;
    if (!(window as unknown as { __rc: { stop: boolean } }).__rc.stop) requestAnimationFrame(read);
  };
  requestAnimationFrame(read);
}

/** The page: the style sheet and the async script in the head, one wrapper per card with text below it. */
export function page(o: PageOptions): string {
  const cards = o.cards.map((c) => {
    const attrs = `resort="${c.resort}"${c.days === undefined ? '' : ` days="${escapeHtml(c.days)}"`}${c.locale ? ` locale="${c.locale}"` : ''}${c.layout === undefined ? '' : ` layout="${escapeHtml(c.layout)}"`}${c.style ? ` style="${escapeHtml(c.style)}"` : ''}${c.season ? ' season' : ''}${c.theme ? ` theme="${escapeHtml(c.theme)}"` : ''}`;
    const below = o.article ? TEXT : 'Text below the card.';
    return `<div class="w" data-where="${escapeHtml(c.where)}" style="${escapeHtml(c.wrapper)}"><resort-conditions ${attrs}><a href="https://partner.example/snow/${c.resort}">Snow report</a></resort-conditions><p class="below">${below}</p></div>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page</title>
<script>Date.now = () => ${o.now}; (${recorder.toString()})();</script>
${o.early ? `<script>(${earlyReader.toString()})();</script>\n` : ''}<link rel="stylesheet" href="${o.site}/resort-conditions.css">
<script type="module" async src="${o.site}/resort-conditions.js"></script>
<style>
html { font-size: ${o.font}px }
body { margin: 0; font: 1rem/1.5 Georgia, serif; background: #fff; color: #1d2733 }
main { padding: 16px }
.w { display: flow-root }
.w + .w { margin-top: 16px }
.below { margin: 0 }
${o.article ? 'main { max-width: 60rem; margin: 0 auto } .w { margin: 1rem 0 }' : ''}
</style>
</head>
<body>
<main>
${o.article ? `<h1>Fresh snow this weekend</h1>\n<p>${TEXT}</p>` : ''}
${cards.join('\n')}
</main>
</body>
</html>
`;
}

/** One list on a partner's page: where it stands and its attributes. */
export interface List {
  where: string;
  attributes: Record<string, string>;
  /** The wrapper's style: its width. */
  wrapper: string;
}

/** A partner's page of lists: `resort-conditions-list.css` in the head, the list's script async, text below each. */
export function listPage(o: { site: string; now: number; font: number; lists: List[] }): string {
  const lists = o.lists.map((l) => {
    const attrs = Object.entries(l.attributes)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
    return `<div class="w" data-where="${escapeHtml(l.where)}" style="${escapeHtml(l.wrapper)}"><resort-conditions-list${attrs}><a href="https://partner.example/snow">Snow report</a></resort-conditions-list><p class="below">Text below the list.</p></div>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page</title>
<script>Date.now = () => ${o.now}; (${recorder.toString()})();</script>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${o.site}/resort-conditions-list.css">
<script type="module" async src="${o.site}/resort-conditions-list.js"></script>
<style>
html { font-size: ${o.font}px }
body { margin: 0; font: 1rem/1.5 Georgia, serif; background: #fff; color: #1d2733 }
main { padding: 16px }
.w { display: flow-root }
.w + .w { margin-top: 16px }
.below { margin: 0 }
</style>
</head>
<body>
<main>
<h1>Snow in the region</h1>
${lists.join('\n')}
</main>
</body>
</html>
`;
}

/**
 * A partner's page of cards, strips and lists: both style sheets in the head and both scripts async, as the
 * README's snippets for each element put them on one page.
 */
export function mixedPage(o: { site: string; now: number; cards: Card[]; lists: List[] }): string {
  const cards = o.cards.map(
    (c) =>
      `<div class="w" data-where="${escapeHtml(c.where)}" style="${escapeHtml(c.wrapper)}"><resort-conditions resort="${c.resort}"${c.locale ? ` locale="${c.locale}"` : ''}${c.layout === undefined ? '' : ` layout="${escapeHtml(c.layout)}"`}><a href="https://partner.example/snow/${c.resort}">Snow report</a></resort-conditions></div>`,
  );
  const lists = o.lists.map(
    (l) =>
      `<div class="w" data-where="${escapeHtml(l.where)}" style="${escapeHtml(l.wrapper)}"><resort-conditions-list${Object.entries(
        l.attributes,
      )
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join('')}><a href="https://partner.example/snow">Snow report</a></resort-conditions-list></div>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Partner page</title>
<script>Date.now = () => ${o.now};</script>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${o.site}/resort-conditions.css">
<link rel="stylesheet" href="${o.site}/resort-conditions-list.css">
<script type="module" async src="${o.site}/resort-conditions.js"></script>
<script type="module" async src="${o.site}/resort-conditions-list.js"></script>
</head>
<body>
<main>
${[...cards, ...lists].join('\n')}
</main>
</body>
</html>
`;
}

export interface Partner extends Listening {
  /** The URL of a page made of `options` (a sweep page's options are too long for a query string). */
  add(options: PageOptions): string;
  /** The URL of a page of lists. */
  addLists(options: Parameters<typeof listPage>[0]): string;
  /** The URL of a page of cards, strips and lists. */
  addMixed(options: Parameters<typeof mixedPage>[0]): string;
}

/** The partner's origin: `/page/<n>` answers the n-th page added. */
export async function servePartner(): Promise<Partner> {
  const pages: string[] = [];
  const server = createServer((request, response) => {
    const html = pages[Number(/^\/page\/(\d+)$/.exec(request.url ?? '')?.[1] ?? NaN)];
    if (html === undefined) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(html);
  });
  const listening = await listen(server, 0);
  return {
    ...listening,
    add: (options) => `${listening.url}/page/${pages.push(page(options)) - 1}`,
    addLists: (options) => `${listening.url}/page/${pages.push(listPage(options)) - 1}`,
    addMixed: (options) => `${listening.url}/page/${pages.push(mixedPage(options)) - 1}`,
  };
}
