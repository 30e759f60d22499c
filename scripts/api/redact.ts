/**
 * Removes credentials from URLs before they reach a log line or an error message: the `token` query
 * parameter and the e-mail and password path segments of the credential endpoints
 * (scripts/api/README.md, "The two families").
 */

const CREDENTIAL_PATH = /(\/externalservice\/authorization\/(?:token|account))\/[^/?#]*\/[^/?#]*/i;
const SECRET_PARAM = /([?&](?:token|apikey|api_key|x-api-key|password|email)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

/** The URL (absolute or path only) with every credential replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(CREDENTIAL_PATH, `$1/${REDACTED}/${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** Replaces each of `secrets` wherever it occurs in `text` (plain and percent-encoded). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join(REDACTED);
  }
  return out;
}

/** The one shape of a request in a message: `[GET] "https://…/resort/20/snowreport?token=[redacted]"`. */
export const describeRequest = (url: string, secrets: readonly string[] = [], method = 'GET'): string =>
  `[${method}] "${redactSecrets(redactUrl(url), secrets)}"`;
