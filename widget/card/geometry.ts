/**
 * The card's room: the frame's height by width step and forecast days (`geometry`), written once for the
 * frame in the shadow root and once for the room a page reserves before the script runs, and how the host
 * box sizes itself in a page's layout. widget/card/styles.ts holds the rest of the card's rules.
 */

/** The forecast's days when a value asks for none that the element shows. */
export const DEFAULT_DAYS = 3;

/**
 * The forecast days a value asks for: 0 to 5 as written, a number or its one-digit text (`"3"`, not
 * `"03"`, `" 3"` or `"3.0"`); anything else (`"7"`, `""`, `"-1"`, `"abc"`) is the default. It is the rule
 * the reservation's attribute selectors can follow exactly (`geometry`), so the room a page reserves is
 * the room the card takes for every value.
 */
export function forecastDays(value: unknown): number {
  const text = String(value);
  return /^[0-5]$/.test(text) ? Number(text) : DEFAULT_DAYS;
}

/**
 * The frame's height: a function of the width step and the forecast's rows (`--n` tiles, by attribute,
 * not by a style attribute that a page's CSP could refuse), and of the season chart's room (`--_season`, set
 * by the `season` attribute: widget/season/room.ts), nothing else. Written once for the frame in
 * the shadow root and once for the room a page reserves before the script runs (`reservation`), so the
 * two are one height. The body's room by width was measured on the sample in every language at each
 * step's narrowest width; a forecast in one column (narrow, or five days that would not fill two rows)
 * is a list of rows. Never narrower than 21.33em (320 px at the default 15 px): a narrower card, or larger
 * text, scales the card down instead of cutting what it says, to 10 px at the least.
 */
export function geometry(frame: string, tiles: (n: number) => string): string {
  const [n1, n2, n3, n4, n5, n6] = [1, 2, 3, 4, 5, 6].map(tiles);
  return /* css */ `
  ${frame} {
    --n: 4;
    --_cols: var(--n);
    --_rows: 1;
    --_rh: 7.2em;
    --_base: 35.5em;
    --_links: 1;
    font-size: max(10px, min(1em, 100cqi / 21.3333));
    /* and the room that 24 px targets take beyond their text: the resort's links (1.1375em a line, in as
       many lines as the step's longest), two lines of attribution (16.8 px) with links in them */
    height: calc(var(--_base) + var(--_rows) * (var(--_rh) + 0.4em) - 0.4em + var(--_links) * max(0px, 24px - 1.1375em) + 14.4px + var(--_season, 0px));
  }
  ${n1} {
    --n: 1;
  }
  ${n2} {
    --n: 2;
  }
  ${n3} {
    --n: 3;
  }
  ${n4} {
    --n: 4;
  }
  ${n5} {
    --n: 5;
  }
  ${n6} {
    --n: 6;
  }
  @container (width < 60em) {
    ${frame} {
      --_base: 41.2em;
      --_links: 2;
    }
    ${n6} {
      --_cols: 3;
      --_rows: 2;
    }
  }
  @container (width < 37.3333em) {
    ${frame} {
      --_base: 48.2em;
    }
  }
  @container (width < 32em) {
    ${frame} {
      --_base: 53.2em;
      --_links: 3;
    }
  }
  @container (width < 42.6666em) {
    ${n4} {
      --_cols: 2;
      --_rows: 2;
    }
    ${n5} {
      --_cols: 1;
      --_rows: 5;
      --_rh: 2.9em;
    }
  }
  @container (width < 26.6666em) {
    ${frame} {
      --_base: 52.7em;
      --_cols: 1;
      --_rows: var(--n);
      --_rh: 2.9em;
    }
  }
  @container (width < 24em) {
    ${frame} {
      --_base: 57.8em;
      --_links: 4;
    }
  }
`;
}

/**
 * How the element sizes itself in a page's layout: as a block, at least 20rem, a container of its width;
 * where a page lays it out inline (`inline-block`), by its top, since its baseline is the fallback link's
 * before the script and the card's bottom after it, and a line box aligned on either would change height.
 */
export const HOST_BOX = /* css */ `
  vertical-align: top;
  width: 100%;
  width: -moz-available;
  width: -webkit-fill-available;
  width: stretch;
  min-width: min(100%, 20rem);
  container-type: inline-size;
  font: var(--rc-font, 0.9375rem/1.4 system-ui, sans-serif);
`;

/**
 * The page's scrollbar keeps its room whether it shows or not (weightless: a page that sets its own wins).
 * Where a page is about as tall as the window, the element's height decides whether a scrollbar shows, and
 * the scrollbar the width the element gets; a layout that changed the one with the other could settle either
 * way, and Firefox re-resolves a container's queries for its new width only at the next change of style:
 * the room reserved before the script was then the room of the other width (widget/README.md, "Sizes,
 * heights and layout"). Part of both reservation sheets.
 */
export const STABLE_GUTTER = /* css */ `
  :where(html) {
    scrollbar-gutter: stable;
  }
`;
