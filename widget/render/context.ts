import type { Formatter } from '../format.ts';
import type { Strings } from '../i18n/index.ts';

/** What every render function needs: strings, formatting and the clock. */
export interface RenderContext {
  t: Strings;
  f: Formatter;
  locale: string;
  now: number;
  imperial: boolean;
}
