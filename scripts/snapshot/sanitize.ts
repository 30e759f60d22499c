/**
 * What the build does to upstream bodies before they reach `dist/`: overview HTML is cut down to a small
 * allowlist of tags and attributes by a maintained sanitiser (sanitize-html, at build time only), and only `http:` and `https:` URLs survive in links, webcams and logos
 * (anything else becomes `""`, which keeps the record valid).
 */
import sanitize from 'sanitize-html';
import { safeUrl } from '../api/html.ts';

/** Tags kept (without attributes, except `href` on `a`); the content of other tags is kept as text. */
const ALLOWED = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'];
/** Tags dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'select', 'textarea', 'title', 'option'];

/** The URL if it is an absolute http: or https: URL, else `""` (which keeps the record valid). */
export const safeHttpUrl = (value: string): string => safeUrl(value) ?? '';

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // a link keeps its href only if it is an absolute http(s) URL, and never passes on the page's authority
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeUrl(attribs.href);
      const kept: sanitize.Attributes = href ? { href, rel: 'noopener nofollow' } : {};
      return { tagName, attribs: kept };
    },
  },
};

/**
 * Overview HTML reduced to the allowlist with sanitize-html: text is escaped, attributes other than an
 * http(s) `href` on `a` are dropped, comments and dropped elements disappear, and every tag left open is
 * closed.
 */
export const sanitizeHtml = (html: string): string => sanitize(html, OPTIONS);

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
