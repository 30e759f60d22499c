/**
 * Netlify's `_redirects`, read and applied as Netlify documents it: rules in order, the first match wins;
 * `:name` matches one path segment, a trailing `*` the rest (`:splat`); every `key=value` a rule names must
 * be in the query (a `:name` value matches any value), other parameters are ignored; 200 rewrites, any
 * other status serves the target with that status.
 */

export interface NetlifyRule {
  from: string;
  query: Array<[string, string]>;
  to: string;
  status: number;
  force: boolean;
}

export function parseRedirects(text: string): NetlifyRule[] {
  const rules: NetlifyRule[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const tokens = line.split(/\s+/);
    let i = 1;
    const query: Array<[string, string]> = [];
    while (i < tokens.length && !tokens[i]!.startsWith('/') && !/^https?:/.test(tokens[i]!)) {
      const [key, value = ''] = tokens[i]!.split('=', 2) as [string, string?];
      query.push([key, value]);
      i++;
    }
    const to = tokens[i++];
    const status = /^(\d{3})(!?)$/.exec(tokens[i] ?? '200');
    if (!tokens[0]!.startsWith('/') || !to || !status || i + 1 < tokens.length)
      throw new Error(`_redirects line ${index + 1} is not a rule: ${line}`);
    rules.push({ from: tokens[0]!, query, to, status: Number(status[1]), force: status[2] === '!' });
  }
  return rules;
}

function fromRegex(from: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  for (const part of from.split('/').slice(1)) {
    if (part === '*') {
      names.push('splat');
      source += '/(.*)';
    } else if (part.startsWith(':')) {
      names.push(part.slice(1));
      source += '/([^/]+)';
    } else {
      source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  return { regex: new RegExp(`^${source}$`), names };
}

/** The rule a request matches, with its target filled in; undefined when none does. */
export function resolveRedirect(
  rules: readonly NetlifyRule[],
  path: string,
  query: URLSearchParams,
): { status: number; to: string } | undefined {
  for (const rule of rules) {
    const { regex, names } = fromRegex(rule.from);
    const match = regex.exec(path);
    if (!match) continue;
    const values = new Map<string, string>(names.map((name, i) => [name, match[i + 1] ?? '']));
    let ok = true;
    for (const [key, value] of rule.query) {
      const actual = query.get(key);
      if (actual === null) ok = false;
      else if (value.startsWith(':')) values.set(value.slice(1), actual);
      else if (actual !== value) ok = false;
    }
    if (!ok) continue;
    const to = rule.to.replace(/:(\w+)/g, (whole, name: string) => values.get(name) ?? whole);
    return { status: rule.status, to };
  }
  return undefined;
}
