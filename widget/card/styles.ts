/**
 * The element's styles. Theme with the custom properties below and `::part()`; dark mode follows
 * `prefers-color-scheme`, or the `theme` attribute (`light`, `dark`) of a page with a switch of its own.
 * The card is one frame whose height depends only on the element's width (four container-query steps)
 * and `days` (`--n` tiles); every state fills the same frame, so nothing below the element moves when the
 * files arrive (widget/README.md, "Sizes, heights and layout"). Inside it, the body absorbs what the other
 * blocks take.
 * Values never wrap away from their units; a forecast that would not fill its rows is a list.
 */
import { CONTENT } from './content-styles.ts';
import { HOST } from '../shared-styles.ts';
import { SEASON_FRAME } from '../season/room.ts';
import card from './card.css?raw';
import compactGeometry from './compact-geometry.css?raw';
import geometry from './geometry.css?raw';

/** The style sheet, as text: each element adopts it, and the pre-rendered cards carry it (with `STATIC_COPY`). */
export const styles =
  HOST +
  // the frame's height (`data-n` is today and the days after it); the compact strip's, its own
  geometry +
  compactGeometry +
  card +
  CONTENT +
  SEASON_FRAME;
