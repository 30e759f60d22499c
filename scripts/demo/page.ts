/**
 * `dist/index.html`: every resort of the snapshot with its id and a locale switcher; the snippet to copy
 * for each way to put a resort on a page (card, compact strip, a region's list, iframe, server-side
 * include: `runtime/snippets.ts`) for a chosen resort, region and locale; and, with the list's script, the
 * largest region's list with links to its pre-rendered versions. Names come from data and are escaped.
 */
import { escapeHtml } from '../api/html.ts';
import { snippet, SNIPPET_LAYOUTS, SNIPPET_TITLES, type SnippetChoice } from './runtime/snippets.ts';

/** The host the page's snippets name before its script puts the page's own in. */
export const SNIPPET_HOST = 'https://your-cdn.example';

/** The region a demo page lists: the largest, with its rows. */
export interface DemoList {
  region: number;
  rows: number;
}

/** A region a list snippet may name: its id, name and rows. */
export interface DemoRegion {
  id: number;
  name: string;
  rows: number;
}

export interface DemoOptions {
  resorts: ReadonlyArray<{ id: number; name: string }>;
  locales: readonly string[];
  /** Whether the data is the embedded sample (the page says so). */
  sample: boolean;
  /** The region the page shows as a live list, when the list is built and its group files published. */
  list?: DemoList;
  /** The regions a list snippet may name (with the list built); the largest first is chosen. */
  regions?: readonly DemoRegion[];
  /** The page's script (`runtime/demo-locale.ts`, bundled): the locale switcher and the snippets. */
  switcher: string;
}

const option = (value: number | string, text: string, data = '') =>
  `<option value="${escapeHtml(String(value))}"${data}>${escapeHtml(text)}</option>`;

export function demoPage(options: DemoOptions): string {
  const { resorts, locales, sample, list, switcher } = options;
  const regions = list ? (options.regions ?? []) : [];
  const first = resorts[0];
  const locale = locales[0] ?? 'en-US';
  const cards = resorts
    .map(
      (r) =>
        `    <figure><figcaption>${escapeHtml(r.name)} · <code>resort="${r.id}"</code></figcaption><resort-conditions resort="${r.id}"><p>${escapeHtml(r.name)}: loading the snow report…</p></resort-conditions></figure>`,
    )
    .join('\n');
  const chosenRegion = regions.find((r) => r.id === list?.region) ?? regions[0];
  const choice: SnippetChoice | undefined = first && {
    host: SNIPPET_HOST,
    locale,
    resort: first,
    ...(chosenRegion ? { region: chosenRegion } : {}),
  };
  const snippets = choice
    ? SNIPPET_LAYOUTS.flatMap((layout) => {
        const text = snippet(layout, choice);
        return text === undefined
          ? []
          : [
              `    <h3>${escapeHtml(SNIPPET_TITLES[layout])}</h3>\n    <pre tabindex="0"><code data-snippet="${layout}">${escapeHtml(text)}</code></pre>`,
            ];
      }).join('\n')
    : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>resort-conditions demo</title>
  <link rel="icon" href="data:,">
  <script type="module" blocking="render" src="./resort-conditions.js"></script>
${list ? '  <link rel="stylesheet" href="./resort-conditions-list.css">\n  <script type="module" async src="./resort-conditions-list.js"></script>\n' : ''}  <style>
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #eef2f6; color: #1d2733; }
    header { padding: 1rem 1.5rem; background: #fff; border-bottom: 1px solid #d5dde6; display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; }
    h1 { font-size: 1.25rem; margin: 0; }
    main { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 24rem), 1fr)); gap: 1rem; padding: 1rem 1.5rem; }
    figure { margin: 0; }
    figcaption { font-size: 0.875rem; margin-bottom: 0.25rem; }
    nav { padding: 0 1.5rem 1.5rem; }
    section { padding: 0 1.5rem 1.5rem; }
    pre { overflow-x: auto; padding: 0.75rem; background: #fff; border: 1px solid #d5dde6; }
    a { color: #0b5bb5; }
    @media (prefers-color-scheme: dark) { body { background: #0b1118; color: #e8eef5; } header, pre { background: #141b24; border-color: #2c3a4a; } a { color: #8cc2ff; } }
  </style>
</head>
<body>
  <header>
    <h1>Snow conditions${sample ? ' — sample data, fictional resorts' : ''}</h1>
    <label>Language and units <select id="locale">${locales.map((l) => option(l, l)).join('')}</select></label>
  </header>
  <main>
${cards}
${
  first
    ? `  <nav>Without the script: <a href="./cards/${escapeHtml(locale)}/${first.id}.html">${escapeHtml(first.name)} as a pre-rendered card</a> (for an <code>&lt;iframe&gt;</code>), and <a href="./cards/${escapeHtml(locale)}/${first.id}.include.html">as a server-side include</a>.</nav>
  <section id="embed" aria-labelledby="embed-title">
    <h2 id="embed-title">Put a resort on your page</h2>
    <p>Each snippet in the chosen language, with this host's address; the host must send <code>Access-Control-Allow-Origin: *</code>, as this one does.</p>
    <label>Resort <select id="resort">${resorts.map((r) => option(r.id, `${r.name} (${r.id})`, ` data-name="${escapeHtml(r.name)}"`)).join('')}</select></label>
${regions.length > 0 ? `    <label>Region, for the list <select id="region">${regions.map((r) => option(r.id, `${r.name} (${r.id})`, ` data-rows="${r.rows}"${r.id === chosenRegion?.id ? ' selected' : ''}`)).join('')}</select></label>\n` : ''}${snippets}
  </section>
`
    : ''
}${
    list
      ? `  <section aria-labelledby="list-title">
    <h2 id="list-title">A region's resorts: <code>&lt;resort-conditions-list&gt;</code></h2>
    <resort-conditions-list region="${list.region}"><p>Snow report of ${list.rows} resorts: loading…</p></resort-conditions-list>
    <p>Without the script: <a href="./lists/${escapeHtml(locale)}/region-${list.region}.html">the list as a page</a> (for an <code>&lt;iframe&gt;</code>), and <a href="./lists/${escapeHtml(locale)}/region-${list.region}.include.html">as a server-side include</a>.</p>
  </section>
`
      : ''
  }  </main>
  <script>${switcher.trim()}</script>
</body>
</html>
`;
}
