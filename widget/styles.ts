/**
 * The element's styles. Theme with the custom properties below and `::part()`; dark mode follows
 * `prefers-color-scheme`, or the `theme` attribute (`light`, `dark`) of a page with a switch of its own.
 * The card is one frame whose height depends only on the element's width (four container-query steps)
 * and `days` (`--n` tiles); every state fills the same frame, so nothing below the element moves when the
 * files arrive (widget/README.md, "Sizes, heights and layout"). Inside it, the body absorbs what the other
 * blocks take.
 * Values never wrap away from their units; a forecast that would not fill its rows is a list.
 */
import { compactGeometry } from './compact-geometry.ts';

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

/** The forecast's days when a value asks for none that the element shows. */
export const DEFAULT_DAYS = 3;

/**
 * The forecast days a value asks for: 0 to 5 as written, a number or its one-digit text (`"3"`, not
 * `"03"`, `" 3"` or `"3.0"`); anything else (`"7"`, `""`, `"-1"`, `"abc"`) is the default. It is the rule
 * the reservation's attribute selectors can follow exactly (`geometry`), so the room a page reserves is
 * the room the card takes for every value.
 */
export function forecastDays(value: unknown): number {
  const text = String(value);
  return /^[0-5]$/.test(text) ? Number(text) : DEFAULT_DAYS;
}

/**
 * The frame's height: a function of the width step and the forecast's rows (`--n` tiles, by attribute,
 * not by a style attribute that a page's CSP could refuse), nothing else. Written once for the frame in
 * the shadow root and once for the room a page reserves before the script runs (`reservation`), so the
 * two are one height. The body's room by width was measured on the sample in every language at each
 * step's narrowest width; a forecast in one column (narrow, or five days that would not fill two rows)
 * is a list of rows. Never narrower than 21.33em (320 px at the default 15 px): a narrower card, or larger
 * text, scales the card down instead of cutting what it says, to 10 px at the least.
 */
export function geometry(frame: string, tiles: (n: number) => string): string {
  const [n1, n2, n3, n4, n5, n6] = [1, 2, 3, 4, 5, 6].map(tiles);
  return /* css */ `
  ${frame} {
    --n: 4;
    --_cols: var(--n);
    --_rows: 1;
    --_rh: 7.2em;
    --_base: 35.5em;
    --_links: 1;
    font-size: max(10px, min(1em, 100cqi / 21.3333));
    /* and the room that 24 px targets take beyond their text: the resort's links (1.1375em a line, in as
       many lines as the step's longest), two lines of attribution (16.8 px) with links in them */
    height: calc(var(--_base) + var(--_rows) * (var(--_rh) + 0.4em) - 0.4em + var(--_links) * max(0px, 24px - 1.1375em) + 14.4px);
  }
  ${n1} {
    --n: 1;
  }
  ${n2} {
    --n: 2;
  }
  ${n3} {
    --n: 3;
  }
  ${n4} {
    --n: 4;
  }
  ${n5} {
    --n: 5;
  }
  ${n6} {
    --n: 6;
  }
  @container (width < 60em) {
    ${frame} {
      --_base: 41.2em;
      --_links: 2;
    }
    ${n6} {
      --_cols: 3;
      --_rows: 2;
    }
  }
  @container (width < 37.3333em) {
    ${frame} {
      --_base: 48.2em;
    }
  }
  @container (width < 32em) {
    ${frame} {
      --_base: 53.2em;
      --_links: 3;
    }
  }
  @container (width < 42.6666em) {
    ${n4} {
      --_cols: 2;
      --_rows: 2;
    }
    ${n5} {
      --_cols: 1;
      --_rows: 5;
      --_rh: 2.9em;
    }
  }
  @container (width < 26.6666em) {
    ${frame} {
      --_base: 52.7em;
      --_cols: 1;
      --_rows: var(--n);
      --_rh: 2.9em;
    }
  }
  @container (width < 24em) {
    ${frame} {
      --_base: 57.8em;
      --_links: 4;
    }
  }
`;
}

/** The frame in the shadow root: `data-n` is today and the days after it. */
const FRAME_GEOMETRY = geometry('.frame', (n) => "[data-n='" + n + "']");

/**
 * How the element sizes itself in a page's layout: as a block, at least 20rem, a container of its width;
 * where a page lays it out inline (`inline-block`), by its top, since its baseline is the fallback link's
 * before the script and the card's bottom after it, and a line box aligned on either would change height.
 */
export const HOST_BOX = /* css */ `
  vertical-align: top;
  width: 100%;
  width: -moz-available;
  width: -webkit-fill-available;
  width: stretch;
  min-width: min(100%, 20rem);
  container-type: inline-size;
  font: var(--rc-font, 0.9375rem/1.4 system-ui, sans-serif);
`;

/**
 * The page's scrollbar keeps its room whether it shows or not (weightless: a page that sets its own wins).
 * Where a page is about as tall as the window, the element's height decides whether a scrollbar shows, and
 * the scrollbar the width the element gets; a layout that changed the one with the other could settle either
 * way, and Firefox re-resolves a container's queries for its new width only at the next change of style:
 * the room reserved before the script was then the room of the other width (widget/README.md, "Sizes,
 * heights and layout"). Part of both reservation sheets.
 */
export const STABLE_GUTTER = /* css */ `
  :where(html) {
    scrollbar-gutter: stable;
  }
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
 * copy ends with (render/card.ts), so that nothing inside it moves meanwhile. The element draws no such copy.
 */
export const STATIC_COPY = /* css */ `
  [data-static]:not(:has(> i)) > * {
    visibility: hidden;
  }
`;

/** The style sheet, as text: each element adopts it, and the pre-rendered cards carry it (with `STATIC_COPY`). */
export const styles = /* css */ `
  ${HOST}
  /* the frame's height: FRAME_GEOMETRY; the compact strip's, its own */
  ${FRAME_GEOMETRY}
  ${compactGeometry('.compact')}
  .frame {
    /* the content (the card part) above, the links and the attribution in a row of their own: nothing
       set on a part can push them out of the frame, cover them (they are on top) or fade them (they are
       outside it); a page's font cannot shrink the frame away either */
    display: grid;
    grid-template: minmax(0, 1fr) auto / minmax(0, 1fr);
    isolation: isolate;
    overflow: hidden;
    padding: var(--rc-padding, 1.0667em 1.3333em);
    line-height: 1.4;
    background: var(--_bg);
    border: 1px solid var(--_line);
    /* capped, so that no corner cuts into the attribution */
    border-radius: min(var(--rc-radius, 12px), 1.5rem);
  }
  /* narrower steps: the figures in a column under 560 px, tighter under 400 px */
  @container (width < 37.3333em) {
    .pairs {
      flex-direction: column;
      gap: 0;
    }
    .pairs div {
      display: flex;
      justify-content: space-between;
      gap: 1em;
    }
    .pairs dd {
      min-width: 0;
      text-align: end;
    }
    .pairs dd.text {
      white-space: normal;
    }
  }
  @container (width < 26.6666em) {
    .frame {
      padding: var(--rc-padding, 0.8em 0.9333em);
    }
    .figures dd {
      font-size: 1.15em;
    }
  }
  header,
  .meta,
  .figs,
  .figures,
  .pairs,
  .difficulty li,
  .temps,
  .more,
  .links ul,
  .body {
    display: flex;
    gap: 0.2em 1.2em;
  }
  header {
    flex-wrap: wrap;
    align-items: baseline;
  }
  header,
  .meta,
  .forecast,
  .foot,
  .report > * {
    flex: none;
  }
  h2 {
    flex: 1 1 auto;
    min-width: 0;
    margin: 0;
    font-size: 1.25em;
    line-height: 1.3;
  }
  h2,
  .status,
  .text,
  .when,
  .pairs dd {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  h2,
  .status,
  .when,
  dd,
  b,
  .value,
  .temps > *,
  .more > *,
  time {
    white-space: nowrap;
  }
  ::slotted(*) {
    margin: 0;
    font-size: inherit;
  }
  ::slotted(a),
  a {
    color: var(--_accent);
  }
  .status {
    max-width: 100%;
    font-weight: 600;
    font-size: 0.875em;
    color: var(--_warn);
  }
  .open .status {
    color: var(--_open);
  }
  :is(.closed, .temporarily-closed, .permanently-closed) .status {
    color: var(--_closed);
  }
  .warning {
    color: var(--_warn);
  }
  .meta {
    flex-wrap: wrap;
    column-gap: 0.6em;
    margin-top: 0.1em;
    font-size: 0.875em;
    color: var(--_muted);
  }
  .warning,
  dd,
  .when {
    font-weight: 600;
  }
  .body {
    flex: 1 1 0;
    flex-direction: column;
    gap: 0;
    min-height: 0;
    overflow: hidden;
  }
  /* from 900 px, two columns: the figures, then the chart across the card, then the surface beside the
     comment and the terrain; the chart's row takes the room the frame has over the report (.report .chart) */
  @container (width >= 60em) {
    .report {
      display: grid;
      grid: auto 1fr auto auto / repeat(2, minmax(0, 1fr));
      column-gap: 2.5em;
    }
    .report > * {
      grid-column: 1 / -1;
    }
    .report > [part='surface'] {
      grid-area: 3 / 1;
    }
    .report .comment {
      grid-area: 3 / 2;
    }
  }
  h3 {
    font-size: 0.75em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_muted);
    margin: 0.9em 0 0.2em;
  }
  dl,
  dd,
  figure,
  p,
  ol,
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .figs {
    flex-wrap: wrap;
    column-gap: 2em;
  }
  .figures {
    flex-wrap: wrap;
  }
  .figures dd {
    font-size: 1.3em;
    line-height: 1.25;
  }
  dt,
  figcaption,
  .muted {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .row {
    margin-top: 0.7em;
  }
  .row h3 {
    margin-top: 0;
  }
  .pairs {
    flex-wrap: wrap;
  }
  .pairs div {
    flex: 1 0 auto;
    min-width: 0;
  }
  /* the frame is as tall as the longest report in any language: the chart takes the room a shorter report
     leaves, so that it shows as bars rather than as empty bands between the blocks */
  .report .chart {
    display: flex;
    flex: 1 1 6.5em;
    flex-direction: column;
    min-height: 5.5em;
    margin-top: 0.9em;
  }
  .chart ol {
    flex: 1;
    display: grid;
    grid: 1fr / repeat(7, minmax(0, 1fr));
    gap: 0.3em;
    min-height: 0;
  }
  .chart li {
    display: grid;
    grid-template-rows: 1fr auto auto;
    justify-items: center;
    min-height: 0;
    font-size: max(0.75em, 11px);
    line-height: 1.3;
    color: var(--_muted);
  }
  .track {
    display: flex;
    align-items: end;
    width: 100%;
    min-height: 0;
  }
  .bar,
  .ph {
    width: 100%;
    min-height: 2px;
    background: var(--_bar);
    border-radius: 3px 3px 0 0;
  }
  .difficulty {
    display: flex;
    flex-wrap: wrap;
    gap: 0.15em 1.2em;
    margin-top: 0.35em;
    font-size: 0.875em;
  }
  .difficulty li {
    align-items: center;
    gap: 0.3em;
  }
  .mark {
    width: 1.5em;
    height: 1em;
    fill: var(--_fg);
  }
  .d1 .mark {
    fill: var(--_easy);
  }
  .d2 .mark {
    fill: var(--_blue);
  }
  .comment {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
    min-height: 0;
    margin: 0.7em 0 0;
    padding-left: 0.75em;
    border-left: 3px solid var(--_line);
    font-style: italic;
  }
  .days {
    display: grid;
    grid: auto-flow var(--_rh) / repeat(var(--_cols), minmax(0, 1fr));
    gap: 0.4em;
  }
  .days li {
    display: grid;
    grid-template: 'when when' auto 'icon temps' 1fr 'more more' auto / auto 1fr;
    align-items: center;
    gap: 0 0.4em;
    min-width: 0;
    padding: 0.35em 0.45em;
    overflow: hidden;
    border: 1px solid var(--_line);
    border-radius: 8px;
    font-size: 0.875em;
    line-height: 1.3;
  }
  .when {
    grid-area: when;
  }
  .days .icon {
    grid-area: icon;
  }
  .temps,
  .more {
    grid-area: temps;
    flex-direction: column;
    justify-content: space-between;
    column-gap: 0.8em;
    min-width: 0;
  }
  .more {
    grid-area: more;
  }
  .temps span,
  .more {
    color: var(--_muted);
  }
  @container (width < 42.6666em) {
    [data-n='5'] .days li {
      grid-template: 'icon when temps' 1fr 'icon more more' 1fr / auto minmax(0, 1fr) auto;
    }
    [data-n='5'] :is(.temps, .more) {
      flex-direction: row;
    }
  }
  @container (width < 26.6666em) {
    .days li {
      grid-template: 'icon when temps' 1fr 'icon more more' 1fr / auto minmax(0, 1fr) auto;
      padding-inline: 0.45em;
    }
    .temps,
    .more {
      flex-direction: row;
      column-gap: 0.45em;
    }
  }
  abbr {
    text-decoration: none;
  }
  .icon,
  .glyph,
  .picture {
    width: 2.1em;
    height: 2.1em;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .icon .sun,
  .icon .bolt {
    stroke: #b97800;
  }
  .icon .cloud,
  .picture {
    stroke: var(--_muted);
  }
  .icon :is(.snow, .rain),
  .picture .sign {
    stroke: var(--_accent);
  }
  .glyph {
    width: 0.8em;
    height: 0.8em;
    margin-right: 0.15em;
  }
  .content {
    grid-area: 1 / 1;
    display: flex;
    flex-direction: column;
    min-height: 0;
    overflow: hidden;
  }
  .foot {
    grid-area: 2 / 1;
    align-self: start;
    /* a padding that leaves the column no room cannot squeeze it: it stands over the padding, centred */
    justify-self: center;
    width: max(100%, min(100cqi - 2px, 18em));
    position: relative;
    z-index: 2147483647;
    margin-top: 0.6em;
    background: var(--_bg);
  }
  .links ul {
    flex-wrap: wrap;
    gap: 0 0.9em;
    font-size: 0.8125em;
  }
  /* every link and button is a target 24 px tall or more (WCAG 2.2, target size), whatever the text size */
  .links a,
  .attribution a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
  ${ATTRIBUTION}
  .message {
    align-items: center;
    justify-content: center;
    gap: 0.35em;
    text-align: center;
  }
  .message p {
    max-width: 30em;
    font-size: 1.05em;
  }
  .picture {
    width: 4.5em;
    height: 3.75em;
  }
  .picture .sign {
    stroke-width: 2;
  }
  /* the skeleton: the forecast's tiles where they will be, and bars where the figures and the chart will */
  .ph {
    display: block;
    border-radius: 6px;
    background: var(--_line);
    animation: pulse 1.6s ease-in-out infinite;
  }
  .skeleton {
    justify-content: start;
    gap: 1em;
    padding-top: 1em;
  }
  .skeleton .ph {
    width: 60%;
    height: 3em;
  }
  .skeleton .ph + .ph {
    width: 100%;
    height: 6.5em;
  }
  .days .ph {
    border: 0;
  }
  @keyframes pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .ph {
      animation: none;
    }
  }
  button {
    min-height: 24px;
    font: inherit;
    margin-top: 0.5em;
    padding: 0.35em 1em;
    border-radius: 6px;
    border: 1px solid var(--_accent);
    background: none;
    color: var(--_accent);
    cursor: pointer;
  }
  /* the compact strip's padding, here rather than in its sheet (render/compact.ts): its skeleton, drawn
     before that sheet arrives, already sits where the strip's content will */
  .compact {
    padding: var(--rc-padding, 0.4em 0.6em);
  }
`;
