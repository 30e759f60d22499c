/**
 * The forecast's days, as the card reads its `days` attribute: the frame's height depends on them (its
 * `data-n` tiles, geometry.css), and the room a page reserves before the script runs follows the same rule
 * with attribute selectors (scripts/tooling/reservations.ts, `tiles`). This module imports no style sheet:
 * the build's own process reads it.
 */

/** The forecast's days when a value asks for none that the element shows. */
export const DEFAULT_DAYS = 3;

/**
 * The forecast days a value asks for: 0 to 5 as written, a number or its one-digit text (`"3"`, not
 * `"03"`, `" 3"` or `"3.0"`); anything else (`"7"`, `""`, `"-1"`, `"abc"`) is the default. It is the rule
 * the reservation's attribute selectors can follow exactly (`tiles`), so the room a page reserves is
 * the room the card takes for every value.
 */
export function forecastDays(value: unknown): number {
  const text = String(value);
  return /^[0-5]$/.test(text) ? Number(text) : DEFAULT_DAYS;
}
