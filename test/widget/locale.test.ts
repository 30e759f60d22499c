import { describe, expect, it } from 'vitest';
import { fallbackLocale, SUPPORTED_LOCALES } from '../../scripts/api/locales.ts';
import { pickLocale } from '../../widget/locale.ts';

describe('fallbackLocale', () => {
  it.each([
    // exact
    { tag: 'de-DE', built: ['en-US', 'de-DE'], expected: 'de-DE' },
    { tag: 'de_de', built: ['en-US', 'de-DE'], expected: 'de-DE' },
    // same language
    { tag: 'de-AT', built: ['en-US', 'de-DE'], expected: 'de-DE' },
    { tag: 'de', built: ['en-US', 'de-DE'], expected: 'de-DE' },
    { tag: 'nb-NO', built: ['en-US', 'no-NO'], expected: 'no-NO' },
    { tag: 'en-AU', built: ['en-US', 'en-GB'], expected: 'en-GB' },
    { tag: 'en', built: ['en-GB', 'en-US'], expected: 'en-US' },
    { tag: 'en-GB', built: ['en-US', 'de-DE'], expected: 'en-US' },
    // widget/README.md's examples ("Locales and units")
    { tag: 'it-CH', built: ['en-US', 'it-IT', 'de-DE'], expected: 'it-IT' },
    { tag: 'it', built: ['en-US', 'en-GB', 'de-DE', 'fr-FR'], expected: 'en-GB' },
    { tag: 'it', built: ['en-US', 'de-DE', 'fr-FR'], expected: 'en-US' },
    // English by the page's region
    { tag: 'fr', built: ['en-US', 'de-DE'], expected: 'en-US' },
    { tag: 'fr-CH', built: ['en-US', 'en-GB', 'de-DE'], expected: 'en-GB' },
    { tag: 'es-US', built: ['de-DE', 'en-GB', 'en-US'], expected: 'en-US' },
    { tag: 'ja', built: ['de-DE', 'en-GB', 'en-US'], expected: 'en-GB' },
    // the first built
    { tag: 'fr-FR', built: ['de-DE', 'it-IT'], expected: 'de-DE' },
    { tag: '', built: ['ja-JP'], expected: 'ja-JP' },
    { tag: undefined, built: ['en-GB', 'en-US'], expected: 'en-US' },
    { tag: 'xx-YY', built: [], expected: undefined },
  ])('reads $expected for "$tag" when $built are built', ({ tag, built, expected }) => {
    expect(fallbackLocale(tag, built)).toBe(expected);
  });

  it('without the index, maps onto the supported locales', () => {
    expect(pickLocale('fr-CA')).toBe('fr-FR');
    expect(pickLocale('pt-BR', [])).toBe('pt-PT');
    expect(pickLocale(null)).toBe('en-US');
    expect(SUPPORTED_LOCALES.map((l) => pickLocale(l))).toEqual(SUPPORTED_LOCALES);
  });
});
