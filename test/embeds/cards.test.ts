/**
 * lit's markers in the pre-rendered cards and lists (scripts/embeds/cards.ts, `cleanHtml`, which the lists
 * share): every kind lit's server rendering leaves is stripped, and a built site holds none of them.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../scripts/cli/build.ts';
import { cleanHtml, LIT_MARKERS } from '../../scripts/embeds/cards.ts';
import { FROZEN_NOW } from '../helpers.ts';

describe('cleanHtml', () => {
  it.each([
    {
      kind: 'a template part',
      input: '<p><!--lit-part AEmR7W+R0Ak=-->x<!--/lit-part--></p>',
      expected: '<p>x</p>',
    },
    { kind: 'an empty part', input: '<p><!--lit-part-->x<!--/lit-part--></p>', expected: '<p>x</p>' },
    {
      kind: 'a node with bound attributes',
      input: '<!--lit-node 3--><b class="a">x</b>',
      expected: '<b class="a">x</b>',
    },
    { kind: "a child part's marker", input: '<i><!--?lit$1234567$--></i>', expected: '<i></i>' },
    {
      kind: 'the end of a template ending with an expression',
      input: '<dt>24 h<?></dt>',
      expected: '<dt>24 h</dt>',
    },
    { kind: 'that end as a parser writes it', input: '<dt>24 h<!--?--></dt>', expected: '<dt>24 h</dt>' },
    { kind: "the templates' indentation", input: '<p>\n    a\n  </p>', expected: '<p> a </p>' },
  ])('strips $kind', ({ input, expected }) => {
    expect(cleanHtml(input)).toBe(expected);
  });

  it('keeps text and attributes that only look like markers, as lit escapes them', () => {
    const html = '<p title="&lt;?&gt;">&lt;!--?lit$1$--&gt; &lt;?&gt;</p>';
    expect(cleanHtml(html)).toBe(html);
  });
});

describe('the built cards and lists', () => {
  let root: string;
  let pages: Array<{ path: string; html: string }>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rc-markers-'));
    const out = join(root, 'dist');
    const code = await build({
      // every resort of the sample, so every state a card or a row can be in; three scripts' languages
      argv: ['--out', out, '--locales', 'en-US,de-DE,ja-JP'],
      env: { SOURCE_DATE_EPOCH: String(FROZEN_NOW / 1000) },
      stdout: { write: () => true },
      stderr: { write: () => true },
      widget: async () => [],
    });
    expect(code).toBe(0);
    const files = [
      ...(await readdir(join(out, 'cards'), { recursive: true })).map((f) => `cards/${f}`),
      ...(await readdir(join(out, 'lists'), { recursive: true })).map((f) => `lists/${f}`),
    ].filter((f) => f.endsWith('.html'));
    pages = await Promise.all(
      files.map(async (path) => ({ path, html: await readFile(join(out, path), 'utf8') })),
    );
  }, 180_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('hold every shape: a card, a compact strip and a list, each as a page and an include', () => {
    const kinds = new Set(pages.map((p) => p.path.replace(/^(\w+)\/[^/]+\/[^.]+/, '$1')));
    expect([...kinds].sort()).toEqual([
      'cards.compact.html',
      'cards.compact.include.html',
      'cards.html',
      'cards.include.html',
      'lists.html',
      'lists.include.html',
    ]);
  });

  it("hold none of lit's markers, nor any other comment or processing instruction outside scripts", () => {
    const left = pages.flatMap(({ path, html }) => {
      const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script></script>');
      return [...markup.matchAll(/<!--[\s\S]*?-->|<\?[^>]*>/g)].map((m) => `${path}: ${m[0]}`);
    });
    expect(left).toEqual([]);
    expect(pages.filter(({ html }) => new RegExp(LIT_MARKERS.source).test(html))).toEqual([]);
  });
});
