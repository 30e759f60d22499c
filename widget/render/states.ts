/**
 * The states that are not a report, and the status line above a report. Light-DOM content of the tag is
 * shown wherever there is nothing better (loading, errors).
 */
import { html, nothing } from 'lit';
import { fill } from '../i18n/index.ts';
import type { Status, View } from '../state.ts';
import type { RenderContext } from './context.ts';

export function renderLoading(ctx: RenderContext) {
  return html`<div class="message" part="message" role="status" aria-busy="true">
    <slot><span class="skeleton" aria-hidden="true"></span>${ctx.t.loading}</slot>
  </div>`;
}

export function renderError(ctx: RenderContext, retry: () => void) {
  return html`<div class="message error" part="message" role="alert">
    <p>${ctx.t.error}</p>
    <button type="button" part="retry" @click=${retry}>${ctx.t.retry}</button>
    <slot></slot>
  </div>`;
}

export function renderUnknown(ctx: RenderContext) {
  return html`<div class="message" part="message" role="alert"><p>${ctx.t.unknownResort}</p><slot></slot></div>`;
}

const STATUS_TEXT: Partial<Record<Status, keyof RenderContext['t']>> = {
  closed: 'closed',
  'temporarily-closed': 'tempClosed',
  weekends: 'weekends',
  'no-report': 'noReport',
  'permanently-closed': 'permanentlyClosed',
};

/** The message of a report's status, if it needs one (an open resort needs none). */
export function renderStatusMessage(view: Extract<View, { kind: 'report' }>, ctx: RenderContext) {
  let text: string | undefined;
  if (view.status === 'out-of-season') {
    text = view.season
      ? fill(ctx.t.outOfSeason, { opening: ctx.f.date(view.season.opening), closing: ctx.f.date(view.season.closing) })
      : ctx.t.noReport;
  } else {
    const key = STATUS_TEXT[view.status];
    text = key ? (ctx.t[key] as string) : undefined;
  }
  return text ? html`<p class="notice ${view.status}" part="notice">${text}</p>` : nothing;
}
