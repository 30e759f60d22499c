/**
 * What is not a report: the skeleton while loading (the final layout's geometry, so nothing moves when the
 * files arrive) and the messages in the middle of the card (unknown resort, error, and the states of a
 * resort without a report). Light-DOM content of the tag shows wherever there is nothing better (loading,
 * errors, unknown resort).
 */
import { html, nothing, svg, type HTMLTemplateResult, type SVGTemplateResult } from 'lit/html.js';
import type { RenderContext } from './context.ts';

/** Placeholder shapes where the figures, the chart and the forecast's days will be. */
export function renderSkeleton(ctx: RenderContext): HTMLTemplateResult {
  return html`<header part="header"><h2 part="name"><slot></slot></h2></header>
    <div class="body skeleton" part="message" role="status" aria-busy="true">
      <span class="visually-hidden">${ctx.t.loading}</span><span class="ph"></span><span class="ph"></span>
    </div>
    <section class="forecast" aria-hidden="true"><ol class="days">${Array.from({ length: ctx.days + 1 }, () => html`<li class="ph"></li>`)}</ol></section>`;
}

/** A mountain, with a sign of the state: closed, out of season, unknown, error. */
const SIGNS: Record<string, SVGTemplateResult> = {
  closed: svg`<path class="sign" d="M35 9l8 8m0-8l-8 8"/>`,
  season: svg`<circle class="sign" cx="39" cy="13" r="6"/><path class="sign" d="M39 9v4l3 2"/>`,
  unknown: svg`<path class="sign" d="M36 10a3 3 0 1 1 4 3c-1 .5-1 1-1 2m0 3v.5"/>`,
  error: svg`<path class="sign" d="M39 7v7m0 4v.5"/>`,
};

/** The picture above a state's message; decorative. */
export const statePicture = (sign: keyof typeof SIGNS | undefined): HTMLTemplateResult =>
  html`<svg class="picture" viewBox="0 0 48 40" aria-hidden="true"><path class="hill" d="M2 37l13-19 7 9 5-6 10 16z"/><path class="hill" d="M11 24l4-6 4 5"/>${sign ? SIGNS[sign] : ''}</svg>`;

/** A message in the middle of the card, with a picture; `extra` below it (a retry button, the slot). */
export const renderMessage = (
  sign: Parameters<typeof statePicture>[0],
  text: string,
  extra: unknown = nothing,
  alert = false,
): HTMLTemplateResult =>
  html`<div class="body message" part="message" role=${alert ? 'alert' : nothing}>${statePicture(sign)}<p>${text}</p>${extra}</div>`;

export function renderError(ctx: RenderContext, retry: () => void): HTMLTemplateResult {
  return renderMessage(
    'error',
    ctx.t.error,
    html`<button type="button" part="retry" @click=${retry}>${ctx.t.retry}</button><slot></slot>`,
    true,
  );
}

/** A resort the snapshot lists without its report yet: a later build brings it; a retry reads the files again. */
export function renderNotYet(ctx: RenderContext, retry: () => void): HTMLTemplateResult {
  return renderMessage(
    'season',
    ctx.t.notYet,
    html`<button type="button" part="retry" @click=${retry}>${ctx.t.retry}</button><slot></slot>`,
  );
}

export function renderUnknown(ctx: RenderContext): HTMLTemplateResult {
  return renderMessage('unknown', ctx.t.unknownResort, html`<slot></slot>`, true);
}
