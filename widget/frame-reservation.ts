/**
 * `resort-conditions-frame.css`, published beside the frame loader (vite.config.ts): the height a
 * pre-rendered card, strip or list will have in an `<iframe>` (a card with its season chart: `data-season`), reserved before it loads, so that nothing
 * below the frame moves when its page reports its height (widget/README.md, "iframe"), and the right
 * height without the loader too. The frame goes in a `<div class="resort-conditions-frame">` whose width
 * is the column's; the rules are the element's own (`geometry`, `compactGeometry`, `listGeometry`),
 * computed from the frame's width as the card computes them from its own.
 *
 * Inside the frame the card's text is 0.9375rem of the frame page's root, which is the reader's default
 * text size (`medium`), whatever the partner's page sets on its own root. So the wrapper takes `medium`, and
 * the element's `em`, which are of its 0.9375 × medium, are rescaled: each container query's width and the
 * font size of the card's frame (the strip's too, which is a card's frame) and of the list's, both
 * `max(10px, min(1em, …))`: a frame left at the wrapper's `medium` would count each em of the list 1/15 too
 * tall. Heights are rounded up to a whole pixel, as the loader rounds the height a card
 * reports.
 */
import { compactGeometry } from './card/compact-geometry.ts';
import { listGeometry } from './list/geometry.ts';
import { DEFAULT_DAYS, geometry } from './card/geometry.ts';
import { seasonRoom } from './season/room.ts';

/** The card's text size over the reader's default: `0.9375rem` in its host's `font`. */
const CARD_EM = 0.9375;

const WRAPPER = '.resort-conditions-frame';
const CARD = `${WRAPPER}:not([data-layout='list']) > iframe`;
const COMPACT = `${WRAPPER}[data-layout='compact'] > iframe`;
const LIST = `${WRAPPER}[data-layout='list'] > iframe`;
/** A card with its season chart (`<id>.season.html`): the card's height and the chart's room. */
const SEASON = `${WRAPPER}[data-season]:not([data-layout]) > iframe`;

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
 * keeps the first), less `ROUNDING_SLACK`. Throws when the element's rules no longer have the shape this reads, so a change there
 * fails the build rather than the partner's layout.
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
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < css.length; end++) {
      if (css[end] === '(') depth++;
      else if (css[end] === ')' && --depth === 0) break;
    }
    const value = css.slice(match.index + match[0].length - 5, end + 1);
    out += `${css.slice(at, end + 1)};height: round(up, ${value} - ${ROUNDING_SLACK}, 1px)`;
    at = end + 1;
  }
  return out + css.slice(at);
}

/** The room of the card's `n` tiles: every pre-rendered card shows the default days. */
const tiles = (n: number) => (n - 1 === DEFAULT_DAYS ? CARD : `${CARD}:not(*)`);

/** The style sheet's text. */
export const frameReservation =
  /* css */ `
  ${WRAPPER} {
    display: block;
    container-type: inline-size;
    font-size: medium;
  }
  ${WRAPPER} > iframe {
    display: block;
    width: 100%;
    border: 0;
  }
` +
  rescaled(geometry(CARD, tiles), { fontSize: true }) +
  // in em of the card's text, as the frame's font size is once rescaled
  seasonRoom(SEASON) +
  rescaled(compactGeometry(COMPACT), { fontSize: false }) +
  rescaled(listGeometry(LIST), { fontSize: true });
