/**
 * The response headers of a published tree (scripts/docs/hosting.md, "Hosting" and "What each host does"):
 * one table of rules, one rule per shape of path with placeholders for locales, ids and groups, so no file
 * matches two rules that name the same header (a host may send both values). CORS for every file, JSON content types, and cache lifetimes that follow each
 * endpoint's freshness; the elements' scripts, their content-named chunks, the cards, the lists and the
 * image copies have rules of their own.
 *
 * The build writes the table as `_headers` for the static hosts that read it (Netlify, Cloudflare Pages
 * and others; `scripts/cli/publishers.ts`), and a deploy gives each object the `Content-Type` and
 * `Cache-Control` the same rules name (`scripts/deploy/release-files.ts`). Pure.
 */
import { CONTENT_TYPES, contentTypeOf, DEFAULT_CONTENT_TYPE } from './content-types.ts';
import { matchRoute, type Freshness } from './endpoints.ts';
import { FEED_FOLDER, FEED_TYPES, feedFormatOf } from './feeds.ts';
import { ID_SOURCE } from './text.ts';

/** A region list's file name (family B): `regionId=<id>.json`. */
const REGION_FILE = new RegExp(`^regionId=${ID_SOURCE}\\.json$`);

/** The loader a page with card iframes includes: it sizes each frame from its card's height reports. */
export const FRAME_LOADER = 'resort-conditions-frame.js';

/** Cache lifetime per freshness class, in seconds: a fraction of how often the data changes. */
export const CACHE_SECONDS: Record<Freshness, number> = {
  conditions: 15 * 60,
  webcams: 15 * 60,
  forecast: 30 * 60,
  snow: 30 * 60,
  daily: 6 * 3600,
  static: 24 * 3600,
};

/**
 * What an image copy (`assets/*`) is served with, whatever it holds (scripts/ARCHITECTURE.md, "Threat
 * model"): a document that may load nothing, run nothing and is sandboxed, should anyone open it as a page
 * on the snapshot's origin; and a download rather than a page where a store keeps no such header.
 */
export const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
export const ASSET_HEADERS = [
  ['Content-Security-Policy', ASSET_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Disposition', 'attachment'],
] as const;

/**
 * The alert feeds' lifetime (`feeds.ts`): a feed changes when a build brings a new day's report, and a
 * reader polls it; as long as a card's, which shows the same report.
 */
export const FEED_CACHE_CONTROL = `public, max-age=${CACHE_SECONDS.conditions}, stale-while-revalidate=${CACHE_SECONDS.conditions * 4}`;

/** The `Content-Type` and `Cache-Control` of a feed's path (`feeds.ts`), or undefined for any other path. */
export function feedHeaders(path: string): { contentType: string; cacheControl: string } | undefined {
  const format = feedFormatOf(path);
  return format && { contentType: FEED_TYPES[format], cacheControl: FEED_CACHE_CONTROL };
}

/** For files no rule gives a lifetime: as short as the bundle's, so a change shows within minutes. */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=300';

/**
 * One rule: a path pattern as the hosts read it (`:name` stands for one path segment, or the part of it
 * before a literal such as `.json`; `*` for anything), and its headers in the order they are written.
 */
export interface HeaderRule {
  pattern: string;
  headers: ReadonlyArray<readonly [name: string, value: string]>;
}

/** The rule pattern of a published file: `/api/:locale/externalservice/resort/:id/snowreport.json`. */
export function patternOf(file: string): string {
  const parts = file.split('/');
  const segments = parts.map((segment, i) => {
    if (i === 0) return ':locale';
    if (/^\d+$/.test(segment)) return parts[i + 1] === 'day' ? ':days' : ':id';
    if (segment.startsWith('group=')) return segment.endsWith('.json') ? ':group.json' : ':group';
    if (REGION_FILE.test(segment)) return ':region.json';
    return segment;
  });
  return `/api/${segments.join('/')}`;
}

function freshnessOf(file: string): Freshness {
  const path = file
    .replace(/\.json$/, '')
    .split('/')
    .slice(1)
    .filter((s) => !s.includes('='));
  return matchRoute(path)?.endpoint.freshness ?? 'daily';
}

/** The rules of a release whose API files (relative to `api/`) are `files`, in the order hosts apply them. */
export function headerRules(files: Iterable<string>): HeaderRule[] {
  const type = (extension: keyof typeof CONTENT_TYPES) => ['Content-Type', CONTENT_TYPES[extension]] as const;
  const cache = (value: string) => ['Cache-Control', value] as const;
  const refreshed = (seconds: number) =>
    cache(`public, max-age=${seconds}, stale-while-revalidate=${seconds * 4}`);
  const rules: HeaderRule[] = [
    {
      pattern: '/*',
      headers: [
        ['Access-Control-Allow-Origin', '*'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
    },
    // the entry and the frame loader keep their names across releases; the chunks are named by their content
    { pattern: '/resort-conditions.js', headers: [type('js'), cache('public, max-age=300')] },
    { pattern: `/${FRAME_LOADER}`, headers: [type('js'), cache('public, max-age=300')] },
    { pattern: '/resort-conditions.css', headers: [type('css'), cache('public, max-age=300')] },
    { pattern: '/resort-conditions-frame.css', headers: [type('css'), cache('public, max-age=300')] },
    { pattern: '/resort-conditions-list.js', headers: [type('js'), cache('public, max-age=300')] },
    { pattern: '/resort-conditions-list.css', headers: [type('css'), cache('public, max-age=300')] },
    { pattern: '/rc.*', headers: [type('js'), cache('public, max-age=31536000, immutable')] },
    // a card or a list holds resorts' conditions; an image copy is named by its upstream URL, not by its bytes
    { pattern: '/cards/*', headers: [type('html'), refreshed(CACHE_SECONDS.conditions)] },
    { pattern: '/lists/*', headers: [type('html'), refreshed(CACHE_SECONDS.conditions)] },
    // the alert feeds: Atom, and JSON Feed's own type rather than the API's JSON. A splat before the extension,
    // not `:feed.atom`: Netlify reads a placeholder as the whole segment, so `:feed.atom` would match `.json` too
    ...(['atom', 'json'] as const).map((format) => ({
      pattern: `/${FEED_FOLDER}/:locale/*.${format}`,
      headers: [['Content-Type', FEED_TYPES[format]] as const, cache(FEED_CACHE_CONTROL)],
    })),
    // a season's history gains a point at most once a build
    { pattern: '/history/*', headers: [type('json'), refreshed(CACHE_SECONDS.conditions)] },
    // `nosniff` comes from `/*`: a host that matches both rules sends both values (Cloudflare Pages)
    {
      pattern: '/assets/*',
      headers: [
        cache(`public, max-age=${CACHE_SECONDS.static}`),
        ...ASSET_HEADERS.filter(([name]) => name !== 'X-Content-Type-Options'),
      ],
    },
    { pattern: '/api/manifest.json', headers: [type('json'), cache('public, max-age=60')] },
  ];
  const api = new Map<string, number>();
  for (const file of files) {
    // files of one pattern differ only in their locale and ids: one endpoint, one lifetime
    const pattern = patternOf(file);
    if (!api.has(pattern)) api.set(pattern, CACHE_SECONDS[freshnessOf(file)]);
  }
  for (const [pattern, seconds] of disjoint(api))
    rules.push({ pattern, headers: [type('json'), refreshed(seconds)] });
  return rules;
}

/**
 * Whether pattern `a` matches every path `b` matches, as both Netlify (a placeholder is the whole segment)
 * and Cloudflare Pages (a placeholder ends where the literal after it starts) read them.
 */
function covers(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  return (
    as.length === bs.length &&
    as.every((segment, i) => {
      const placeholder = /^:[A-Za-z_][A-Za-z0-9_]*(.*)$/.exec(segment);
      return placeholder ? bs[i]!.endsWith(placeholder[1]!) : segment === bs[i];
    })
  );
}

/**
 * The API's patterns with none inside another (`region/countries/list.json` is also `region/:id/list.json`,
 * `:region.json` also `:group.json`): hosts that match two rules send both values (Cloudflare Pages), so
 * each file must match one. Two such patterns always share a lifetime; a table where they do not throws.
 */
function disjoint(patterns: ReadonlyMap<string, number>): Array<[string, number]> {
  const kept: Array<[string, number]> = [];
  const same = (a: string, b: string) => {
    if (patterns.get(a) !== patterns.get(b))
      throw new Error(`headers: ${a} and ${b} match the same files with different lifetimes`);
    return true;
  };
  for (const pattern of [...patterns.keys()].sort()) {
    if (kept.some(([other]) => covers(other, pattern) && same(other, pattern))) continue;
    const rest = kept.filter(([other]) => !(covers(pattern, other) && same(pattern, other)));
    kept.splice(0, kept.length, ...rest, [pattern, patterns.get(pattern)!]);
  }
  return kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether a rule's pattern matches a URL path (`/api/en-US/…`), as the hosts match it. */
export const matchesPattern = (pattern: string, url: string): boolean => compile(pattern).test(url);

/** The rules as a `_headers` file. */
export function headersFile(files: Iterable<string>): string {
  const blocks = headerRules(files).map((rule) =>
    [rule.pattern, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`), ''].join('\n'),
  );
  return blocks.join('\n');
}

export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** `attachment` for image copies (`ASSET_HEADERS`); absent for every other file. */
  contentDisposition?: string;
}

/** A rule's pattern as a regular expression over a URL path. */
function compile(pattern: string): RegExp {
  const source = pattern
    .split(/(:[A-Za-z_][A-Za-z0-9_]*|\*)/)
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The `Content-Type` and `Cache-Control` the rules give each release path (`api/en-US/…`,
 * `resort-conditions.js`), matched as the hosts match them: a later rule wins, and a file no rule types
 * gets the type of its extension. Object storage keeps only a few headers per object:
 * `Access-Control-Allow-Origin` is the bucket's CORS configuration, `X-Content-Type-Options` and
 * `Content-Security-Policy` the CDN's; `Content-Disposition` is kept, so an image copy is a download there.
 */
export function headersFor(rules: readonly HeaderRule[]): (path: string) => ObjectHeaders {
  const compiled = rules.map((rule) => ({
    pattern: compile(rule.pattern),
    // the literal end of the pattern (`/combinedreport.json`): a cheap test before the regular expression
    tail: rule.pattern.split(/:[A-Za-z_][A-Za-z0-9_]*|\*/).at(-1)!,
    headers: new Map(rule.headers.map(([name, value]) => [name.toLowerCase(), value])),
  }));
  return (path) => {
    let contentType: string | undefined;
    let cacheControl: string | undefined;
    let contentDisposition: string | undefined;
    const url = `/${path}`;
    for (const rule of compiled) {
      if (!url.endsWith(rule.tail) || !rule.pattern.test(url)) continue;
      contentType = rule.headers.get('content-type') ?? contentType;
      cacheControl = rule.headers.get('cache-control') ?? cacheControl;
      contentDisposition = rule.headers.get('content-disposition') ?? contentDisposition;
    }
    const byExtension = path === '_headers' ? CONTENT_TYPES.txt : contentTypeOf(path);
    return {
      contentType: contentType ?? byExtension ?? DEFAULT_CONTENT_TYPE,
      cacheControl: cacheControl ?? DEFAULT_CACHE_CONTROL,
      ...(contentDisposition ? { contentDisposition } : {}),
    };
  };
}
