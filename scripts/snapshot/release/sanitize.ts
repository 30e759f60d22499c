/**
 * What the build does to upstream bodies before they reach `dist/`: overview HTML is cut down to a small
 * allowlist of tags and attributes, and only `http:` and `https:` URLs survive in links, webcams and logos
 * (anything else becomes `""`, which keeps the record valid).
 */
import { safeUrl } from '../../api/html.ts';

/** Tags kept (without attributes, except `href` on `a`); the content of other tags is kept as text. */
const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote']);
/** Tags dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'select', 'textarea', 'title']);
const VOID = new Set(['br']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** The URL if it is an absolute http: or https: URL, else `""` (which keeps the record valid). */
export const safeHttpUrl = (value: string): string => safeUrl(value) ?? '';

/**
 * Overview HTML reduced to the allowlist. Text is re-escaped, attributes other than an http(s) `href` on
 * `a` are dropped, comments and dropped elements disappear, and every tag left open is closed.
 */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let skipping: string | undefined;
  const token = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
  for (const match of html.matchAll(token)) {
    const [whole, rawName, attributes = ''] = match;
    if (rawName === undefined) {
      if (skipping) continue;
      if (whole.startsWith('<!') || whole.startsWith('<?')) continue; // comments, doctypes, CDATA
      out += escapeText(decodeEntities(whole));
      continue;
    }
    const name = rawName.toLowerCase();
    const closing = whole.startsWith('</');
    if (skipping) {
      if (closing && name === skipping) skipping = undefined;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(attributes)) skipping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    let attrs = '';
    if (name === 'a') {
      const href = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
      const url = href ? safeHttpUrl(decodeEntities(href[1] ?? href[2] ?? href[3] ?? '')) : '';
      if (url) attrs = ` href="${escapeAttr(url)}" rel="noopener nofollow"`;
    }
    out += `<${name}${attrs}>`;
    open.push(name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Keys whose string values are URLs a page may follow or load. */
const URL_KEYS = new Set(['url', 'thumb', 'mid', 'large', 'website', 'attributionLogo', 'iosAttributionLink', 'androidAttributionLink']);

/**
 * A copy of an upstream body with every URL-valued member reduced to http(s) and the overview's HTML
 * sanitised. Other values are kept as they are (they are JSON strings, escaped wherever they are shown).
 */
export function sanitizeBody(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (URL_KEYS.has(key)) return safeHttpUrl(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => sanitizeBody(v));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === 'body' && key === 'overview' && typeof v === 'string' ? sanitizeHtml(v) : sanitizeBody(v, k);
    }
    return out;
  }
  return value;
}
