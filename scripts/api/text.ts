/**
 * Small text helpers shared by the service, the dataset and the element.
 */

/**
 * A resort or region id as the service writes it: a positive whole number of at most ten digits. The source
 * is for patterns that embed it (the path function's groups, the nginx and Apache rules).
 */
export const ID_SOURCE = '[1-9][0-9]{0,9}';
/** A whole string that is an id (`ID_SOURCE`). */
export const ID_PATTERN = new RegExp(`^${ID_SOURCE}$`);
/** The largest id (`ID_SOURCE`: ten digits). */
export const MAX_ID = 9_999_999_999;

/**
 * Whether `value` is an id that may name a file or a request: a whole number from 1 to `MAX_ID`, exactly
 * the numbers `ID_PATTERN` writes (one rule for the contract, the paths and the scope).
 */
export const isPositiveId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= MAX_ID;

/** Fills `{name}` placeholders; a name without a value is left as it is, or replaced by `missing`. */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number>>,
  missing?: string,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : (missing ?? whole),
  );
}

/** Keeps echoed input short in messages. */
export function clip(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}
