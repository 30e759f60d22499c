/**
 * In a card or list page (widget/README.md, "iframe"): reports its height to the embedding page whenever it changes,
 * and when the loader asks (`frame-loader.ts`).
 */
import { HEIGHT_MESSAGE, MEASURE_MESSAGE } from './frame-messages.ts';

if (parent !== window) {
  const card = document.querySelector('resort-conditions, resort-conditions-list')!;
  const send = () =>
    parent.postMessage({ type: HEIGHT_MESSAGE, height: Math.ceil(card.getBoundingClientRect().height) }, '*');
  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source === parent && data && data.type === MEASURE_MESSAGE) send();
  });
  new ResizeObserver(send).observe(card);
  send();
}
