/**
 * Data on its way into a page: text escaped for HTML, and the one check a URL from the data passes before
 * a page may follow or load it (scripts/docs/snapshot.md, "Security").
 */

/** `text` safe inside an HTML element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The URL if `value` is an absolute http: or https: URL, else undefined: `javascript:`, `data:`, relative
 * and protocol-relative URLs never reach a page.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // browsers ignore control characters and spaces inside a scheme ("java\tscript:"); so does this check
  // eslint-disable-next-line no-control-regex -- the control characters are what this strips
  if (!/^https?:\/\//i.test(value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, ''))) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
