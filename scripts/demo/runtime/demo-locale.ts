/**
 * On the demo page (`scripts/demo/page.ts`): the locale switcher sets the page's language and the `locale`
 * of every card and list on it; the snippets (`snippets.ts`) follow the chosen resort, region and locale,
 * with this page's own host, which serves the snapshot they read.
 */
import { snippet, SNIPPET_LAYOUTS } from './snippets.ts';

const select = (id: string) => document.getElementById(id) as HTMLSelectElement | null;
const locale = select('locale');
const resort = select('resort');
const region = select('region');

/** Writes each snippet again for what is chosen now. */
function writeSnippets(): void {
  const chosen = resort?.selectedOptions[0];
  if (!locale || !chosen) return;
  const area = region?.selectedOptions[0];
  const choice = {
    host: new URL('.', document.baseURI).href.replace(/\/$/, ''),
    locale: locale.value,
    resort: { id: Number(chosen.value), name: chosen.dataset.name ?? '' },
    ...(area ? { region: { id: Number(area.value), rows: Number(area.dataset.rows) } } : {}),
  };
  for (const layout of SNIPPET_LAYOUTS) {
    const code = document.querySelector(`code[data-snippet="${layout}"]`);
    const text = snippet(layout, choice);
    if (code && text !== undefined) code.textContent = text;
  }
}

if (locale) {
  locale.addEventListener('change', () => {
    document.documentElement.lang = locale.value;
    for (const element of document.querySelectorAll('resort-conditions, resort-conditions-list'))
      element.setAttribute('locale', locale.value);
    writeSnippets();
  });
}
resort?.addEventListener('change', writeSnippets);
region?.addEventListener('change', writeSnippets);
writeSnippets();
