import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { litWithoutDirectives, litWithoutGlobals } from '../../scripts/tooling/bundle.ts';

/** The lit-html the bundle reads: the installed one (lit depends on it). */
const LIT_HTML = fileURLToPath(new URL('../../node_modules/lit-html/lit-html.js', import.meta.url));
const source = readFileSync(LIT_HTML, 'utf8');

type Transform = (code: string, id: string) => { code: string } | undefined;
const transformOf = (plugin: { transform?: unknown }) => plugin.transform as Transform;

describe("the bundle's changes to lit-html", () => {
  it('leave the installed lit-html without directives: resolveDirective answers its value', () => {
    const out = transformOf(litWithoutDirectives())(source, LIT_HTML)!.code;
    expect(source).toContain('_$litDirective$');
    expect(out).not.toContain('_$litDirective$');
    const [, name, value] = /function (\w+)\(\w+,(\w+)\)\{return \2\}/.exec(out) ?? [];
    expect(name, 'the identity function').toBeDefined();
    // the bindings still call it by the same name: only its body changed, the one call in it (a directive's
    // result resolved again) gone with it
    expect(out.split(`${name}(`).length).toBe(source.split(`${name}(`).length - 1);
    expect(value).toBeDefined();
  });

  it.each([
    'lit/directive.js',
    'lit/async-directive.js',
    'lit-html/directive-helpers.js',
    'lit/directives/class-map.js',
    'lit-html/development/directives/repeat.js',
  ])('stop the build at a module that imports %s', (module) => {
    expect(() => transformOf(litWithoutDirectives())('export {}', `/app/node_modules/${module}`)).toThrow(
      /a directive, which this build of lit-html does not run/,
    );
  });

  it('stop the build when lit-html no longer holds what they change', () => {
    const changed = source.replace('_$litDirective$', '_$litDirective2$');
    expect(() => transformOf(litWithoutDirectives())(changed, LIT_HTML)).toThrow(
      /resolveDirective is not where the build expects it/,
    );
    expect(() =>
      transformOf(litWithoutGlobals())(source.replace('litHtmlVersions', 'litVersions'), LIT_HTML),
    ).toThrow(/polyfill hook and version registry are not where the build expects them/);
  });

  it('leave every other module as it is', () => {
    expect(transformOf(litWithoutDirectives())('export const a = 1;', '/app/widget/format.ts')).toBe(
      undefined,
    );
  });
});
