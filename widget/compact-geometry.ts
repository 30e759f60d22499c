/**
 * The compact strip's height (`layout="compact"`): like the full card's (`geometry` in styles.ts), a function
 * of the element's width alone — one height from 480 px (32em of its 15 px text) up, one below — the same in
 * every language and state, written once for the frame in the shadow root and once for the room a page
 * reserves before the script runs (reservation.ts). The text scales down under 320 px as the card's does
 * (the frame's `font-size`), so these are em of the scaled text; each line of links counts 24 px (their
 * target size, taller than their text). Each step holds the most the sample needs in any of the 15 languages
 * at any of its widths, for every resort, in Chromium, Firefox and WebKit: from 480 px, three rows of name,
 * state, update, today's weather and figures, the row of links and two lines of attribution (10 px text
 * under 560 px, so that its text and its two app links keep to two lines); below, four rows, the links and
 * four lines of attribution. test/widget/compact.test.ts holds them to 160 and 240 px at the default text
 * size, and the browser sweep (test/browsers/sweep.test.ts) the rendered strip to them, with no value cut or
 * wrapped and without a shift.
 */
export function compactGeometry(frame: string): string {
  return /* css */ `
  ${frame} {
    height: calc(5.6em + 76px);
  }
  @container (width < 32em) {
    ${frame} {
      height: calc(8.8em + 104px);
    }
  }
`;
}
