/**
 * Money is integer cents inside the emulator and a string with two decimals on the wire ("23.00");
 * quantities are integers inside and strings with one decimal on the wire ("2.0"), as the real API prints them.
 */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 100_000_000;

export function money(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function quantity(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/** Parses "12.99" / 12.99 into cents; null when it is not a number. */
export function toCents(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/**
 * Parses a quantity sent as a string ("2", "2.0") or number. Returns null when it is not a whole number;
 * range checks are the caller's, so it can answer with the right error.
 */
export function parseQuantity(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const n = Number(value);
  if (!Number.isFinite(n) || !Number.isInteger(n)) return null;
  return n;
}

/** Rounds half away from zero: percentage discounts of odd cents. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
