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
import { geometry } from './geometry.ts';
import { CONTENT } from './content-styles.ts';
import { HOST } from '../shared-styles.ts';
import { SEASON_FRAME } from '../season/room.ts';

/** The frame in the shadow root: `data-n` is today and the days after it. */
const FRAME_GEOMETRY = geometry('.frame', (n) => "[data-n='" + n + "']");

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
${CONTENT}${SEASON_FRAME}`;
