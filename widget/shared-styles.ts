/**
 * The rules the card and the list share (widget/card/styles.ts, widget/list/styles.ts): the dark palette, the
 * host's rules, the attribution's, and a pre-rendered copy's.
 */
import { HOST_BOX } from './card/geometry.ts';
import attribution from './attribution.css?raw';
import staticCopy from './static-copy.css?raw';

/** The dark palette: each colour a page leaves unset. */
export const DARK = /* css */ `
  --_bg: var(--rc-background, #141b24);
  --_fg: var(--rc-color, #e8eef5);
  --_muted: var(--rc-muted-color, #a9b6c4);
  --_accent: var(--rc-accent-color, #7ab7ff);
  --_line: var(--rc-border-color, #2c3a4a);
  --_open: var(--rc-open-color, #5fd39a);
  --_closed: var(--rc-closed-color, #ff8a80);
  --_warn: var(--rc-warning-color, #ffc46b);
  --_bar: var(--rc-bar-color, #4f8fd0);
  --_easy: var(--rc-easy-color, #4cc76e);
  --_blue: var(--rc-intermediate-color, #6aa8f5);
`;

/** The attribution's rules: the card's and the list's (widget/list/styles.ts). */
export const ATTRIBUTION = attribution;

/**
 * The host's rules, the card's and the list's alike: its palette (the reader's light or dark, or the page's
 * `theme`), its box, and the few rules both shadow roots need (text for screen readers only).
 */
export const HOST = /* css */ `
  :host {
    --_bg: var(--rc-background, #fff);
    --_fg: var(--rc-color, #1d2733);
    --_muted: var(--rc-muted-color, #546170);
    --_accent: var(--rc-accent-color, #0b63ce);
    --_line: var(--rc-border-color, #d5dde6);
    --_open: var(--rc-open-color, #16794a);
    --_closed: var(--rc-closed-color, #b3261e);
    --_warn: var(--rc-warning-color, #8a5300);
    --_bar: var(--rc-bar-color, #4a8fd0);
    --_easy: var(--rc-easy-color, #23873f);
    --_blue: var(--rc-intermediate-color, #1f6fd1);
    --_rc-abg: var(--_bg);
    display: block;
    /* a container of its width, which its content cannot give it: where a layout sizes the element by its
       content (a flex row, a float, inline-block, absolute), it fills the space as a block does, and it is
       never narrower than 20rem where the page leaves that to it (fit-content) */
    ${HOST_BOX};
    color: var(--_fg);
  }
  /* dark: by the reader's preference, unless the page says theme="light"; or because the page says theme="dark" */
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${DARK}
    }
  }
  :host([theme='dark']) {
    ${DARK}
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/**
 * The rule of a pre-rendered copy (the card's, the strip's, the list's), which its page carries with the
 * element's styles: it streams in, and its content shows once the parser has reached its end, the mark the
 * copy ends with (card/render.ts), so that nothing inside it moves meanwhile. The element draws no such copy.
 */
export const STATIC_COPY = staticCopy;
