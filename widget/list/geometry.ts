/**
 * The list's height, the one place it is written: a function of the element's width and of its number of
 * rows (`--_n`, set by the element, and before that the page's `--rc-rows`), nothing else. From this table
 * `npm run geometry` writes geometry.css (scripts/tooling/geometry.ts), the rules of the frame in the shadow
 * root, from which the build writes the room a page reserves before the script runs and the room of a
 * pre-rendered list in an iframe (scripts/tooling/reservations.ts); test/tooling/reservations.test.ts fails
 * when the style sheet is not this table's, or when a length the list's style sheets set is not the one this
 * table counts.
 *
 * The list is a frame (its border and padding), a caption, the header (a table's row of headers, its sort
 * buttons; stacked, one select of the sort in `hr` lines of 24 px targets: one), `n` rows, and
 * the attribution: its text in `ta` lines of `attributionLine` times its text (`af`: 0.7333em, 0.8em from
 * 30em, 11 and 12 px at the default, scaling with the list's) and its app links in `tb` lines of 24 px
 * targets, each as many as the step needs in every language of the sample (a language whose text takes a
 * line less leaves half of it above and half below, never a band). Narrower than `narrowest` em (320 px at
 * the default text size, 400 px at a root font of 20 px) its text scales down with its width, as the card's
 * does, to `least` px at the least. Lengths are em of the list's text.
 */

/**
 * Where the list is a table rather than stacked rows: 60em (900 px at the default 15 px), where the state's
 * column holds the longest state of every language on two lines ("Chiuso temporaneamente": 131 px at 14 px)
 * and the name's column keeps about 11em. The frame's height changes there too (the table's step below,
 * which test/widget/list.test.ts holds to this value).
 */
export const TABLE_FROM = '60em';

/** What a step sets on the frame. */
export interface ListFrame {
  /** the lines of the stacked rows' header, their select's (24 px targets each) */
  readonly hr?: number;
  /** the header's height, em, where it is a table's row of headers rather than lines of buttons */
  readonly head?: number;
  /** a row's height, em */
  readonly row?: number;
  /** the attribution's text, em */
  readonly af?: number;
  /** the lines of the attribution's text */
  readonly ta?: number;
  /** the lines of the attribution's app links (24 px targets) */
  readonly tb?: number;
}

/** A width step: from `from` em of the list's text, what it sets on the frame. */
export interface ListStep {
  readonly from: number;
  readonly frame: ListFrame;
}

export const LIST = {
  /** the list's text scales down with its width under this many em (21.3333: 320 px at 15 px)… */
  narrowest: 21.3333,
  /** …to this many px at the least */
  least: 10,
  /** the frame at its narrowest, stacked (its header the select's line, below it half a line) */
  narrowestStep: { hr: 1, row: 9.6, af: 0.7333, ta: 2, tb: 2 },
  /** the room below the select's line of the header, where it is that line, em */
  headBelow: 0.5,
  /** the frame's border, px, each side (list.css) */
  border: 1,
  /** the frame's padding above and below, em, each side (list.css) */
  padding: 0.75,
  /** the caption's height, em (list.css) */
  caption: 2,
  /** the foot's margin above the attribution, em (list.css) */
  foot: 0.3,
  /** the attribution's padding above and below, px, each side (list-narrow.css) */
  attributionPadding: 2,
  /** the attribution's line height, unitless: 7/6 of its text (list-narrow.css) */
  attributionLine: 1.1667,
  /** every link and button is a target this many px tall (WCAG 2.2, target size) */
  target: 24,
  /** each wider step, from the narrowest: a wider one comes later, so that its rules win */
  steps: [
    // the attribution's text 12 px (the header stays the select's one line up to the table)
    { from: 30, frame: { af: 0.8 } },
    // the attribution on one line
    { from: 40, frame: { ta: 1, tb: 1 } },
    // a table (`TABLE_FROM`): a row of headers, rows of one line
    { from: Number.parseFloat(TABLE_FROM), frame: { head: 2.75, row: 3 } },
  ],
} as const satisfies {
  narrowest: number;
  least: number;
  narrowestStep: Required<Omit<ListFrame, 'head'>>;
  headBelow: number;
  border: number;
  padding: number;
  caption: number;
  foot: number;
  attributionPadding: number;
  attributionLine: number;
  target: number;
  steps: readonly ListStep[];
};

/** The list's table, or one like it (a test's change of it). */
export type ListTable = {
  readonly [K in keyof typeof LIST]: K extends 'steps'
    ? readonly ListStep[]
    : K extends 'narrowestStep'
      ? Required<Omit<ListFrame, 'head'>>
      : number;
};
