/**
 * Apache's `.htaccess` as mod_rewrite applies it in a directory context, for the directives the mirror's
 * rules use: `RewriteCond` (with `!`, `[NC]`, `%n` back-references) and `RewriteRule` (`-`, `$n`,
 * `[L]` which runs the rules again on the new path, `[END]`, `[R=4xx]` which answers that status with its
 * `ErrorDocument`). Anything else in the file must be a directive this reader knows to skip.
 */

interface Cond {
  test: string;
  pattern: RegExp;
  negate: boolean;
}

interface Rule {
  conds: Cond[];
  pattern: RegExp;
  substitution: string;
  flags: Set<string>;
  status?: number;
}

export interface Htaccess {
  rules: Rule[];
  errorDocuments: Map<number, string>;
}

const SKIPPED = /^(?:(?:AddType|Header|RewriteEngine|RewriteBase)\s|<IfModule\s[\w.]+>$|<\/(?:IfModule|If)>$)/;

function flagsOf(token: string | undefined): Set<string> {
  if (token === undefined) return new Set();
  if (!/^\[[A-Z0-9=,]+\]$/.test(token)) throw new Error(`not a flag list: ${token}`);
  return new Set(token.slice(1, -1).split(','));
}

export function parseHtaccess(text: string): Htaccess {
  const rules: Rule[] = [];
  const errorDocuments = new Map<number, string>();
  let conds: Cond[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const tokens = line.split(/\s+/);
    const where = `.htaccess line ${index + 1}`;
    if (tokens[0] === 'RewriteCond') {
      if (tokens.length < 3 || tokens.length > 4) throw new Error(`${where}: ${line}`);
      const flags = flagsOf(tokens[3]);
      const negate = tokens[2]!.startsWith('!');
      if (flags.has('OR')) throw new Error(`${where}: [OR] is not used by the mirror's rules`);
      conds.push({ test: tokens[1]!, pattern: new RegExp(negate ? tokens[2]!.slice(1) : tokens[2]!, flags.has('NC') ? 'i' : ''), negate });
    } else if (tokens[0] === 'RewriteRule') {
      if (tokens.length < 3 || tokens.length > 4) throw new Error(`${where}: ${line}`);
      const flags = flagsOf(tokens[3]);
      const r = [...flags].find((f) => f.startsWith('R='));
      rules.push({ conds, pattern: new RegExp(tokens[1]!, flags.has('NC') ? 'i' : ''), substitution: tokens[2]!, flags, ...(r ? { status: Number(r.slice(2)) } : {}) });
      conds = [];
    } else if (tokens[0] === 'ErrorDocument') {
      errorDocuments.set(Number(tokens[1]), tokens[2]!);
    } else if (!SKIPPED.test(line) && !/^<If "[^"]+">$/.test(line)) {
      throw new Error(`${where}: a directive this reader does not know: ${line}`);
    }
  }
  if (conds.length > 0) throw new Error('.htaccess ends with RewriteCond lines that belong to no rule');
  return { rules, errorDocuments };
}

export interface ApacheRequest {
  method: string;
  /** The path as requested, with its leading slash. */
  path: string;
  query: string;
  headers?: Readonly<Record<string, string>>;
}

/** What Apache does: a file to serve (relative to the document root) or a status with its error document. */
export type ApacheAnswer = { file: string } | { status: number; errorDocument?: string };

export function applyHtaccess(htaccess: Htaccess, request: ApacheRequest): ApacheAnswer {
  let uri = decodeURIComponent(request.path).replace(/^\//, '');
  let redirectStatus = '';
  for (let round = 0; round < 10; round++) {
    const vars = (name: string): string => {
      if (name === 'QUERY_STRING') return request.query;
      if (name === 'REQUEST_METHOD') return request.method;
      if (name === 'ENV:REDIRECT_STATUS') return redirectStatus;
      if (name.startsWith('HTTP:')) return request.headers?.[name.slice(5).toLowerCase()] ?? '';
      throw new Error(`%{${name}} is not known to this reader`);
    };
    let next: string | undefined;
    for (const rule of htaccess.rules) {
      const match = rule.pattern.exec(uri);
      if (!match) continue;
      let backrefs: RegExpExecArray | null = null;
      let ok = true;
      for (const cond of rule.conds) {
        const value = cond.test.replace(/%\{([^}]+)\}/g, (_, name: string) => vars(name));
        const m = cond.pattern.exec(value);
        if (cond.negate ? m !== null : m === null) ok = false;
        else if (!cond.negate) backrefs = m;
        if (!ok) break;
      }
      if (!ok) continue;
      if (rule.status !== undefined) {
        const errorDocument = htaccess.errorDocuments.get(rule.status);
        return { status: rule.status, ...(errorDocument ? { errorDocument } : {}) };
      }
      if (rule.substitution === '-') continue;
      const target = rule.substitution.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '').replace(/%(\d)/g, (_, n: string) => backrefs?.[Number(n)] ?? '');
      if (rule.flags.has('END')) return { file: target };
      if (!rule.flags.has('L')) throw new Error('the mirror\'s rules end every rewrite with [L] or [END]');
      next = target;
      break;
    }
    if (next === undefined || next === uri) return { file: uri };
    uri = next;
    redirectStatus = '200';
  }
  throw new Error(`${request.path}: the rules loop`);
}
