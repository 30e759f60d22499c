/**
 * The full card's height, the one place it is written: a function of the element's width step and the
 * forecast's tiles (`--n`, by the frame's `data-n` attribute, not by a style attribute that a page's CSP could
 * refuse), and of the season chart's room (`--_season`, set by the `season` attribute: widget/season/room.css),
 * nothing else. From this table `npm run geometry` writes geometry.css (scripts/tooling/geometry.ts), the
 * rules of the frame in the shadow root, from which the build writes the room a page reserves before the
 * script runs and the room of a pre-rendered card in an iframe (scripts/tooling/reservations.ts);
 * test/tooling/reservations.test.ts fails when the style sheet is not this table's, or when a line height the
 * card's style sheets set is not the one this table counts. Lengths are em of the frame's text, which scales
 * down under `narrowest` em (320 px at the default 15 px) to `least` px at the least, as the list's does.
 *
 * The body's room by width (`base`) was measured on the sample in every language at each step's narrowest
 * width; a forecast in one column (narrow, or five days that would not fill two rows) is a list of rows.
 */

/** A number of forecast rows or columns: a count, or `n`, as many as the frame has tiles (`var(--n)`). */
export type CardCount = number | 'n';

/** What a step sets on the frame: the forecast's columns, rows and row height, the body's room, the lines of links. */
export interface CardFrame {
  /** the forecast's columns */
  readonly cols?: CardCount;
  /** the forecast's rows */
  readonly rows?: CardCount;
  /** a forecast row's height, em */
  readonly rh?: number;
  /** the body's room: everything but the forecast, the links' and the attribution's targets and the season chart, em */
  readonly base?: number;
  /** the lines the resort's links wrap to at the step (its longest list in every language) */
  readonly links?: number;
}

/** A line of text as the card's style sheets set it: its text in em of the frame's, and its unitless line height. */
export interface CardLine {
  readonly text: number;
  readonly line: number;
}

/** A width step: under `below` em of the frame's text, what it sets on the frame and on the frame of `n` tiles. */
export interface CardStep {
  readonly below: number;
  readonly frame?: CardFrame;
  readonly tiles?: Readonly<Record<number, CardFrame>>;
}

export const CARD = {
  /** the card's text scales down with its width under this many em (21.3333: 320 px at 15 px)… */
  narrowest: 21.3333,
  /** …to this many px at the least */
  least: 10,
  /** the most tiles a forecast has (today and 5 days): a `data-n` rule for each */
  tiles: 6,
  /** the frame at its widest, with the default 4 tiles */
  widest: { n: 4, cols: 'n', rows: 1, rh: 7.2, base: 35.5, links: 1 },
  /** the gap between the forecast's rows, em (content.css, `.days`) */
  rowGap: 0.4,
  /** every link and button is a target this many px tall (WCAG 2.2, target size; content.css) */
  target: 24,
  /** a line of the resort's links: its text (content.css, `.links ul`) and the frame's line height (card.css) */
  linksLine: { text: 0.8125, line: 1.4 },
  /** the attribution's lines with links in them, and one line of its text (attribution.css) */
  attribution: { lines: 2, text: 0.8, line: 1.4 },
  /**
   * each narrower step, in the order the sheet applies them: a step that sets what a wider one sets on the
   * same frame comes after it, so that its rules win (the writer refuses a table where it does not); the
   * forecast's step under 640 px sets nothing the two before it set, and stays where the sheet has it
   */
  steps: [
    // under 900 px: the links on two lines; six tiles in two rows of three
    { below: 60, frame: { base: 41.2, links: 2 }, tiles: { 6: { cols: 3, rows: 2 } } },
    // under 560 px: the figures in a column (card.css)
    { below: 37.3333, frame: { base: 48.2 } },
    // under 480 px: the links on three lines
    { below: 32, frame: { base: 53.2, links: 3 } },
    // under 640 px: four tiles in two rows of two, five in a list of rows
    { below: 42.6666, tiles: { 4: { cols: 2, rows: 2 }, 5: { cols: 1, rows: 5, rh: 2.9 } } },
    // under 400 px: every forecast a list of rows
    { below: 26.6666, frame: { base: 52.7, cols: 1, rows: 'n', rh: 2.9 } },
    // under 360 px: the links on four lines
    { below: 24, frame: { base: 57.8, links: 4 } },
  ],
} as const satisfies {
  narrowest: number;
  least: number;
  tiles: number;
  widest: Required<CardFrame> & { readonly n: number };
  rowGap: number;
  target: number;
  linksLine: CardLine;
  attribution: CardLine & { readonly lines: number };
  steps: readonly CardStep[];
};

/** The card's table, or one like it (a test's change of it). */
export type CardTable = {
  readonly [K in keyof typeof CARD]: K extends 'steps'
    ? readonly CardStep[]
    : K extends 'widest'
      ? Required<CardFrame> & { readonly n: number }
      : K extends 'linksLine'
        ? CardLine
        : K extends 'attribution'
          ? CardLine & { readonly lines: number }
          : number;
};

/** A line's height in em of the frame's text, to the 4 decimals the style sheet writes. */
export const lineHeight = ({ text, line }: CardLine): number => Math.round(text * line * 1e4) / 1e4;
