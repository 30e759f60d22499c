/**
 * The pictures of what a card or a strip shows without a report: a mountain with the sign of the state.
 * Decorative, and in the chunks that draw them (the messages', the strip's), never in the one every page
 * loads: a card that shows its report draws none.
 */
import { html, nothing, svg, type HTMLTemplateResult, type SVGTemplateResult } from 'lit/html.js';

/** The signs: closed for good, out of season (or not built yet), an unknown resort, an error. */
export type Sign = 'closed' | 'season' | 'unknown' | 'error';

const SIGNS: Record<Sign, SVGTemplateResult> = {
  closed: svg`<path class="sign" d="M35 9l8 8m0-8l-8 8"/>`,
  season: svg`<circle class="sign" cx="39" cy="13" r="6"/><path class="sign" d="M39 9v4l3 2"/>`,
  unknown: svg`<path class="sign" d="M36 10a3 3 0 1 1 4 3c-1 .5-1 1-1 2m0 3v.5"/>`,
  error: svg`<path class="sign" d="M39 7v7m0 4v.5"/>`,
};

/** A mountain, with the sign of a state; decorative. */
export const statePicture = (sign?: Sign): HTMLTemplateResult =>
  html`<svg class="picture" viewBox="0 0 48 40" aria-hidden="true"><path class="hill" d="M2 37l13-19 7 9 5-6 10 16z"/><path class="hill" d="M11 24l4-6 4 5"/>${sign ? SIGNS[sign] : nothing}</svg>`;

/** A message in the middle of the card, with a picture; `extra` below it (a retry button, the slot). */
export const renderMessage = (
  sign: Sign | undefined,
  text: string,
  extra: unknown = nothing,
  alert = false,
): HTMLTemplateResult =>
  html`<div class="body message" part="message" role=${alert ? 'alert' : nothing}>${statePicture(sign)}<p>${text}</p>${extra}</div>`;
