/**
 * What the storefront can tell from a card number the shopper typed, without asking anyone: its brand, from the
 * issuer identification number (IIN) ranges the card networks publish. The API never tells us (payments/token
 * answers only a token), so the "Visa ending in 4242" the shopper sees comes from here.
 */

export type CardBrand = "Visa" | "Mastercard" | "American Express" | "Discover" | "Diners Club" | "JCB" | "UnionPay";

/** Inclusive IIN ranges on the number's first digits, most specific first (Discover's 622126–622925 sits in UnionPay's 62). */
const IIN_RANGES: readonly (readonly [from: string, to: string, brand: CardBrand])[] = [
  ["34", "34", "American Express"],
  ["37", "37", "American Express"],
  ["4", "4", "Visa"],
  ["51", "55", "Mastercard"],
  ["2221", "2720", "Mastercard"],
  ["6011", "6011", "Discover"],
  ["644", "649", "Discover"],
  ["65", "65", "Discover"],
  ["622126", "622925", "Discover"],
  ["3528", "3589", "JCB"],
  ["300", "305", "Diners Club"],
  ["3095", "3095", "Diners Club"],
  ["36", "36", "Diners Club"],
  ["38", "39", "Diners Club"],
  ["62", "62", "UnionPay"],
];

/** The digits of a typed card number (spaces and dashes allowed while typing). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The card's brand from its leading digits; null when the number is too short or in no known range. */
export function cardBrand(cardNumber: string): CardBrand | null {
  const digits = cardDigits(cardNumber);
  if (!/^\d+$/.test(digits)) return null;
  for (const [from, to, brand] of IIN_RANGES) {
    if (digits.length < from.length) continue;
    const prefix = digits.slice(0, from.length);
    if (prefix >= from && prefix <= to) return brand;
  }
  return null;
}

/** The tokenization input's `cardType` for a brand, for the brands that input documents (others send none). */
export function apiCardType(brand: CardBrand | null): "Visa" | "MasterCard" | "AmericanExpress" | undefined {
  if (brand === "Visa") return "Visa";
  if (brand === "Mastercard") return "MasterCard";
  if (brand === "American Express") return "AmericanExpress";
  return undefined;
}

/** "Visa ending in 4242", from the typed number; "Card ending in 1234" when the brand is unknown. */
export function cardLabel(cardNumber: string): string {
  const digits = cardDigits(cardNumber);
  const brand = cardBrand(digits) ?? "Card";
  return /^\d{4,}$/.test(digits) ? `${brand} ending in ${digits.slice(-4)}` : brand;
}
