// @vitest-environment happy-dom
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../../scripts/dataset/schema.ts';
import { parseConfig } from '../../scripts/snapshot/config.ts';
import { localSource } from '../../scripts/snapshot/source/local.ts';
import { runSnapshot } from '../../scripts/snapshot/run.ts';
import { clearCache } from '../../widget/data.ts';
import { loadResort } from '../../widget/card/files.ts';
import '../../widget/card/define.ts';
import type { ResortConditions } from '../../widget/card/resort-conditions.ts';
import { STRIP_STEPS, stripHeight } from '../../widget/card/compact-geometry.ts';
import compactGeometry from '../../widget/card/compact-geometry.css?raw';
import { compactStyles } from '../../widget/card/compact-styles.ts';
import { styles } from '../../widget/card/styles.ts';
import { minifyCss } from '../../scripts/tooling/minify-css.ts';
import { reservation } from '../../scripts/tooling/reservations.ts';
import { FROZEN_NOW, FULL, sample, sampleOn, urlOf } from '../helpers.ts';

const BASE = 'https://files.test/api/';
let root: string;
let dataset: Dataset;
/** The sample as a build at FROZEN_NOW publishes it. */
let dated: Dataset;

/** Serves the snapshot as if from https://files.test/api/, with `override` answering some paths. */
const filesFrom =
  (override?: (path: string) => Response | undefined): typeof fetch =>
  async (input) => {
    const path = urlOf(input).slice(BASE.length);
    const replaced = override?.(path);
    if (replaced) return replaced;
    try {
      return new Response(await readFile(join(root, 'api', path)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };

beforeAll(async () => {
  dataset = await sample();
  dated = await sampleOn();
  root = await mkdtemp(join(tmpdir(), 'rc-compact-'));
  const config = parseConfig({ out: root, locales: ['en-US', 'en-GB', 'de-DE', 'ja-JP'] }, 'test');
  await runSnapshot({
    config,
    source: localSource(dataset, { account: FULL.email, now: () => FROZEN_NOW }),
    families: new Set(['A', 'B']),
    now: () => FROZEN_NOW,
    refresh: 'all',
  });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));
const resortWith = (test: (r: Dataset['resorts'][number]) => boolean) => dated.resorts.find(test)!;
const cells = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('dl.strip:not(.today) > div')].map((d) => [
    d.getAttribute('part'),
    d.querySelector('dt')!.textContent!.trim(),
    d.querySelector('dd')!.textContent!.trim(),
  ]);

afterEach(() => {
  document.body.innerHTML = '';
  clearCache();
});

/** A compact element of `resort`, once it has settled (`load` or `error`) and rendered. */
async function strip(
  resort: number,
  { locale = 'en-US', fetcher = filesFrom(), attributes = {} as Record<string, string> } = {},
) {
  const el = document.createElement('resort-conditions') as ResortConditions;
  el.fetcher = fetcher;
  el.now = () => FROZEN_NOW;
  el.setAttribute('src', BASE);
  el.setAttribute('resort', String(resort));
  el.setAttribute('locale', locale);
  el.setAttribute('layout', 'compact');
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  const settled = new Promise<string>((resolve) => {
    el.addEventListener('load', () => resolve('load'));
    el.addEventListener('error', () => resolve('error'));
  });
  document.body.append(el);
  const event = await settled;
  await el.updateComplete;
  const shadow = el.shadowRoot!;
  return { el, event, shadow, text: shadow.textContent!.replace(/\s+/g, ' ') };
}

describe('<resort-conditions layout="compact">', () => {
  it('shows name, state, update, depths, new snow, lifts and today’s weather in one strip, with the attribution', async () => {
    const resort = resortWith((r) => r.id === 20);
    const { event, shadow, text } = await strip(20, { locale: 'de-DE' });
    expect(event).toBe('load');
    expect(shadow.querySelector('.frame')!.classList.contains('compact')).toBe(true);
    expect(shadow.querySelector('h2')!.textContent).toBe(resort.name);
    expect(shadow.querySelector('[part=status]')!.textContent).toBe('Geöffnet');
    expect(shadow.querySelector('header time[part=updated]')!.getAttribute('datetime')).toBe(
      new Date(FROZEN_NOW - resort.report!.updatedMinutesAgo * 60_000)
        .toISOString()
        .replace(/:\d\d\.\d+Z$/, ':00.000Z'),
    );
    const week = resort.report!.recentCm.reduce((a, b) => a + b, 0);
    const combined = JSON.parse(
      await readFile(join(root, 'api/de-DE/externalservice/resort/20/combinedreport.json'), 'utf8'),
    );
    const [open, total] = [combined.report.liftsReport.liftsOpen, combined.info.lifts.numLifts];
    expect(cells(shadow)).toEqual([
      ['depths', 'Tal', `${resort.report!.depthCm.base} cm`],
      ['depths', 'Berg', `${resort.report!.depthCm.summit} cm`],
      ['snowfall', 'Neuschnee 24 h', `${resort.report!.recentCm[6]} cm`],
      ['snowfall', 'Neuschnee 7 Tage', `${String(week).replace('.', ',')} cm`],
      ['terrain', 'Lifte', `${open}/${total}${open} von ${total} offen`],
    ]);
    // today's weather: its symbol named, the temperature at the top, the snowfall
    const today = shadow.querySelector('.today [part=forecast]')!;
    expect(today.querySelector('svg.icon')!.getAttribute('aria-label')).toBe('Sonnig');
    expect(today.querySelector('b')!.textContent).toMatch(/^Oben -?\d+(,\d)? °C$/);
    expect(today.querySelector('.wxs')!.textContent).toMatch(/^Schnee \d+(,\d)? cm$/);
    // symbol, temperature and snowfall are the items of one row (never wrapped apart), a gap between each
    expect([...today.querySelector('.wx dd')!.children].map((c) => c.getAttribute('class'))).toEqual([
      'icon',
      null,
      'wxs',
    ]);
    const wx = /\.compact \.wx dd ?\{([^}]*)\}/.exec(compactStyles)![1]!.replace(/\s+/g, '');
    expect(wx).toContain('display:flex');
    expect(wx).toMatch(/gap:0?\.35em/);
    // what the full card shows beyond these stays out: no chart, no forecast days, no surface
    expect(shadow.querySelector('.chart, .days, [part=surface]')).toBeNull();
    expect(text).toContain('Schneeberichte bereitgestellt von');
    expect(shadow.querySelector('.attribution img')!.getAttribute('src')).toMatch(
      /^https:\/\/files\.test\/assets\//,
    );
  });

  it.each([
    { locale: 'en-US', base: /^\d+ in$/, week: 'New snow 7 days' },
    { locale: 'en-GB', base: /^\d+ cm$/, week: 'New snow 7 days' },
    { locale: 'ja-JP', base: /^\d+ cm$/, week: '新雪 7日間' },
  ])('reads $locale: units and labels in the reader’s language', async ({ locale, base, week }) => {
    const { shadow } = await strip(20, { locale });
    const [first, , , fourth] = cells(shadow);
    expect(first![2]).toMatch(base);
    expect(fourth![1]).toBe(week);
  });

  it.each(['en-US', 'de-DE'])(
    'shows the full card’s depths, new snow and lifts for every resort in %s',
    async (locale) => {
      const pairs = (root: Element | null) =>
        [...(root?.querySelectorAll('dl > div') ?? [])].map((d) => [
          d.querySelector('dt')!.textContent!.trim(),
          d.querySelector('dd')!.textContent!.trim(),
        ]);
      for (const { id } of dataset.resorts.slice(0, 12)) {
        const compact = await strip(id, { locale });
        const shown = Object.fromEntries(cells(compact.shadow).map(([, label, value]) => [label, value]));
        // the strip writes lifts as "3/10", read out as the card's "3 of 10 open"
        const liftsRead = compact.shadow.querySelector('[part=terrain] .visually-hidden')?.textContent;
        compact.el.removeAttribute('layout');
        await compact.el.updateComplete;
        const card = compact.shadow;
        const depths = Object.fromEntries(pairs(card.querySelector('[part=depths]')));
        const fresh = Object.fromEntries(pairs(card.querySelector('[part=snowfall]')));
        const lifts = pairs(card.querySelector('[part=terrain]'))[0];
        const [base, summit] = locale === 'en-US' ? ['Base', 'Summit'] : ['Tal', 'Berg'];
        expect([shown[base], shown[summit]], `resort ${id}`).toEqual([depths[base], depths[summit]]);
        expect(shown[`${locale === 'en-US' ? 'New snow' : 'Neuschnee'} 24 h`], `resort ${id}`).toBe(
          fresh['24 h'],
        );
        expect(liftsRead, `resort ${id}`).toBe(lifts?.[1]);
        document.body.innerHTML = '';
      }
    },
  );

  it('shows every figure in its place, "–" where the files have none: lifts only while the resort runs, no weather without a forecast', async () => {
    const closed = resortWith((r) => r.report?.openFlag === 2);
    const { shadow } = await strip(closed.id, {
      fetcher: filesFrom((path) => (path.endsWith('/day/forecast.json') ? new Response('{}') : undefined)),
    });
    expect(cells(shadow).map(([part]) => part)).toEqual([
      'depths',
      'depths',
      'snowfall',
      'snowfall',
      'terrain',
    ]);
    expect(cells(shadow).at(-1)).toEqual(['terrain', 'Lifts', '–']);
    expect(shadow.querySelector('.today [part=forecast] dd')!.textContent).toBe('–');
    expect(shadow.querySelector('.today svg')).toBeNull();
  });

  it('shows a resort without a report with its state’s picture, today’s weather and its message in the figures’ place', async () => {
    const closedForGood = resortWith((r) => r.report?.openFlag === 6);
    const { shadow } = await strip(closedForGood.id);
    const place = shadow.querySelector('.frame.compact .vals.none')!;
    expect(place.querySelector('svg.picture')).not.toBeNull();
    expect(place.querySelector('.note')!.textContent).toBe('This resort has closed permanently.');
    // a resort closed for good has no weather, as on the full card
    expect(place.querySelector('.today')).toBeNull();
    expect(shadow.querySelector('dl.strip:not(.today)')).toBeNull();
  });

  it('flags an outdated report on its time', async () => {
    const { shadow } = await strip(20, { attributes: { 'outdated-after': '1' } });
    const time = shadow.querySelector('header time')!;
    expect(time.classList.contains('warning')).toBe(true);
    expect(time.textContent).toContain('This report may be outdated.');
  });

  it('links to the resort’s snow report, which the strip shows instead of its links where they would not fit', async () => {
    const { shadow } = await strip(25);
    const more = shadow.querySelector<HTMLAnchorElement>('.links a.more')!;
    expect(more.href).toBe('https://elk-ridge.example/snow-report');
    expect(more.textContent).toBe('Snow report');
    expect(shadow.querySelectorAll('.links li a')).toHaveLength(8);
    // the list under 48em, the one link from it (the steps of compact-geometry.ts)
    expect(compactStyles).toMatch(
      /@container \(width ?< ?48em\) ?\{[^@]*\.links li ?\{ ?display: ?none;?[^@]*\.links \.more ?\{ ?display: ?inline-flex/,
    );
  });

  it('renders every state in the strip’s frame, with the full card’s messages', async () => {
    const unknown = await strip(999_999);
    expect(unknown.event).toBe('error');
    expect(unknown.shadow.querySelector('.frame.compact.unknown')).not.toBeNull();
    document.body.innerHTML = '';
    clearCache();
    const failing = await strip(20, {
      fetcher: filesFrom((path) =>
        path.endsWith('combinedreport.json') ? new Response('boom', { status: 500 }) : undefined,
      ),
    });
    expect(failing.shadow.querySelector('.frame.compact.error [part=retry]')).not.toBeNull();
  });

  it('becomes the full card when the attribute goes, and the strip again when it comes back', async () => {
    const { el, shadow } = await strip(20);
    el.removeAttribute('layout');
    await el.updateComplete;
    expect(shadow.querySelector('.frame')!.classList.contains('compact')).toBe(false);
    expect(shadow.querySelectorAll('.days li')).toHaveLength(4);
    el.setAttribute('layout', 'compact');
    await el.updateComplete;
    expect(shadow.querySelector('.frame.compact dl.strip')).not.toBeNull();
  });

  it('takes over a pre-rendered strip and draws it as a strip before any file arrives', async () => {
    const data = await loadResort(BASE, 'en-US', 20, 3, filesFrom());
    const el = document.createElement('resort-conditions') as ResortConditions;
    el.attachShadow({ mode: 'open' }).innerHTML =
      `<article class="frame open compact old" data-static></article><script type="application/json">${JSON.stringify({ resort: 20, locale: 'en-US', days: 3, layout: 'compact', data })}</script>`;
    el.fetcher = () => new Promise<Response>(() => {});
    el.now = () => FROZEN_NOW;
    el.setAttribute('src', BASE);
    el.setAttribute('resort', '20');
    el.setAttribute('layout', 'compact');
    document.body.append(el);
    await el.updateComplete;
    const shadow = el.shadowRoot!;
    expect(shadow.querySelector('.old')).toBeNull();
    expect(shadow.querySelectorAll('.frame')).toHaveLength(1);
    expect(shadow.querySelector('.frame.compact h2')!.textContent).toBe('Silver Hollow');
    expect(cells(shadow).map(([, label]) => label)).toEqual([
      'Base',
      'Summit',
      'New snow 24 h',
      'New snow 7 days',
      'Lifts',
    ]);
  });

  it('treats names, symbols and figures from the data as text', async () => {
    const hostile = filesFrom((path) => {
      if (path.endsWith('/resort/20/combinedreport.json'))
        return new Response(
          JSON.stringify({
            resortId: 20,
            resortName: '<img src=x onerror="alert(1)">Evil',
            report: { openflag: 1, snowfall: { snow24h: '<b>9</b>' } },
            info: { id: 20 },
          }),
        );
      if (path.endsWith('/day/forecast.json'))
        return new Response(
          JSON.stringify({
            currentWeather: {
              weatherSymbol: '<script>alert(1)</script>',
              tempTop: '"><img src=x>',
              snowfall: 2,
            },
            forecast: [],
          }),
        );
      return undefined;
    });
    const { shadow, event } = await strip(20, { fetcher: hostile });
    expect(event).toBe('load');
    expect(shadow.querySelector('img[onerror], script, b > b')).toBeNull();
    expect(shadow.querySelector('h2')!.textContent).toBe('<img src=x onerror="alert(1)">Evil');
    // a figure that is not a number is "–", an unknown symbol is called "weather"
    expect(cells(shadow).find(([, label]) => label === 'New snow 24 h')![2]).toBe('–');
    const today = shadow.querySelector('.today')!;
    expect(today.querySelector('svg.icon')!.getAttribute('aria-label')).toBe('Weather');
    expect(today.querySelector('b')).toBeNull();
    expect(today.textContent).not.toContain('<');
  });
});

describe('the strip’s height', () => {
  it.each([
    { step: '68em and more (1,020 px and more)', from: 68, height: 119.75 },
    { step: '48em–68em (720–1,019 px)', from: 48, height: 133.75 },
    { step: '36em–48em (540–719 px)', from: 36, height: 154.75 },
    { step: '32em–36em (480–539 px)', from: 32, height: 214.5 },
    { step: 'under 32em (320–479 px)', from: 0, height: 235.5 },
  ])('is $height px at $step at the default text size', ({ from, height }) => {
    const step = STRIP_STEPS.find((s) => s.from === from)!;
    expect(stripHeight(step, 15)).toBeCloseTo(height, 1);
  });

  it('has at each step the lines its table says, and changes them where its styles change', () => {
    const css = compactGeometry;
    /** The lines a frame of `em` em wide has: the widest step's, then each narrower query's that holds. */
    const linesAt = (em: number) => {
      const lines: Record<string, number> = {};
      for (const [, , query, body] of css.matchAll(
        /(@container \(width ?< ?([\d.]+)em\) ?\{)?\s*\.compact ?\{([^}]*)\}/g,
      ))
        if (query === undefined || em < Number(query))
          for (const [, name, value] of body.matchAll(/--_(g1|g2|ta|tb): ?(\d+)/g))
            lines[name!] = Number(value);
      return lines;
    };
    for (const step of STRIP_STEPS) {
      const { from, ...lines } = step;
      expect(linesAt(from + 0.5), `from ${from}em`).toEqual(lines);
    }
    const queried = (sheet: string) =>
      [
        ...new Set(
          [...sheet.matchAll(/@container \(width ?(?:<|>=) ?([\d.]+)em\)/g)].map((m) => Number(m[1])),
        ),
      ].sort((a, b) => b - a);
    const steps = STRIP_STEPS.map((s) => s.from).filter((from) => from > 0);
    expect(queried(css)).toEqual(steps);
    // the strip's own styles switch at those steps and at no other
    expect(queried(compactStyles)).toEqual(steps);
  });

  it("pads its frame from the card's own sheet, so the skeleton drawn before the strip's sheet arrives sits where the strip will", () => {
    const padding = /\.compact\s*\{\s*padding:\s*var\(--rc-padding,\s*0?\.4em 0?\.6em\);?\s*\}/;
    const at = padding.exec(styles);
    expect(at).not.toBeNull();
    // after the narrow card's own padding, which it must override: no padding rule comes later
    expect(styles.slice(at!.index + at![0].length)).not.toContain('--rc-padding');
    expect(compactStyles).not.toMatch(/(^|\})\s*\.compact\s*\{\s*padding/);
  });

  it('is reserved by resort-conditions.css as the element sets it, whatever days says', () => {
    expect(styles).toContain(compactGeometry);
    // the page's sheet as a build publishes it: the strip's rules, for the page's selector
    const sheet = minifyCss(reservation());
    const selector = sheet.match(/[^{}]*\[layout=compact\]:?:before/)![0];
    expect(sheet.split(selector).join('.compact')).toContain(compactGeometry);
    expect(sheet.indexOf(selector)).toBeGreaterThan(sheet.indexOf('[resort]:before'));
    for (const days of [null, '0', '5', 'abc']) {
      const el = document.createElement('resort-conditions');
      el.setAttribute('resort', '25');
      el.setAttribute('layout', 'compact');
      if (days !== null) el.setAttribute('days', days);
      expect(el.matches(selector.replace(/:?:before$/, '')), `days=${days}`).toBe(true);
    }
    const card = document.createElement('resort-conditions');
    card.setAttribute('resort', '25');
    expect(card.matches(selector.replace(/:?:before$/, ''))).toBe(false);
  });
});
