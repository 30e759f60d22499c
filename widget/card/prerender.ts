/**
 * The card of one resort as a template with the element's own render functions and styles, for pages
 * without the element: the build renders it to static HTML per resort and locale (scripts/embeds/cards.ts).
 * Times are absolute there (a static page has no clock), and images are whatever the build says.
 */
import { html, type HTMLTemplateResult } from 'lit/html.js';
import en from '../i18n/en.ts';
import { fill, loadStrings } from '../i18n/index.ts';
import { renderCard } from './render.ts';
import { loadMessages } from './message-chunk.ts';
import { renderReport } from './report.ts';
import { parseSeason, renderSeason, SEASON_STYLES } from '../season/chart.ts';
import { renderCompact } from './compact.ts';
import { compactStyles } from './compact-styles.ts';
import type { CardData } from '../data.ts';
import { reportView } from '../state.ts';
import { STATIC_COPY } from '../shared-styles.ts';
import { styles } from './styles.ts';
import messageStyles from './messages.css?raw';

export type { CardData };

/** A card to pre-render: the element's data, and for a card with its season chart the season file's body. */
export type PrerenderCard = CardData & { season?: { name: string; body: unknown } };

/** The element's style sheet as text, with the messages' (a copy may show one) and the rule of a copy that streams in. */
export const cardCss = styles + messageStyles + STATIC_COPY;

/** The compact strip's: the card's and its own. */
export const compactCss = cardCss + compactStyles;

/** A card with its season chart (`season`): the card's and the chart's. */
export const seasonCss = cardCss + SEASON_STYLES;

/** The title of a card's page, in its language. */
const TITLES: Record<string, string> = {
  en: '{name}: snow report',
  de: '{name}: Schneebericht',
  fr: '{name} : bulletin neige',
  it: '{name}: bollettino neve',
  es: '{name}: parte de nieve',
  nl: '{name}: sneeuwbericht',
  pt: '{name}: relatório de neve',
  sv: '{name}: snörapport',
  no: '{name}: snørapport',
  da: '{name}: snerapport',
  fi: '{name}: lumiraportti',
  pl: '{name}: raport śniegowy',
  cs: '{name}: zpráva o sněhu',
  sl: '{name}: snežno poročilo',
  ja: '{name}の積雪情報',
};

/** A card page's title: "Elk Ridge: snow report". */
export const cardTitle = (locale: string, name: string) =>
  fill(TITLES[locale.slice(0, 2)] ?? TITLES.en!, { name });

/** A page without a clock says when, not how long ago: an instant as date and time in UTC. */
export const frozenTime = (locale: string): ((ms: number) => string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format;

/** Hours after which a card flags its report as outdated: the element's default. */
const OUTDATED_AFTER = 48;

/**
 * The card's template at `now` (the compact strip's for `layout: 'compact'`; with the season chart after the
 * report when the card has a season that is one in the contract's shape, as the element draws it); `image`
 * maps an upstream image URL to what the page should load.
 */
export async function cardTemplate(
  card: PrerenderCard,
  now: number,
  image: (url: unknown) => string | undefined,
): Promise<HTMLTemplateResult> {
  const locale = card.locale;
  const t = locale.startsWith('en') ? en : await loadStrings(locale);
  const view = reportView(card.data, now, OUTDATED_AFTER);
  // a resort without a report is drawn with its picture, as the element draws it once it has the chunk
  await loadMessages();
  const ctx = { t, locale, now, days: card.days, asset: image, frozen: frozenTime(locale) };
  if (card.layout === 'compact') return renderCompact(view, ctx, () => {});
  const season = card.season && parseSeason(card.season.body, card.resort, card.season.name);
  return season
    ? renderCard(
        view,
        ctx,
        () => {},
        (v, c) => html`${renderReport(v, c)}${renderSeason(season, c)}`,
      )
    : renderCard(view, ctx, () => {});
}
