/**
 * The list's styles. One frame whose height is a function of the element's width (a table from 60em, a
 * stacked list of fixed-height rows below) and of its number of rows, nothing else, so that the page below
 * never moves: the rows are known before the data (`--_n`, set by the element from its `resorts` or its
 * data, and before that the page's `--rc-rows`, which `resort-conditions-list.css` sets per region:
 * `listReservation`, reservation.ts). Every cell holds at most its lines (names and states two, figures one, never
 * wrapped away from their units); the colours and the attribution are the card's (`../styles.ts`).
 */
import { ATTRIBUTION, HOST } from '../shared-styles.ts';

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

/** The build's rules: each region's number of rows, for the reservation and the element alike. */
export const regionRows = (counts: ReadonlyArray<readonly [region: number, rows: number]>): string =>
  counts
    .map(([region, rows]) => `:where(resort-conditions-list[region='${region}']){--rc-rows:${rows}}`)
    .join('');

/** The style sheet each list adopts, as text; the pre-rendered lists carry it. */
export const listStyles = /* css */ `
  ${HOST}
  ${listGeometry('.frame')}
  .frame {
    display: grid;
    grid-template: minmax(0, 1fr) auto / minmax(0, 1fr);
    overflow: hidden;
    padding: 0.75em 1em;
    line-height: 1.25;
    background: var(--_bg);
    border: 1px solid var(--_line);
    border-radius: min(var(--rc-radius, 12px), 1.5rem);
  }
  .table-box {
    grid-area: 1 / 1;
    min-height: 0;
    overflow: hidden;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    table-layout: fixed;
  }
  caption {
    height: 2em;
    padding-top: 0.5em;
    line-height: 1.5em;
    text-align: start;
    font-weight: 600;
    font-size: 1em;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  th,
  td {
    padding: 0 0.3em;
    text-align: end;
    font-weight: normal;
    overflow: hidden;
    box-shadow: inset 0 -1px var(--_line);
  }
  /* the header's and each row's height with or without their cells (none while the rows load), in the
     frame's em (their cells' text is smaller) */
  thead tr {
    height: var(--_head);
  }
  tbody tr {
    height: var(--_row);
  }
  thead th {
    font-size: 0.8em;
    color: var(--_muted);
    vertical-align: middle;
  }
  td,
  tbody th {
    vertical-align: middle;
    font-size: 0.9333em;
  }
  .name,
  .status,
  .date {
    text-align: start;
  }
  col.c-status {
    width: 10em;
  }
  col.c-date {
    width: 6em;
  }
  col.v {
    width: 4.4em;
  }
  th :is(button, .sort) {
    display: inline-flex;
    align-items: center;
    gap: 0.15em;
    min-height: 24px;
    max-width: 100%;
    padding: 0;
    border: 0;
    background: none;
    font: inherit;
    color: inherit;
    text-align: inherit;
    cursor: pointer;
    /* between words, and inside one only at its soft hyphens (strings.ts, hyphenated) */
    overflow-wrap: normal;
    hyphens: manual;
  }
  th button:focus-visible,
  a:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  th[aria-sort] button {
    color: var(--_fg);
    font-weight: 600;
  }
  .arrow {
    flex: none;
    width: 0.8em;
  }
  .clamp {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .name .clamp {
    font-weight: 600;
  }
  /* a state's glyphs from another font than the frame's (Japanese, in Firefox) reach a pixel or two past
     its lines: room for them above and below, its lines where they were (a state takes two at the most) */
  td.status .clamp {
    padding-block: 0.1em;
    margin-block: -0.1em;
  }
  a {
    color: var(--_accent);
    display: -webkit-box;
    min-height: 24px;
    padding-top: calc((24px - 1.25em) / 2);
  }
  .fig {
    white-space: nowrap;
  }
  .label {
    display: none;
  }
  .open {
    color: var(--_open);
  }
  :is(.closed, .temporarily-closed, .permanently-closed) {
    color: var(--_closed);
  }
  .warning {
    display: block;
    color: var(--_warn);
    font-weight: 600;
    font-size: 0.9em;
  }
  .muted {
    color: var(--_muted);
  }
  .message td {
    text-align: center;
  }
  .message p {
    margin: 0;
  }
  button.retry {
    min-height: 24px;
    font: inherit;
    margin-top: 0.3em;
    padding: 0.2em 1em;
    border-radius: 6px;
    border: 1px solid var(--_accent);
    background: none;
    color: var(--_accent);
    cursor: pointer;
  }
  .ph {
    display: block;
    height: 0.9em;
    border-radius: 4px;
    background: var(--_line);
  }
  .foot {
    grid-area: 2 / 1;
    margin-top: 0.3em;
  }
  .attribution a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    padding: 0;
  }
  ${ATTRIBUTION}
  /* the attribution: its text in lines of 14 px (7/6 of its text), its app links in lines of 24 px, in the
     middle of the lines its step has (listGeometry) */
  .attribution {
    display: flex !important;
    flex-wrap: wrap;
    align-items: center;
    align-content: center;
    gap: 0 0.5em;
    height: calc(var(--_ta) * 1.1667em + var(--_tb) * 24px + 4px);
    margin: 0 !important;
    padding: 2px 0.5em;
    font: var(--_af) / 1.1667 system-ui, sans-serif !important;
  }
  .attribution img {
    flex: none;
    margin: 0;
  }
  .attribution span {
    flex: 1 1 calc(100% - 16px - 0.5em);
    min-width: 0;
  }
  .attribution a {
    flex: none;
    white-space: nowrap;
  }
  @container (width < 40em) {
    .attribution a {
      flex-basis: 100%;
    }
  }
  /* stacked: each resort a block of fixed rows (name; state and day; the figures, four to a line), the
     sort buttons a grid above them */
  /* TABLE_FROM, written out: the minifier reads no interpolation in a rule's prelude (test/widget/list.test.ts) */
  @container (width < 60em) {
    table,
    tbody,
    caption {
      display: block;
    }
    colgroup {
      display: none;
    }
    /* the sort buttons in a grid of lines of 24 px: five to a line, three under 30em, every one whole: each
       column as wide as its longest button (Czech "Vleky a lanovky", Slovene "Posodobljeno"), the room left
       between the columns */
    thead {
      display: block;
      height: var(--_head);
      box-shadow: inset 0 -1px var(--_line);
    }
    thead tr {
      display: grid;
      grid: auto-flow 24px / repeat(5, max-content);
      justify-content: space-between;
      align-content: center;
      column-gap: 0.5em;
      height: 100%;
    }
    thead th {
      display: flex;
      align-items: center;
      height: auto;
      padding: 0;
      box-shadow: none;
      vertical-align: middle;
    }
    th button {
      white-space: nowrap;
      align-items: center;
    }
    tbody tr {
      display: grid;
      grid-template: 1.5em 2.5em 2.4em 2.4em / repeat(4, minmax(0, 1fr));
      column-gap: 0.5em;
      height: var(--_row);
      padding: 0.4em 0;
      overflow: hidden;
      box-shadow: inset 0 -1px var(--_line);
    }
    td,
    tbody th {
      display: block;
      height: auto;
      padding: 0;
      box-shadow: none;
      text-align: start;
      font-size: 1em;
    }
    /* the name on one line (each of the sample's, in every language, at every width): a line it would not
       use would be an empty band inside the row */
    tbody .name {
      grid-column: 1 / -1;
      align-self: center;
    }
    tbody .name .clamp {
      display: block;
      overflow: hidden;
      white-space: nowrap;
      text-overflow: ellipsis;
    }
    /* the table's size: the longest state of every language ("Chiuso temporaneamente") on two lines in
       half of a 320 px list */
    td.status {
      grid-column: 1 / 3;
      font-size: 0.9333em;
    }
    td.date {
      grid-column: 3 / 5;
    }
    /* the figures' second line holds three: lifts take two quarters, for labels such as "Vleky a lanovky" */
    td.lifts {
      grid-column: span 2;
    }
    /* each fills its line of the grid, its text in the middle: a Japanese day's glyphs, taller than the
       line's height in Firefox, stay inside the cell */
    :is(td.status, td.date) {
      display: flex;
      align-items: center;
      min-height: 0;
    }
    .label {
      display: block;
      font-size: 0.8em;
      color: var(--_muted);
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    tr.message {
      display: flex;
      align-items: center;
      justify-content: center;
    }
  }
  @container (width < 30em) {
    thead tr {
      grid-template-columns: repeat(3, max-content);
    }
  }
  /* a 320 px phone's list (304 px inside the page's margins): the figures' gaps give their labels the
     room of "Ala-asema" */
  @container (width < 21em) {
    tbody tr {
      column-gap: 0.25em;
    }
  }
`;
