/**
 * Texts past the plausible (scripts/api/README.md, "Limits"): a name of 10 MiB, an answer in latin-1, bytes
 * that are no UTF-8, control characters in a name. Each build runs against a real HTTP server on 127.0.0.1
 * with the one answer changed; the tree must stay within the limits' bound, every name read as it was
 * written, and no page carry a control character.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT } from '../../scripts/api/limits.ts';
import { EXIT } from '../../scripts/cli/exit-codes.ts';
import { Manifest } from '../../scripts/snapshot/store/manifest.ts';
import {
  buildAgainst,
  publishedTree,
  published,
  removeScratch,
  scratch,
  startHostileUpstream,
  type HostileUpstream,
} from './upstream.ts';

const FLAGS = ['--locales', 'en-US', '--regions', '251', '--endpoints', 'regions,combinedreport,attribution'];
const COMBINED = '/externalservice/resort/combinedreport';
/** Colorado's two resorts in the sample. */
const [GOOD, BAD] = [20, 428];

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

const build = (name: string) => buildAgainst(upstream, join(root, name), { flags: FLAGS, config: file });

const size = (files: Map<string, Buffer>) => [...files.values()].reduce((n, b) => n + b.byteLength, 0);

/** Gives resort `id` the name `name` wherever an answer names it (lists, reports, profiles). */
function rename(value: unknown, id: number, name: string): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((v) => rename(v, id, name));
  const record = value as Record<string, unknown>;
  if ((record.id === id || record.resortId === id) && typeof record.resortName === 'string')
    record.resortName = name;
  for (const member of Object.values(record)) rename(member, id, name);
}

// eslint-disable-next-line no-control-regex -- the control characters are what must not appear
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

describe('a name of 10 MiB', () => {
  it(`is cut to ${MAX_TEXT.name} characters wherever it is shown, and named in the build's drift`, async () => {
    upstream.reset();
    const clean = await publishedTree((await build('clean')).out);

    upstream.change(
      () => true,
      (json) => void rename(json, BAD, 'x'.repeat(10 * 1024 * 1024)),
    );
    const run = await build('long');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toContain(
      'multi.combinedreport $[*].resortName: too-long ×1 (a name longer than 200 characters: cut)',
    );
    const files = await publishedTree(run.out);
    const cut = `${'x'.repeat(MAX_TEXT.name - 1)}…`;
    let shown = 0;
    for (const [path, bytes] of files) {
      const text = bytes.toString('utf8');
      expect(text, path).not.toContain('x'.repeat(MAX_TEXT.name));
      shown += text.split(cut).length - 1;
    }
    // the bound of scripts/api/README.md, "Limits": each place the name is shown holds at most its
    // limit, at most three bytes a character
    const growth = size(files) - size(clean);
    expect(shown).toBeGreaterThan(0);
    expect(growth).toBeLessThanOrEqual(shown * MAX_TEXT.name * 3);
    expect(growth).toBeLessThan(64 * 1024);
    expect((await published(run.out, `cards/en-US/${BAD}.html`))!).toContain(cut);
  }, 180_000);
});

describe('an answer in another charset than UTF-8', () => {
  it('declared charset=iso-8859-1: its names are published as they were written', async () => {
    upstream.reset();
    upstream.change(
      (p) => p === COMBINED,
      (map: Record<string, { resortName: string; info: { resortName: string } }>) => {
        map[GOOD]!.resortName = 'Zürich Höhe';
      },
      (text) => {
        // every character of the answer is one of latin-1's, so each is one byte of it
        expect([...text].every((c) => c <= '\u00ff')).toBe(true);
        return { bytes: Buffer.from(text, 'latin1'), type: 'application/json; charset=iso-8859-1' };
      },
    );
    const run = await build('latin1');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const json = JSON.parse(
      (await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`))!,
    ) as { resortName: string };
    expect(json.resortName).toBe('Zürich Höhe');
    expect((await published(run.out, `cards/en-US/${GOOD}.html`))!).toContain('Zürich Höhe');
    for (const [path, bytes] of await publishedTree(run.out))
      expect(bytes.toString('utf8'), path).not.toContain('\ufffd');
  }, 120_000);

  it.each([
    ['application/json', 'the body is not valid UTF-8 and declares no charset'],
    ['application/json; charset=utf-8', 'the body is not valid utf-8 (its charset "utf-8")'],
    ['application/json; charset=x-klingon', 'the body declares charset "x-klingon", which names no encoding'],
  ])(
    'bytes that are no UTF-8, sent as %s: the body is refused and named (exit 4)',
    async (type, why) => {
      upstream.reset();
      upstream.change(
        (p) => p === COMBINED,
        (map: Record<string, { resortName: string }>) => {
          map[BAD]!.resortName = 'Hoch BYTE';
        },
        // a latin-1 ü where UTF-8 was meant: no UTF-8 reader can take 0xFC before a space
        (text) => ({ bytes: Buffer.from(text.replace('BYTE', '\u00fc '), 'latin1'), type }),
      );
      const run = await build(`bytes-${type.length}`);
      expect(run.code, run.stderr).toBe(EXIT.contract);
      expect(run.stderr).toContain(`${COMBINED} (en-US): ${why}`);
      for (const [path, bytes] of await publishedTree(run.out))
        expect(bytes.toString('utf8'), path).not.toContain('\ufffd');
      expect(
        await published(run.out, `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`),
      ).toBeUndefined();
      expect(await published(run.out, 'api/en-US/externalservice/myaccount/attribution.json')).toBeDefined();
    },
    120_000,
  );
});

describe('bytes that are no UTF-8, after a good release', () => {
  it('keep the part’s last good copy, marked stale and named', async () => {
    upstream.reset();
    const out = join(root, 'kept');
    expect((await buildAgainst(upstream, out, { flags: FLAGS, config: file })).code).toBe(EXIT.ok);
    const path = `api/en-US/externalservice/resort/${GOOD}/combinedreport.json`;
    const before = await published(out, path);
    upstream.change(
      (p) => p === COMBINED,
      () => undefined,
      (text) => ({
        bytes: Buffer.concat([Buffer.from(text), Buffer.from([0xff])]),
        type: 'application/json',
      }),
    );
    const run = await buildAgainst(upstream, out, { flags: [...FLAGS, '--refresh', 'all'], config: file });
    expect(run.code, run.stderr).toBe(EXIT.contract);
    expect(run.stderr).toContain(`${COMBINED} (en-US): the body is not valid UTF-8 and declares no charset`);
    expect(await published(out, path)).toBe(before);
    const manifest = Manifest.parse(JSON.parse((await published(out, 'api/manifest.json'))!));
    expect(manifest.stale).toEqual([
      expect.objectContaining({
        part: expect.stringMatching(/^en-US multi\.combinedreport/),
        reason: 'is not valid UTF-8 and declares no charset',
      }),
    ]);
  }, 120_000);
});

describe('control characters in a name', () => {
  it('are taken out before anything is published: no HTML page, feed or JSON file carries one', async () => {
    upstream.reset();
    upstream.change(
      () => true,
      (json) => void rename(json, GOOD, 'Silver\u0000 Hol\u0007low\u001b\u0085\u007f'),
    );
    const run = await build('controls');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stderr).toContain(
      'multi.combinedreport $[*].resortName: control-character ×1 (control characters taken out)',
    );
    const files = await publishedTree(run.out);
    const pages = [...files].filter(([path]) => /\.(html|xml|atom)$/.test(path));
    expect(pages.length).toBeGreaterThan(0);
    for (const [path, bytes] of files) {
      const text = bytes.toString('utf8');
      expect(text, path).not.toMatch(CONTROL);
      if (path.endsWith('.json')) expect(text, path).not.toMatch(/\\u00[01][0-9a-f]|\\u007f/i);
    }
    expect((await published(run.out, `cards/en-US/${GOOD}.html`))!).toContain('Silver Hollow');
  }, 120_000);
});
