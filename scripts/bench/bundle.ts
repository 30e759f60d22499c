/** The bundles' measurement: the element's scripts, gzip -9, over lit's runtime bundled the same way. */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { elementFiles, pageFiles, type BundleFile } from '../element/browser-files.ts';
import { bundleSource } from '../tooling/bundle.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The element's script (with the chunk it imports) and its largest language, against lit-html alone and a minimal LitElement. */
export async function bundleScenario() {
  const gz = (files: BundleFile[]) =>
    files.reduce((sum, f) => sum + gzipSync(f.bytes, { level: 9 }).byteLength, 0);
  const element = await elementFiles(ROOT);
  const script = pageFiles(element, 'resort-conditions.js');
  const largest = element.filter((f) => /^rc\.[a-z]{2}\./.test(f.path)).sort((a, b) => gz([b]) - gz([a]))[0]!;
  const litHtml = gz(
    await bundleSource(
      ROOT,
      "import { html, render } from 'lit/html.js'; render(html`<p>${document.title}</p>`, document.body);",
    ),
  );
  const litElement = gz(
    await bundleSource(
      ROOT,
      "import { LitElement, html } from 'lit'; class X extends LitElement { static properties = { a: {} }; render() { return html`<p>${this.a}</p>`; } } customElements.define('x-x', X);",
    ),
  );
  return [
    { bundle: 'resort-conditions.js (an English card)', bytes: gz(script) },
    {
      bundle: `with the largest language (${largest.path.split('.')[1]})`,
      bytes: gz(script) + gz([largest]),
    },
  ].map((row) => ({
    ...row,
    'over lit-html': (row.bytes / litHtml).toFixed(2),
    'over LitElement': (row.bytes / litElement).toFixed(2),
    'lit-html alone': litHtml,
    'LitElement alone': litElement,
  }));
}
