/**
 * Registers `<resort-conditions-list>` (only if the tag is still free) and re-exports the class: the entry
 * of `resort-conditions-list.js`, a script of its own, so that a page with cards alone loads none of it.
 */
import { ResortConditionsList } from './resort-conditions-list.ts';

export { ResortConditionsList };

// the attribution's background as a typed colour, as the card's script registers it (../define.ts)
try {
  CSS.registerProperty({ name: '--_rc-abg', syntax: '<color>', inherits: true, initialValue: '#fff' });
} catch {
  // registered already (the card's script, or a second copy), or a browser without it
}

if (!customElements.get('resort-conditions-list'))
  customElements.define('resort-conditions-list', ResortConditionsList);

declare global {
  interface HTMLElementTagNameMap {
    'resort-conditions-list': ResortConditionsList;
  }
}
