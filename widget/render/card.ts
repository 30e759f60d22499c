/**
 * The card: one frame for every state, whose height depends only on the element's width and `days`
 * (styles.ts), so loading, a report, a closed resort and an unknown one take the same room and the page
 * never shifts. What differs is what fills it.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import type { View } from '../state.ts';
import type { RenderContext } from './context.ts';
import { renderReport } from './report.ts';
import { renderError, renderNotYet, renderSkeleton, renderUnknown } from './states.ts';

/** `report` renders a resort's files into the frame: the full card's, or the compact strip's (render/compact.ts). */
export function renderCard(
  view: View,
  ctx: RenderContext,
  retry: () => void,
  report = renderReport,
): HTMLTemplateResult {
  // a pre-rendered card ends with a mark: until the parser reaches it, the card's frame shows but not its
  // content, which would move while the rest streams in (styles.ts)
  const frame = (state: string, content: unknown, name?: string) =>
    html`<article class="frame ${state}${ctx.compact ? ' compact' : ''}" data-n=${ctx.days + 1} lang=${ctx.locale} aria-label=${name ?? nothing} ?data-static=${!!ctx.frozen}>${content}${ctx.frozen ? html`<i hidden></i>` : nothing}</article>`;
  // the `card` part is what a page may style; a report's attribution stands beside it (render/report.ts)
  const part = (content: unknown) => html`<div class="content" part="card">${content}</div>`;
  if (view.kind === 'report') return frame(view.status, report(view, ctx), view.data.combined.resortName);
  if (view.kind === 'unknown-resort') return frame('unknown', part(renderUnknown(ctx)));
  if (view.kind === 'not-yet') return frame('not-yet', part(renderNotYet(ctx, retry)));
  // an index that cannot be read is an error of its own kind (its own frame class and event code), with
  // the same message and retry: a reader cannot mend a wrong `src`
  return view.kind === 'loading'
    ? frame('loading', part(renderSkeleton(ctx)))
    : frame(view.kind, part(renderError(ctx, retry)));
}
