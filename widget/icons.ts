/**
 * Inline SVG of the report: weather symbols for every code the data uses (scripts/api/README.md, "Endpoints"), a neutral one
 * for codes it does not know, the four difficulty marks and the signs of snowfall and wind. Shapes only;
 * the label comes from the caller.
 */
import { html, svg, type HTMLTemplateResult, type SVGTemplateResult } from 'lit/html.js';

const sun = (x = 12, y = 12, r = 4) =>
  svg`<circle cx=${x} cy=${y} r=${r} class="sun"/><path class="sun" d="M${x} ${y - r - 4}v2M${x} ${y + r + 2}v2M${x - r - 4} ${y}h2M${x + r + 2} ${y}h2M${x - r - 2} ${y - r - 2}l1.5 1.5M${x + r + 0.5} ${y + r + 0.5}l1.5 1.5M${x + r + 2} ${y - r - 2}l-1.5 1.5M${x - r - 0.5} ${y + r + 0.5}l-1.5 1.5"/>`;
const cloud = (dy = 0) =>
  svg`<path class="cloud" d="M7 ${18 + dy}h10a4 4 0 0 0 0-8 6 6 0 0 0-11.3 1.6A3.3 3.3 0 0 0 7 ${18 + dy}z"/>`;
const flake = (x: number, y: number) =>
  svg`<path class="snow" d="M${x} ${y - 2}v4M${x - 1.7} ${y - 1}l3.4 2M${x - 1.7} ${y + 1}l3.4-2"/>`;
const drop = (x: number, y: number) => svg`<path class="rain" d="M${x} ${y}l-1 3"/>`;

const SYMBOLS: Record<string, () => SVGTemplateResult[]> = {
  SUN: () => [sun()],
  FAIR: () => [sun(9, 9, 3.5), cloud(2)],
  PARTLY_CLOUDY: () => [sun(8, 8, 3), cloud(0)],
  CLOUDY: () => [cloud(-2)],
  FOG: () => [svg`<path class="cloud" d="M4 9h16M6 13h12M4 17h16"/>`],
  LIGHT_SNOW: () => [cloud(-4), flake(12, 19)],
  SNOW: () => [cloud(-4), flake(9, 19), flake(15, 19)],
  HEAVY_SNOW: () => [cloud(-5), flake(7, 18), flake(12, 21), flake(17, 18)],
  SNOW_SHOWERS: () => [sun(7, 6, 2.5), cloud(-3), flake(12, 19)],
  SLEET: () => [cloud(-4), drop(9, 17), flake(15, 19)],
  RAIN: () => [cloud(-4), drop(8, 17), drop(12, 17), drop(16, 17)],
  THUNDER: () => [cloud(-4), svg`<path class="bolt" d="M13 14l-3 5h3l-2 4"/>`],
  WIND: () => [svg`<path class="cloud" d="M3 9h11a3 3 0 1 0-3-3M3 14h15a3 3 0 1 1-3 3M3 19h7"/>`],
};
const NEUTRAL = () => [svg`<circle class="cloud" cx="12" cy="12" r="7"/><path class="cloud" d="M9 12h6"/>`];

/** The icon of a weather symbol code; known codes get their own, unknown ones a neutral disc. */
export function weatherIcon(code: string | null | undefined, label: string): HTMLTemplateResult {
  const parts = (code && Object.hasOwn(SYMBOLS, code) ? SYMBOLS[code]! : NEUTRAL)();
  return html`<svg class="icon" viewBox="0 0 24 24" role="img" aria-label=${label}>${parts}</svg>`;
}

const DIAMOND = 'l5 5-5 5-5-5z';
/** Easy: circle; intermediate: square; advanced: diamond; expert: double diamond (the North American marks). */
const MARKS = [
  svg`<circle cx="12" cy="8" r="5"/>`,
  svg`<path d="M7.5 3.5h9v9h-9z"/>`,
  svg`<path d="M12 2.5${DIAMOND}"/>`,
  svg`<path d="M6.5 2.5${DIAMOND}M17.5 2.5${DIAMOND}"/>`,
];

/** The mark of difficulty `index` (0 easy … 3 expert); decorative: the label is beside it. */
export const difficultyMark = (index: number): HTMLTemplateResult =>
  html`<svg class="mark" viewBox="0 0 24 16" aria-hidden="true">${MARKS[index]}</svg>`;

/** Small signs before a forecast's snowfall and wind; decorative: a hidden label names them. */
export const snowSign: HTMLTemplateResult = html`<svg class="glyph" viewBox="0 0 12 12" aria-hidden="true"><path d="M6 1v10M1.7 3.5l8.6 5M1.7 8.5l8.6-5"/></svg>`;
export const windSign: HTMLTemplateResult = html`<svg class="glyph" viewBox="0 0 12 12" aria-hidden="true"><path d="M1 4h6.5a2 2 0 1 0-2-2M1 8h8.5a2 2 0 1 1-2 2"/></svg>`;
