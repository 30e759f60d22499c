/**
 * `_headers` for static hosts that read it (Netlify, Cloudflare Pages and others): CORS for every file,
 * JSON content types, and cache lifetimes that follow each endpoint's freshness (scripts/README.md, "Hosting"); the element's
 * scripts, their content-named chunks, the cards, the lists and the image copies have rules of their own. One rule per
 * shape of path, with placeholders for locales, ids and groups, so no file matches two rules.
 */
import { CONTENT_TYPES } from '../api/content-types.ts';
import { matchRoute, type Freshness } from '../api/endpoints.ts';
import { FRAME_LOADER } from './cards.ts';

/** Cache lifetime per freshness class, in seconds: a fraction of how often the data changes. */
export const CACHE_SECONDS: Record<Freshness, number> = {
  conditions: 15 * 60,
  webcams: 15 * 60,
  forecast: 30 * 60,
  snow: 30 * 60,
  daily: 6 * 3600,
  static: 24 * 3600,
};

/** The rule pattern of a published file: `/api/:locale/externalservice/resort/:id/snowreport.json`. */
export function patternOf(file: string): string {
  const parts = file.split('/');
  const segments = parts.map((segment, i) => {
    if (i === 0) return ':locale';
    if (/^\d+$/.test(segment)) return parts[i + 1] === 'day' ? ':days' : ':id';
    if (segment.startsWith('group=')) return segment.endsWith('.json') ? ':group.json' : ':group';
    if (/^regionId=\d+\.json$/.test(segment)) return ':region.json';
    return segment;
  });
  return `/api/${segments.join('/')}`;
}

function freshnessOf(file: string): Freshness {
  const path = file.replace(/\.json$/, '').split('/').slice(1).filter((s) => !s.includes('='));
  return matchRoute(path)?.endpoint.freshness ?? 'daily';
}

export function headersFile(files: readonly string[]): string {
  const rules = new Map<string, number>();
  for (const file of files) rules.set(patternOf(file), CACHE_SECONDS[freshnessOf(file)]);
  const lines = ['/*', '  Access-Control-Allow-Origin: *', '  X-Content-Type-Options: nosniff', ''];
  const type = (extension: keyof typeof CONTENT_TYPES) => `  Content-Type: ${CONTENT_TYPES[extension]}`;
  const js = type('js');
  // the entry and the frame loader keep their names across releases; the chunks are named by their content
  lines.push('/resort-conditions.js', js, '  Cache-Control: public, max-age=300', '');
  lines.push(`/${FRAME_LOADER}`, js, '  Cache-Control: public, max-age=300', '');
  lines.push('/resort-conditions.css', type('css'), '  Cache-Control: public, max-age=300', '');
  lines.push('/resort-conditions-list.js', js, '  Cache-Control: public, max-age=300', '');
  lines.push('/resort-conditions-list.css', type('css'), '  Cache-Control: public, max-age=300', '');
  lines.push('/rc.*', js, '  Cache-Control: public, max-age=31536000, immutable', '');
  // a card or a list holds resorts' conditions; an image copy is named by its upstream URL, not by its bytes
  const cards = CACHE_SECONDS.conditions;
  lines.push('/cards/*', type('html'), `  Cache-Control: public, max-age=${cards}, stale-while-revalidate=${cards * 4}`, '');
  lines.push('/lists/*', type('html'), `  Cache-Control: public, max-age=${cards}, stale-while-revalidate=${cards * 4}`, '');
  lines.push('/assets/*', `  Cache-Control: public, max-age=${CACHE_SECONDS.static}`, '');
  lines.push('/api/manifest.json', type('json'), '  Cache-Control: public, max-age=60', '');
  for (const [pattern, seconds] of [...rules].sort()) {
    lines.push(pattern, type('json'), `  Cache-Control: public, max-age=${seconds}, stale-while-revalidate=${seconds * 4}`, '');
  }
  return lines.join('\n');
}
