/**
 * "Did you mean …?" (scripts/api/suggest.ts): the known word closest to a mistyped flag or command.
 */
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../scripts/api/suggest.ts';

const BUILD_FLAGS = [
  'config',
  'out',
  'locales',
  'resorts',
  'regions',
  'endpoints',
  'concurrency',
  'profile',
  'public-url',
  'refresh',
  'data',
  'local-account',
  'no-widget',
  'plan',
  'force',
  'help',
];

describe('editDistance', () => {
  it.each([
    { a: 'resort', b: 'resorts', expected: 1 },
    { a: 'locales', b: 'locales', expected: 0 },
    { a: 'lcoales', b: 'locales', expected: 1 },
    { a: 'confg', b: 'config', expected: 1 },
    { a: '', b: 'out', expected: 3 },
    { a: 'kitten', b: 'sitting', expected: 3 },
  ])('$a → $b: $expected', ({ a, b, expected }) => {
    expect(editDistance(a, b)).toBe(expected);
  });
});

describe('closest', () => {
  it.each([
    { given: 'resort', expected: 'resorts' },
    { given: 'Resorts', expected: 'resorts' },
    { given: 'region', expected: 'regions' },
    { given: 'lcoales', expected: 'locales' },
    { given: 'locale', expected: 'locales' },
    { given: 'confg', expected: 'config' },
    { given: 'no-widgets', expected: 'no-widget' },
    { given: 'public', expected: 'public-url' },
    { given: 'endpoint', expected: 'endpoints' },
    // too far from every flag, or the start of two
    { given: 'sometimes', expected: undefined },
    { given: 'local', expected: undefined },
    { given: 'x', expected: undefined },
    { given: '', expected: undefined },
  ])('$given → $expected', ({ given, expected }) => {
    expect(closest(given, BUILD_FLAGS)).toBe(expected);
  });

  it('suggests the closest command', () => {
    expect(closest('biuld', ['build', 'plan', 'preview', 'ids', 'serve', 'deploy'])).toBe('build');
    expect(closest('publish', ['build', 'plan', 'preview', 'ids', 'serve', 'deploy'])).toBeUndefined();
  });
});
