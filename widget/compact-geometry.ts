/**
 * The compact strip's height (`layout="compact"`): like the full card's (`geometry` in styles.ts), a function
 * of the element's width alone — one height from 480 px (32em of its 15 px text) up, one below — the same in
 * every language and state, written once for the frame in the shadow root and once for the room a page
 * reserves before the script runs (reservation.ts). The text scales down under 320 px as the card's does
 * (the frame's `font-size`), so these are em of the scaled text; each line of links counts 24 px (their
 * target size, taller than their text). Measured on the sample in the 15 languages at each step's narrowest
 * width. test/widget/compact.test.ts holds them to 160 and 240 px at the default text size, and the browser
 * sweep (test/browsers/sweep.test.ts) the rendered strip to them, without a shift.
 */
export function compactGeometry(frame: string): string {
  return /* css */ `
  ${frame} {
    height: calc(5.6em + 72px);
  }
  @container (width < 32em) {
    ${frame} {
      height: calc(8.4em + 96px);
    }
  }
`;
}
