/**
 * The card's rules inside its frame (widget/card/styles.ts puts them after the frame's): the report's blocks,
 * the chart, the forecast's days, the links and the attribution's row, the messages, the skeleton.
 */
import { ATTRIBUTION } from '../shared-styles.ts';

export const CONTENT = /* css */ `  /* the frame is as tall as the longest report in any language: the chart takes the room a shorter report
     leaves, so that it shows as bars rather than as empty bands between the blocks */
  .report .chart {
    display: flex;
    flex: 1 1 6.5em;
    flex-direction: column;
    min-height: 5.5em;
    margin-top: 0.9em;
  }
  .chart ol {
    flex: 1;
    display: grid;
    grid: 1fr / repeat(7, minmax(0, 1fr));
    gap: 0.3em;
    min-height: 0;
  }
  .chart li {
    display: grid;
    grid-template-rows: 1fr auto auto;
    justify-items: center;
    min-height: 0;
    font-size: max(0.75em, 11px);
    line-height: 1.3;
    color: var(--_muted);
  }
  .track {
    display: flex;
    align-items: end;
    width: 100%;
    min-height: 0;
  }
  .bar,
  .ph {
    width: 100%;
    min-height: 2px;
    background: var(--_bar);
    border-radius: 3px 3px 0 0;
  }
  .difficulty {
    display: flex;
    flex-wrap: wrap;
    gap: 0.15em 1.2em;
    margin-top: 0.35em;
    font-size: 0.875em;
  }
  .difficulty li {
    align-items: center;
    gap: 0.3em;
  }
  .mark {
    width: 1.5em;
    height: 1em;
    fill: var(--_fg);
  }
  .d1 .mark {
    fill: var(--_easy);
  }
  .d2 .mark {
    fill: var(--_blue);
  }
  .comment {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
    min-height: 0;
    margin: 0.7em 0 0;
    padding-left: 0.75em;
    border-left: 3px solid var(--_line);
    font-style: italic;
  }
  .days {
    display: grid;
    grid: auto-flow var(--_rh) / repeat(var(--_cols), minmax(0, 1fr));
    gap: 0.4em;
  }
  .days li {
    display: grid;
    grid-template: 'when when' auto 'icon temps' 1fr 'more more' auto / auto 1fr;
    align-items: center;
    gap: 0 0.4em;
    min-width: 0;
    padding: 0.35em 0.45em;
    overflow: hidden;
    border: 1px solid var(--_line);
    border-radius: 8px;
    font-size: 0.875em;
    line-height: 1.3;
  }
  .when {
    grid-area: when;
  }
  .days .icon {
    grid-area: icon;
  }
  .temps,
  .more {
    grid-area: temps;
    flex-direction: column;
    justify-content: space-between;
    column-gap: 0.8em;
    min-width: 0;
  }
  .more {
    grid-area: more;
  }
  .temps span,
  .more {
    color: var(--_muted);
  }
  @container (width < 42.6666em) {
    [data-n='5'] .days li {
      grid-template: 'icon when temps' 1fr 'icon more more' 1fr / auto minmax(0, 1fr) auto;
    }
    [data-n='5'] :is(.temps, .more) {
      flex-direction: row;
    }
  }
  @container (width < 26.6666em) {
    .days li {
      grid-template: 'icon when temps' 1fr 'icon more more' 1fr / auto minmax(0, 1fr) auto;
      padding-inline: 0.45em;
    }
    .temps,
    .more {
      flex-direction: row;
      column-gap: 0.45em;
    }
  }
  abbr {
    text-decoration: none;
  }
  .icon,
  .glyph,
  .picture {
    width: 2.1em;
    height: 2.1em;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .icon .sun,
  .icon .bolt {
    stroke: #b97800;
  }
  .icon .cloud,
  .picture {
    stroke: var(--_muted);
  }
  .icon :is(.snow, .rain),
  .picture .sign {
    stroke: var(--_accent);
  }
  .glyph {
    width: 0.8em;
    height: 0.8em;
    margin-right: 0.15em;
  }
  .content {
    grid-area: 1 / 1;
    display: flex;
    flex-direction: column;
    min-height: 0;
    overflow: hidden;
  }
  .foot {
    grid-area: 2 / 1;
    align-self: start;
    /* a padding that leaves the column no room cannot squeeze it: it stands over the padding, centred */
    justify-self: center;
    width: max(100%, min(100cqi - 2px, 18em));
    position: relative;
    z-index: 2147483647;
    margin-top: 0.6em;
    background: var(--_bg);
  }
  .links ul {
    flex-wrap: wrap;
    gap: 0 0.9em;
    font-size: 0.8125em;
  }
  /* every link and button is a target 24 px tall or more (WCAG 2.2, target size), whatever the text size */
  .links a,
  .attribution a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
  ${ATTRIBUTION}
  .message {
    align-items: center;
    justify-content: center;
    gap: 0.35em;
    text-align: center;
  }
  .message p {
    max-width: 30em;
    font-size: 1.05em;
  }
  .picture {
    width: 4.5em;
    height: 3.75em;
  }
  .picture .sign {
    stroke-width: 2;
  }
  /* the skeleton: the forecast's tiles where they will be, and bars where the figures and the chart will */
  .ph {
    display: block;
    border-radius: 6px;
    background: var(--_line);
    animation: pulse 1.6s ease-in-out infinite;
  }
  .skeleton {
    justify-content: start;
    gap: 1em;
    padding-top: 1em;
  }
  .skeleton .ph {
    width: 60%;
    height: 3em;
  }
  .skeleton .ph + .ph {
    width: 100%;
    height: 6.5em;
  }
  .days .ph {
    border: 0;
  }
  @keyframes pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .ph {
      animation: none;
    }
  }
  button {
    min-height: 24px;
    font: inherit;
    margin-top: 0.5em;
    padding: 0.35em 1em;
    border-radius: 6px;
    border: 1px solid var(--_accent);
    background: none;
    color: var(--_accent);
    cursor: pointer;
  }
  /* the compact strip's padding, here rather than in its sheet (card/compact-styles.ts): its skeleton, drawn
     before that sheet arrives, already sits where the strip's content will */
  .compact {
    padding: var(--rc-padding, 0.4em 0.6em);
  }
`;
