// @vitest-environment happy-dom
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { clearCache, NO_ANSWER } from '../../widget/data.ts';
import '../../widget/card/define.ts';
import '../../widget/list/define.ts';
import type { ResortConditionsList } from '../../widget/list/resort-conditions-list.ts';
import type { ResortConditions } from '../../widget/card/resort-conditions.ts';
import { BASIC, FROZEN_NOW, FULL, sample, sampleOn, folderFetch, urlOf } from '../helpers.ts';

const BASE = 'https://files.test/api/';
const DAY = 86_400_000;
let root: string;
let dataset: Dataset;
/** The sample as a build at FROZEN_NOW publishes it. */
let dated: Dataset;
const calls: string[] = [];
/** The URL a `fetch` was asked for, whichever form it took. */

/** Serves the snapshot in `folder` as if from https://files.test/api/. */
const filesFrom = (folder: string, override?: (path: string) => Response | undefined): typeof fetch =>
  folderFetch(BASE, () => join(root, folder, 'api'), calls, override);

/** A published JSON file of `folder`, changed by `edit`. */
const edited = async (folder: string, path: string, edit: (body: any) => unknown) =>
  new Response(JSON.stringify(edit(JSON.parse(await readFile(join(root, folder, 'api', path), 'utf8')))));

beforeAll(async () => {
  dataset = await sample();
  dated = await sampleOn();
  root = await mkdtemp(join(tmpdir(), 'rc-widget-'));
  const now = () => FROZEN_NOW;
  const builds = [
    ['full', FULL.email, ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'pl-PL']],
    ['basic', BASIC.email, ['en-US']],
    // widget/README.md's own example ("Locales and units"): a partner page in French reads English
    ['narrow', FULL.email, ['en-US', 'de-DE']],
  ] as const;
  for (const [folder, account, locales] of builds) {
    const config = parseConfig({ out: join(root, folder), locales: [...locales] }, 'test');
    await runSnapshot({
      config,
      source: localSource(dataset, { account, now }),
      families: new Set(['A', 'B']),
      now,
      refresh: 'all',
    });
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

async function mount({
  resort,
  locale,
  days,
  folder = 'full',
  now = FROZEN_NOW,
  fetcher,
  parent = document.body,
  attributes = {},
}: Options) {
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

const resortWith = (test: (r: Dataset['resorts'][number]) => boolean) => dated.resorts.find(test)!;
const inLang = (lang: string) => {
  const wrapper = document.createElement('div');
  wrapper.setAttribute('lang', lang);
  document.body.append(wrapper);
  return wrapper;
};

describe('<resort-conditions>', () => {
  it('renders the report, forecast and attribution in en-US with imperial units', async () => {
    const resort = resortWith(
      (r) => r.report?.openFlag === 1 && r.report.depthCm.middle === undefined && !r.report.gaps,
    );
    const { event, shadow, text } = await shown({ resort: resort.id, locale: 'en-US' });
    expect(event).toBe('load');
    expect(shadow.querySelector('h2')!.textContent).toBe(resort.name);
    expect(shadow.querySelector('[part=status]')!.textContent).toBe('Open');
    expect(text).toContain(`Base${Math.round(resort.report!.depthCm.base / 2.54)} in`);
    expect(text).toContain(`Summit${Math.round(resort.report!.depthCm.summit / 2.54)} in`);
    expect(text).not.toContain('Middle');
    expect(shadow.querySelectorAll('.days li')).toHaveLength(4);
    expect(shadow.querySelectorAll('.chart li')).toHaveLength(7);
    expect(shadow.querySelector('figcaption')!.textContent).toBe('Snowfall, last 7 days (in)');
    expect(text).toContain('Snow reports provided by Snow Conditions Service');
    expect(text).toContain('Updated');
  });

  it('shows the middle depth only when the resort reports it', async () => {
    const resort = resortWith((r) => r.report?.depthCm.middle !== undefined && !r.report.gaps);
    const { text } = await shown({ resort: resort.id, locale: 'de-DE' });
    expect(text).toContain(`Mitte${resort.report!.depthCm.middle} cm`);
  });

  it.each([
    { locale: 'en-US', heading: 'Snow depth', unit: ' in', temp: '°F', wind: /\d+ mph/ },
    { locale: 'en-GB', heading: 'Snow depth', unit: ' cm', temp: '°C', wind: /\d+ km\/h/ },
    { locale: 'de-DE', heading: 'Schneehöhe', unit: ' cm', temp: '°C', wind: /\d+ km\/h/ },
    { locale: 'fr-FR', heading: 'Hauteur de neige', unit: ' cm', temp: '°C', wind: /\d+ km\/h/ },
    { locale: 'ja-JP', heading: '積雪', unit: ' cm', temp: '°C', wind: /\d+ km\/h/ },
  ])(
    'speaks $locale with depths in$unit, temperatures in $temp and wind as $wind',
    async ({ locale, heading, unit, temp, wind }) => {
      const resort = resortWith((r) => r.report?.openFlag === 1 && !r.report.gaps);
      const { shadow, text } = await shown({ resort: resort.id, locale });
      expect(shadow.querySelector('#depths')!.textContent).toBe(heading);
      expect(shadow.querySelector('[part=depths] dd')!.textContent).toContain(unit.trim());
      expect(text).toContain(temp);
      expect(text).toMatch(wind);
      expect(text).not.toContain('m/s');
      expect(shadow.querySelector('article')!.getAttribute('lang')).toBe(locale);
    },
  );

  it('converts the files’ m/s into km/h and names wind directions in the reader’s language', async () => {
    const forecast = JSON.parse(
      await readFile(join(root, 'full/api/de-DE/externalservice/resort/20/3/day/forecast.json'), 'utf8'),
    );
    const today = forecast.currentWeather;
    const { shadow } = await shown({ resort: 20, locale: 'de-DE' });
    const first = shadow.querySelector('.days li')!.textContent!.replace(/\s+/g, ' ');
    const german: Record<string, string> = {
      N: 'N',
      NE: 'NO',
      E: 'O',
      SE: 'SO',
      S: 'S',
      SW: 'SW',
      W: 'W',
      NW: 'NW',
    };
    expect(first).toContain(`${Math.round(today.windspeed * 3.6)} km/h ${german[today.direction]}`);
  });

  it('names no direction for a calm day', async () => {
    const { shadow } = await shown({ resort: 117, locale: 'en-US', days: 5 });
    const winds = [...shadow.querySelectorAll('.days li .more > span:last-child')].map((s) =>
      s.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(winds.some((w) => /^Wind 0 mph$/.test(w))).toBe(true);
    for (const w of winds) expect(w, w).toMatch(/^Wind (0 mph|[1-9]\d* mph (N|NE|E|SE|S|SW|W|NW))$/);
  });

  it('names no direction for wind that shows as 0 km/h', async () => {
    const path = 'de-DE/externalservice/resort/20/3/day/forecast.json';
    const calm = filesFrom('full');
    const fetcher: typeof fetch = async (input, init) =>
      urlOf(input).endsWith(path)
        ? edited('full', path, (body) => ({
            ...body,
            currentWeather: { ...body.currentWeather, windspeed: 0.1, direction: 'NE' },
          }))
        : calm(input, init);
    const { shadow } = await shown({ resort: 20, locale: 'de-DE', fetcher });
    const wind = shadow
      .querySelector('.days li .more > span:last-child')!
      .textContent!.replace(/\s+/g, ' ')
      .trim();
    expect(wind).toBe('Wind 0 km/h');
  });

  it.each([
    { locale: 'en-US', line: 'Snowfall, last 7 days: 0 in' },
    { locale: 'de-DE', line: 'Schneefall, letzte 7 Tage: 0 cm' },
    { locale: 'ja-JP', line: '過去7日間の降雪: 0 cm' },
  ])(
    'says in one line that a week had no snow ($locale), with no plot, and gives the room to the forecast',
    async ({ locale, line }) => {
      // a closed resort (openFlag 2) whose last seven days brought nothing
      const path = `${locale}/resort/60/snowreport.json`;
      const files = filesFrom('full');
      const fetcher: typeof fetch = async (input, init) =>
        urlOf(input).endsWith(path)
          ? edited('full', path, (body) => ({
              ...body,
              recent: body.recent.map((r: object) => ({ ...r, snow: 0 })),
            }))
          : files(input, init);
      const { event, shadow } = await shown({ resort: 60, locale, fetcher });
      expect(event).toBe('load');
      expect(shadow.querySelector('.frame')!.classList).toContain('closed');
      expect(shadow.querySelector('.chart, figure, .track')).toBeNull();
      const dry = shadow.querySelector('[part=chart]')!;
      expect(dry.matches('p.dry.muted')).toBe(true);
      expect(dry.textContent).toBe(line);
      // the forecast is still there to take the room (content.css)
      expect(shadow.querySelectorAll('.days li')).toHaveLength(4);
    },
  );

  /** Resort 60's card in `locale` with its last seven days' snow (cm) set to `snow`. */
  const week = (locale: string, snow: number[]) => {
    const path = `${locale}/resort/60/snowreport.json`;
    const files = filesFrom('full');
    const fetcher: typeof fetch = async (input, init) =>
      urlOf(input).endsWith(path)
        ? edited('full', path, (body) => ({
            ...body,
            recent: body.recent.map((r: object, i: number) => ({ ...r, snow: snow[i] ?? 0 })),
          }))
        : files(input, init);
    return shown({ resort: 60, locale, fetcher });
  };
  const heights = (shadow: ShadowRoot) =>
    [...shadow.querySelectorAll('.chart rect')].map((r) => r.getAttribute('height'));

  it('draws the chart of a week with any snow, its largest day the plot’s height, each bar as tall as its figure reads', async () => {
    // 0.6 cm reads 1 cm: a third of the 3 cm day, not a fifth
    const { shadow } = await week('de-DE', [0, 0, 0, 0, 0.6, 0, 3]);
    expect(shadow.querySelector('.dry')).toBeNull();
    // the week's largest day is as tall as the plot, however little it brought
    expect(heights(shadow)).toEqual(['0%', '0%', '0%', '0%', '33%', '0%', '100%']);
    expect([...shadow.querySelectorAll('.chart .value')].map((v) => v.textContent)).toEqual([
      '0',
      '0',
      '0',
      '0',
      '1',
      '0',
      '3',
    ]);
  });

  it.each([
    { locale: 'de-DE', snow: 0.4, line: 'Schneefall, letzte 7 Tage: 0 cm' },
    { locale: 'en-US', snow: 0.1, line: 'Snowfall, last 7 days: 0 in' },
  ])(
    'says a week of traces that read 0 ($snow cm a day, $locale) in the one line of a week without snow, not in full bars labelled 0',
    async ({ locale, snow, line }) => {
      const { shadow } = await week(locale, Array(7).fill(snow));
      expect(heights(shadow)).toEqual([]);
      expect(shadow.querySelector('[part=chart]')!.textContent).toBe(line);
    },
  );

  it('dates a report no later than the reader’s clock, when it runs behind the snapshot’s', async () => {
    const { shadow } = await shown({
      resort: 20,
      locale: 'en-US',
      now: FROZEN_NOW - 86_400_000,
      attributes: { 'outdated-after': '1000' },
    });
    expect(shadow.querySelector('[part=updated]')!.textContent).toBe('Updated this minute');
  });

  it.each([
    { lang: 'fr-CA', expected: 'Hauteur de neige' },
    { lang: 'de', expected: 'Schneehöhe' },
    { lang: 'en-AU', expected: 'Snow depth' },
    { lang: 'xx', expected: 'Snow depth' },
  ])('picks the published locale closest to lang="$lang"', async ({ lang, expected }) => {
    const { shadow } = await shown({ resort: dataset.resorts[0]!.id, parent: inLang(lang) });
    expect(shadow.querySelector('#depths')!.textContent).toBe(expected);
  });

  it.each(['it', 'it-CH'])(
    'reads en-GB, in centimetres and °C, for lang="%s" on a build with en-GB but no Italian',
    async (lang) => {
      const { event, el, text } = await shown({ resort: 20, parent: inLang(lang) });
      expect(event).toBe('load');
      expect(el.effectiveLocale).toBe('en-GB');
      expect(text).toMatch(/Base\d+ cm/);
      expect(text).toContain('°C');
      expect(text).not.toContain('°F');
    },
  );

  describe('falls back among the locales the snapshot built (en-US and de-DE here)', () => {
    it.each([
      { how: 'lang="fr"', lang: 'fr', locale: undefined, reads: 'en-US', heading: 'Snow depth' },
      { how: 'lang="fr-CH"', lang: 'fr-CH', locale: undefined, reads: 'en-US', heading: 'Snow depth' },
      { how: 'lang="de-AT"', lang: 'de-AT', locale: undefined, reads: 'de-DE', heading: 'Schneehöhe' },
      { how: 'locale="en-GB"', lang: 'en', locale: 'en-GB', reads: 'en-US', heading: 'Snow depth' },
      { how: 'locale="ja-JP"', lang: 'en', locale: 'ja-JP', reads: 'en-US', heading: 'Snow depth' },
    ])(
      'reads $reads for $how and never asks for a locale it did not build',
      async ({ lang, locale, reads, heading }) => {
        const { event, shadow, el } = await shown({
          resort: 20,
          folder: 'narrow',
          parent: inLang(lang),
          ...(locale ? { locale } : {}),
        });
        expect(event).toBe('load');
        expect(shadow.querySelector('#depths')!.textContent).toBe(heading);
        expect(el.effectiveLocale).toBe(reads);
        const asked = calls
          .filter((u) => u !== `${BASE}manifest.json`)
          .map((u) => u.slice(BASE.length).split('/')[0]);
        expect(new Set(asked)).toEqual(new Set([reads]));
      },
    );

    it('says "unknown resort" only for a resort the snapshot does not have', async () => {
      const unknown = await shown({ resort: 999_999, folder: 'narrow', parent: inLang('fr') });
      expect(unknown.text).toContain('This resort is not in the snow report.');
      expect(calls).toEqual([`${BASE}manifest.json`]);
    });

    it('says "not available yet" for a listed resort whose report the build left out, with a retry', async () => {
      const broken = filesFrom('narrow', (path) =>
        path.endsWith('/combinedreport.json') ? new Response('', { status: 404 }) : undefined,
      );
      const { el, event, shadow } = await shown({ resort: 20, fetcher: broken });
      expect(event).toBe('error');
      expect(shadow.querySelector('.frame')!.classList.contains('not-yet')).toBe(true);
      expect(shadow.textContent).toContain('The snow report for this resort is not available yet.');
      expect(shadow.querySelector('[part=retry]')).not.toBeNull();
      expect(shadow.textContent).not.toContain('not in the snow report');
      const failure = new Promise((resolve) =>
        el.addEventListener('error', (e) => resolve({ ...e.detail }), { once: true }),
      );
      shadow.querySelector<HTMLButtonElement>('[part=retry]')!.click();
      expect(await failure).toEqual({
        resort: '20',
        code: 'not-available-yet',
        reason: `${BASE}en-US/externalservice/resort/20/combinedreport.json: not available yet`,
      });
    });

    it('calls a report the host refuses (403) an error', async () => {
      const broken = filesFrom('narrow', (path) =>
        path.endsWith('/combinedreport.json') ? new Response('', { status: 403 }) : undefined,
      );
      const { event, shadow } = await shown({ resort: 20, fetcher: broken });
      expect(event).toBe('error');
      expect(shadow.textContent).toContain('The snow report could not be loaded.');
      expect(shadow.querySelector('[part=retry]')).not.toBeNull();
    });

    it.each([
      {
        index: 'missing (a wrong src)',
        answer: () => new Response('', { status: 404 }),
        problem: 'HTTP 404',
      },
      {
        index: 'unreachable (offline, or no CORS header)',
        answer: () => Promise.reject(new TypeError('Failed to fetch')),
        problem: NO_ANSWER,
      },
      { index: 'not JSON', answer: () => new Response('<!doctype html>'), problem: 'not JSON' },
      {
        index: 'not an index',
        answer: () => new Response('{"resorts":{}}'),
        problem: 'not an index',
      },
    ])(
      'says that an index $index cannot be read, naming its address, and never that the resort is unknown',
      async ({ answer, problem }) => {
        const files = filesFrom('full');
        const fetcher: typeof fetch = (input, init) =>
          urlOf(input) === `${BASE}manifest.json` ? (answer() as Promise<Response>) : files(input, init);
        const { el, shadow, text } = await shown({ resort: 20, fetcher });
        const detail = await new Promise((resolve) => {
          el.addEventListener('error', (e) => resolve({ ...e.detail }), { once: true });
          shadow.querySelector<HTMLButtonElement>('[part=retry]')!.click();
        });
        expect(detail).toEqual({
          resort: '20',
          code: 'index-unavailable',
          reason: `${BASE}manifest.json: ${problem}`,
        });
        expect(shadow.querySelector('.frame')!.classList.contains('index-unavailable')).toBe(true);
        expect(text).toContain('The snow report could not be loaded.');
        expect(text).not.toContain('not in the snow report');
        // nothing but the index was asked for (the files' calls are recorded): no file of a resort it may not list
        expect(calls).toEqual([]);
      },
    );

    it.each([
      {
        resort: '999999',
        code: 'unknown-resort',
        reason: `resort "999999" is not in ${BASE}manifest.json`,
      },
      { resort: '20', src: 'http://[bad', code: 'invalid-src', reason: 'src "http://[bad" is not a URL' },
      {
        resort: '20',
        fail: 500,
        code: 'file-unavailable',
        reason: `${BASE}en-US/externalservice/resort/20/combinedreport.json: HTTP 500`,
      },
    ])('fires error with the code $code and a reason that names the address', async (c) => {
      const fetcher = filesFrom('full', (path) =>
        c.fail && path.endsWith('combinedreport.json') ? new Response('', { status: c.fail }) : undefined,
      );
      const { el, settled } = await mount({
        resort: c.resort,
        fetcher,
        locale: 'en-US',
        ...(c.src ? { attributes: { src: c.src } } : {}),
      });
      const detail = new Promise((resolve) => el.addEventListener('error', (e) => resolve({ ...e.detail })));
      expect(await settled).toBe('error');
      expect(await detail).toEqual({ resort: c.resort, code: c.code, reason: c.reason });
    });
  });

  describe('the locale attribute', () => {
    it.each([
      { locale: 'de-de', reads: 'de-DE' },
      { locale: 'DE-de', reads: 'de-DE' },
      { locale: 'fr_fr', reads: 'fr-FR' },
      { locale: 'PL', reads: 'pl-PL' },
    ])('reads $locale as $reads, without a warning', async ({ locale, reads }) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const { el, event } = await shown({ resort: 20, locale });
        expect(event).toBe('load');
        expect(el.effectiveLocale).toBe(reads);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
      }
    });

    it.each([
      { locale: 'german', lang: 'en', reads: 'en-US' },
      { locale: 'zh-CN', lang: 'de', reads: 'de-DE' },
      { locale: 'Deutsch', lang: 'ja', reads: 'ja-JP' },
      { locale: 'xx-YY', lang: 'fr', reads: 'fr-FR' },
    ])(
      'names an invalid locale="$locale" in a console warning, and reads the closest lang\'s instead ($reads)',
      async ({ locale, lang, reads }) => {
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
        try {
          const { el, event } = await shown({ resort: 20, locale, parent: inLang(lang) });
          expect(event).toBe('load');
          expect(el.effectiveLocale).toBe(reads);
          expect(warn.mock.calls).toEqual([
            [`<resort-conditions>: locale="${locale}" is no language of the snow report; reading ${reads}`],
          ]);
          // once per value: a reload reads the same locale without another warning
          await el.reload();
          expect(warn).toHaveBeenCalledTimes(1);
        } finally {
          warn.mockRestore();
        }
      },
    );
  });

  describe('states', () => {
    it('keeps the final frame and shows the light-DOM content while loading', async () => {
      const { el } = await mount({ resort: 20, fetcher: () => new Promise<Response>(() => {}) });
      el.innerHTML = '<p>Silver Hollow snow report</p>';
      await el.updateComplete;
      const frame = el.shadowRoot!.querySelector('.frame')!;
      expect(frame.querySelector(':scope > [part=card]')).not.toBeNull();
      expect(frame.getAttribute('data-n')).toBe('4');
      expect(el.shadowRoot!.querySelector('[aria-busy=true]')).not.toBeNull();
      expect(el.shadowRoot!.querySelector('h2 slot')).not.toBeNull();
      expect(el.shadowRoot!.querySelectorAll('.days li')).toHaveLength(4);
      expect(el.shadowRoot!.textContent).toContain('Loading snow report');
    });

    it('renders every state in the same frame', async () => {
      const frames = await Promise.all(
        [20, 136, 117, 999_999].map(async (resort) => {
          const { shadow } = await shown({ resort, locale: 'en-US', days: 2 });
          const frame = shadow.querySelector('.frame')!;
          return [frame.querySelector(':scope > [part]')?.getAttribute('part'), frame.getAttribute('data-n')];
        }),
      );
      expect(frames).toEqual(Array(4).fill(['card', '3']));
    });

    it('offers a retry after a network error, and recovers', async () => {
      let fail = true;
      const good = filesFrom('full');
      const fetcher: typeof fetch = (input, init) =>
        fail ? Promise.reject(new TypeError('network down')) : good(input, init);
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
      const { event, shadow } = await shown({
        resort: 20,
        fetcher: filesFrom('full', (path) =>
          path === 'manifest.json' ? undefined : new Response('', { status: 500 }),
        ),
      });
      expect(event).toBe('error');
      expect(shadow.querySelector('[part=retry]')).not.toBeNull();
    });

    it.each(['999999', 'abc', '-3', '', '0x14', '020', '20.0', '+20', '2e1'])(
      'says the resort "%s" is unknown',
      async (resort) => {
        const { event, text } = await shown({ resort });
        expect(event).toBe('error');
        expect(text).toContain('This resort is not in the snow report.');
      },
    );

    it.each([
      { flag: 2, status: 'closed', label: 'Closed' },
      { flag: 3, status: 'temporarily-closed', label: 'Temporarily closed' },
    ])(
      'shows open flag $flag as $status, with the report but without lifts or runs open',
      async ({ flag, status, label }) => {
        const resort = resortWith((r) => r.report?.openFlag === flag);
        const { shadow } = await shown({ resort: resort.id, locale: 'en-US' });
        expect(shadow.querySelector('.frame')!.classList.contains(status)).toBe(true);
        expect(shadow.querySelector('[part=status]')!.textContent).toBe(label);
        // said once, beside the name
        expect(shadow.textContent!.split(label)).toHaveLength(2);
        expect(shadow.querySelector('[part=depths]')).not.toBeNull();
        expect(shadow.querySelector('[part=terrain]')).toBeNull();
        expect(shadow.textContent).not.toMatch(/\d+ of \d+ open/);
      },
    );

    it('shows open flag 4 as weekends only, with lifts and runs open', async () => {
      const resort = resortWith((r) => r.report?.openFlag === 4);
      const { shadow } = await shown({ resort: resort.id, locale: 'en-US' });
      expect(shadow.querySelector('[part=status]')!.textContent).toBe('Weekends only');
      expect(shadow.textContent!.split('Weekends only')).toHaveLength(2);
      expect(shadow.querySelector('[part=terrain]')!.textContent).toMatch(/\d+ of \d+ open/);
    });

    it('shows a permanently closed resort as just that, its links and the attribution', async () => {
      const resort = resortWith((r) => r.report?.openFlag === 6);
      const { shadow } = await shown({ resort: resort.id, locale: 'en-US' });
      expect(shadow.querySelector('[part=status]')!.textContent).toBe('Permanently closed');
      expect(shadow.querySelector('[part=message]')!.textContent!.trim()).toBe(
        'This resort has closed permanently.',
      );
      // shown with its picture from the first: the element waits for the messages' chunk that draws it
      expect(shadow.querySelector('[part=message] svg.picture path.sign')!.getAttribute('d')).toBe(
        'M35 9l8 8m0-8l-8 8',
      );
      for (const part of ['depths', 'snowfall', 'chart', 'terrain', 'forecast', 'updated'])
        expect(shadow.querySelector(`[part=${part}]`), part).toBeNull();
      expect(shadow.querySelectorAll('.links a').length).toBe(8);
      expect(shadow.querySelector('.attribution')).not.toBeNull();
    });

    it('shows "no report" in season and "out of season" outside it, never with a report', async () => {
      const resort = resortWith((r) => r.report === null);
      const inSeason = await shown({ resort: resort.id, locale: 'en-US' });
      expect(inSeason.shadow.querySelector('[part=status]')!.textContent).toBe('No report');
      expect(inSeason.shadow.querySelector('[part=message]')!.textContent!.trim()).toBe(
        'No snow report available yet.',
      );
      document.body.innerHTML = '';
      const summer = await shown({ resort: 20, locale: 'en-US', now: Date.parse('2026-07-15T12:00:00Z') });
      expect(summer.shadow.querySelector('[part=status]')!.textContent).toBe('Out of season');
      expect(summer.shadow.querySelector('[part=message]')!.textContent!.trim()).toMatch(
        /^The season runs from \w+ \d+ to \w+ \d+\.$/,
      );
      for (const part of ['depths', 'terrain', 'updated'])
        expect(summer.shadow.querySelector(`[part=${part}]`), part).toBeNull();
    });

    it('warns when the report is older than outdated-after hours', async () => {
      const resort = resortWith((r) => r.report?.openFlag === 1 && r.report.updatedMinutesAgo < 600);
      const fresh = await shown({ resort: resort.id, locale: 'en-US' });
      expect(fresh.shadow.querySelector('.warning')).toBeNull();
      document.body.innerHTML = '';
      const old = await shown({ resort: resort.id, locale: 'en-US', now: FROZEN_NOW + 72 * 3_600_000 });
      expect(old.shadow.querySelector('.warning')!.textContent).toBe('This report may be outdated.');
      document.body.innerHTML = '';
      const tolerant = await shown({
        resort: resort.id,
        locale: 'en-US',
        now: FROZEN_NOW + 72 * 3_600_000,
        attributes: { 'outdated-after': '200' },
      });
      expect(tolerant.shadow.querySelector('.warning')).toBeNull();
      // changed on a shown card: judged again at once, without reading the files again
      calls.length = 0;
      tolerant.el.setAttribute('outdated-after', '1');
      await tolerant.el.updateComplete;
      expect(tolerant.shadow.querySelector('.warning')!.textContent).toBe('This report may be outdated.');
      expect(calls).toEqual([]);
    });

    it('says there is no forecast for an account without weather', async () => {
      const { event, shadow } = await shown({ resort: 20, locale: 'en-US', folder: 'basic' });
      expect(event).toBe('load');
      expect(shadow.querySelector('[part=forecast]')!.textContent).toContain('No forecast for this resort.');
      expect(shadow.querySelector('[part=depths]')).not.toBeNull();
    });

    it.each([
      { locale: 'de-DE', base: (cm: number) => `${cm} cm` },
      { locale: 'en-US', base: (cm: number) => `${Math.round(cm / 2.54)} in` },
    ])('takes depths from Family A when Family B has none ($locale)', async ({ locale, base }) => {
      const resort = resortWith((r) => (r.report?.gaps ?? []).includes('lowerDepth'));
      const { event, shadow, text } = await shown({ resort: resort.id, locale });
      expect(event).toBe('load');
      expect(text).not.toContain('null');
      expect(text).not.toContain('NaN');
      expect(shadow.querySelectorAll('[part=depths] dd')[0]!.textContent).toBe(
        base(resort.report!.depthCm.base),
      );
    });
  });

  describe('forecast days', () => {
    it.each([0, 1, 5])('shows today and %i more days', async (days) => {
      const { shadow } = await shown({ resort: 20, locale: 'en-US', days });
      expect(shadow.querySelectorAll('.days li')).toHaveLength(days + 1);
      expect(shadow.querySelectorAll('.days svg[role=img][aria-label]')).toHaveLength(days + 1);
      expect(shadow.querySelector('.frame')!.getAttribute('data-n')).toBe(String(days + 1));
    });

    it.each([
      {
        when: 'the day the snapshot was made',
        now: FROZEN_NOW,
        labels: ['Today', 'Sun 15', 'Mon 16', 'Tue 17'],
      },
      { when: 'two days later', now: FROZEN_NOW + 2 * DAY, labels: ['Sat 14', 'Sun 15', 'Today', 'Tue 17'] },
      { when: 'a week later', now: FROZEN_NOW + 7 * DAY, labels: ['Sat 14', 'Sun 15', 'Mon 16', 'Tue 17'] },
    ])('labels days by their own dates, "Today" only when it is: $when', async ({ now, labels }) => {
      const { shadow } = await shown({
        resort: 20,
        locale: 'en-GB',
        now,
        attributes: { 'outdated-after': '1000' },
      });
      expect([...shadow.querySelectorAll('.when')].map((e) => e.textContent)).toEqual(labels);
    });

    it('puts the weekday before the day in American English too', async () => {
      const { shadow } = await shown({ resort: 20, locale: 'en-US' });
      expect([...shadow.querySelectorAll('.when')].map((e) => e.textContent)).toEqual([
        'Today',
        'Sun 15',
        'Mon 16',
        'Tue 17',
      ]);
    });
  });

  describe('properties and attributes', () => {
    const combinedCalls = () => calls.filter((url) => url.endsWith('/combinedreport.json'));

    it('reads what is set in one task once, and mirrors a resort set as a property in its attribute', async () => {
      const { el, settled } = await mount({ resort: 20, locale: 'en-US' });
      await settled;
      await el.updateComplete;
      calls.length = 0;
      const loaded = new Promise((resolve) => el.addEventListener('load', resolve, { once: true }));
      el.resort = '136';
      el.days = 1;
      el.locale = 'de-DE';
      await loaded;
      expect(await el.updateComplete).toBe(true);
      expect(combinedCalls()).toEqual([`${BASE}de-DE/externalservice/resort/136/combinedreport.json`]);
      expect(el.getAttribute('resort')).toBe('136');
      expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe(
        dataset.resorts.find((r) => r.id === 136)!.name,
      );
      expect(el.shadowRoot!.querySelector('.frame')!.getAttribute('data-n')).toBe('2');
    });

    it('reads the files again on reload(), though they loaded fine, and shows what they say now', async () => {
      let name = 'Silver Hollow';
      const fetcher = filesFrom('full');
      const renamed: typeof fetch = async (input, init) => {
        const response = await fetcher(input, init);
        if (!urlOf(input).endsWith('/resort/20/combinedreport.json')) return response;
        const body = (await response.json()) as { resortName: string };
        return new Response(JSON.stringify({ ...body, resortName: name }), { status: 200 });
      };
      const { el, shadow } = await shown({ resort: 20, locale: 'en-US', fetcher: renamed });
      expect(shadow.querySelector('h2')!.textContent).toBe('Silver Hollow');
      calls.length = 0;
      name = 'Silver Hollow (renamed)';
      await el.reload();
      await el.updateComplete;
      expect(calls.filter((url) => url.endsWith('/resort/20/combinedreport.json'))).toHaveLength(1);
      expect(calls.filter((url) => url.endsWith('/manifest.json'))).toHaveLength(1);
      expect(shadow.querySelector('h2')!.textContent).toBe('Silver Hollow (renamed)');
    });

    it('goes back to the default when an attribute is removed', async () => {
      const { el } = await shown({ resort: 20, locale: 'en-US', days: 1 });
      expect(el.days).toBe(1);
      const loaded = new Promise((resolve) => el.addEventListener('load', resolve, { once: true }));
      el.removeAttribute('days');
      await loaded;
      await el.updateComplete;
      expect(el.days).toBe(3);
      expect(el.shadowRoot!.querySelector('.frame')!.getAttribute('data-n')).toBe('4');
    });

    it('replaces what a shadow root held before it, unless it is a card of the same resort and days', async () => {
      const el = document.createElement('resort-conditions') as ResortConditions;
      el.attachShadow({ mode: 'open' }).innerHTML = '<p class="old">a card of another build</p>';
      el.fetcher = filesFrom('full');
      el.now = () => FROZEN_NOW;
      el.setAttribute('src', BASE);
      el.setAttribute('resort', '20');
      const settled = new Promise((resolve) => el.addEventListener('load', resolve));
      document.body.append(el);
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('.old')).toBeNull();
      expect(el.shadowRoot!.querySelector('.frame.loading')).not.toBeNull();
      await settled;
      await el.updateComplete;
      expect(el.shadowRoot!.querySelectorAll('.frame')).toHaveLength(1);
    });
  });

  describe('attribution', () => {
    it('renders a text that is not a string as no text, never as markup of its own', async () => {
      const template = { _$litType$: 1, strings: ['<img src=x onerror="alert(1)">'], values: [] };
      const fetcher = filesFrom('full', (path) =>
        path.endsWith('/myaccount/attribution.json')
          ? new Response(JSON.stringify({ requiresAttribution: true, attributionText: template }))
          : undefined,
      );
      const { event, shadow } = await shown({ resort: 20, fetcher });
      expect(event).toBe('load');
      const attribution = shadow.querySelector('.attribution')!;
      expect(attribution.querySelector('span')!.textContent).toBe('');
      expect(shadow.querySelector('img[onerror]')).toBeNull();
    });

    it('cannot be hidden: no part, fixed display and a text colour taken from the background’s luminance', async () => {
      const { shadow } = await shown({
        resort: 20,
        locale: 'en-US',
        attributes: {
          'hide-attribution': '',
          attribution: 'false',
          style: '--rc-attribution: none; --rc-color: transparent',
        },
      });
      const footer = shadow.querySelector('.attribution')!;
      expect(footer.textContent).toContain('Snow reports provided by');
      expect(footer.hasAttribute('part')).toBe(false);
      // outside every part: what a page sets on ::part() never reaches it
      expect(footer.closest('[part]')).toBeNull();
      const css = (customElements.get('resort-conditions') as unknown as { styles: string }).styles;
      const rules = [...css.matchAll(/\.attribution\s*\{([^}]*)\}/g)].map((m) => m[1]!);
      expect(rules[0]).toMatch(/display:\s*block\s*!important/);
      expect(rules[0]).toMatch(/visibility:\s*visible\s*!important/);
      // the fallback without relative colours is fixed; with them, the colour depends on the background only
      expect(rules[0]).toMatch(/color:\s*#[0-9a-f]{6}\s*!important/);
      const relative = rules.find((r) => r.includes('from var(--_rc-abg)'))!;
      expect(relative).not.toMatch(/--_fg|--rc-color/);
    });

    it('shows the logo from the published copy, never from the upstream’s host', async () => {
      const { shadow } = await shown({ resort: 20, locale: 'fr-FR' });
      const src = shadow.querySelector('.attribution img')!.getAttribute('src')!;
      expect(src).toMatch(/^https:\/\/files\.test\/assets\/[0-9a-f]{8}\.svg$/);
      expect(src).not.toContain(new URL(dataset.attribution.logo).host);
    });

    it('shows the app links in the reader’s language', async () => {
      const { shadow } = await shown({ resort: 20, locale: 'pl-PL' });
      const apps = [...shadow.querySelectorAll('.attribution a')].map((a) => a.textContent);
      expect(apps).toEqual([dataset.attribution.iosText.pl, dataset.attribution.androidText.pl]);
    });

    it('shows the resort links when the attribution requires them', async () => {
      const { shadow } = await shown({ resort: 20, locale: 'de-DE' });
      const links = [...shadow.querySelectorAll('.links a')].map((a) => a.getAttribute('href'));
      expect(links.length).toBe(8);
      expect(links.every((href) => href!.startsWith('https://'))).toBe(true);
    });
  });

  it.each([
    { locale: 'fr-FR', open: 1, total: 7, text: '1 ouverte sur 7' },
    { locale: 'fr-FR', open: 2, total: 7, text: '2 ouvertes sur 7' },
    { locale: 'pl-PL', open: 1, total: 7, text: '1 otwarty z 7' },
    { locale: 'pl-PL', open: 3, total: 7, text: '3 otwarte z 7' },
    { locale: 'pl-PL', open: 5, total: 7, text: '5 otwartych z 7' },
    { locale: 'en-US', open: 1, total: 1, text: '1 of 1 open' },
  ])(
    'agrees in number: $open lifts of $total in $locale read "$text"',
    async ({ locale, open, total, text }) => {
      const lifts = filesFrom('full');
      const fetcher: typeof fetch = async (input, init) => {
        const path = urlOf(input).slice(BASE.length);
        if (path === `${locale}/externalservice/resort/20/combinedreport.json`) {
          return edited('full', path, (body) => ({
            ...body,
            report: { ...body.report, liftsReport: { liftsOpen: open } },
            info: { ...body.info, lifts: { ...body.info.lifts, numLifts: total } },
          }));
        }
        return lifts(input, init);
      };
      const { shadow } = await shown({ resort: 20, locale, fetcher });
      expect(shadow.querySelector('[part=terrain] dd')!.textContent).toBe(text);
    },
  );

  it('shares one cache of the files with the list: a page of cards and a list asks for the index and the attribution once', async () => {
    const fetcher = filesFrom('full');
    const list = document.createElement('resort-conditions-list') as ResortConditionsList;
    list.fetcher = fetcher;
    list.now = () => FROZEN_NOW;
    list.setAttribute('src', BASE);
    list.setAttribute('resorts', '20,25');
    list.setAttribute('locale', 'en-US');
    const listed = new Promise((resolve) => list.addEventListener('load', resolve));
    document.body.append(list);
    await Promise.all([shown({ resort: 20, fetcher, locale: 'en-US' }), listed]);
    expect(calls.filter((u) => u === `${BASE}manifest.json`)).toHaveLength(1);
    expect(calls.filter((u) => u.endsWith('/en-US/externalservice/myaccount/attribution.json'))).toHaveLength(
      1,
    );
    expect(calls).toContain(`${BASE}en-US/externalservice/resort/combinedreport/group=all.json`);
  });

  it('fetches each shared file once for many elements', async () => {
    const fetcher = filesFrom('full');
    await Promise.all([
      shown({ resort: 20, fetcher }),
      shown({ resort: 20, fetcher }),
      shown({ resort: 25, fetcher }),
    ]);
    const counts = new Map<string, number>();
    for (const url of calls) counts.set(url, (counts.get(url) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(1);
    expect(calls.filter((u) => u.endsWith('/myaccount/attribution.json'))).toHaveLength(1);
    expect(calls).toContain(`${BASE}manifest.json`);
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
          links: {
            links: {
              skireport: { url: 'javascript:alert(1)', title: 'Bad', text: 'Bad' },
              weather: { url: 'https://ok.example/', title: 'Good', text: 'Good' },
            },
          },
        }),
      );
    });
    const { shadow, event } = await shown({ resort: 20, fetcher: hostile });
    expect(event).toBe('load');
    expect(shadow.querySelector('img[onerror]')).toBeNull();
    expect(shadow.querySelector('h2')!.textContent).toBe('<img src=x onerror="alert(1)">Evil');
    const hrefs = [...shadow.querySelectorAll('.links a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://ok.example/']);
  });

  it('falls back to its error state when a record inside a file is broken', async () => {
    const broken = filesFrom('full', (path) =>
      path.endsWith('/day/forecast.json')
        ? new Response('{"currentWeather": {}, "forecast": [null, 3]}')
        : undefined,
    );
    const { el, shadow } = await shown({ resort: 20, fetcher: broken });
    await el.updateComplete;
    expect(shadow.querySelector('[part=retry]')).not.toBeNull();
  });

  it('never throws on a body of the wrong shape', async () => {
    const broken = filesFrom('full', (path) =>
      path.endsWith('/combinedreport.json') ? new Response('{"resortName": 7, "report": "x"}') : undefined,
    );
    const { event, shadow } = await shown({ resort: 20, fetcher: broken });
    expect(['load', 'error']).toContain(event);
    expect(shadow.textContent!.length).toBeGreaterThan(0);
  });
});
