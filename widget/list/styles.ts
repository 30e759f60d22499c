/**
 * The list's styles. One frame whose height is a function of the element's width (a table from 60em, a
 * stacked list of fixed-height rows below) and of its number of rows, nothing else, so that the page below
 * never moves: the rows are known before the data (`--_n`, set by the element from its `resorts` or its
 * data, and before that the page's `--rc-rows`, which `resort-conditions-list.css` sets per region:
 * `listReservation`). Every cell holds at most its lines (names and states two, figures one, never
 * wrapped away from their units); the colours and the attribution are the card's (`../styles.ts`).
 */
import { ATTRIBUTION, DARK, HOST_BOX } from '../styles.ts';

/**
 * Where the list is a table rather than stacked rows: 60em (900 px at the default 15 px), where the state's
 * column holds the longest state of every language on two lines ("Chiuso temporaneamente": 131 px at 14 px)
 * and the name's column keeps about 11em.
 */
export const TABLE_FROM = '60em';

/**
 * The frame's height, by width: a caption, the header (a table's, or a row of sort buttons that scrolls
 * sideways), `n` rows, and the attribution in lines of 24 px targets (its 12 px text and links, up to 162
 * characters in the sample's languages: two lines in a table, three to five as the width narrows) plus its
 * 12 px of padding and margin. Written once for the shadow root's frame and once for the room a page reserves.
 */
export function listGeometry(frame: string): string {
  return /* css */ `
  ${frame} {
    --_head: 2.25em;
    --_row: 10.75em;
    --_fl: 5;
    height: calc(2px + 1.5em + 2em + var(--_head) + var(--_n, var(--rc-rows, 1)) * var(--_row) + 0.5em + 12px + var(--_fl) * 24px);
  }
  @container (min-width: 30em) {
    ${frame} {
      --_fl: 4;
    }
  }
  @container (min-width: 40em) {
    ${frame} {
      --_fl: 3;
    }
  }
  @container (min-width: ${TABLE_FROM}) {
    ${frame} {
      --_head: 2.75em;
      --_row: 3em;
      --_fl: 2;
    }
  }
`;
}

/**
 * `resort-conditions-list.css`'s fixed part, for a page's `<head>`: before the script has defined the
 * element, each `<resort-conditions-list>` takes its frame's height, for as many rows as the page's
 * `--rc-rows` says (the build sets it for every region it publishes, `regionRows`, and for a `resorts` list
 * from the snapshot's ids it names, scripts/site/lists.ts), one for a `resorts` of one id without the
 * build's rules. Weightless (`:where`), like the card's reservation.
 */
export const listReservation =
  /* css */ `
  :where(resort-conditions-list:not(:defined)) {
    display: block;
    contain: layout;
    ${HOST_BOX}
  }
  :where(resort-conditions-list[resorts]:not([resorts*=','])) {
    --rc-rows: 1;
  }
  :where(resort-conditions-list:not(:defined))::before {
    content: '';
    float: left;
    width: 0;
  }
` + listGeometry(':where(resort-conditions-list:not(:defined))::before');

/** The build's rules: each region's number of rows, for the reservation and the element alike. */
export const regionRows = (counts: ReadonlyArray<readonly [region: number, rows: number]>): string =>
  counts
    .map(([region, rows]) => `:where(resort-conditions-list[region='${region}']){--rc-rows:${rows}}`)
    .join('');

/** The style sheet each list adopts, as text; the pre-rendered lists carry it. */
export const listStyles = /* css */ `
  :host {
    --_bg: var(--rc-background, #fff);
    --_fg: var(--rc-color, #1d2733);
    --_muted: var(--rc-muted-color, #546170);
    --_accent: var(--rc-accent-color, #0b63ce);
    --_line: var(--rc-border-color, #d5dde6);
    --_open: var(--rc-open-color, #16794a);
    --_closed: var(--rc-closed-color, #b3261e);
    --_warn: var(--rc-warning-color, #8a5300);
    --_rc-abg: var(--_bg);
    display: block;
    /* the card's box; the semicolon after it ends its last declaration, which its minified text leaves open */
    ${HOST_BOX};
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${DARK}
    }
  }
  :host([theme='dark']) {
    ${DARK}
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
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
  [data-static]:not(:has(> i)) > * {
    visibility: hidden;
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
    line-height: 2em;
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
  /* the header's height with or without its cells (none while the rows load): its cells' at their 0.8em */
  thead tr {
    height: calc(0.8 * var(--_head));
  }
  thead th {
    height: var(--_head);
    font-size: 0.8em;
    color: var(--_muted);
    vertical-align: bottom;
    padding-bottom: 0.15em;
  }
  td,
  tbody th {
    height: var(--_row);
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
    align-items: end;
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
    align-self: end;
    margin-top: 0.5em;
  }
  .attribution a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    padding: 0;
  }
  ${ATTRIBUTION}
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  /* stacked: each resort a block of fixed rows (name; state and day; the figures, four to a line), the
     sort buttons a row that scrolls sideways */
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
    thead {
      display: block;
      overflow-x: auto;
      overflow-y: hidden;
      height: var(--_head);
      box-shadow: inset 0 -1px var(--_line);
    }
    thead tr {
      display: flex;
      gap: 0.9em;
      height: 100%;
    }
    thead th {
      flex: none;
      height: 100%;
      box-shadow: none;
      padding: 0;
      vertical-align: middle;
      display: flex;
      align-items: center;
    }
    th button {
      white-space: nowrap;
      align-items: center;
    }
    tbody tr {
      display: grid;
      grid-template: 2.5em 2.5em 2.4em 2.4em / repeat(4, minmax(0, 1fr));
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
    .name {
      grid-column: 1 / -1;
      align-self: center;
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
  /* a 320 px phone's list (304 px inside the page's margins): the figures' gaps give their labels the
     room of "Ala-asema" */
  @container (width < 21em) {
    tbody tr {
      column-gap: 0.25em;
    }
  }
`;
