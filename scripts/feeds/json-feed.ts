/**
 * A feed as JSON Feed 1.1 (https://jsonfeed.org/version/1.1), written by `JSON.stringify`, which escapes
 * whatever a value holds. Pure.
 */
import type { Feed, FeedEntry } from './entries.ts';

/** Each entry's item as JSON, made once: a region's feed holds its resorts' entries. */
const items = new WeakMap<FeedEntry, string>();

function item(e: FeedEntry): string {
  let json = items.get(e);
  if (json === undefined)
    items.set(
      e,
      (json = JSON.stringify({
        id: e.id,
        ...(e.link ? { url: e.link } : {}),
        title: e.title,
        content_text: e.text,
        date_published: e.updated,
        date_modified: e.updated,
        tags: [e.category],
      })),
    );
  return json;
}

/** The feed as a JSON Feed document. */
export function jsonFeed(feed: Feed): string {
  const document = {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    ...(feed.home ? { home_page_url: feed.home } : {}),
    // JSON Feed names no base for a relative URL: the feed's own only under `publicUrl`
    ...(/^https?:\/\//.test(feed.self.json) ? { feed_url: feed.self.json } : {}),
    description: feed.subtitle,
    language: feed.language,
    authors: [{ name: feed.author }],
  };
  // JSON.stringify(document) with `items` last, each item's text made once
  return `${JSON.stringify(document).slice(0, -1)},"items":[${feed.entries.map(item).join(',')}]}\n`;
}
