/**
 * The element's styles. Theme with the custom properties below and `::part()`; dark mode follows
 * `prefers-color-scheme`; narrow containers get a compact layout (container queries).
 */
import { css } from 'lit';

export const styles = css`
  :host {
    --_bg: var(--rc-background, #fff);
    --_fg: var(--rc-color, #1d2733);
    --_muted: var(--rc-muted-color, #556270);
    --_accent: var(--rc-accent-color, #0b63ce);
    --_line: var(--rc-border-color, #d5dde6);
    --_open: var(--rc-open-color, #16794a);
    --_closed: var(--rc-closed-color, #b3261e);
    --_warn: var(--rc-warning-color, #8a5300);
    --_bar: var(--rc-bar-color, #5b9bd5);
    display: block;
    container-type: inline-size;
    min-height: var(--rc-min-height, 24rem);
    box-sizing: border-box;
    font: var(--rc-font, 0.9375rem/1.45 system-ui, sans-serif);
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_line);
    border-radius: var(--rc-radius, 12px);
    padding: var(--rc-padding, 1rem 1.25rem);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_bg: var(--rc-background, #141b24);
      --_fg: var(--rc-color, #e8eef5);
      --_muted: var(--rc-muted-color, #a9b6c4);
      --_accent: var(--rc-accent-color, #7ab7ff);
      --_line: var(--rc-border-color, #2c3a4a);
      --_open: var(--rc-open-color, #5fd39a);
      --_closed: var(--rc-closed-color, #ff8a80);
      --_warn: var(--rc-warning-color, #ffc46b);
      --_bar: var(--rc-bar-color, #4f8fd0);
    }
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  h2 {
    font-size: 1.25em;
    margin: 0;
  }
  h3 {
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_muted);
    margin: 1em 0 0.35em;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.25em 1em;
  }
  .status {
    font-weight: 600;
  }
  .status.open {
    color: var(--_open);
  }
  .status.closed,
  .status.permanently-closed,
  .status.temporarily-closed {
    color: var(--_closed);
  }
  .notice,
  .warning {
    color: var(--_warn);
    font-weight: 600;
    margin: 0.5em 0 0;
  }
  .updated,
  .muted,
  figcaption {
    color: var(--_muted);
    font-size: 0.875em;
    margin: 0.25em 0 0;
  }
  .warning {
    display: block;
  }
  dl {
    margin: 0;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .figures {
    display: flex;
    gap: 1.25em;
  }
  .figures dd {
    font-size: 1.4em;
  }
  .figures dt,
  .pairs dt {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .pairs {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(9em, 1fr));
    gap: 0.5em 1em;
    margin-top: 0.75em;
  }
  ol,
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .chart {
    margin: 0.75em 0 0;
  }
  .chart ol {
    display: grid;
    grid-template-columns: repeat(7, 1fr);
    align-items: end;
    gap: 0.3em;
    height: 5.5em;
    margin-top: 0.25em;
  }
  .chart li {
    display: flex;
    flex-direction: column;
    justify-content: flex-end;
    align-items: center;
    height: 100%;
    font-size: 0.7em;
    color: var(--_muted);
  }
  .bar {
    width: 100%;
    min-height: 2px;
    background: var(--_bar);
    border-radius: 3px 3px 0 0;
  }
  .difficulty {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 1em;
    margin-top: 0.5em;
    font-size: 0.875em;
  }
  .dot {
    display: inline-block;
    width: 0.7em;
    height: 0.7em;
    margin-right: 0.3em;
    border-radius: 50%;
    background: #2e9e4f;
  }
  .d2 .dot {
    background: #1f6fd1;
    border-radius: 0;
  }
  .d3 .dot,
  .d4 .dot {
    background: #111;
    transform: rotate(45deg);
    border-radius: 0;
  }
  .comment {
    margin: 1em 0 0;
    padding-left: 0.75em;
    border-left: 3px solid var(--_line);
    font-style: italic;
  }
  .days {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(6.25em, 1fr));
    gap: 0.5em;
  }
  .days li {
    display: flex;
    flex-direction: column;
    gap: 0.1em;
    padding: 0.5em;
    border: 1px solid var(--_line);
    border-radius: 8px;
    font-size: 0.85em;
  }
  .when {
    font-weight: 600;
  }
  .icon {
    width: 2.25em;
    height: 2.25em;
    fill: none;
    stroke-width: 1.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .icon .sun {
    stroke: #e2a500;
  }
  .icon .cloud {
    stroke: var(--_muted);
  }
  .icon .snow,
  .icon .rain {
    stroke: var(--_accent);
  }
  .icon .bolt {
    stroke: #e2a500;
  }
  a {
    color: var(--_accent);
  }
  .links ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 0.9em;
    margin-top: 1em;
    font-size: 0.875em;
  }
  /* required by the licence: fixed colours and no part, so nothing outside can hide it */
  .attribution {
    display: block !important;
    visibility: visible !important;
    opacity: 1 !important;
    margin-top: 1em !important;
    padding-top: 0.6em;
    border-top: 1px solid #d5dde6;
    font-size: 12px !important;
    color: #3d4a57 !important;
    background: #fff !important;
  }
  .attribution a {
    color: #0b5bb5 !important;
  }
  .attribution img {
    vertical-align: -3px;
    margin-right: 0.3em;
  }
  @media (prefers-color-scheme: dark) {
    .attribution {
      color: #d3dde8 !important;
      background: #141b24 !important;
      border-top-color: #2c3a4a;
    }
    .attribution a {
      color: #8cc2ff !important;
    }
  }
  .message {
    display: grid;
    place-content: center;
    justify-items: center;
    min-height: inherit;
    text-align: center;
    color: var(--_muted);
  }
  .skeleton {
    display: block;
    width: 2.5em;
    height: 2.5em;
    margin: 0 auto 0.5em;
    border-radius: 50%;
    border: 3px solid var(--_line);
    border-top-color: var(--_accent);
    animation: spin 1s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
  button {
    font: inherit;
    padding: 0.35em 1em;
    border-radius: 6px;
    border: 1px solid var(--_accent);
    background: transparent;
    color: var(--_accent);
    cursor: pointer;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @container (max-width: 360px) {
    .card {
      font-size: 0.875rem;
    }
    .figures {
      gap: 0.75em;
    }
    .figures dd {
      font-size: 1.15em;
    }
    .days {
      grid-template-columns: 1fr;
    }
    .days li {
      flex-direction: row;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5em;
    }
    .chart .day {
      display: none;
    }
  }
`;
