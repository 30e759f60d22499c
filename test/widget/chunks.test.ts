// @vitest-environment happy-dom
/**
 * The lazy chunks of `<resort-conditions>` that a page may fail to load (offline, a deploy half done): the card
 * still says what it would have said, in plain text (widget/README.md, "Size"). Each chunk's module is
 * mocked here to fail to load, as its chunk would.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCache } from '../../widget/data.ts';
import '../../widget/card/define.ts';
import type { ResortConditions } from '../../widget/card/resort-conditions.ts';
import { urlOf } from '../helpers.ts';

// hoisted above the imports: each module fails as its chunk would, offline
vi.mock('../../widget/card/messages.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../../widget/adopt.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const BASE = 'https://files.test/api/';

/** An index listing resort 20 in en-US; every other file as `answer` says (404 by default). */
const files =
  (answer: (path: string) => Response | undefined = () => undefined): typeof fetch =>
  async (input) => {
    const path = urlOf(input).slice(BASE.length);
    return (
      answer(path) ??
      (path === 'manifest.json'
        ? Response.json({ locales: ['en-US'], resorts: [{ id: 20 }] })
        : new Response('not found', { status: 404 }))
    );
  };

async function shown(
  resort: number,
  fetcher: typeof fetch,
  attributes: Record<string, string> = {},
  copy?: string,
) {
  const el = document.createElement('resort-conditions') as ResortConditions;
  if (copy) el.attachShadow({ mode: 'open' }).innerHTML = copy;
  el.fetcher = fetcher;
  el.setAttribute('src', BASE);
  el.setAttribute('resort', String(resort));
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  el.textContent = 'Snow report of the resort';
  const settled = new Promise<{ code?: string }>((resolve) => {
    el.addEventListener('load', () => resolve({}));
    el.addEventListener('error', (e) => resolve((e as CustomEvent<{ code: string }>).detail));
  });
  document.body.append(el);
  const detail = await settled;
  await el.updateComplete;
  return { el, detail, shadow: el.shadowRoot! };
}

afterEach(() => {
  document.body.innerHTML = '';
  clearCache();
});

describe('a card whose messages cannot be loaded', () => {
  it.each([
    {
      state: 'an unknown resort',
      resort: 999,
      answer: undefined,
      code: 'unknown-resort',
      frame: 'unknown',
      text: 'This resort is not in the snow report.',
    },
    {
      state: 'a report not built yet',
      resort: 20,
      answer: undefined,
      code: 'not-available-yet',
      frame: 'not-yet',
      text: 'The snow report for this resort is not available yet.',
    },
    {
      state: 'an index that cannot be read',
      resort: 20,
      answer: (path: string) => (path === 'manifest.json' ? new Response('', { status: 500 }) : undefined),
      code: 'index-unavailable',
      frame: 'index-unavailable',
      text: 'The snow report could not be loaded.',
    },
  ])(
    'says $state in plain text above its slot, with its code',
    async ({ resort, answer, code, frame, text }) => {
      const { detail, shadow } = await shown(resort, files(answer));
      expect(detail.code).toBe(code);
      const message = shadow.querySelector(`.frame.${frame} [part=message]`)!;
      expect(message.getAttribute('role')).toBe('alert');
      expect(message.querySelector('p')!.textContent).toBe(text);
      expect(message.querySelector('slot')).not.toBeNull();
      // the picture and the retry are the chunk's
      expect(message.querySelector('svg, button')).toBeNull();
    },
  );

  it('says a resort closed for good in plain text, without its picture', async () => {
    const { detail, shadow } = await shown(
      20,
      files((path) =>
        path === 'en-US/externalservice/resort/20/combinedreport.json'
          ? Response.json({ resortName: 'Closed Peak', info: {}, report: { openflag: 6 } })
          : undefined,
      ),
    );
    expect(detail.code).toBeUndefined();
    expect(shadow.querySelector('[part=status]')!.textContent).toBe('Permanently closed');
    const message = shadow.querySelector('.frame.permanently-closed [part=message]')!;
    expect(message.textContent).toBe('This resort has closed permanently.');
    expect(message.querySelector('svg')).toBeNull();
  });

  it('reads the closest lang for an invalid locale, without the warning (the chunk holds its text)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { el, detail } = await shown(999, files(), { locale: 'german' });
      expect(detail.code).toBe('unknown-resort');
      expect(el.effectiveLocale).toBe('en-US');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a pre-rendered card whose reading cannot be loaded', () => {
  it('goes, and the card reads the files as without it', async () => {
    const card = {
      resort: 20,
      locale: 'en-US',
      days: 3,
      data: { combined: { resortName: 'Pre-rendered', info: {} } },
    };
    const { detail, shadow } = await shown(
      20,
      files(),
      {},
      `<article class="frame open old"></article><script type="application/json">${JSON.stringify(card)}</script>`,
    );
    // the files say what the copy did not: the report is not built yet
    expect(detail.code).toBe('not-available-yet');
    expect(shadow.querySelector('.old, script')).toBeNull();
    expect(shadow.querySelector('.frame.not-yet')).not.toBeNull();
  });
});
