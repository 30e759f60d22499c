/**
 * The rules the card and the list share (widget/card/styles.ts, widget/list/styles.ts): the host's rules, the attribution's, and a pre-rendered copy's.
 */
import attribution from './attribution.css?raw';
import host from './host.css?raw';
import hostBox from './host-box.css?raw';
import staticCopy from './static-copy.css?raw';

/** The attribution's rules: the card's and the list's (widget/list/styles.ts). */
export const ATTRIBUTION = attribution;

/**
 * The host's rules, the card's and the list's alike: its palette (the reader's light or dark, or the page's
 * `theme`) and the few rules both shadow roots need (host.css), and its box in a page's layout (host-box.css,
 * which the room a page reserves shares).
 */
export const HOST = hostBox + host;

/**
 * The rule of a pre-rendered copy (the card's, the strip's, the list's), which its page carries with the
 * element's styles: it streams in, and its content shows once the parser has reached its end, the mark the
 * copy ends with (card/render.ts), so that nothing inside it moves meanwhile. The element draws no such copy.
 */
export const STATIC_COPY = staticCopy;
