/** The messages between a card page in an iframe and the loader on the page around it. */

/** A card page's report of its height: `{ type, height }`, to the parent window. */
export const HEIGHT_MESSAGE = 'resort-conditions:height';
/** The loader's request to report again: `{ type }`, to every frame. */
export const MEASURE_MESSAGE = 'resort-conditions:measure';
