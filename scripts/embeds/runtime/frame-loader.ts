/**
 * `resort-conditions-frame.js`, the loader a page with card iframes includes (widget/README.md, "iframe"): a classic
 * script that sizes each frame from its card's height reports. It trusts only messages sent by the window
 * of one of the page's iframes, from the origin it was loaded from — or, for a frame of that origin
 * sandboxed without `allow-same-origin`, from the opaque origin such a frame has — and only a height
 * between 1 and 10,000 pixels.
 */
import { HEIGHT_MESSAGE, MEASURE_MESSAGE } from './frame-messages.ts';

const script = document.currentScript as HTMLScriptElement | null;

if (script?.src) {
  const origin = new URL(script.src).origin;

  const opaqueOurs = (frame: HTMLIFrameElement): boolean => {
    const sandbox = frame.getAttribute('sandbox');
    try {
      return (
        sandbox !== null &&
        !/(^|\s)allow-same-origin(\s|$)/i.test(sandbox) &&
        new URL(frame.src).origin === origin
      );
    } catch {
      return false;
    }
  };

  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; height?: unknown } | null;
    const opaque = event.origin === 'null';
    if ((event.origin !== origin && !opaque) || !data || data.type !== HEIGHT_MESSAGE) return;
    const height = Number(data.height);
    if (!(height >= 1 && height <= 10000)) return;
    for (const frame of document.getElementsByTagName('iframe')) {
      if (frame.contentWindow === event.source && (!opaque || opaqueOurs(frame)))
        frame.style.height = `${Math.ceil(height)}px`;
    }
  });

  // cards that loaded before this script did have already reported: ask every frame again (the request
  // carries nothing; a frame still loading would make a narrower target origin log an error)
  for (const frame of document.getElementsByTagName('iframe'))
    frame.contentWindow?.postMessage({ type: MEASURE_MESSAGE }, '*');
}
