/**
 * Secrets in the forms serialisers write (scripts/ARCHITECTURE.md, "Threat model"): an upstream that echoes
 * the account's password or token where the build's own serialisers escape it (JSON, the overview's HTML),
 * and one that answers a text quoting the key where JSON should be. Nothing may reach the tree, the private
 * state, a log line or an error message, in any form or in part.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../scripts/api/html.ts';
import { redactSecrets, secretForms } from '../../scripts/api/redact.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { assertNoSecretIn } from '../../scripts/snapshot/store/secrets.ts';
import { bytes } from './server.ts';
import {
  ACCOUNT,
  buildAgainst,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
  type Run,
} from './upstream.ts';

const FLAGS = ['--locales', 'en-US', '--resorts', '20', '--endpoints', 'familyA,combinedreport,overview'];
const COMBINED = '/externalservice/resort/combinedreport';

let upstream: HostileUpstream;
let root: string;
let file: string;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  root = await scratch();
  file = join(root, 'config.json');
  await writeFile(
    file,
    JSON.stringify({ variants: { forecast_only: [false], forecast: [false], links: [true] } }),
  );
});
afterAll(async () => {
  await upstream.close();
  await removeScratch(root);
});

const build = (name: string, options: { token?: boolean; flags?: string[] } = {}) =>
  buildAgainst(upstream, join(root, name), { flags: options.flags ?? FLAGS, config: file, ...options });

/** Every text the build left anywhere: its output, its log, and every file of the output and its releases. */
async function everything(run: Run): Promise<string> {
  let all = `${run.stdout}\n${run.stderr}`;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.parentPath.includes(run.out.split('/').at(-1)!))
      all += `\n${await readFile(join(entry.parentPath, entry.name), 'latin1')}`;
  return all;
}

/** Every piece of `secret` four characters or longer, in every form: none may appear anywhere. */
function pieces(secret: string): string[] {
  const out = new Set<string>();
  for (let length = 4; length <= secret.length; length++)
    for (let at = 0; at + length <= secret.length; at++)
      for (const form of secretForms(secret.slice(at, at + length))) out.add(form);
  return [...out];
}

describe('a secret echoed in a body', () => {
  it('a password with " and \\ in a comment is caught in its JSON-escaped form: nothing is published (exit 6)', async () => {
    upstream.reset();
    upstream.change(
      (p) => p === COMBINED,
      (map: Record<string, Record<string, unknown>>) => {
        map['20']!.comment = `debug: logged in with ${ACCOUNT.password}`;
      },
    );
    const run = await build('json');
    expect(run.code, run.stderr).toBe(EXIT.secret);
    expect(run.stderr).toMatch(
      /would contain a credential \(a key, token or password\); nothing was published/,
    );
    expect(await published(run.out, 'api/manifest.json')).toBeUndefined();
    // the file held it as JSON writes it: the scan looked for that form
    expect(JSON.stringify(ACCOUNT.password).slice(1, -1)).not.toBe(ACCOUNT.password);
    const all = await everything(run);
    for (const form of secretForms(ACCOUNT.password)) expect(all).not.toContain(form);
  }, 120_000);

  it('a token with & in an overview is caught in the sanitiser’s HTML-escaped form (exit 6)', async () => {
    upstream.reset();
    upstream.change(
      (p) => p.endsWith('/overview'),
      () => ({ resortOverviews: { overview: { body: `<p>Your token: ${ACCOUNT.token}</p>` } } }),
    );
    const run = await build('html', { token: true });
    expect(run.code, run.stderr).toBe(EXIT.secret);
    expect(ACCOUNT.token).toContain('&');
    const all = await everything(run);
    for (const form of secretForms(ACCOUNT.token)) expect(all).not.toContain(form);
  }, 120_000);
});

describe('an answer that is not JSON', () => {
  it('quotes the key where JSON should be: no reason, line or file holds any piece of it (exit 4)', async () => {
    upstream.reset();
    expect((await build('text')).code).toBe(EXIT.ok);
    const quoting = bytes('text/plain', `${ACCOUNT.apiKey} is not allowed to read this; ${ACCOUNT.apiKey}`);
    upstream.replace((p) => p === '/resorts/snowreport', quoting);
    upstream.replace(
      (p) => p === COMBINED,
      bytes('text/html', `<html>key=${ACCOUNT.apiKey.slice(1)}</html>`),
    );
    const run = await buildAgainst(upstream, join(root, 'text'), {
      flags: [...FLAGS, '--refresh', 'all'],
      config: file,
    });
    expect(run.code, run.stderr).toBe(EXIT.contract);
    const manifest = JSON.parse((await published(run.out, 'api/manifest.json'))!) as {
      stale: Array<{ reason: string }>;
    };
    expect(manifest.stale.map((s) => s.reason).sort()).toEqual(['is not valid JSON', 'is not valid JSON']);
    const all = await everything(run);
    for (const piece of pieces(ACCOUNT.apiKey)) expect(all).not.toContain(piece);
  }, 120_000);
});

describe('every form of a secret', () => {
  const SECRETS = [ACCOUNT.password, ACCOUNT.token, ACCOUNT.email, 'p a+ss/word?é\u0001'];

  it.each(SECRETS)('%j is refused in a file in each of its forms', (secret) => {
    const forms = secretForms(secret);
    expect(forms.length).toBeGreaterThan(1);
    for (const form of forms) {
      const text = Buffer.from(`{"note":"…${form}…"}\n`);
      expect(() => assertNoSecretIn(text, 'api/x.json', [secret]), form).toThrow(
        /would contain a credential/,
      );
    }
  });

  it.each(SECRETS)('%j is redacted from a line in each of its forms', (secret) => {
    for (const form of secretForms(secret))
      expect(redactSecrets(`before ${form} after`, [secret]), form).toBe('before [redacted] after');
  });

  it('covers what the build’s serialisers write', () => {
    const secret = ACCOUNT.password;
    const forms = secretForms(secret);
    const lit = secret
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    for (const written of [
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      encodeURIComponent(secret)
        .toLowerCase()
        .replace(/%([0-9a-f]{2})/g, (m) => m),
      new URLSearchParams({ p: `${secret} x` }).toString().slice(2, -2),
      lit,
      JSON.stringify(lit).slice(1, -1),
      escapeHtml(secret),
      JSON.stringify(secret).slice(1, -1).replace(/</g, '\\u003c'),
      JSON.stringify(encodeURIComponent(secret)).slice(1, -1),
      encodeURIComponent(JSON.stringify(secret).slice(1, -1)),
    ])
      expect(
        forms.some((form) => written.includes(form)),
        written,
      ).toBe(true);
  });
});
