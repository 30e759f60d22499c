/**
 * The compact strip's height (`layout="compact"`), the one place it is written: like the full card's
 * (geometry.ts), a function of the element's width alone, the same in every language and state. From this
 * table `npm run geometry` writes compact-geometry.css (scripts/tooling/geometry.ts), the rules of the frame
 * in the shadow root, from which the build writes the room a page reserves before the script runs and the
 * room of a pre-rendered strip in an iframe (scripts/tooling/reservations.ts); test/tooling/reservations.test.ts
 * fails when the style sheet is not this table's. The text scales down under 320 px as the card's does (the
 * frame's `font-size`), so these are em of the scaled text.
 *
 * The strip is groups of lines (card/compact.ts): name, state and update (`--_g1` lines of 1.45em); today's
 * weather and the figures (`--_g2` lines of 1.4em); the links (one line of 24 px targets); the attribution's
 * text (`--_ta` lines of 0.9333em, 1.2727 times its text of 0.7333em: 14 px of 11 px at the default) and its app links
 * (`--_tb` lines of 24 px). How many lines each group has at a step is what it holds there in every language:
 * the name, the state and the update, today's weather and the figures each have their place on their lines,
 * so they take them in every language; only the attribution's text, from the files, may take a line less,
 * whose room stays inside the attribution, half above it and half below (the browser sweep holds every empty
 * band to one line of the strip's text, test/browsers/sweep.ts).
 *
 * compact.css lays each group out in these lines (a group's height, its rows, its items' line heights, the
 * attribution's `font`): test/tooling/reservations.test.ts fails when a line height it sets is not this
 * table's, so that a change here that compact.css does not follow is found before a browser finds the gap.
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

export type StripGroup = 'g1' | 'g2' | 'ta' | 'tb';
/** A step of the table: from how many em of its text, and each group's lines. */
export type StripStep = { readonly from: number } & Readonly<Record<StripGroup, number>>;

/** A length the strip's height adds up: `em` of its text (each factor written as it is) and px. */
export interface StripLength {
  em?: readonly number[];
  px?: number;
}

/**
 * What the strip's height adds up: the frame's padding, the gaps between its groups and the line of the
 * resort's links (`fixed`, whatever the step), and one line of each group, times that group's lines at the
 * step (compact.css gives each group that height, from the same custom properties).
 */
export const STRIP_LINES: { fixed: StripLength } & Record<StripGroup, StripLength> = {
  fixed: { em: [1.4], px: 32 },
  g1: { em: [1.45] },
  g2: { em: [1.4] },
  ta: { em: [0.9333] },
  tb: { px: 24 },
};

/**
 * The attribution's text as compact.css sets it (`font`): 0.7333em of the strip's text (11 px at the default)
 * in lines of 1.2727 (14 px), which is `ta`'s line of the strip's text (0.9333em, to the 4 decimals written).
 */
export const STRIP_ATTRIBUTION = { text: 0.7333, line: 1.2727 } as const;

/** A length in px for text of `em` px. */
const px = (length: StripLength, em: number) =>
  (length.em ? length.em.reduce((a, b) => a * b, em) : 0) + (length.px ?? 0);

/** The strip's height at a step, in px, for text of `em` px (the attribution's text is 0.7333em, 11 px at the default). */
export const stripHeight = (step: StripStep, em: number, lines = STRIP_LINES): number =>
  px(lines.fixed, em) +
  (['g1', 'g2', 'ta', 'tb'] as const).reduce((sum, group) => sum + step[group] * px(lines[group], em), 0);
