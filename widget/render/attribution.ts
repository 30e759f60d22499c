/**
 * The attribution the account's licence requires (spec 5.4). It has no `part` and fixed colours, so no
 * attribute, custom property or `::part()` rule of the host page can hide it.
 */
import { html, nothing } from 'lit';
import { LINK_NAMES } from '../../scripts/api/links.ts';
import { safeUrl } from '../format.ts';
import type { View } from '../state.ts';
import type { RenderContext } from './context.ts';

export function renderAttribution(view: Extract<View, { kind: 'report' }>, ctx: RenderContext) {
  const a = view.data.attribution;
  const links = view.data.combined.links?.links as Record<string, { url?: unknown; title?: unknown; text?: unknown }> | undefined;
  const resortLinks =
    a?.requiresResortAttribution && links
      ? LINK_NAMES.flatMap((name) => {
          const link = links[name];
          const href = safeUrl(link?.url);
          return href && typeof link?.title === 'string' ? [{ href, title: link.title, text: typeof link.text === 'string' ? link.text : link.title }] : [];
        })
      : [];
  const logo = safeUrl(a?.attributionLogo);
  const apps = a
    ? [
        [safeUrl(a.iosAttributionLink), a.iosAttributionText],
        [safeUrl(a.androidAttributionLink), a.androidAttributionText],
      ].filter((pair): pair is [string, string] => !!pair[0] && typeof pair[1] === 'string')
    : [];
  return html`
    ${resortLinks.length
      ? html`<nav class="links" aria-label="${ctx.t.links}: ${view.data.combined.resortName}"><ul>
          ${resortLinks.map((l) => html`<li><a href=${l.href} title=${l.text} rel="noopener" target="_blank">${l.title}</a></li>`)}
        </ul></nav>`
      : nothing}
    ${a?.requiresAttribution
      ? html`<footer class="attribution">
          ${logo ? html`<img src=${logo} alt="" width="16" height="16" loading="lazy" />` : nothing}
          ${a.attributionText}${apps.map(([href, text]) => html` · <a href=${href} rel="noopener" target="_blank">${text}</a>`)}
        </footer>`
      : nothing}
  `;
}
