/**
 * The rules the card and the list share (widget/card/styles.ts, widget/list/styles.ts): the dark palette, the
 * host's rules, the attribution's, and a pre-rendered copy's.
 */
import { HOST_BOX } from './card/geometry.ts';

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
export const ATTRIBUTION = /* css */ `
  /* required by the licence: no part, the theme's background made opaque (over white) and black or white
     text, whichever that background's luminance asks for, so that nothing a page sets can hide it or bring
     it under 4.5:1 (--_rc-abg is registered as a <color> by define.ts: an invalid value falls back to
     white instead of unsetting the colours) */
  .attribution {
    display: block !important;
    visibility: visible !important;
    opacity: 1 !important;
    margin: 0.4em 0 0 !important;
    padding: 0.3em 0.5em;
    border-radius: 4px;
    font: 12px/1.4 system-ui, sans-serif !important;
    background: #fff !important;
    color: #3d4a57 !important;
  }
  .attribution a {
    color: inherit !important;
    text-decoration: underline !important;
  }
  @supports (color: rgb(from red r g b)) {
    .attribution {
      --_y: 0.2126 * pow((r / 255 + 0.055) / 1.055, 2.4) + 0.7152 * pow((g / 255 + 0.055) / 1.055, 2.4) + 0.0722 * pow((b / 255 + 0.055) / 1.055, 2.4);
      --_ab: rgb(from var(--_rc-abg) calc(r * alpha + 255 - 255 * alpha) calc(g * alpha + 255 - 255 * alpha) calc(b * alpha + 255 - 255 * alpha) / 1);
      --_w: clamp(0, (0.179 - (var(--_y))) * 1e6, 255);
      background: var(--_ab) !important;
      color: rgb(from var(--_ab) var(--_w) var(--_w) var(--_w) / 1) !important;
    }
  }
  .attribution img {
    vertical-align: -3px;
    margin-right: 0.35em;
  }
`;

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
export const STATIC_COPY = /* css */ `
  [data-static]:not(:has(> i)) > * {
    visibility: hidden;
  }
`;
