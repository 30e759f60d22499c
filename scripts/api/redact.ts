/**
 * Removes credentials from URLs before they reach a log line or an error message: the `token` query
 * parameter and the e-mail and password path segments of the credential endpoints
 * (scripts/api/README.md, "The two families").
 */

import { escapeHtml } from './html.ts';

const CREDENTIAL_PATH = /(\/externalservice\/authorization\/(?:token|account))\/[^/?#]*\/[^/?#]*/i;
const SECRET_PARAM = /([?&](?:token|apikey|api_key|x-api-key|password|email)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

/** The URL (absolute or path only) with every credential replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(CREDENTIAL_PATH, `$1/${REDACTED}/${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** Secrets shorter than this are not looked for: they would match ordinary text. */
export const MIN_SECRET_LENGTH = 4;

/** Escapes a serialiser of the build writes text with (scripts/ARCHITECTURE.md, "Threat model"). */
const ESCAPES: ReadonlyArray<(text: string) => string> = [
  // URLs: percent-encoding in both cases of hex, a form's `+` for a space, and what encodeURI leaves
  encodeURIComponent,
  (s) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  (s) => new URLSearchParams([['', s]]).toString().slice(1),
  encodeURI,
  // JSON.stringify, and as a page's script holds it (`<` as `\u003c`: scripts/embeds/cards.ts, `scriptJson`)
  (s) => JSON.stringify(s).slice(1, -1),
  (s) => JSON.stringify(s).slice(1, -1).replace(/</g, '\\u003c'),
  // HTML: this project's own escape (numeric references: html.ts)
  escapeHtml,
  // HTML: sanitize-html's text and attributes, lit's server rendering
  (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
  (s) =>
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;'),
];

const formsOf = new Map<string, readonly string[]>();

/**
 * Every form `secret` can take in what the build writes: as it is, and escaped by one or two of the
 * serialisers' escapes in a row (a percent-encoded secret inside JSON, a JSON-escaped one inside HTML, …),
 * longest first. A secret of letters and digits has one form.
 */
export function secretForms(secret: string): readonly string[] {
  let forms = formsOf.get(secret);
  if (!forms) {
    const escaped = (text: string) =>
      ESCAPES.flatMap((escape) => {
        try {
          return [escape(text)];
        } catch {
          // a lone surrogate cannot be percent-encoded: that form cannot occur
          return [];
        }
      });
    const once = escaped(secret);
    const all = new Set([secret, ...once, ...once.flatMap(escaped)]);
    forms = [...all].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    formsOf.set(secret, forms);
  }
  return forms;
}

/** Replaces each of `secrets` wherever it occurs in `text`, in every form (`secretForms`). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  const forms = secrets
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .flatMap((secret) => secretForms(secret))
    .sort((a, b) => b.length - a.length);
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

/** The one shape of a request in a message: `[GET] "https://…/resort/20/snowreport?token=[redacted]"`. */
export const describeRequest = (url: string, secrets: readonly string[] = [], method = 'GET'): string =>
  `[${method}] "${redactSecrets(redactUrl(url), secrets)}"`;
