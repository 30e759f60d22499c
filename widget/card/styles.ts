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
import card from './card.css?raw';

/** The frame in the shadow root: `data-n` is today and the days after it. */
const FRAME_GEOMETRY = geometry('.frame', (n) => "[data-n='" + n + "']");

/** The style sheet, as text: each element adopts it, and the pre-rendered cards carry it (with `STATIC_COPY`). */
export const styles =
  HOST +
  // the frame's height: FRAME_GEOMETRY; the compact strip's, its own
  FRAME_GEOMETRY +
  compactGeometry('.compact') +
  card +
  CONTENT +
  SEASON_FRAME;
