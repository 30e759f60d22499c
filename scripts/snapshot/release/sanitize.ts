/**
 * What the build does to upstream bodies before they reach `dist/`: overview HTML is cut down to a small
 * allowlist of tags and attributes by sanitize-html (an HTML parser's tree, not patterns over the text),
 * and only `http:` and `https:` URLs survive in links, webcams and logos (anything else becomes `""`,
 * which keeps the record valid).
 */
import sanitize from 'sanitize-html';
import { safeUrl } from '../../api/html.ts';

/** The URL if it is an absolute http: or https: URL, else `""` (which keeps the record valid). */
export const safeHttpUrl = (value: string): string => safeUrl(value) ?? '';

/**
 * Tags kept, without attributes but an absolute http(s) `href` on `a` (with `rel="noopener nofollow"`);
 * the text of other tags is kept, escaped. The tags of `nonTextTags` go with everything inside them;
 * comments, CDATA and processing instructions go; every element left open is closed.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'iframe',
    'object',
    'embed',
    'template',
    'noscript',
    'svg',
    'math',
    'select',
    'textarea',
    'title',
    'option',
    'noembed',
    'noframes',
    'xmp',
  ],
  // the parser hands over the decoded value; only an absolute http(s) URL stays, checked as the rest of the body's URLs are
  transformTags: {
    a: (tagName, attribs): sanitize.Tag => {
      const url = safeHttpUrl(attribs.href ?? '');
      return { tagName, attribs: url ? { href: url, rel: 'noopener nofollow' } : {} };
    },
  },
};

/** Overview HTML reduced to the allowlist, as well-formed HTML. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/** Keys whose string values are URLs a page may follow or load. */
const URL_KEYS = new Set([
  'url',
  'thumb',
  'mid',
  'large',
  'website',
  'attributionLogo',
  'iosAttributionLink',
  'androidAttributionLink',
]);

/**
 * An upstream body with every URL-valued member reduced to http(s) and the overview's HTML sanitised.
 * Other values are kept as they are (they are JSON strings, escaped wherever they are shown). Copies only
 * what changes: an object or array none of whose values changed is the one given, so a body that needs
 * nothing (most do) costs a walk, not a second body in memory. A member named `__proto__` (an own member
 * once JSON.parse made it) is left out.
 */
export function sanitizeBody(value: unknown, key = ''): unknown {
  return sanitizeLevel(value, key, sanitizeBody);
}

/** Objects this many levels deep or less are walked once per answer by `answerSanitizer`: a record and its parts. */
const SHARED_DEPTH = 2;

/**
 * `sanitizeBody` for the files of one answer, which share objects: a resort's record is its own file and a
 * member of its group's map and list, its `info` and `links` files of their own. Each object of the top
 * levels is walked once however many files hold it (an object's result depends on its own key only when
 * that key is `overview`, which is never remembered).
 */
export function answerSanitizer(): (body: unknown) => unknown {
  const done = new Map<object, unknown>();
  const walk = (value: unknown, key: string, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || depth > SHARED_DEPTH || key === 'overview')
      return sanitizeBody(value, key);
    if (done.has(value)) return done.get(value);
    const clean = sanitizeLevel(value, key, (v, k) => walk(v, k, depth + 1));
    done.set(value, clean);
    return clean;
  };
  return (body) => walk(body, '', 0);
}

/** One level of `sanitizeBody`, its members through `member`. */
function sanitizeLevel(
  value: unknown,
  key: string,
  member: (value: unknown, key: string) => unknown,
): unknown {
  if (typeof value === 'string') return URL_KEYS.has(key) ? safeHttpUrl(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const clean = member(value[i], '');
      if (clean !== value[i]) (out ??= value.slice())[i] = clean;
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = record[k];
    if (k === '__proto__') {
      out ??= firstMembers(record, keys, i);
      continue;
    }
    const clean =
      k === 'body' && key === 'overview' && typeof v === 'string' ? sanitizeHtml(v) : member(v, k);
    if (!out && clean !== v) out = firstMembers(record, keys, i);
    if (out) out[k] = clean;
  }
  return out ?? record;
}

/** A new object with the members of `record` named by `keys` before `end`, in their order. */
function firstMembers(record: Record<string, unknown>, keys: string[], end: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < end; i++) if (keys[i] !== '__proto__') out[keys[i]!] = record[keys[i]!];
  return out;
}
