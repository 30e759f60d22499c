/**
 * A region's list as a template with the element's own render functions and styles, for pages without
 * the element: the build renders it to static HTML per region and locale (scripts/embeds/lists.ts), judged
 * at the build's time, without links (the build knows no partner's pattern).
 */
import type { HTMLTemplateResult } from 'lit/html.js';
import en from '../i18n/en.ts';
import { loadStrings } from '../i18n/index.ts';
import { renderList } from './render.ts';
import type { ListData } from './resort-conditions-list.ts';
import { rowsOf } from './rows.ts';
import { listStrings } from './strings.ts';
import { STATIC_COPY } from '../shared-styles.ts';
import { listStyles } from './styles.ts';

export type { ListData };

/** The list's style sheet as text, with the rule of a copy that streams in. */
export const listCss = listStyles + STATIC_COPY;

/** A list page's title: "Snow report". */
export const listTitle = (locale: string) => listStrings(locale).caption;

/** Hours after which a row is marked outdated: the element's default. */
const OUTDATED_AFTER = 48;

/** The list's template; `image` maps an upstream image URL to what the page should load. */
export async function listTemplate(
  data: ListData,
  image: (url: unknown) => string | undefined,
): Promise<HTMLTemplateResult> {
  const locale = data.locale;
  const t = locale.startsWith('en') ? en : await loadStrings(locale);
  const rows = rowsOf(
    { kind: 'region', region: data.region },
    data.group,
    data.builtAt,
    OUTDATED_AFTER,
    locale,
  );
  const view = {
    kind: 'rows' as const,
    rows,
    sort: { column: 'name' as const, direction: 'ascending' as const },
    ...(data.attribution ? { attribution: data.attribution } : {}),
  };
  return renderList(view, {
    t,
    locale,
    link: () => undefined,
    asset: image,
    frozen: true,
    onSort: () => {},
    retry: () => {},
  });
}
