/**
 * The card: one frame for every state, whose height depends only on the element's width and `days`
 * (styles.ts), so loading, a report, a closed resort and an unknown one take the same room and the page
 * never shifts. What differs is what fills it.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import type { View } from '../state.ts';
import type { RenderContext } from '../context.ts';
import { renderReport } from './report.ts';
import { messages } from './message-chunk.ts';
import { renderSkeleton } from './states.ts';

/** `report` renders a resort's files into the frame: the full card's, or the compact strip's (card/compact.ts). */
export function renderCard(
  view: View,
  ctx: RenderContext,
  retry: () => void,
  report = renderReport,
): HTMLTemplateResult {
  // a pre-rendered card ends with a mark: until the parser reaches it, the card's frame shows but not its
  // content, which would move while the rest streams in (styles.ts)
  const frame = (state: string, content: unknown, name?: string) =>
    html`<article class="frame ${state}${ctx.compact ? ' compact' : ''}" data-n=${ctx.days + 1} lang=${ctx.locale} dir=${ctx.t.dir} aria-label=${name ?? nothing} ?data-static=${!!ctx.frozen}>${content}${ctx.frozen ? html`<i hidden></i>` : nothing}</article>`;
  // the `card` part is what a page may style; a report's attribution stands beside it (card/report.ts)
  const part = (content: unknown) => html`<div class="content" part="card">${content}</div>`;
  if (view.kind === 'report') return frame(view.status, report(view, ctx), view.data.combined.resortName);
  if (view.kind === 'loading') return frame('loading', part(renderSkeleton(ctx)));
  // an index that cannot be read is an error of its own kind (its own frame class and event code), with
  // the same message and retry: a reader cannot mend a wrong `src`. Before the messages' chunk is loaded, or
  // where it cannot be, the message is plain text above the slot
  return frame(
    view.kind === 'unknown-resort' ? 'unknown' : view.kind,
    part(
      messages?.renderFailure(view, ctx, retry) ??
        html`<div class="body message" part="message" role="alert"><p>${
          view.kind === 'unknown-resort'
            ? ctx.t.unknownResort
            : view.kind === 'not-yet'
              ? ctx.t.notYet
              : ctx.t.error
        }</p><slot></slot></div>`,
    ),
  );
}
