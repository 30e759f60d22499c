/**
 * The compact strip's height (`layout="compact"`): like the full card's (geometry.css), a function of the
 * element's width alone, the same in every language and state, written in compact-geometry.css from the
 * table below (test/widget/compact.test.ts holds the one to the other), for the frame in the shadow root and
 * for the room a page reserves before the script runs (scripts/tooling/reservations.ts). The text scales
 * down under 320 px as the card's does (the frame's `font-size`), so these are em of the scaled text.
 *
 * The strip is groups of lines (card/compact.ts): name, state and update (`--_g1` lines of 1.45em); today's
 * weather and the figures (`--_g2` lines of 1.4em); the links (one line of 24 px targets); the attribution's
 * text (`--_ta` lines of 1.2727 times its text of 0.7333em, 14 px of 11 px at the default) and its app links (`--_tb` lines of 24 px). How many lines each
 * group has at a step is what it holds there in every language: the name, the state and the update, today's
 * weather and the figures each have their place on their lines, so they take them in every language; only
 * the attribution's text, from the files, may take a line less, whose room stays inside the attribution, half
 * above it and half below (the browser sweep holds every empty band to one line of the strip's text,
 * test/browsers/sweep.ts).
 */

/** The lines of each group of the strip at each width step, from the widest; `from` in em of its text. */
export const STRIP_STEPS = [
  // one line for name, state and update, one for the weather and the figures, one for the attribution
  { from: 68, g1: 1, g2: 1, ta: 0, tb: 1 },
  // the attribution's app links on a line below its text
  { from: 48, g1: 1, g2: 1, ta: 1, tb: 1 },
  // the weather and the figures in three columns, on two lines
  { from: 36, g1: 1, g2: 2, ta: 1, tb: 1 },
  // the name on a line of its own; each app link too, the text on two lines
  { from: 32, g1: 2, g2: 2, ta: 2, tb: 2 },
  // the weather on a line of its own, the figures in two columns without the last days' snow
  { from: 0, g1: 2, g2: 3, ta: 2, tb: 2 },
] as const;

export type StripStep = (typeof STRIP_STEPS)[number];

/** The strip's height at a step, in px, for text of `em` px (the attribution's text is 0.7333em, 11 px at the default). */
export const stripHeight = (step: StripStep, em: number): number =>
  1.4 * em + 32 + step.g1 * 1.45 * em + step.g2 * 1.4 * em + step.ta * 1.2727 * 0.7333 * em + step.tb * 24;
