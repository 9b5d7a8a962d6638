/**
 * What a shopper reads when the API refuses something: our own words, chosen by the error's code, never the API's
 * message (a real org's messages are written for developers, may name record ids, and differ between releases).
 */

/** Spec §8 "Product errors": the storefront's words for the cart's product rules. */
export const PRODUCT_ERROR_MESSAGES = {
  100: "No more available items for current product",
  101: "Not enough inventory for selected quantity",
  102: "No pricing data available",
  103: "Product is a variant parent",
  104: "Product is a set",
  105: "The selected variant is not valid",
  106: "Selling Models are invalid",
  107: "Requested quantity is invalid",
} as const;

const PRODUCT_ERROR_TEXTS: ReadonlySet<string> = new Set(Object.values(PRODUCT_ERROR_MESSAGES));

/** API error codes → what the shopper is told. */
const BY_CODE: Record<string, string> = {
  // Cart product rules (the emulator's codes for spec §8's errors).
  ITEM_NOT_AVAILABLE: PRODUCT_ERROR_MESSAGES[100],
  INSUFFICIENT_QUANTITY: PRODUCT_ERROR_MESSAGES[101],
  NO_PRICE_AVAILABLE: PRODUCT_ERROR_MESSAGES[102],
  VARIATION_PARENT_NOT_ALLOWED: PRODUCT_ERROR_MESSAGES[103],
  PRODUCT_SET_NOT_ALLOWED: PRODUCT_ERROR_MESSAGES[104],
  INVALID_VARIANT: PRODUCT_ERROR_MESSAGES[105],
  INVALID_SELLING_MODEL: PRODUCT_ERROR_MESSAGES[106],
  INVALID_QUANTITY: PRODUCT_ERROR_MESSAGES[107],
  // Coupons (the LWR cart's error evaluator knows these four).
  ALREADY_APPLIED: "That coupon is already applied to your cart.",
  BLOCKED_EXCLUSIVE: "That coupon can't be combined with the other coupons on your cart.",
  UNQUALIFIED_CART: "Your cart doesn't qualify for that coupon yet.",
  MAX_LIMIT_EXCEEDED: "Your cart can't take more of that.",
  // Access.
  EFFECTIVE_ACCOUNT_NOT_FOUND: "You can't act for that account.",
  INSUFFICIENT_ACCESS: "You can't do that with this account.",
  INSUFFICIENT_ACCESS_OR_READONLY: "You can't do that with this account.",
};

/**
 * The shopper's message for a refused request (4xx with an error code), or null when we have no words of our own
 * for it (the caller shows its fallback). A message the API sends in the spec's own product-error wording is the
 * spec's text, not the API's, and passes.
 */
export function shopperMessageFor(
  error: { status?: number; code?: string; message?: string },
  byCode: Readonly<Record<string, string>> = {},
): string | null {
  // The client refuses a bad quantity itself, in the spec's words (no status: nothing was sent).
  if (error.message && PRODUCT_ERROR_TEXTS.has(error.message) && (error.status === undefined || error.status < 500))
    return error.message;
  if (typeof error.status !== "number" || error.status < 400 || error.status >= 500) return null;
  if (error.code && byCode[error.code]) return byCode[error.code];
  if (error.code && BY_CODE[error.code]) return BY_CODE[error.code];
  return null;
}

/** A coupon refused as input is an unknown or malformed code (the code the API answers is INVALID_API_INPUT). */
export const COUPON_MESSAGES: Readonly<Record<string, string>> = { INVALID_API_INPUT: "Enter a valid coupon code." };
