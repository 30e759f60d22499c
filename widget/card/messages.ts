/**
 * What a card says when it shows no report: an error (with a retry), a resort the snapshot does not list, a
 * report a later build brings (with a retry), a resort without a report (`renderMessage`); and the console's warning for a `locale` that is no language
 * tag. A chunk of its own (`rc.messages.*.js`), loaded by the first element that needs it: a card that shows
 * its report never does. Until it is loaded, or where it cannot be (offline), the card says the same in plain
 * text above its slot (`renderFailure` in card/render.ts).
 */
import { html, type HTMLTemplateResult } from 'lit/html.js';
import type { View } from '../state.ts';
import type { RenderContext } from '../context.ts';
import { renderMessage } from './pictures.ts';
import messageStyles from './messages.css?raw';

export { renderMessage, statePicture } from './pictures.ts';

let sheet: CSSStyleSheet | undefined;

/** Adds the messages' rules to a card's shadow root, once. */
export function adoptMessages(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(messageStyles);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The views without a report or a skeleton. */
export type FailureView = Exclude<View, { kind: 'report' | 'loading' }>;

/**
 * The message of a view without a report, with its picture: an unknown resort and an error are alerts; a
 * report not built yet is a state of the snapshot, with a retry as an error has (a later build brings it).
 */
export function renderFailure(view: FailureView, ctx: RenderContext, retry: () => void): HTMLTemplateResult {
  const retryButton = html`<button type="button" part="retry" @click=${retry}>${ctx.t.retry}</button><slot></slot>`;
  if (view.kind === 'unknown-resort')
    return renderMessage('unknown', ctx.t.unknownResort, html`<slot></slot>`, true);
  if (view.kind === 'not-yet') return renderMessage('season', ctx.t.notYet, retryButton);
  return renderMessage('error', ctx.t.error, retryButton, true);
}

/** The warning for a `locale` attribute that is no language tag of the snow report, naming the locale read. */
export function warnLocale(tag: string, asked: string, locale: string): void {
  console.warn(`<${tag}>: locale="${asked}" is no language of the snow report; reading ${locale}`);
}
