import { describe, expect, it } from "vitest";
import { PRODUCT_ERROR_MESSAGES, shopperMessageFor } from "../../app/lib/api-errors";

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

  it("keys the product errors on the documented codes and texts, the emulator-only codes only as a fallback", () => {
    // A real org's message in the spec's wording (any case, with or without the full stop), whatever its code.
    expect(
      shopperMessageFor({ status: 400, code: "INVALID_INPUT", message: "not enough inventory for selected quantity." }),
    ).toBe(PRODUCT_ERROR_MESSAGES[101]);
    // The spec's numbers for its product errors.
    expect(shopperMessageFor({ status: 400, code: "102", message: "Price not found for 01t000000000001" })).toBe(
      PRODUCT_ERROR_MESSAGES[102],
    );
    // The quantity rules' codes the Commerce components read (LWR failedActionEvaluator).
    for (const code of ["MISSING_RECORD", "INVALID_BATCH_SIZE"])
      expect(shopperMessageFor({ status: 400, code, message: "Quantity 3 is below the minimum 5" })).toBe(
        PRODUCT_ERROR_MESSAGES[107],
      );
    expect(shopperMessageFor({ status: 400, code: "LIMIT_EXCEEDED", message: "x" })).toBe("Your cart is full.");
    expect(
      shopperMessageFor({ status: 400, code: "INSUFFICIENT_ACCESS_OR_READONLY", message: "You don't have access" }),
    ).toBe("You can't do that with this account.");
    // The emulator-only codes still give the specific message when the text is not the spec's.
    const emulatorOnly: [string, string][] = [
      ["ITEM_NOT_AVAILABLE", PRODUCT_ERROR_MESSAGES[100]],
      ["INSUFFICIENT_QUANTITY", PRODUCT_ERROR_MESSAGES[101]],
      ["NO_PRICE_AVAILABLE", PRODUCT_ERROR_MESSAGES[102]],
      ["VARIATION_PARENT_NOT_ALLOWED", PRODUCT_ERROR_MESSAGES[103]],
      ["PRODUCT_SET_NOT_ALLOWED", PRODUCT_ERROR_MESSAGES[104]],
      ["INVALID_VARIANT", PRODUCT_ERROR_MESSAGES[105]],
      ["INVALID_SELLING_MODEL", PRODUCT_ERROR_MESSAGES[106]],
    ];
    for (const [code, words] of emulatorOnly)
      expect(shopperMessageFor({ status: 400, code, message: "Developer text 01tDM000000E100" })).toBe(words);
    // A caller's words for a code come before the documented ones; an inherited property is no code.
    expect(shopperMessageFor({ status: 400, code: "LIMIT_EXCEEDED" }, { LIMIT_EXCEEDED: "Mine." })).toBe("Mine.");
    expect(shopperMessageFor({ status: 400, code: "constructor", message: "x" })).toBeNull();
  });
});
