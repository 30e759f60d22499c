/**
 * A feed as Atom 1.0 (RFC 4287): every value from the data escaped as XML text or attribute, so a name
 * holding `<`, `&`, `]]>` or quotes stays text; characters XML cannot hold are never written. Pure.
 */
import { FEED_TYPES } from '../api/feeds.ts';
import type { Feed, FeedEntry } from './entries.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold are what this removes
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

/** `text` safe as XML character data or a quoted attribute value (`>` too, so `]]>` never appears). */
export const xmlEscape = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const element = (name: string, text: string, attributes = '') =>
  `<${name}${attributes}>${xmlEscape(text)}</${name}>`;
const link = (rel: string, href: string, type?: string) =>
  `<link rel="${rel}"${type ? ` type="${xmlEscape(type)}"` : ''} href="${xmlEscape(href)}"/>`;
const mediaType = (type: string) => type.replace(/;.*$/, '');

/** Each entry's XML, made once: a region's feed holds its resorts' entries. */
const entryXml = new WeakMap<FeedEntry, string>();

function entry(e: FeedEntry): string {
  let xml = entryXml.get(e);
  if (xml === undefined) entryXml.set(e, (xml = entryOf(e)));
  return xml;
}

function entryOf(e: FeedEntry): string {
  return [
    '  <entry>',
    `    ${element('id', e.id)}`,
    `    ${element('title', e.title, ' type="text"')}`,
    `    ${element('updated', e.updated)}`,
    `    ${element('published', e.updated)}`,
    ...(e.link ? [`    ${link('alternate', e.link, 'text/html')}`] : []),
    `    <category term="${xmlEscape(e.category)}"/>`,
    `    ${element('content', e.text, ' type="text"')}`,
    '  </entry>',
  ].join('\n');
}

/** The feed as an Atom document. */
export function atomFeed(feed: Feed): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlEscape(feed.language)}">`,
    `  ${element('id', feed.id)}`,
    `  ${element('title', feed.title, ' type="text"')}`,
    `  ${element('subtitle', feed.subtitle, ' type="text"')}`,
    `  ${element('updated', feed.updated)}`,
    `  <author>${element('name', feed.author)}</author>`,
    `  ${link('self', feed.self.atom, mediaType(FEED_TYPES.atom))}`,
    `  ${link('alternate', feed.self.json, mediaType(FEED_TYPES.json))}`,
    ...(feed.home ? [`  ${link('alternate', feed.home, 'text/html')}`] : []),
    '  <generator>resort-conditions</generator>',
    ...feed.entries.map(entry),
    '</feed>',
    '',
  ].join('\n');
}
