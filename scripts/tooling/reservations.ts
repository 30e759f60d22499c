/**
 * The pages' own style sheets, which vite.config.ts publishes beside the scripts (`reservationSheets`): the
 * room each card, strip and list takes before its script runs (`resort-conditions.css`, and
 * `resort-conditions-list.base.css`, which a build completes with its snapshot's rows: scripts/embeds/lists.ts),
 * and the room of a pre-rendered one in an iframe (`resort-conditions-frame.css`). Each is the element's own
 * rules, the `.css` files of its shadow root (the host's box, the frames' geometry, the season chart's room),
 * written for the page's selectors, and a few rules of its own (`widget/card/reservation.css`…), so that the
 * room reserved is the room the element takes: one file says each height.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform, type Selector } from 'lightningcss';
import { DEFAULT_DAYS } from '../../widget/card/days.ts';
import { CARD } from '../../widget/card/geometry.ts';
import { closingParenthesis, TARGETS } from './minify-css.ts';

/** The element's folder (a path, not a URL: a test's DOM may replace the global `URL`). */
const WIDGET = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'widget');

/** A style sheet of the element's, by its path under `widget/`. */
const sheet = (path: string): string => readFileSync(join(WIDGET, path), 'utf8');

/**
 * Where the pages' sheets read the element's: its files (`sheet`), or, for a test, the same sheets with one
 * changed, to see the change reach every page's sheet.
 */
export type SheetReader = (path: string) => string;

/** A selector as lightningcss reads it: its tree, and that tree's text to compare by. */
function parsed(selector: string): { tree: Selector; key: string } {
  const trees: Selector[] = [];
  transform({
    filename: 'selector.css',
    code: Buffer.from(`${selector} {}`),
    visitor: { Selector: (tree) => void trees.push(tree) },
  });
  if (trees.length !== 1) throw new Error(`reservations: ${JSON.stringify(selector)} is not one selector`);
  return { tree: trees[0]!, key: JSON.stringify(trees[0]) };
}

/**
 * The rules of `widget/<path>` for other selectors: each of its selectors is written as `selectors` maps it
 * (keys and values as CSS writes them; `.frame` is the frame's selector however the file spells it). Throws
 * on a selector the map does not name, so that a rule added to the element's sheet fails the build until the
 * pages' sheets say where it goes.
 */
export function retarget(path: string, selectors: Record<string, string>, read: SheetReader = sheet): string {
  const map = new Map(
    Object.entries(selectors).map(([from, to]) => [parsed(from).key, parsed(to).tree] as const),
  );
  const unknown: string[] = [];
  const { code } = transform({
    filename: path,
    code: Buffer.from(read(path)),
    targets: TARGETS,
    visitor: {
      Selector(tree) {
        const to = map.get(JSON.stringify(tree));
        if (!to) unknown.push(JSON.stringify(tree));
        return to ?? tree;
      },
    },
  });
  if (unknown.length > 0)
    throw new Error(
      `reservations: widget/${path} has selectors with no page's selector: ${unknown.join(', ')}`,
    );
  return code.toString();
}

/** The tiles a forecast has: today and the days after it, from 1 to the card's table's most. */
const TILES = Array.from({ length: CARD.tiles }, (_, i) => i + 1);

/** The frame's `data-n` selectors of widget/card/geometry.css, each as `to` writes it. */
const tilesOf = (to: (n: number) => string): Record<string, string> =>
  Object.fromEntries(TILES.map((n) => [`[data-n='${n}']`, to(n)]));

/** A card before the script has defined it. */
const UNDEFINED_CARD = ':where(resort-conditions:not(:defined))';

/**
 * The room of `n` tiles (`days` + 1) before the script: the attribute as written, or any other value for the
 * default, by the element's own rule (`forecastDays`): a value it does not show is the default, so the
 * default's rules hold for every other value. Each selector weighs what the frame's does (one attribute and
 * the pseudo-element), as in the shadow root, so that the geometry's rules override each other in the order
 * they are written.
 */
export function tiles(n: number): string {
  const days = (d: number) => "[days='" + d + "']";
  if (n - 1 !== DEFAULT_DAYS) return UNDEFINED_CARD + days(n - 1) + '::before';
  const others = TILES.map((t) => t - 1)
    .filter((d) => d !== DEFAULT_DAYS)
    .map(days);
  return ':where(resort-conditions:not(:defined):not(' + others.join(', ') + '))[resort]::before';
}

/**
 * `resort-conditions.css`, for a page's `<head>`: before the script has defined the element, each
 * `<resort-conditions>` takes the height its card will have (widget/card/reservation.css), with the season
 * chart's room and, for the compact strip, the strip's height whatever `days` says: as weighty as the card's
 * rules and after them, so it wins.
 */
export const reservation = (read: SheetReader = sheet): string =>
  read('stable-gutter.css') +
  retarget('host-box.css', { ':host': UNDEFINED_CARD }, read) +
  read('card/reservation.css') +
  retarget('card/geometry.css', { '.frame': `${UNDEFINED_CARD}[resort]::before`, ...tilesOf(tiles) }, read) +
  retarget('season/room.css', { ':host([season]) .frame': `${UNDEFINED_CARD}[season]::before` }, read) +
  retarget('card/compact-geometry.css', { '.compact': `${UNDEFINED_CARD}[layout=compact]::before` }, read);

/**
 * `resort-conditions-list.css`'s fixed part (widget/list/reservation.css): each `<resort-conditions-list>`
 * takes its frame's height before the script, for as many rows as the page's `--rc-rows` says.
 */
export const listReservation = (read: SheetReader = sheet): string =>
  read('stable-gutter.css') +
  retarget('host-box.css', { ':host': ':where(resort-conditions-list:not(:defined))' }, read) +
  read('list/reservation.css') +
  retarget('list/geometry.css', { '.frame': ':where(resort-conditions-list:not(:defined))::before' }, read);

/**
 * The card's text size over the reader's default: `max(0.9375rem, 0.9375em)` in its host's `font`, which
 * in a frame page (its text the reader's default) is 0.9375 of it either way.
 */
const CARD_EM = 0.9375;

/**
 * What a height may be over a whole pixel and still be that pixel: the card's page measures its height
 * in the engine's layout units (1/64 px in Chromium), where 203.0001 px is 203, and the loader rounds that
 * up; a style sheet computing the same height in floating point must not make it 204.
 */
const ROUNDING_SLACK = '0.01px';

/** `n` with at most four decimals. */
const short = (n: number) => String(Math.round(n * 10_000) / 10_000);

/**
 * `css` for a container whose font is `medium` rather than the card's 0.9375 × medium: each `em` of a
 * container query condition scaled by 0.9375, the frame's `min(1em, …)` font size made `min(0.9375em, …)`,
 * and each `height: calc(…)` followed by the same rounded up to a whole pixel (a browser without `round()`
 * keeps the first), less `ROUNDING_SLACK`. Throws when the element's rules no longer have the shape this
 * reads, so a change there fails the build rather than the partner's layout.
 */
export function rescaled(css: string, { fontSize }: { fontSize: boolean }): string {
  let conditions = 0;
  let out = css.replace(/@container\s*\(([^)]*)\)/g, (query, condition: string) => {
    conditions++;
    return query.replace(
      condition,
      condition.replace(/(\d+(?:\.\d+)?)em\b/g, (_, n: string) => `${short(Number(n) * CARD_EM)}em`),
    );
  });
  if (conditions === 0)
    throw new Error('frame-reservation: the geometry has no container queries to rescale');
  if (fontSize) {
    const before = out;
    out = out.replace(/(font-size:\s*max\(10px,\s*min\()1em,/, `$1${CARD_EM}em,`);
    if (out === before)
      throw new Error("frame-reservation: the geometry's font size is not max(10px, min(1em, …))");
  }
  return roundedHeights(out);
}

/** Each `height: calc(…)` declaration followed by the same rounded up (minified or not). */
function roundedHeights(css: string): string {
  let out = '';
  let at = 0;
  for (const match of css.matchAll(/height:\s*calc\(/g)) {
    if (match.index < at) continue;
    // the calc's own closing parenthesis
    const end = closingParenthesis(css, match.index + match[0].length - 1);
    const value = css.slice(match.index + match[0].length - 5, end + 1);
    out += `${css.slice(at, end + 1)};height: round(up, ${value} - ${ROUNDING_SLACK}, 1px)`;
    at = end + 1;
  }
  return out + css.slice(at);
}

/** The wrapper of a pre-rendered card's `<iframe>` (widget/frame-reservation.css). */
const WRAPPER = '.resort-conditions-frame';

/**
 * `resort-conditions-frame.css`, published beside the frame loader: the height a pre-rendered card, strip or
 * list will have in an `<iframe>` (a card with its season chart: `data-season`), reserved before it loads,
 * so that nothing below the frame moves when its page reports its height (widget/README.md, "iframe"), and
 * the right height without the loader too. The frame goes in a `<div class="resort-conditions-frame">` whose
 * width is the column's; the rules are the element's own, computed from the frame's width as the card
 * computes them from its own.
 *
 * Inside the frame the card's text is 0.9375rem of the frame page's root, which is the reader's default
 * text size (`medium`), whatever the partner's page sets on its own root. So the wrapper takes `medium`, and
 * the element's `em`, which are of its 0.9375 × medium, are rescaled (`rescaled`): a frame left at the
 * wrapper's `medium` would count each em of the list 1/15 too tall. Heights are rounded up to a whole pixel,
 * as the loader rounds the height a card reports. Every pre-rendered card shows the default days.
 */
export const frameReservation = (read: SheetReader = sheet): string => {
  const card = `${WRAPPER}:not([data-layout='list']) > iframe`;
  return (
    read('frame-reservation.css') +
    rescaled(
      retarget(
        'card/geometry.css',
        { '.frame': card, ...tilesOf((n) => (n - 1 === DEFAULT_DAYS ? card : `${card}:not(*)`)) },
        read,
      ),
      { fontSize: true },
    ) +
    // in em of the card's text, as the frame's font size is once rescaled
    retarget(
      'season/room.css',
      { ':host([season]) .frame': `${WRAPPER}[data-season]:not([data-layout]) > iframe` },
      read,
    ) +
    rescaled(
      retarget(
        'card/compact-geometry.css',
        { '.compact': `${WRAPPER}[data-layout='compact'] > iframe` },
        read,
      ),
      { fontSize: false },
    ) +
    rescaled(retarget('list/geometry.css', { '.frame': `${WRAPPER}[data-layout='list'] > iframe` }, read), {
      fontSize: true,
    })
  );
};
