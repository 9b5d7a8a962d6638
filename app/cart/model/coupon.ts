/**
 * Coupons, for the cart and the payment step alike: one rule for a typed code, the words the shopper is told, and
 * what a refused code's field shows again. Coupons are the cart's at every API version but 61-62 (where the checkout
 * has its own), so this is the cart's module and the checkout names it. Pure and browser-safe.
 */
import { VALIDITY_MESSAGES } from "~/lib/validation/validity";
import { COUPON_CODE_MAX_LENGTH } from "../../../server/webstore/limits";

export const COUPON_WORDS = {
  applied: (code: string) => `Coupon ${code} applied.`,
  removed: (code?: string) => (code ? `Coupon ${code} removed.` : "Coupon removed."),
  applyFailed: "We couldn't apply that coupon.",
  removeFailed: "We couldn't remove the coupon. Try again.",
  /** Checkout coupons are served by API versions 61-62 only: elsewhere the cart's coupons are the way. */
  unavailableAtCheckout: "Coupons can't be applied during checkout. Apply them in your cart.",
} as const;

/** The one rule for a typed code: trimmed, required, at most COUPON_CODE_MAX_LENGTH characters; null when fine. */
export function couponCodeProblem(typed: string): string | null {
  const code = typed.trim();
  if (!code) return VALIDITY_MESSAGES.valueMissing;
  if (code.length > COUPON_CODE_MAX_LENGTH) return VALIDITY_MESSAGES.tooLong;
  return null;
}

/** What a refused code's field shows again: what was typed, cut to the limit. */
export function keptCouponCode(typed: string): string {
  return typed.slice(0, COUPON_CODE_MAX_LENGTH);
}
