/**
 * Registers `<resort-conditions>` (only if the tag is still free) and re-exports the class. This is the
 * module the bundle and `import 'resort-conditions/define'` load.
 */
import { ResortConditions } from './resort-conditions.ts';

export { ResortConditions };

if (!customElements.get('resort-conditions')) customElements.define('resort-conditions', ResortConditions);

declare global {
  interface HTMLElementTagNameMap {
    'resort-conditions': ResortConditions;
  }
}
