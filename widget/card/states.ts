/**
 * What is not a report: the skeleton while loading (the final layout's geometry, so nothing moves when the
 * files arrive) and the messages in the middle of the card, with their pictures (here the states of a resort
 * without a report; an unknown resort, an error and a report not built yet in card/messages.ts). Light-DOM
 * content of the tag shows wherever there is nothing better (loading, errors, unknown resort).
 */
import { html, nothing, svg, type HTMLTemplateResult, type SVGTemplateResult } from 'lit/html.js';
import type { RenderContext } from '../context.ts';

/** Placeholder shapes where the figures, the chart and the forecast's days will be. */
export function renderSkeleton(ctx: RenderContext): HTMLTemplateResult {
  return html`<header part="header"><h2 part="name"><slot></slot></h2></header>
    <div class="body skeleton" part="message" role="status" aria-busy="true">
      <span class="visually-hidden">${ctx.t.loading}</span><span class="ph"></span><span class="ph"></span>
    </div>
    <section class="forecast" aria-hidden="true"><ol class="days">${Array.from({ length: ctx.days + 1 }, () => html`<li class="ph"></li>`)}</ol></section>`;
}

/** The signs of a state on its picture: closed for good, out of season (card/messages.ts has the others). */
export const CLOSED: SVGTemplateResult = svg`<path class="sign" d="M35 9l8 8m0-8l-8 8"/>`;
export const SEASON: SVGTemplateResult = svg`<circle class="sign" cx="39" cy="13" r="6"/><path class="sign" d="M39 9v4l3 2"/>`;

/** A mountain, with a sign of the state; decorative. */
export const statePicture = (sign?: SVGTemplateResult): HTMLTemplateResult =>
  html`<svg class="picture" viewBox="0 0 48 40" aria-hidden="true"><path class="hill" d="M2 37l13-19 7 9 5-6 10 16z"/><path class="hill" d="M11 24l4-6 4 5"/>${sign}</svg>`;

/** A message in the middle of the card, with a picture; `extra` below it (a retry button, the slot). */
export const renderMessage = (
  sign: SVGTemplateResult | undefined,
  text: string,
  extra: unknown = nothing,
  alert = false,
): HTMLTemplateResult =>
  html`<div class="body message" part="message" role=${alert ? 'alert' : nothing}>${statePicture(sign)}<p>${text}</p>${extra}</div>`;
