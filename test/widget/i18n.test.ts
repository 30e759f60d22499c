import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { formatter } from '../../widget/format.ts';
import en from '../../widget/i18n/en.ts';
import { loadStrings, plural, type Loaded, type Plural } from '../../widget/i18n/index.ts';
import { PAST_DAYS } from '../../widget/card/compact.ts';
import { englishList } from '../../widget/list/strings.ts';

/** Every leaf of a strings object, by its path. */
function leaves(value: unknown, path = ''): Array<[string, unknown]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  return Object.entries(value as object).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const isPlural = (value: unknown): value is Plural =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  'other' in value &&
  Object.keys(value).every((k) => CATEGORIES.includes(k));
const localeOf = (language: string) => SUPPORTED_LOCALES.find((l) => l.startsWith(`${language}-`))!;

describe('the UI strings', () => {
  it('have one file per language of the service', () => {
    const files = readdirSync(new URL('../../widget/i18n/', import.meta.url)).filter((f) =>
      /^[a-z]{2}\.ts$/.test(f),
    );
    expect(files.map((f) => f.slice(0, 2)).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s translates every string of English, with the same placeholders',
    async (language) => {
      const strings = await loadStrings(localeOf(language));
      expect(strings).not.toBe(en);
      const mine = new Map(leaves(strings));
      // the list's strings, whose English is the list script's own (widget/list/strings.ts), and the strip's
      // label of the last days' snow, whose English is the strip's (widget/card/compact.ts)
      for (const [path, text] of [
        ...leaves(en),
        ...leaves(englishList, 'list'),
        ...leaves(PAST_DAYS, 'pastDays'),
      ]) {
        if (path.includes('.one') || path.includes('.few') || path.includes('.many') || path.includes('.two'))
          continue;
        const translated = mine.get(path);
        expect(translated, path).toBeTypeOf('string');
        const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(translated as string), path).toEqual(placeholders(text as string));
      }
      // the words a reader sees first are the language's own, not English left in place
      for (const key of [
        'loading',
        'error',
        'unknownResort',
        'noReport',
        'permanentlyClosed',
        'outOfSeason',
        'depths',
        'forecast',
        'today',
      ] as const) {
        expect(strings[key], key).not.toBe(en[key]);
      }
      expect(strings.directions).toHaveLength(8);
    },
  );

  it.each(LANGUAGES)('%s has a form for every plural category its numbers take', async (language) => {
    const locale = localeOf(language);
    const strings: Loaded = await loadStrings(locale);
    const rules = new Intl.PluralRules(locale);
    const needed = new Set([0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 102].map((n) => rules.select(n)));
    for (const [key, value] of Object.entries(strings)) {
      if (!isPlural(value)) continue;
      for (const category of needed) expect(value[category], `${key}.${category}`).toBeTypeOf('string');
    }
  });

  it.each([
    { locale: 'en-US', n: 1, expected: '1 of 1 open' },
    { locale: 'fr-FR', n: 1, expected: '1 ouverte sur 4' },
    { locale: 'fr-FR', n: 0, expected: '0 ouverte sur 4' },
    { locale: 'fr-FR', n: 3, expected: '3 ouvertes sur 4' },
    { locale: 'pl-PL', n: 2, expected: '2 otwarte z 4' },
    { locale: 'pl-PL', n: 0, expected: '0 otwartych z 4' },
    { locale: 'cs-CZ', n: 1, expected: '1 otevřená z 4' },
    { locale: 'sl-SI', n: 2, expected: '2 od 4 odprti' },
  ])('$locale: runs open $n of 4 read "$expected"', async ({ locale, n, expected }) => {
    const strings = await loadStrings(locale);
    const total = locale === 'en-US' && n === 1 ? '1' : '4';
    expect(plural(locale, strings.runsOpen, n, { open: String(n), total })).toBe(expected);
  });
});

/** A locale's formatter, with its language's units as its strings give them. */
const formatterOf = async (locale: string) => formatter(locale, (await loadStrings(locale)).units);

describe('formats', () => {
  it.each([
    { locale: 'en-US', wind: 20, expected: '20 mph' },
    { locale: 'de-DE', wind: 8.9, expected: '32 km/h' },
    { locale: 'fr-FR', wind: 0.4, expected: '1 km/h' },
    { locale: 'ja-JP', wind: 10, expected: '36 km/h' },
  ])('shows wind of $wind in the files of $locale as $expected', async ({ locale, wind, expected }) => {
    expect((await formatterOf(locale)).wind(wind).replace(/\s/g, ' ')).toBe(expected);
  });

  it.each([
    { locale: 'en-GB', date: '2026-02-16', weekday: 'Mon', day: 'Mon 16' },
    { locale: 'de-DE', date: '2026-02-16', weekday: 'Mo', day: 'Mo. 16.' },
    { locale: 'pt-PT', date: '2026-02-16', weekday: 'seg.', day: 'seg. 16' },
    { locale: 'pl-PL', date: '2026-02-15', weekday: 'nie.', day: 'nie. 15' },
    { locale: 'ja-JP', date: '2026-02-16', weekday: '月', day: '16日(月)' },
  ])('labels $date in $locale as "$weekday" and "$day"', async ({ locale, date, weekday, day }) => {
    expect((await formatterOf(locale)).weekday(date)).toBe(weekday);
    expect((await formatterOf(locale)).day(date)).toBe(day);
  });

  it.each([
    { locale: 'fr-FR', expected: ['12\u202fcm', '-3,5\u202f°C', '18\u202fkm/h'] },
    { locale: 'de-DE', expected: ['12 cm', '-3,5 °C', '18 km/h'] },
    { locale: 'da-DK', expected: ['12 cm', '-3,5°C', '18 km/t.'] },
    { locale: 'en-GB', expected: ['12 cm', '-3.5°C', '18 km/h'] },
    { locale: 'en-US', expected: ['12 in', '-4°F', '5 mph'] },
  ])(
    "writes depth, temperature and wind (5 m/s, 5 mph) in $locale with its language's units",
    async ({ locale, expected }) => {
      const f = await formatterOf(locale);
      expect([f.depth(12), f.temperature(-3.5), f.wind(5)].map((s) => s.replace(/\u2212/g, '-'))).toEqual(
        expected,
      );
    },
  );
});
