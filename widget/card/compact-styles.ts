/**
 * The strip's styles, over the card's (styles.ts). Each group's lines have the same height in every language
 * (an item's line height is set in the frame's em, its text centred in it), and each group is as tall as its
 * lines at the step (compact-geometry.ts, whose custom properties they read): whatever a language leaves of
 * them stays inside its group, at most a line.
 */
export const compactStyles = /* css */ `
  .compact .content {
    gap: 0.3em;
  }
  .compact .report,
  .compact .strip,
  .compact .links ul {
    display: contents;
  }
  /* name, state and update: flex lines of 1.45em */
  .compact header {
    flex-wrap: wrap;
    align-items: center;
    align-content: start;
    gap: 0 0.6em;
    height: calc(var(--_g1) * 1.45em);
  }
  .compact header > * {
    flex: none;
    max-width: 100%;
    white-space: nowrap;
  }
  .compact h2 {
    overflow: visible;
    font-size: 1.1em;
    line-height: 1.3182;
  }
  .compact .status {
    line-height: 1.6571;
  }
  .compact .meta {
    display: none;
  }
  .compact time {
    font-size: 0.8125em;
    line-height: 1.7846;
    color: var(--_muted);
  }
  .compact time.warning {
    color: var(--_warn);
    font-weight: 600;
  }
  .compact time.warning::before {
    content: '⚠ ';
  }
  /* today's weather and the figures (label beside value), each in its place: one line of 1.4em from 48em,
     in columns below; a resort without a report has its message there, in the middle */
  .compact .vals {
    display: grid;
    grid: auto-flow minmax(1.4em, auto) / repeat(3, max-content);
    align-items: center;
    align-content: center;
    gap: 0 0.75em;
    height: calc(var(--_g2) * 1.4em);
  }
  .compact .strip > div,
  .compact .note {
    display: flex;
    align-items: baseline;
    gap: 0.25em;
    font-size: 0.9375em;
    line-height: 1.4933;
    white-space: nowrap;
  }
  .compact .strip dt {
    font-size: 0.8em;
  }
  .compact .glyph {
    margin: 0;
  }
  .compact .today dt {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  /* today's symbol, temperature and snowfall on one line, apart */
  .compact .wx dd {
    display: flex;
    align-items: center;
    gap: 0.35em;
  }
  .compact .wx .icon {
    flex: none;
    width: 1.3em;
    height: 1.3em;
  }
  .compact .wxs {
    display: inline-flex;
    align-items: center;
    margin-inline-start: 0.1em;
    font-weight: 400;
    color: var(--_muted);
  }
  /* a resort without a report: its picture as tall as the place, today's weather and the message beside it */
  .compact .none {
    display: flex;
    align-items: center;
    gap: 0.9em;
  }
  .compact .none .picture {
    display: block;
    flex: none;
    width: auto;
    height: 100%;
  }
  .compact .none > div {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    align-content: center;
    column-gap: 0.9em;
  }
  .compact .vals .note {
    white-space: normal;
  }
  /* the states without a report: their message in one line of the frame's text */
  .compact .message {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: start;
    align-items: center;
    gap: 0 0.8em;
    text-align: start;
  }
  .compact .message p {
    flex: 1 1 12em;
    font-size: 1em;
  }
  .compact .message button {
    margin: 0;
    padding-block: 0;
  }
  .compact .message .picture {
    display: none;
  }
  .compact .forecast,
  .compact .skeleton .ph + .ph {
    display: none;
  }
  .compact .skeleton {
    flex-basis: 100%;
  }
  .compact .skeleton .ph {
    height: 1.4em;
  }
  /* the resort's links in one line of 24 px targets: all of them where every language's fit, else one link
     to the resort's snow report; a link that would not fit its line is left out whole, never cut */
  .compact .foot {
    margin-top: 0.3em;
    line-height: 1.4;
  }
  .compact .links {
    display: flex;
    flex-wrap: wrap;
    column-gap: 0.75em;
    height: 24px;
    overflow: hidden;
    font-size: 0.75em;
  }
  .compact .links li {
    display: flex;
  }
  .compact .more,
  .compact .links a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    white-space: nowrap;
  }
  .compact .links .more {
    display: none;
  }
  /* the attribution: its text in lines of 14 px, its app links in lines of 24 px, in the middle of the lines
     its step has (a language whose text takes a line less leaves half a line above and below) */
  .compact .attribution {
    display: flex !important;
    flex-wrap: wrap;
    align-items: center;
    align-content: center;
    gap: 0 0.5em;
    height: calc(var(--_ta) * 1.2727em + var(--_tb) * 24px + 4px);
    margin: 2px 0 0 !important;
    padding: 2px 4px;
    font: min(11px, 0.7333em) / 1.2727 system-ui, sans-serif !important;
  }
  .compact .attribution img {
    flex: none;
    margin: 0;
  }
  .compact .attribution span {
    flex: 1 1 calc(100% - 16px - 0.5em);
    min-width: 0;
  }
  .compact .attribution a {
    flex: none;
    white-space: nowrap;
  }
  /* 48em and wider: today's weather and the figures on one line; from 68em the attribution too */
  @container (width >= 48em) {
    .compact .vals {
      grid: 1.4em / auto-flow max-content;
    }
  }
  @container (width >= 68em) {
    .compact .attribution span {
      flex: 0 1 auto;
    }
  }
  /* under 48em: one link to the resort's snow report for the links */
  @container (width < 48em) {
    .compact .links li {
      display: none;
    }
    .compact .links .more {
      display: inline-flex;
    }
  }
  /* under 36em: the name on a line of its own, each app link on its own */
  @container (width < 36em) {
    .compact h2,
    .compact .attribution a {
      flex-basis: 100%;
    }
  }
  /* under 32em: the state and the update smaller, today's weather on a line of its own, the figures two to a
     line in columns, without the new snow of the last days */
  @container (width < 32em) {
    .compact :is(.status, time) {
      font-size: 0.8em;
      line-height: 1.8125;
    }
    .compact .vals {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .compact .wx {
      grid-column: 1 / -1;
    }
    .compact .week {
      display: none !important;
    }
  }
`;
