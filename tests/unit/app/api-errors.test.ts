import { describe, expect, it } from "vitest";
import { PRODUCT_ERROR_MESSAGES, shopperMessageFor } from "../../../app/lib/api-errors";

describe("shopperMessageFor", () => {
  it("gives our words for known codes, never the API's message", () => {
    const refused = {
      status: 400,
      code: "UNQUALIFIED_CART",
      message: "The cart 0a6DM0000000001 doesn't qualify for the coupon code BIGSPENDER.",
    };
    expect(shopperMessageFor(refused)).toBe("Your cart doesn't qualify for that coupon yet.");
    expect(
      shopperMessageFor({ status: 400, code: "INSUFFICIENT_QUANTITY", message: "Only 1 left of 01tDM000000LAST" }),
    ).toBe(PRODUCT_ERROR_MESSAGES[101]);
  });

  it("has nothing to say for unknown codes, server failures and item-not-found messages with ids", () => {
    expect(
      shopperMessageFor({ status: 404, code: "ITEM_NOT_FOUND", message: "Cart item not found: 0a9DM0000000001" }),
    ).toBeNull();
    expect(shopperMessageFor({ status: 500, code: "UNQUALIFIED_CART", message: "x" })).toBeNull();
    expect(shopperMessageFor({ status: 400, code: "SOMETHING_NEW", message: "Internal detail" })).toBeNull();
  });

  it("lets the spec's own product-error wording through, also from a check made before any request", () => {
    expect(shopperMessageFor({ status: 400, code: "X", message: PRODUCT_ERROR_MESSAGES[107] })).toBe(
      PRODUCT_ERROR_MESSAGES[107],
    );
    expect(shopperMessageFor({ code: "INVALID_QUANTITY", message: PRODUCT_ERROR_MESSAGES[107] })).toBe(
      PRODUCT_ERROR_MESSAGES[107],
    );
    expect(shopperMessageFor({ status: 503, message: PRODUCT_ERROR_MESSAGES[101] })).toBeNull();
  });
});
