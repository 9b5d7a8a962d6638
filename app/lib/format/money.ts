/**
 * The store's locale and currency, and money formats (spec §1): the part of lib/format/formats that prices need, on its own
 * so that a page of product cards downloads nothing else of it. lib/format/formats re-exports it.
 */

export const STORE_LOCALE = "en-US";
export const DEFAULT_CURRENCY = "USD";

const currencyFormatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormatters.set(key, formatter);
  }
  return formatter;
}

/** Reads the API's money strings ("23.00", "-5.5") and numbers; anything else is `null`. */
export function parseMoney(amount: string | number | null | undefined): number | null {
  if (typeof amount === "number") return Number.isFinite(amount) ? amount : null;
  if (typeof amount !== "string") return null;
  const text = amount.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/**
 * `formatCurrency("23.00")` → "$23.00"; `formatCurrency("23.00", "GBP", "en-GB")` → "£23.00". Returns "" for a
 * missing or non-numeric amount so a broken API value shows as nothing rather than "$NaN".
 */
export function formatCurrency(
  amount: string | number | null | undefined,
  currency: string = DEFAULT_CURRENCY,
  locale: string = STORE_LOCALE,
): string {
  const value = parseMoney(amount);
  if (value === null) return "";
  return currencyFormatter(currency || DEFAULT_CURRENCY, locale || STORE_LOCALE).format(value);
}

/** The tax line's label: a store with gross prices (taxType Gross) includes tax in its prices; an estimate says so. */
export const taxLabel = (taxIncluded: boolean, estimated = false) =>
  taxIncluded ? "Tax included" : estimated ? "Estimated tax" : "Tax";
