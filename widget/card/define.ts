/**
 * Registers `<resort-conditions>` (only if the tag is still free) and re-exports the class. This is the
 * module the bundle and `import '@resort-conditions/element/define'` load.
 */
import { ResortConditions } from './resort-conditions.ts';

export { ResortConditions };

// the attribution's background as a typed colour: a page's invalid `--rc-background` then falls back to
// white instead of unsetting the attribution's colours (styles.ts)
try {
  CSS.registerProperty({ name: '--_rc-abg', syntax: '<color>', inherits: true, initialValue: '#fff' });
} catch {
  // registered already (a second copy of the bundle), or a browser without it: the colours still hold
}

if (!customElements.get('resort-conditions')) customElements.define('resort-conditions', ResortConditions);

declare global {
  interface HTMLElementTagNameMap {
    'resort-conditions': ResortConditions;
  }
}
