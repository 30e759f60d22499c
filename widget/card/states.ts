/**
 * The skeleton while loading: the final layout's geometry, so nothing moves when the files arrive. Light-DOM
 * content of the tag shows wherever there is nothing better (loading, errors, unknown resort); the messages
 * and their pictures are in card/messages.ts and card/pictures.ts.
 */
import { html, type HTMLTemplateResult } from 'lit/html.js';
import type { RenderContext } from '../context.ts';

/** Placeholder shapes where the figures, the chart and the forecast's days will be. */
export function renderSkeleton(ctx: RenderContext): HTMLTemplateResult {
  return html`<header part="header"><h2 part="name"><slot></slot></h2></header>
    <div class="body skeleton" part="message" role="status" aria-busy="true">
      <span class="visually-hidden">${ctx.t.loading}</span><span class="ph"></span><span class="ph"></span>
    </div>
    <section class="forecast" aria-hidden="true"><ol class="days">${Array.from({ length: ctx.days + 1 }, () => html`<li class="ph"></li>`)}</ol></section>`;
}
