import { describe, expect, it } from "vitest";
import { COUPON_WORDS, couponCodeProblem, keptCouponCode } from "~/cart/model/coupon";
import { cartFormProblem, parseCartEdit } from "~/cart/forms/cart-forms.server";
import { CART_FIELDS } from "~/cart/model";
import { VALIDITY_MESSAGES } from "~/lib/validation/validity";

/** What the cart's form answers a typed coupon code: null when it takes it, else the message it shows. */
function cartFormAnswer(typed: string): string | null {
  const form = new FormData();
  form.set(CART_FIELDS.intent, "applyCoupon");
  form.set(CART_FIELDS.couponCode, typed);
  const submission = parseCartEdit(form);
  return submission.status === "success" ? null : cartFormProblem(submission.error);
}

describe("a typed coupon code: one rule for the cart and the payment step", () => {
  const cases: [string, string, string | null][] = [
    ["nothing typed", "", VALIDITY_MESSAGES.valueMissing],
    ["only spaces", "   ", VALIDITY_MESSAGES.valueMissing],
    ["a code of the longest length, spaces around it", ` ${"A".repeat(100)} `, null],
    ["a code one character too long", "A".repeat(101), VALIDITY_MESSAGES.tooLong],
    ["a short code", "SAVE10", null],
  ];
  it.each(cases)("%s: the payment step's rule and the cart's form answer the same", (_, typed, expected) => {
    expect(couponCodeProblem(typed)).toBe(expected);
    expect(cartFormAnswer(typed)).toBe(expected);
  });
});

describe("a refused code's field", () => {
  it("shows again what was typed, cut to the longest code the field takes", () => {
    expect(keptCouponCode(" SAVE10 ")).toBe(" SAVE10 ");
    expect(keptCouponCode("B".repeat(150))).toBe("B".repeat(100));
  });
});

describe("the words a coupon change is told in", () => {
  it("names the code when it is known", () => {
    expect(COUPON_WORDS.applied("SAVE10")).toBe("Coupon SAVE10 applied.");
    expect(COUPON_WORDS.removed("SAVE10")).toBe("Coupon SAVE10 removed.");
    expect(COUPON_WORDS.removed()).toBe("Coupon removed.");
  });
});
