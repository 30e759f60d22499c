// @vitest-environment happy-dom
/**
 * What the elements do on a partner's page whatever the page sets around them (widget/README.md, "Requests
 * and safety", "Locales and units", "The list"): their own direction, nothing a strict Content-Security-Policy
 * refuses, a region the build left out. The layout in real engines is test/browsers/partner-pages.test.ts.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { clearCache } from '../../widget/data.ts';
import '../../widget/card/define.ts';
import '../../widget/list/define.ts';
import { FROZEN_NOW, FULL, folderFetch, sampleOn } from '../helpers.ts';

const BASE = 'https://files.test/api/';
const LOCALES = ['en-US', 'de-DE', 'fr-FR'];
let root: string;
const calls: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rc-partner-'));
  const now = () => FROZEN_NOW;
  await runSnapshot({
    config: parseConfig({ out: root, locales: LOCALES }, 'test'),
    source: localSource(await sampleOn(), { account: FULL.email, now }),
    families: new Set(['A', 'B']),
    now,
    refresh: 'all',
  });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => {
  document.documentElement.removeAttribute('dir');
  document.body.innerHTML = '';
  calls.length = 0;
  clearCache();
});

/** An element of `tag` with `attributes`, in the page, once it has shown its files (or fired `expected`). */
async function shown(
  tag: 'resort-conditions' | 'resort-conditions-list',
  attributes: Record<string, string>,
  override?: (path: string) => Response | undefined,
  expected = 'load',
) {
  const el = document.createElement(tag) as HTMLElement & {
    fetcher: typeof fetch;
    now: () => number;
    updateComplete: Promise<unknown>;
  };
  el.fetcher = folderFetch(BASE, () => join(root, 'api'), calls, override);
  el.now = () => FROZEN_NOW;
  el.setAttribute('src', BASE);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  const settled = new Promise<string>((resolve) => {
    el.addEventListener('load', () => resolve('load'));
    el.addEventListener('error', (e) =>
      resolve(`error ${(e as unknown as CustomEvent<{ code: string }>).detail.code}`),
    );
  });
  document.body.append(el);
  expect(await settled).toBe(expected);
  await el.updateComplete;
  return el.shadowRoot!;
}

const ELEMENTS = [
  { what: 'the card', tag: 'resort-conditions', attributes: { resort: '25' } },
  { what: 'the strip', tag: 'resort-conditions', attributes: { resort: '25', layout: 'compact' } },
  { what: 'the list', tag: 'resort-conditions-list', attributes: { region: '429' } },
] as const;

describe('on a right-to-left page', () => {
  it.each(ELEMENTS.flatMap((e) => LOCALES.map((locale) => ({ ...e, locale }))))(
    '$what in $locale sets its frame left-to-right, as its language reads',
    async ({ tag, attributes, locale }) => {
      document.documentElement.setAttribute('dir', 'rtl');
      const shadow = await shown(tag, { ...attributes, locale });
      const frame = shadow.querySelector('.frame')!;
      expect(frame.getAttribute('lang')).toBe(locale);
      expect(frame.getAttribute('dir')).toBe('ltr');
    },
  );
});

describe('under a strict Content-Security-Policy', () => {
  it.each(ELEMENTS)(
    '$what renders no style attribute and no style element: its styles are adopted sheets',
    async ({ tag, attributes }) => {
      const shadow = await shown(tag, attributes);
      // the list's frame carries its rows as a CSSOM property (el.style.setProperty), which a policy allows
      const styled = [...shadow.querySelectorAll('[style]')].map((e) => e.getAttribute('style'));
      expect(styled).toEqual(tag === 'resort-conditions-list' ? ['--_n: 8;'] : []);
      expect(shadow.querySelectorAll('style')).toHaveLength(0);
      expect(shadow.adoptedStyleSheets.length).toBeGreaterThan(0);
    },
  );

  it("draws the 7-day chart's bars as SVG rectangles, as tall as each day's snow (their SVG upside down, so each stands on the line)", async () => {
    const shadow = await shown('resort-conditions', { resort: '25', locale: 'de-DE' });
    const days = [...shadow.querySelectorAll('.chart li')];
    expect(days).toHaveLength(7);
    const values = days.map((d) => Number(d.querySelector('.value')!.textContent!.replace(',', '.')));
    const max = Math.max(1, ...values);
    const bars = days.map((d) => d.querySelector('.track svg rect')!);
    expect(bars.map((b) => b.getAttribute('height'))).toEqual(
      values.map((v) => `${Math.round((v / max) * 100)}%`),
    );
  });
});

describe('words that tell the truth', () => {
  const GROUP = 'en-US/externalservice/resort/combinedreport/group=region-429.json';
  /** The snapshot without the region's group file, its index naming `missing` parts. */
  const withoutGroup = (missing: unknown) => (path: string) =>
    path === GROUP
      ? new Response('', { status: 404 })
      : path === 'manifest.json'
        ? new Response(
            JSON.stringify({
              ...JSON.parse(readFileSync(join(root, 'api', 'manifest.json'), 'utf8')),
              missing,
            }),
          )
        : undefined;

  it.each([
    {
      how: 'its region list',
      missing: [{ part: 'en-US region.list region=429', reason: 'HTTP 503 after 4 attempts' }],
    },
    {
      how: 'the group files of its locale',
      missing: [{ part: 'en-US resort.combinedreport.multi', reason: 'HTTP 503 after 4 attempts' }],
    },
  ])(
    'a list whose region the build left out ($how) says it could not be loaded, with a retry',
    async ({ missing }) => {
      const shadow = await shown(
        'resort-conditions-list',
        { region: '429', locale: 'en-US' },
        withoutGroup(missing),
        'error file-unavailable',
      );
      expect(shadow.querySelector('[part=message]')!.textContent).toContain(
        'The snow report could not be loaded.',
      );
      expect(shadow.querySelector('[part=retry]')).not.toBeNull();
    },
  );

  it.each([
    { how: 'names nothing missing', missing: undefined },
    { how: "names another region's list", missing: [{ part: 'en-US region.list region=4290', reason: 'x' }] },
    {
      how: "names another locale's group files",
      missing: [{ part: 'de-DE resort.combinedreport.multi', reason: 'x' }],
    },
  ])('a region without a file whose index $how is not in the snow report', async ({ missing }) => {
    const shadow = await shown(
      'resort-conditions-list',
      { region: '429', locale: 'en-US' },
      withoutGroup(missing),
      'error unknown-region',
    );
    expect(shadow.querySelector('[part=message]')!.textContent!.trim()).toBe(
      'This region is not in the snow report.',
    );
  });
});
