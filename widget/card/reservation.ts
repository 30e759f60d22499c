/**
 * The page's own style sheet, published as `resort-conditions.css` beside the script (vite.config.ts): the
 * room each card takes before the script runs. Not part of the script: the element never needs it.
 */
import { compactGeometry } from './compact-geometry.ts';
import { DEFAULT_DAYS, geometry, HOST_BOX, STABLE_GUTTER } from './geometry.ts';
import { seasonRoom } from '../season/room.ts';

/**
 * `resort-conditions.css`, for a page's `<head>`: before the script has defined the element, each
 * `<resort-conditions>` takes the height its card will have (a float of no width beside whatever the
 * element holds, kept inside by layout containment), so nothing moves when the card comes, in any
 * browser, whenever the script arrives. Weightless (`:where`), like the shadow root's `:host`, so that what
 * a page sets on the element wins before as after; `days` by the element's own rule (`forecastDays`): a
 * value it does not show is the default, so the default's rules hold for every other value.
 */
export const reservation =
  STABLE_GUTTER +
  /* css */ `
  :where(resort-conditions:not(:defined)) {
    display: block;
    contain: layout;
    ${HOST_BOX}
  }
  :where(resort-conditions:not(:defined))[resort]::before {
    content: '';
    float: left;
    width: 0;
  }
` +
  geometry(':where(resort-conditions:not(:defined))[resort]::before', tiles) +
  // the season chart's room: a term of the geometry's height, which the strip's own height leaves out
  seasonRoom(':where(resort-conditions:not(:defined))[season]::before') +
  // the compact strip's room, whatever `days` says: as weighty as the card's rules and after them, so it wins
  compactGeometry(':where(resort-conditions:not(:defined))[layout=compact]::before');

/**
 * The room of `n` tiles (`days` + 1) before the script: the attribute as written, or any other value for the
 * default. Each selector weighs what the frame's does (one attribute and the pseudo-element), as in the
 * shadow root, so that the geometry's rules override each other in the order they are written.
 */
export function tiles(n: number): string {
  const days = (d: number) => "[days='" + d + "']";
  if (n - 1 !== DEFAULT_DAYS) return ':where(resort-conditions:not(:defined))' + days(n - 1) + '::before';
  const others = [0, 1, 2, 3, 4, 5].filter((d) => d !== DEFAULT_DAYS).map(days);
  return ':where(resort-conditions:not(:defined):not(' + others.join(', ') + '))[resort]::before';
}
