/**
 * `dist/index.html`: every resort of the snapshot with a locale switcher, and links to the first resort's
 * pre-rendered card (widget/README.md, "Embeds"); with the list's script, the largest region's list, its
 * snippet and its pre-rendered versions. Names come from data and are escaped.
 */
import { escapeHtml } from '../api/html.ts';

/** The region a demo page lists: the largest, with its rows. */
export interface DemoList {
  region: number;
  rows: number;
}

/** The snippet a partner pastes for a region's list, with the URLs of the snapshot's host. */
export const listSnippet = (
  region: number,
  host = 'https://your-cdn.example',
) => `<link rel="stylesheet" href="${host}/resort-conditions-list.css">
<script type="module" async src="${host}/resort-conditions-list.js"></script>
<resort-conditions-list region="${region}" href-pattern="https://partner.example/resorts/{id}"></resort-conditions-list>`;

export function demoPage(
  resorts: ReadonlyArray<{ id: number; name: string }>,
  locales: readonly string[],
  sample: boolean,
  list: DemoList | undefined,
  /** The locale switcher's script (`runtime/demo-locale.ts`, bundled). */
  switcher: string,
): string {
  const options = locales.map((l) => `<option value="${escapeHtml(l)}">${escapeHtml(l)}</option>`).join('');
  const first = resorts[0];
  const cards = resorts
    .map(
      (r) =>
        `    <resort-conditions resort="${r.id}"><p>${escapeHtml(r.name)}: loading the snow report…</p></resort-conditions>`,
    )
    .join('\n');
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
    nav { padding: 0 1.5rem 1.5rem; }
    section { padding: 0 1.5rem 1.5rem; }
    pre { overflow-x: auto; padding: 0.75rem; background: #fff; border: 1px solid #d5dde6; }
    a { color: #0b5bb5; }
    @media (prefers-color-scheme: dark) { body { background: #0b1118; color: #e8eef5; } header { background: #141b24; border-color: #2c3a4a; } a { color: #8cc2ff; } }
  </style>
</head>
<body>
  <header>
    <h1>Snow conditions${sample ? ' — sample data, fictional resorts' : ''}</h1>
    <label>Language and units <select id="locale">${options}</select></label>
  </header>
  <main>
${cards}
${
  first
    ? `  <nav>Without the script: <a href="./cards/${escapeHtml(locales[0]!)}/${first.id}.html">${escapeHtml(first.name)} as a pre-rendered card</a> (for an <code>&lt;iframe&gt;</code>), and <a href="./cards/${escapeHtml(locales[0]!)}/${first.id}.include.html">as a server-side include</a>.</nav>
`
    : ''
}
${
  list
    ? `  <section>
    <h2>A region's resorts: <code>&lt;resort-conditions-list&gt;</code></h2>
    <resort-conditions-list region="${list.region}"><p>Snow report of ${list.rows} resorts: loading…</p></resort-conditions-list>
    <p>The snippet:</p>
    <pre tabindex="0"><code>${escapeHtml(listSnippet(list.region))}</code></pre>
    <p>Without the script: <a href="./lists/${escapeHtml(locales[0]!)}/region-${list.region}.html">the list as a page</a> (for an <code>&lt;iframe&gt;</code>), and <a href="./lists/${escapeHtml(locales[0]!)}/region-${list.region}.include.html">as a server-side include</a>.</p>
  </section>
`
    : ''
}  </main>
  <script>${switcher.trim()}</script>
</body>
</html>
`;
}
