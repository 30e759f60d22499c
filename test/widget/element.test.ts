// @vitest-environment happy-dom
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/local-source.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { clearCache } from '../../widget/data.ts';
import '../../widget/define.ts';
import type { ResortConditions } from '../../widget/resort-conditions.ts';
import { BASIC, FROZEN_NOW, FULL, sample } from '../helpers.ts';

const BASE = 'https://files.test/api/';
let root: string;
let dataset: Dataset;
const calls: string[] = [];

/** Serves the snapshot in `folder` as if from https://files.test/api/. */
const filesFrom =
  (folder: string, override?: (path: string) => Response | undefined): typeof fetch =>
  async (input) => {
    const url = String(input);
    calls.push(url);
    const path = url.slice(BASE.length);
    const replaced = override?.(path);
    if (replaced) return replaced;
    try {
      return new Response(await readFile(join(root, folder, 'api', path)), { status: 200, headers: { 'content-type': 'application/json' } });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };

beforeAll(async () => {
  dataset = await sample();
  root = await mkdtemp(join(tmpdir(), 'rc-widget-'));
  const now = () => FROZEN_NOW;
  for (const [folder, account] of [['full', FULL.email], ['basic', BASIC.email]] as const) {
    const config = parseConfig({ out: join(root, folder), locales: ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP'] }, 'test');
    await runSnapshot({ config, source: localSource(dataset, { account, now }), families: new Set(['A', 'B']), now, refresh: 'all' });
  }
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => {
  document.body.innerHTML = '';
  calls.length = 0;
  clearCache();
});

interface Options {
  resort: number | string;
  locale?: string;
  days?: number;
  folder?: string;
  now?: number;
  fetcher?: typeof fetch;
  parent?: HTMLElement;
  attributes?: Record<string, string>;
}

async function mount({ resort, locale, days, folder = 'full', now = FROZEN_NOW, fetcher, parent = document.body, attributes = {} }: Options) {
  const el = document.createElement('resort-conditions') as ResortConditions;
  el.fetcher = fetcher ?? filesFrom(folder);
  el.now = () => now;
  el.setAttribute('src', BASE);
  el.setAttribute('resort', String(resort));
  if (locale) el.setAttribute('locale', locale);
  if (days !== undefined) el.setAttribute('days', String(days));
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  const settled = new Promise<string>((resolve) => {
    el.addEventListener('load', () => resolve('load'));
    el.addEventListener('error', () => resolve('error'));
  });
  parent.append(el);
  return { el, settled };
}

async function shown(options: Options) {
  const { el, settled } = await mount(options);
  const event = await settled;
  await el.updateComplete;
  const shadow = el.shadowRoot!;
  return { el, event, shadow, text: shadow.textContent!.replace(/\s+/g, ' ') };
}

const resortWith = (test: (r: Dataset['resorts'][number]) => boolean) => dataset.resorts.find(test)!;

describe('<resort-conditions>', () => {
  it('renders the report, forecast and attribution in en-US with imperial units', async () => {
    const resort = resortWith((r) => r.report?.openFlag === 1 && r.report.depthCm.middle === undefined && !r.report.gaps);
    const { event, shadow, text } = await shown({ resort: resort.id, locale: 'en-US' });
    expect(event).toBe('load');
    expect(shadow.querySelector('h2')!.textContent).toBe(resort.name);
    expect(shadow.querySelector('[part=status]')!.textContent).toBe('Open');
    expect(text).toContain(`Base${Math.round(resort.report!.depthCm.base / 2.54)} in`);
    expect(text).toContain(`Summit${Math.round(resort.report!.depthCm.summit / 2.54)} in`);
    expect(text).not.toContain('Middle');
    expect(shadow.querySelectorAll('.days li')).toHaveLength(4);
    expect(shadow.querySelectorAll('.chart li')).toHaveLength(7);
    expect(text).toContain('Snow reports provided by Snow Conditions Service');
    expect(text).toContain('Updated');
  });

  it('shows the middle depth only when the resort reports it', async () => {
    const resort = resortWith((r) => r.report?.depthCm.middle !== undefined && !r.report.gaps);
    const { text } = await shown({ resort: resort.id, locale: 'de-DE' });
    expect(text).toContain(`Mitte${resort.report!.depthCm.middle} cm`);
  });

  it.each([
    { locale: 'en-US', heading: 'Snow depth', unit: ' in', temp: '°F' },
    { locale: 'en-GB', heading: 'Snow depth', unit: ' cm', temp: '°C' },
    { locale: 'de-DE', heading: 'Schneehöhe', unit: ' cm', temp: '°C' },
    { locale: 'fr-FR', heading: 'Hauteur de neige', unit: ' cm', temp: '°C' },
    { locale: 'ja-JP', heading: '積雪', unit: ' cm', temp: '°C' },
  ])('speaks $locale with depths in$unit and temperatures in $temp', async ({ locale, heading, unit, temp }) => {
    const resort = resortWith((r) => r.report?.openFlag === 1 && !r.report.gaps);
    const { shadow, text } = await shown({ resort: resort.id, locale });
    expect(shadow.querySelector('#depths')!.textContent).toBe(heading);
    expect(shadow.querySelector('[part=depths] dd')!.textContent).toContain(unit.trim());
    expect(text).toContain(temp);
    expect(shadow.querySelector('article')!.getAttribute('lang')).toBe(locale);
  });

  it.each([
    { lang: 'fr-CA', expected: 'Hauteur de neige' },
    { lang: 'de', expected: 'Schneehöhe' },
    { lang: 'en-AU', expected: 'Snow depth' },
    { lang: 'xx', expected: 'Snow depth' },
  ])('picks the published locale closest to lang="$lang"', async ({ lang, expected }) => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('lang', lang);
    document.body.append(wrapper);
    const { shadow } = await shown({ resort: dataset.resorts[0]!.id, parent: wrapper });
    expect(shadow.querySelector('#depths')!.textContent).toBe(expected);
  });

  describe('states', () => {
    it('keeps its box and shows the light-DOM content while loading', async () => {
      const { el } = await mount({ resort: 20, fetcher: () => new Promise<Response>(() => {}) });
      el.innerHTML = '<p>Silver Hollow snow report</p>';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[aria-busy=true] slot')).not.toBeNull();
      expect(el.shadowRoot!.textContent).toContain('Loading snow report');
    });

    it('offers a retry after a network error, and recovers', async () => {
      let fail = true;
      const good = filesFrom('full');
      const fetcher: typeof fetch = (input, init) => (fail ? Promise.reject(new TypeError('network down')) : good(input, init));
      const { el, event, shadow } = await shown({ resort: 20, fetcher });
      expect(event).toBe('error');
      expect(shadow.textContent).toContain('The snow report could not be loaded.');
      fail = false;
      const loaded = new Promise((resolve) => el.addEventListener('load', resolve));
      shadow.querySelector<HTMLButtonElement>('[part=retry]')!.click();
      await loaded;
      await el.updateComplete;
      expect(shadow.querySelector('h2')!.textContent).toBe(dataset.resorts.find((r) => r.id === 20)!.name);
    });

    it('says so for a file that answers 500', async () => {
      const { event, shadow } = await shown({ resort: 20, fetcher: filesFrom('full', () => new Response('', { status: 500 })) });
      expect(event).toBe('error');
      expect(shadow.querySelector('[part=retry]')).not.toBeNull();
    });

    it.each(['999999', 'abc', '-3', ''])('says the resort "%s" is unknown', async (resort) => {
      const { event, text } = await shown({ resort });
      expect(event).toBe('error');
      expect(text).toContain('This resort is not in the snow report.');
    });

    it.each([
      { flag: 2, status: 'closed', message: 'Closed today.' },
      { flag: 3, status: 'temporarily-closed', message: 'Temporarily closed.' },
      { flag: 4, status: 'weekends', message: 'Open on weekends only.' },
      { flag: 6, status: 'permanently-closed', message: 'This resort has closed permanently.' },
    ])('shows open flag $flag as $status', async ({ flag, status, message }) => {
      const resort = resortWith((r) => r.report?.openFlag === flag);
      const { shadow } = await shown({ resort: resort.id, locale: 'en-US' });
      expect(shadow.querySelector('[part=status]')!.className).toContain(status);
      expect(shadow.querySelector('[part=notice]')!.textContent).toBe(message);
    });

    it('shows "no report" in season and "out of season" outside it', async () => {
      const resort = resortWith((r) => r.report === null);
      const inSeason = await shown({ resort: resort.id, locale: 'en-US' });
      expect(inSeason.shadow.querySelector('[part=notice]')!.textContent).toBe('No snow report available yet.');
      document.body.innerHTML = '';
      const summer = await shown({ resort: resort.id, locale: 'en-US', now: Date.parse('2026-07-15T12:00:00Z') });
      expect(summer.shadow.querySelector('[part=notice]')!.textContent).toMatch(/^Out of season\. The season runs from \w+ \d+ to \w+ \d+\.$/);
    });

    it('warns when the report is older than outdated-after hours', async () => {
      const resort = resortWith((r) => r.report?.openFlag === 1);
      const fresh = await shown({ resort: resort.id, locale: 'en-US' });
      expect(fresh.shadow.querySelector('.warning')).toBeNull();
      document.body.innerHTML = '';
      const old = await shown({ resort: resort.id, locale: 'en-US', now: FROZEN_NOW + 72 * 3_600_000 });
      expect(old.shadow.querySelector('.warning')!.textContent).toBe('This report may be outdated.');
      document.body.innerHTML = '';
      const tolerant = await shown({ resort: resort.id, locale: 'en-US', now: FROZEN_NOW + 72 * 3_600_000, attributes: { 'outdated-after': '200' } });
      expect(tolerant.shadow.querySelector('.warning')).toBeNull();
    });

    it('says there is no forecast for an account without weather', async () => {
      const { event, shadow } = await shown({ resort: 20, locale: 'en-US', folder: 'basic' });
      expect(event).toBe('load');
      expect(shadow.querySelector('[part=forecast]')!.textContent).toContain('No forecast for this resort.');
      expect(shadow.querySelector('[part=depths]')).not.toBeNull();
    });

    it('copes with early-season gaps (null depths)', async () => {
      const resort = resortWith((r) => (r.report?.gaps ?? []).includes('lowerDepth'));
      const { event, shadow } = await shown({ resort: resort.id, locale: 'en-US' });
      expect(event).toBe('load');
      expect(shadow.textContent).not.toContain('null');
      expect(shadow.textContent).not.toContain('NaN');
    });
  });

  it.each([0, 1, 5])('shows today and %i more forecast days', async (days) => {
    const { shadow } = await shown({ resort: 20, locale: 'en-US', days });
    expect(shadow.querySelectorAll('.days li')).toHaveLength(days + 1);
    expect(shadow.querySelectorAll('.days svg[role=img][aria-label]')).toHaveLength(days + 1);
  });

  it('cannot be made to hide the required attribution', async () => {
    const { shadow } = await shown({
      resort: 20,
      locale: 'en-US',
      attributes: { 'hide-attribution': '', attribution: 'false', style: '--rc-attribution: none; --rc-color: transparent' },
    });
    const footer = shadow.querySelector('.attribution')!;
    expect(footer.textContent).toContain('Snow reports provided by');
    expect(footer.hasAttribute('part')).toBe(false);
    expect(footer.closest('[part]')?.getAttribute('part')).toBe('card');
    const css = (customElements.get('resort-conditions') as unknown as { styles: { cssText: string } }).styles.cssText;
    const rule = /\.attribution\s*\{([^}]*)\}/.exec(css)![1]!;
    expect(rule).toMatch(/display:\s*block\s*!important/);
    expect(rule).toMatch(/color:\s*#[0-9a-f]{6}\s*!important/);
    expect(rule).not.toContain('var(');
  });

  it('shows the resort links when the attribution requires them', async () => {
    const { shadow } = await shown({ resort: 20, locale: 'de-DE' });
    const links = [...shadow.querySelectorAll('nav.links a')].map((a) => a.getAttribute('href'));
    expect(links.length).toBe(8);
    expect(links.every((href) => href!.startsWith('https://'))).toBe(true);
  });

  it('fetches each shared file once for many elements', async () => {
    const fetcher = filesFrom('full');
    await Promise.all([shown({ resort: 20, fetcher }), shown({ resort: 20, fetcher }), shown({ resort: 25, fetcher })]);
    const counts = new Map<string, number>();
    for (const url of calls) counts.set(url, (counts.get(url) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(1);
    expect(calls.filter((u) => u.endsWith('/myaccount/attribution.json'))).toHaveLength(1);
    expect(calls).toContain(`${BASE}en-US/externalservice/resort/20/combinedreport.json`);
  });

  it('treats names, comments and links from the data as text and drops unsafe URLs', async () => {
    const hostile = filesFrom('full', (path) => {
      if (!path.endsWith('/resort/20/combinedreport.json')) return undefined;
      return new Response(
        JSON.stringify({
          resortId: 20,
          resortName: '<img src=x onerror="alert(1)">Evil',
          report: { openflag: 1, openflagname: '<b>Open</b>' },
          info: { id: 20, resortName: 'x' },
          links: { links: { skireport: { url: 'javascript:alert(1)', title: 'Bad', text: 'Bad' }, weather: { url: 'https://ok.example/', title: 'Good', text: 'Good' } } },
        }),
      );
    });
    const { shadow, event } = await shown({ resort: 20, fetcher: hostile });
    expect(event).toBe('load');
    expect(shadow.querySelector('img[onerror]')).toBeNull();
    expect(shadow.querySelector('h2')!.textContent).toBe('<img src=x onerror="alert(1)">Evil');
    const hrefs = [...shadow.querySelectorAll('nav.links a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://ok.example/']);
  });

  it('falls back to its error state when a record inside a file is broken', async () => {
    const broken = filesFrom('full', (path) => (path.endsWith('/day/forecast.json') ? new Response('{"currentWeather": {}, "forecast": [null, 3]}') : undefined));
    const { el, shadow } = await shown({ resort: 20, fetcher: broken });
    await el.updateComplete;
    expect(shadow.querySelector('[part=retry]')).not.toBeNull();
  });

  it('never throws on a body of the wrong shape', async () => {
    const broken = filesFrom('full', (path) => (path.endsWith('/combinedreport.json') ? new Response('{"resortName": 7, "report": "x"}') : undefined));
    const { event, shadow } = await shown({ resort: 20, fetcher: broken });
    expect(['load', 'error']).toContain(event);
    expect(shadow.textContent!.length).toBeGreaterThan(0);
  });
});
