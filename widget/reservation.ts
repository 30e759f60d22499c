/**
 * The page's own style sheet, published as `resort-conditions.css` beside the script (vite.config.ts): the
 * room each card takes before the script runs. Not part of the script: the element never needs it.
 */
import { geometry, HOST_BOX } from './styles.ts';

/**
 * `resort-conditions.css`, for a page's `<head>`: before the script has defined the element, each
 * `<resort-conditions>` takes the height its card will have (a float of no width beside whatever the
 * element holds, kept inside by layout containment), so nothing moves when the card comes, in any
 * browser, whenever the script arrives. Weightless (`:where`), like the shadow root's `:host`, so that what
 * a page sets on the element wins before as after; `days` 0 to 5 as the element reads them.
 */
export const reservation =
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
` + geometry(':where(resort-conditions:not(:defined))[resort]::before', (n) => ":where(resort-conditions:not(:defined))[days='" + (n - 1) + "']::before");

