/**
 * The reading of a pre-rendered copy (a card or a list the build rendered into a page's declarative shadow
 * DOM: scripts/embeds/cards.ts), which the element takes over (`adopt` in element.ts). A chunk of its own
 * (`rc.adopt.*.js`) that only a page with such a copy loads.
 */
import { loadStrings } from './i18n/index.ts';
import type { CardData } from './data.ts';

/** The data a copy carries (its JSON script); undefined when it has none, or none that parses. */
export function copyData(root: ShadowRoot): unknown {
  try {
    return (
      JSON.parse(root.querySelector('script[type="application/json"]')?.textContent ?? 'null') ?? undefined
    );
  } catch {
    // not a copy of ours: the element reads the files
    return undefined;
  }
}

/**
 * A pre-rendered card's data when it is of the element's resort and days, once its language (and `load`,
 * the strip's module for a strip) are loaded; undefined when it is of another card.
 */
export async function cardCopy(
  root: ShadowRoot,
  resort: number,
  days: number,
  load?: () => Promise<unknown>,
): Promise<CardData | undefined> {
  const card = copyData(root) as CardData | undefined;
  if (card?.resort !== resort || card.days !== days) return undefined;
  await Promise.all([loadStrings(card.locale), load?.()]).catch(() => undefined);
  return card;
}
