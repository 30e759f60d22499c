/**
 * The list's styles. One frame whose height is a function of the element's width (a table from 60em, a
 * stacked list of fixed-height rows below) and of its number of rows, nothing else, so that the page below
 * never moves: the rows are known before the data (`--_n`, set by the element from its `resorts` or its
 * data, and before that the page's `--rc-rows`, which `resort-conditions-list.css` sets per region:
 * scripts/embeds/lists.ts). Every cell holds at most its lines (names and states two, figures one, never
 * wrapped away from their units); the colours and the attribution are the card's (`../shared-styles.ts`).
 */
import { ATTRIBUTION, HOST } from '../shared-styles.ts';
import geometry from './geometry.css?raw';
import list from './list.css?raw';
import narrow from './list-narrow.css?raw';

/** The style sheet each list adopts, as text; the pre-rendered lists carry it. */
export const listStyles = HOST + geometry + list + ATTRIBUTION + narrow;
