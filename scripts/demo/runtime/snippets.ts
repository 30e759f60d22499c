/**
 * The snippets a partner copies from the demo page (scripts/demo/page.ts), one per way to put a resort on
 * a page — the card, the compact strip, a region's list, the card in an iframe, the card as a server-side
 * include — for a chosen resort, region and locale, with the URLs of the snapshot's host. The page is
 * written with them (for the first resort and locale) and its script (`demo-locale.ts`) writes them again
 * when the reader chooses. Pure; names from the data are escaped for the HTML the partner pastes.
 */
import { escapeHtml } from '../../api/html.ts';

export const SNIPPET_LAYOUTS = ['card', 'compact', 'list', 'iframe', 'include'] as const;
export type SnippetLayout = (typeof SNIPPET_LAYOUTS)[number];

/** What each snippet is, for the page's headings. */
export const SNIPPET_TITLES: Record<SnippetLayout, string> = {
  card: 'The card',
  compact: 'The compact strip',
  list: "A region's list",
  iframe: 'The card in an iframe (no script of yours)',
  include: 'The card as a server-side include (nginx)',
};

export interface SnippetChoice {
  /** The snapshot's host, without a final slash: `https://your-cdn.example`. */
  host: string;
  locale: string;
  resort: { id: number; name: string };
  /** The region a list shows, with its number of resorts; none when the snapshot publishes no lists. */
  region?: { id: number; rows: number };
}

/** The snippet of `layout` for `choice`; undefined for a list without a region. */
export function snippet(layout: SnippetLayout, choice: SnippetChoice): string | undefined {
  const { host, locale, resort, region } = choice;
  const name = escapeHtml(resort.name);
  const card = `${host}/cards/${locale}/${resort.id}`;
  // what the tag holds until its script runs, and without one: the pre-rendered card
  const fallback = `<a href="${card}.html">${name} snow report</a>`;
  switch (layout) {
    case 'card':
    case 'compact':
      return `<link rel="stylesheet" href="${host}/resort-conditions.css">
<script type="module" async src="${host}/resort-conditions.js"></script>
<resort-conditions resort="${resort.id}" locale="${locale}"${layout === 'compact' ? ' layout="compact"' : ''}>${fallback}</resort-conditions>`;
    case 'list':
      return region ? listSnippet(region, locale, host) : undefined;
    case 'iframe':
      return `<link rel="stylesheet" href="${host}/resort-conditions-frame.css">
<script async src="${host}/resort-conditions-frame.js"></script>
<div class="resort-conditions-frame"><iframe src="${card}.html" title="${name} snow report" loading="lazy"></iframe></div>`;
    case 'include':
      return `<!--# block name="no-card" -->${fallback}<!--# endblock -->
<!--# include virtual="/snow/cards/${locale}/${resort.id}.include.html" stub="no-card" -->
<script type="module" src="${host}/resort-conditions.js"></script>`;
  }
}

/** The snippet a partner pastes for a region's list (its rows before the script come from the build's style sheet). */
export const listSnippet = (
  region: { id: number; rows: number },
  locale: string,
  host = 'https://your-cdn.example',
) => `<link rel="stylesheet" href="${host}/resort-conditions-list.css">
<script type="module" async src="${host}/resort-conditions-list.js"></script>
<resort-conditions-list region="${region.id}" locale="${locale}" href-pattern="https://partner.example/resorts/{id}"><a href="${host}/lists/${locale}/region-${region.id}.html">Snow report</a></resort-conditions-list>`;
