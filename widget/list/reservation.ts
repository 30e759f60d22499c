/**
 * The page's own style sheet of the list, published as `resort-conditions-list.css` beside its script
 * (vite.config.ts), to which a build adds its regions' and ids' rows (scripts/site/lists.ts): the room each
 * list takes before the script runs. Not part of the script: the element never needs it.
 */
import { HOST_BOX, STABLE_GUTTER } from '../card/geometry.ts';
import { listGeometry } from './geometry.ts';

/**
 * `resort-conditions-list.css`'s fixed part, for a page's `<head>`: before the script has defined the
 * element, each `<resort-conditions-list>` takes its frame's height, for as many rows as the page's
 * `--rc-rows` says (the build sets it for every region it publishes, `regionRowsCss`, and for a `resorts` list
 * from the snapshot's ids it names, scripts/site/lists.ts), one for a `resorts` of one id without the
 * build's rules. Weightless (`:where`), like the card's reservation.
 */
export const listReservation =
  STABLE_GUTTER +
  /* css */ `
  :where(resort-conditions-list:not(:defined)) {
    display: block;
    contain: layout;
    ${HOST_BOX}
  }
  :where(resort-conditions-list[resorts]:not([resorts*=','])) {
    --rc-rows: 1;
  }
  :where(resort-conditions-list:not(:defined))::before {
    content: '';
    float: left;
    width: 0;
  }
` +
  listGeometry(':where(resort-conditions-list:not(:defined))::before');
