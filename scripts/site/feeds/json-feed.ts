/**
 * A feed as JSON Feed 1.1 (https://jsonfeed.org/version/1.1), written by `JSON.stringify`, which escapes
 * whatever a value holds. Pure.
 */
import type { Feed } from './entries.ts';

/** The feed as a JSON Feed document. */
export function jsonFeed(feed: Feed): string {
  const document = {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    ...(feed.home ? { home_page_url: feed.home } : {}),
    ...(feed.self ? { feed_url: feed.self.json } : {}),
    description: feed.subtitle,
    language: feed.language,
    authors: [{ name: feed.author }],
    items: feed.entries.map((e) => ({
      id: e.id,
      ...(e.link ? { url: e.link } : {}),
      title: e.title,
      content_text: e.text,
      date_published: e.updated,
      date_modified: e.updated,
      tags: [e.category],
    })),
  };
  return `${JSON.stringify(document)}\n`;
}
