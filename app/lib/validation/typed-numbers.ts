/**
 * Reading what a shopper types into a number field: the smallest part of the validation rules (lib/validation/validity),
 * on its own so that the header's optimistic cart count (every page) needs nothing else.
 */

/** Trims and collapses runs of whitespace (tabs, new lines, no-break spaces) into one space. */
export function cleanWhitespace(value: string): string {
  return value.replace(/[\s\u00a0]+/g, " ").trim();
}

const SHORTCUT_EXPONENT: Record<string, number> = { k: 3, m: 6, b: 9, t: 12 };

/**
 * Reads a typed number, with the spec's shortcuts: 2k = 2000, 1.5m = 1500000, b = 1e9, t = 1e12.
 * Grouping commas ("1,500") are accepted. Returns NaN when the text is not a number.
 */
export function parseNumberShortcut(text: string): number {
  const match = /^([+-]?)((?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?)\s*([kmbt]?)$/i.exec(text.trim());
  if (!match) return Number.NaN;
  const [, sign, digits, suffix] = match;
  const plain = digits.replace(/,/g, "");
  if (!/\d/.test(plain)) return Number.NaN;
  const exponent = SHORTCUT_EXPONENT[suffix.toLowerCase()] ?? 0;
  // Shifting the decimal point in text avoids 1.1 * 1000 = 1100.0000000000002.
  return Number(`${sign}${plain}e${exponent}`);
}

/** True when `value` is `base` plus a whole number of `step`s (the native stepMismatch rule). */
export function isStepValid(value: number, step: number, base = 0): boolean {
  if (!(step > 0)) return true;
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}
