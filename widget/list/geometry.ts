/**
 * The list's geometry: where it is a table, and the frame's height by width and rows, written once for the
 * shadow root's frame (styles.ts) and once for the room a page reserves (reservation.ts,
 * frame-reservation.ts). The latter run in the build's own process too (vite.config.ts), so this module
 * imports no style sheet.
 */
/**
 * Where the list is a table rather than stacked rows: 60em (900 px at the default 15 px), where the state's
 * column holds the longest state of every language on two lines ("Chiuso temporaneamente": 131 px at 14 px)
 * and the name's column keeps about 11em.
 */
export const TABLE_FROM = '60em';

/**
 * The frame's height, by width: a caption, the header (a table's row of headers, or its sort buttons in a
 * grid of `--_hr` lines of 24 px targets), `n` rows, and the attribution: its text in `--_ta` lines of 14 px
 * (its 12 px text, 11 px under 30em) and its app links in `--_tb` lines of 24 px targets, each as many as
 * the step needs in every language of the sample (a language whose text takes a line less leaves half of
 * it above and half below, never a band). Narrower than 21.33em (320 px at the default text size, 400 px at a
 * root font of 20 px) its text scales down with its width, as the card's does, to 10 px at the least. Written once for the shadow root's frame and once for the room a
 * page reserves.
 */
export function listGeometry(frame: string): string {
  return /* css */ `
  ${frame} {
    --_hr: 4;
    --_head: calc(var(--_hr) * 24px + 0.5em);
    --_row: 9.6em;
    --_af: min(11px, 0.7333em);
    font-size: max(10px, min(1em, 100cqi / 21.3333));
    --_ta: 2;
    --_tb: 2;
    height: calc(2px + 1.5em + 2em + var(--_head) + var(--_n, var(--rc-rows, 1)) * var(--_row) + 0.3em + 4px + var(--_ta) * 1.1667 * var(--_af) + var(--_tb) * 24px);
  }
  @container (min-width: 30em) {
    ${frame} {
      --_hr: 2;
      --_af: 12px;
    }
  }
  @container (min-width: 40em) {
    ${frame} {
      --_ta: 1;
      --_tb: 1;
    }
  }
  /* TABLE_FROM, written out: the minifier reads no interpolation in a rule's prelude */
  @container (min-width: 60em) {
    ${frame} {
      --_head: 2.75em;
      --_row: 3em;
    }
  }
`;
}
