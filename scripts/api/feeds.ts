/**
 * The alert feeds a release publishes (scripts/README.md, "Alert feeds"): per built locale,
 * one Atom 1.0 and one JSON Feed 1.1 file for each resort and each region list, beside `api/`. Their paths,
 * content types and cache lifetime are here, so every rule set the build writes (`headers.ts`, the nginx
 * and Apache rules, the edge function, the deploy's object metadata, the preview server) serves them alike.
 * Pure; browser-safe (the edge function bundles it).
 */
import { ID_SOURCE } from './text.ts';

/** What a feed follows: one resort, or every resort of a region list. */
export type FeedSubject = 'resort' | 'region';
/** The two formats: Atom 1.0 (`.atom`) and JSON Feed 1.1 (`.json`). */
export type FeedFormat = 'atom' | 'json';

export const FEED_FOLDER = 'feeds';

/** A feed's path relative to the release root: `feeds/en-US/resort-25.atom`. */
export const feedPath = (locale: string, subject: FeedSubject, id: number, format: FeedFormat) =>
  `${FEED_FOLDER}/${locale}/${subject}-${id}.${format}`;

/** The content type of each format: JSON Feed 1.1 names its own, not `application/json`. */
export const FEED_TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** A feed's file name, anywhere (a tree may be served under a prefix): its format as the first group. */
export const FEED_FILE = new RegExp(
  `(?:^|/)${FEED_FOLDER}/[a-z]{2}-[A-Z]{2}/(?:resort|region)-${ID_SOURCE}\\.(atom|json)$`,
);

/** The format of a feed's path (`FEED_FILE`), or undefined for any other path. */
export function feedFormatOf(path: string): FeedFormat | undefined {
  return FEED_FILE.exec(path)?.[1] as FeedFormat | undefined;
}
