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

/** A text compared as a reader would: case, spacing and a closing full stop aside. */
const normalText = (message: string) => message.trim().replace(/\s+/g, " ").replace(/\.$/, "").toLowerCase();

/** The spec's product-error texts (§8, documented), normalised → the spec's own wording. */
const PRODUCT_ERROR_TEXTS: ReadonlyMap<string, string> = new Map(
  Object.values(PRODUCT_ERROR_MESSAGES).map((message) => [normalText(message), message]),
);

/**
 * Documented codes → what the shopper is told. Sources (docs/emulator.md, "Error codes" and "The storefront's
 * messages"): the spec numbers its product errors 100-107; the Commerce components' cart error evaluators (LWR
 * `commerce_cart/failedActionEvaluator`, `commerce_unified_coupons/errorCodeEvaluator`) name the quantity-rule,
 * limit, coupon and access codes; Salesforce Help's *Add Cart Item Action* names `INSUFFICIENT_ACCESS_OR_READONLY`.
 */
const DOCUMENTED_BY_CODE: Record<string, string> = {
  // The spec's numbers for its product errors.
  ...Object.fromEntries(Object.entries(PRODUCT_ERROR_MESSAGES).map(([number, message]) => [number, message])),
  // Quantity rules (LWR: "This product has a minimum purchase limit", "… in set of increments").
  MISSING_RECORD: PRODUCT_ERROR_MESSAGES[107],
  INVALID_BATCH_SIZE: PRODUCT_ERROR_MESSAGES[107],
  // Limits.
  MAX_LIMIT_EXCEEDED: "Your cart can't take more of that.",
  LIMIT_EXCEEDED: "Your cart is full.",
  TOO_MANY_RECORDS: "Your cart can't take more items.",
  // Coupons.
  ALREADY_APPLIED: "That coupon is already applied to your cart.",
  BLOCKED_EXCLUSIVE: "That coupon can't be combined with the other coupons on your cart.",
  UNQUALIFIED_CART: "Your cart doesn't qualify for that coupon yet.",
  // Access.
  EFFECTIVE_ACCOUNT_NOT_FOUND: "You can't act for that account.",
  INSUFFICIENT_ACCESS: "You can't do that with this account.",
  INSUFFICIENT_ACCESS_OR_READONLY: "You can't do that with this account.",
};

/**
 * The emulator's own names for the spec's product errors (emulator-only: no Salesforce page names them; see
 * docs/emulator.md, "Emulator-only names"). Read only when neither the text nor the code is a documented one, so a
 * real org's answer never depends on them.
 */
const EMULATOR_ONLY_BY_CODE: Record<string, string> = {
  ITEM_NOT_AVAILABLE: PRODUCT_ERROR_MESSAGES[100],
  INSUFFICIENT_QUANTITY: PRODUCT_ERROR_MESSAGES[101],
  NO_PRICE_AVAILABLE: PRODUCT_ERROR_MESSAGES[102],
  VARIATION_PARENT_NOT_ALLOWED: PRODUCT_ERROR_MESSAGES[103],
  PRODUCT_SET_NOT_ALLOWED: PRODUCT_ERROR_MESSAGES[104],
  INVALID_VARIANT: PRODUCT_ERROR_MESSAGES[105],
  INVALID_SELLING_MODEL: PRODUCT_ERROR_MESSAGES[106],
  INVALID_QUANTITY: PRODUCT_ERROR_MESSAGES[107],
};

/**
 * The shopper's message for a refused request (4xx with an error code), or null when we have no words of our own
 * for it (the caller shows its fallback). In this order: the spec's own product-error wording (documented text,
 * whatever the code: the client's own checks made before any request have no status), the caller's words for a
 * code, a documented code, and last the emulator-only codes.
 */
export function shopperMessageFor(
  error: { status?: number; code?: string; message?: string },
  byCode: Readonly<Record<string, string>> = {},
): string | null {
  const specText = error.message ? PRODUCT_ERROR_TEXTS.get(normalText(error.message)) : undefined;
  if (specText && (error.status === undefined || error.status < 500)) return specText;
  if (typeof error.status !== "number" || error.status < 400 || error.status >= 500) return null;
  const code = error.code;
  if (!code) return null;
  const own = (words: Readonly<Record<string, string>>) => (Object.hasOwn(words, code) ? words[code] : undefined);
  return own(byCode) ?? own(DOCUMENTED_BY_CODE) ?? own(EMULATOR_ONLY_BY_CODE) ?? null;
}

/** The number of one of the spec's product errors (§8). */
export type ProductErrorNumber = keyof typeof PRODUCT_ERROR_MESSAGES;

const PRODUCT_ERROR_NUMBERS: ReadonlyMap<string, ProductErrorNumber> = new Map(
  Object.entries(PRODUCT_ERROR_MESSAGES).map(([number, message]) => [message, Number(number) as ProductErrorNumber]),
);

/**
 * Which of the spec's product errors (100-107) a refusal is, by the same lookups as `shopperMessageFor` (the spec's
 * text, the documented codes, last the emulator-only ones); null for any other refusal.
 */
export function productErrorOf(error: { status?: number; code?: string; message?: string }): ProductErrorNumber | null {
  const message = shopperMessageFor(error);
  return message === null ? null : (PRODUCT_ERROR_NUMBERS.get(message) ?? null);
}

/** The field of an "Add to cart" form a product error is about: the quantity (101, 107), the purchase option (106). */
export function productErrorField(number: ProductErrorNumber | null): "quantity" | "plan" | null {
  if (number === 101 || number === 107) return "quantity";
  return number === 106 ? "plan" : null;
}

/** A coupon refused as input is an unknown or malformed code (the code the API answers is INVALID_API_INPUT). */
export const COUPON_MESSAGES: Readonly<Record<string, string>> = { INVALID_API_INPUT: "Enter a valid coupon code." };
