/**
 * The config's values of their own kind (config.ts): locale tags in any case, durations, the public URL,
 * image origins and a partner page's link template, each read with a message that says what to write.
 */
import { z } from 'zod';
import { isLanguage, LANGUAGES, SUPPORTED_LOCALES } from '../api/locales.ts';

export const HOUR = 3600;

/** A language and a country, in any case (language tags are case-insensitive): `de-de` is `de-DE`. */
export const LocaleTag = z.string().transform((tag, ctx) => {
  const match = /^([a-z]{2})-([a-z]{2})$/i.exec(tag);
  const language = match?.[1]!.toLowerCase() ?? '';
  if (!match || !isLanguage(language)) {
    ctx.addIssue({
      code: 'custom',
      message: `"${tag}" is not a supported locale: use a language of ${LANGUAGES.join(', ')} and a two-letter country (supported by default: ${SUPPORTED_LOCALES.join(', ')})`,
    });
    return z.NEVER;
  }
  return `${language}-${match[2]!.toUpperCase()}`;
});

/** `90s`, `15m`, `4h`, `7d`, or a number of seconds. */
export const Duration = z.union([z.int().positive(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'number') return value;
  const match = /^(\d+)\s*(s|m|h|d)$/.exec(value.trim());
  if (!match) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not a duration: write a number with s, m, h or d, such as 4h`,
    });
    return z.NEVER;
  }
  return Number(match[1]) * { s: 1, m: 60, h: HOUR, d: 24 * HOUR }[match[2] as 's' | 'm' | 'h' | 'd'];
});

export const positiveIds = z.array(z.int().positive()).min(1);

/** Where the tree is served: an http(s) URL without query, fragment or credentials, kept with one final `/`. */
export const PublicUrl = z.string().transform((value, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    // shown without its query, fragment or user part: they may hold a credential
    const shown = value
      .replace(/[?#].*$/s, '?…')
      .replace(/\/\/[^/]*@/, '//…@')
      .slice(0, 80);
    ctx.addIssue({
      code: 'custom',
      message: `"${shown}" is not the URL of a folder: give an http(s) URL without query, fragment or credentials, such as https://snow.example.org/`,
    });
    return z.NEVER;
  }
  return url.href.replace(/\/?$/, '/');
});

/**
 * The folders static hosts and site generators publish whole (GitHub Pages' `docs`, Jekyll's `_site`, the
 * `public` and `static` of most generators, a web server's `www`, `htdocs`, `public_html`).
 */
const PUBLISHED_FOLDERS = new Set(['public', 'static', 'docs', '_site', 'www', 'htdocs', 'public_html']);

/**
 * The output folder, never inside a folder a host publishes whole (scripts/docs/scheduling.md, "Running on a
 * schedule"): its releases folder, the private state and the ledger, lies beside it (`public/snow` →
 * `public/.snow-releases`). Only a path under the working folder is read so; an absolute one is the
 * server's own layout (`/srv/www/dist`, with `dist` as its root).
 */
export const OutFolder = z
  .string()
  .min(1)
  .superRefine((value, ctx) => {
    if (value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value)) return;
    const parents = value
      .split(/[\\/]+/)
      .filter((s) => s && s !== '.')
      .slice(0, -1);
    if (parents.includes('..')) return;
    const published = parents.find((segment) => PUBLISHED_FOLDERS.has(segment.toLowerCase()));
    if (published === undefined) return;
    const name = value
      .replace(/[\\/]+$/, '')
      .split(/[\\/]+/)
      .at(-1)!;
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is inside ${published}/, a folder static hosts publish whole: its releases folder (.${name}-releases beside it, the private state and the ledger) would be published too; give a folder of its own and publish that (e.g. "${name}")`,
    });
  });

/** An origin images may come from: `https://host[:port]`, nothing more. */
export const Origin = z.string().transform((value, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.origin !== value.replace(/\/$/, '')
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value.slice(0, 80)}" is not an origin: give the scheme and host only, such as https://cdn.snow.example`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/** The default `alerts.newSnowCm`: a powder day (scripts/docs/configuration.md, "Alert feeds"). */
export const DEFAULT_POWDER_CM = 20;

/** The placeholders a partner's page link may hold (`alerts.link`). */
export const LINK_PLACEHOLDERS = ['resort', 'locale', 'language'] as const;

/**
 * A partner's page of a resort, as a URL with placeholders: `https://ski.example/{locale}/snow/{resort}`.
 * It must be an absolute http(s) URL once filled, and name no placeholder but `LINK_PLACEHOLDERS`.
 */
export const LinkTemplate = z.string().superRefine((value, ctx) => {
  const unknown = [...value.matchAll(/\{([^}]*)\}/g)]
    .map((m) => m[1]!)
    .filter((name) => !(LINK_PLACEHOLDERS as readonly string[]).includes(name));
  let url: URL | undefined;
  try {
    url = new URL(value.replace(/\{(\w+)\}/g, '1'));
  } catch {
    // reported below
  }
  if (unknown.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: `{${unknown[0]!.slice(0, 20)}} is not a placeholder of the link: use {resort}, {locale} or {language}`,
    });
  else if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    ctx.addIssue({
      code: 'custom',
      message: `"${value.replace(/[?#].*$/s, '?…').slice(0, 80)}" is not an http(s) URL: give the page of a resort with {resort} for its id, such as https://ski.example/resorts/{resort}`,
    });
});
