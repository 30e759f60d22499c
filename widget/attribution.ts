/**
 * The attribution the account's licence requires (widget/README.md, "Attribution"), and the resort's links
 * when it requires them too. The attribution has no `part`; its colours follow the theme's background with a
 * text colour that keeps 4.5:1 against it, whatever the page sets (styles.ts). Its logo is the published copy
 * (`assetPath`): a page never loads anything from the upstream's host.
 */
import { html, nothing, type HTMLTemplateResult } from 'lit/html.js';
import { LINK_NAMES } from '../scripts/api/browser.ts';
import { safeUrl } from './format.ts';
import type { ReportView } from './state.ts';
import type { ReportContext } from './context.ts';

/** One of the resort's links: its name in the links record (`skireport`…), where it goes, what it says. */
export interface ResortLink {
  name: string;
  href: string;
  title: string;
  text: string;
}

/**
 * The foot: the resort's links and the attribution. `more` (the compact strip's) renders what follows the
 * list of links: one link to the resort's snow report, which the strip shows instead where they do not fit.
 */
export function renderAttribution(
  view: ReportView,
  ctx: ReportContext,
  more?: (links: ResortLink[]) => unknown,
): HTMLTemplateResult | typeof nothing {
  const a = view.data.attribution;
  const links = view.data.combined.links?.links as
    Record<string, { url?: unknown; title?: unknown; text?: unknown }> | undefined;
  const resortLinks: ResortLink[] =
    a?.requiresResortAttribution && links
      ? LINK_NAMES.flatMap((name) => {
          const link = links[name];
          const href = safeUrl(link?.url);
          return href && typeof link?.title === 'string'
            ? [
                {
                  name,
                  href,
                  title: link.title,
                  text: typeof link.text === 'string' ? link.text : link.title,
                },
              ]
            : [];
        })
      : [];
  const logo = ctx.asset(a?.attributionLogo);
  // text from the files reaches lit only as a string: an object could pass for a template of lit's
  const text = typeof a?.attributionText === 'string' ? a.attributionText : '';
  const apps = a
    ? [
        [safeUrl(a.iosAttributionLink), a.iosAttributionText],
        [safeUrl(a.androidAttributionLink), a.androidAttributionText],
      ].filter((pair): pair is [string, string] => !!pair[0] && typeof pair[1] === 'string' && pair[1] !== '')
    : [];
  if (!resortLinks.length && !a?.requiresAttribution) return nothing;
  return html`<footer class="foot">
    ${
      resortLinks.length
        ? html`<div class="links" role="group" aria-label="${ctx.t.links}: ${view.data.combined.resortName}"><ul>
          ${resortLinks.map((l) => html`<li><a href=${l.href} title=${l.text} rel="noopener" target="_blank">${l.title}</a></li>`)}
        </ul>${more?.(resortLinks) ?? nothing}</div>`
        : nothing
    }
    ${
      a?.requiresAttribution
        ? html`<p class="attribution">
          ${logo ? html`<img src=${logo} alt="" width="16" height="16" />` : nothing}<span>${text}</span>${apps.map(
            ([href, text]) => html` <a href=${href} rel="noopener" target="_blank">${text}</a>`,
          )}
        </p>`
        : nothing
    }
  </footer>`;
}
