/**
 * The season chart's room (`season`, widget/README.md, "Season chart"): a card with the attribute is taller by
 * `SEASON_ROOM` than the same card without it, whatever it shows, before the script runs as after. The room is
 * one more term of the frame's height (`--_season` in `geometry`, widget/card/geometry.ts), set by the
 * attribute alone, so the frame in the shadow root and the room `resort-conditions.css` reserves are one
 * height. This module is in the card's script and its style sheet; the chart is a chunk of its own
 * (widget/season/chart.ts).
 */

/** The chart's room, in em of the card's frame (which scales down under 21.33em, as the rest of the card). */
export const SEASON_ROOM = '10.4em';

/** `--_season` for `selector`: the frame's height term, on a card with the `season` attribute. */
export const seasonRoom = (selector: string): string => /* css */ `
  ${selector} {
    --_season: ${SEASON_ROOM};
  }
`;

/**
 * In the shadow root: the room on a full card with `season`, and the chart's block in it, between the card's
 * content and its foot (the resort's links and the attribution), as tall as the room, from the first report
 * on (its placeholder while the chart's chunk and the file come). Without a chart (no file, or a file that is
 * no season), the content takes the room, as it takes the room a shorter report leaves.
 */
export const SEASON_FRAME =
  // the compact strip's frame has a height of its own, without the term
  seasonRoom(':host([season]) .frame') +
  /* css */ `
  .frame > .season {
    grid-area: 2 / 1;
    height: var(--_season);
  }
  .foot:has(~ .season) {
    grid-area: 3 / 1;
  }
`;
