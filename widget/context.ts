import type { Formatter } from './format.ts';
import type { Loaded } from './i18n/index.ts';

/** What every render function needs: strings, the clock, the frame's size and where images are. */
export interface RenderContext {
  t: Loaded;
  locale: string;
  now: number;
  /** Forecast days after today (0 to 5): the frame's height depends on them. */
  days: number;
  /** The snapshot's `api/` folder (absolute): the published copies of images are beside it. */
  base?: string;
  /** Where to load an upstream image from, if not from its published copy beside `base` (the cards). */
  asset?(url: unknown): string | undefined;
  /** The compact strip's frame (`layout="compact"`), whose height is its own (compact-geometry.css). */
  compact?: boolean;
  /**
   * A page without a clock (the pre-rendered cards): an instant as an absolute date and time, instead of
   * one relative to `now` (the element never draws one: `frozenTime` in widget/card/prerender.ts).
   */
  frozen?: (ms: number) => string;
}

/** What the report's render functions need besides: numbers, units and dates in the locale. */
export interface ReportContext extends RenderContext {
  f: Formatter;
  imperial: boolean;
  /** The published copy of an upstream image, or undefined when there is none (no third-party request). */
  asset(url: unknown): string | undefined;
}
