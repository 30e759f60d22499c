/**
 * Each object's `Content-Type` and `Cache-Control`, read from the release's own `_headers` file (written by
 * `scripts/site/headers.ts`), so the bucket serves what Netlify or Cloudflare Pages would. Pure.
 *
 * Rules are matched as those hosts match them: `:name` stands for one path segment (or the part of it
 * before a literal such as `.json`), `*` for anything. Object storage keeps only a few headers per object:
 * `Access-Control-Allow-Origin` is the bucket's CORS configuration and `X-Content-Type-Options` the CDN's
 * (scripts/README.md, "Headers and CORS"); the rest of the table becomes object metadata here.
 */
import { CONTENT_TYPES, contentTypeOf, DEFAULT_CONTENT_TYPE } from '../api/content-types.ts';

export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
}

interface Rule {
  pattern: RegExp;
  /** The literal end of the pattern (`/combinedreport.json`): a cheap test before the regular expression. */
  tail: string;
  headers: Map<string, string>;
}

/** For files no rule gives a lifetime: as short as the bundle's, so a change shows within minutes. */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=300';

function compile(pattern: string): RegExp {
  const source = pattern
    .split(/(:[A-Za-z_][A-Za-z0-9_]*|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** The rules of a `_headers` file, in file order. */
export function parseHeadersFile(text: string): Rule[] {
  const rules: Rule[] = [];
  let current: Rule | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim();
      current = { pattern: compile(pattern), tail: pattern.split(/:[A-Za-z_][A-Za-z0-9_]*|\*/).at(-1)!, headers: new Map() };
      rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0) current.headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return rules;
}

/** Answers the headers of each release path (`api/en-US/…`, `resort-conditions.js`). */
export function headersFor(rules: readonly Rule[]): (path: string) => ObjectHeaders {
  return (path) => {
    let contentType: string | undefined;
    let cacheControl: string | undefined;
    // a later rule wins, as in the hosts that merge rules in file order
    const url = `/${path}`;
    for (const rule of rules) {
      if (!url.endsWith(rule.tail) || !rule.pattern.test(url)) continue;
      contentType = rule.headers.get('content-type') ?? contentType;
      cacheControl = rule.headers.get('cache-control') ?? cacheControl;
    }
    const byExtension = path === '_headers' ? CONTENT_TYPES.txt : contentTypeOf(path);
    return { contentType: contentType ?? byExtension ?? DEFAULT_CONTENT_TYPE, cacheControl: cacheControl ?? DEFAULT_CACHE_CONTROL };
  };
}
