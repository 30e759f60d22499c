/**
 * In a card page (widget/README.md, "iframe"): reports the card's height to the embedding page whenever it changes,
 * and when the loader asks (`frame-loader.ts`).
 */
import { HEIGHT_MESSAGE, MEASURE_MESSAGE } from './frame-messages.ts';

if (parent !== window) {
  const card = document.querySelector('resort-conditions')!;
  const send = () => parent.postMessage({ type: HEIGHT_MESSAGE, height: Math.ceil(card.getBoundingClientRect().height) }, '*');
  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source === parent && data && data.type === MEASURE_MESSAGE) send();
  });
  new ResizeObserver(send).observe(card);
  send();
}
