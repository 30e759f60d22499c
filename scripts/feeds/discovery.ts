/**
 * How a page names a resort's alert feeds (scripts/README.md, "Alert feeds"): a
 * `<link rel="alternate">` per format, as feed readers and browsers look for them, titled in the page's
 * language. The pre-rendered cards carry them (cards.ts).
 */
import { feedPath, FEED_TYPES, type FeedFormat } from '../api/feeds.ts';
import { escapeHtml } from '../api/html.ts';
import { fillTemplate } from '../api/text.ts';
import { cleanName } from './entries.ts';
import { feedStrings } from './strings.ts';

/**
 * The two `<link>` elements of the resort's feeds in `locale`, their addresses under `base`: `../../`
 * from a card's page beside them, the tree's public URL from an include, which lives on another site.
 */
export function feedLinks(locale: string, resort: number, name: string, base: string): string {
  const title = escapeHtml(fillTemplate(feedStrings(locale).feed, { name: cleanName(name) }));
  return (['atom', 'json'] as const satisfies readonly FeedFormat[])
    .map(
      (format) =>
        `<link rel="alternate" type="${FEED_TYPES[format].replace(/;.*$/, '')}" title="${title}" href="${escapeHtml(base + feedPath(locale, 'resort', resort, format))}">`,
    )
    .join('');
}
