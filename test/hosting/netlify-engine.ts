/**
 * A tree's `_headers` and `_redirects` as Netlify reads them: its own parsers (`@netlify/headers-parser`,
 * `@netlify/redirect-parser`, the ones its build runs) and its redirect engine (`netlify-redirector`, the
 * one `netlify dev` runs). A header rule matches where its parsed `forRegExp` does.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector from 'netlify-redirector';

export interface NetlifyHeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

export interface NetlifyRedirect {
  from: string;
  to: string;
  status: number;
  query: Record<string, string>;
}

/** The header rules of `root/_headers` and the parser's errors. */
export async function netlifyHeaders(root: string): Promise<{ rules: NetlifyHeaderRule[]; errors: Error[] }> {
  const parsed = await parseAllHeaders({
    headersFiles: [join(root, '_headers')],
    configHeaders: undefined,
    minimal: false,
  });
  return { rules: parsed.headers as NetlifyHeaderRule[], errors: parsed.errors };
}

/** The redirect rules of `root/_redirects` and the parser's errors. */
export async function netlifyRedirectRules(
  root: string,
): Promise<{ rules: NetlifyRedirect[]; errors: Error[] }> {
  const parsed = await parseAllRedirects({
    redirectsFiles: [join(root, '_redirects')],
    configRedirects: [],
    minimal: false,
  });
  return { rules: parsed.redirects as NetlifyRedirect[], errors: parsed.errors as Error[] };
}

/** Netlify's redirect engine over `root/_redirects`: the rule a request matches, its target filled in, or null. */
export async function netlifyEngine(
  root: string,
): Promise<(path: string, query?: string) => { to: string; status: number } | null> {
  const matcher = await redirector.parsePlain(await readFile(join(root, '_redirects'), 'utf8'), {});
  return (path, query = '') => {
    const match = matcher.match({ scheme: 'https', host: 'mirror.test', path, query });
    return match && { to: match.to, status: match.status };
  };
}

/** The values each header would be sent with for `path`: one entry per rule that names it. */
export function headersSent(rules: readonly NetlifyHeaderRule[], path: string): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const rule of rules)
    if (rule.forRegExp.test(path))
      for (const [name, value] of Object.entries(rule.values))
        sent.set(name.toLowerCase(), [...(sent.get(name.toLowerCase()) ?? []), String(value)]);
  return sent;
}
