import { describe, expect, it } from "vitest";
import { purchaseProblem, type PurchasableProduct } from "../../server/emulator/catalog/product-rules.js";

const simple: PurchasableProduct = {
  productClass: "Simple",
  isSellable: true,
  hasPrice: true,
  sellingModelIds: [],
  quantityRule: null,
};
const ask = (quantity: number, sellingModelId: string | null = null) => ({ quantity, sellingModelId });

describe("purchaseProblem (the spec's product errors)", () => {
  it("lets a priced, stocked simple product through", () => {
    expect(purchaseProblem(simple, ask(2), 10)).toBeNull();
    expect(purchaseProblem(simple, ask(5), null)).toBeNull();
  });

  it.each([
    [100, "ITEM_NOT_AVAILABLE", simple, ask(1), 0],
    [101, "INSUFFICIENT_QUANTITY", simple, ask(4), 3],
    [102, "NO_PRICE_AVAILABLE", { ...simple, hasPrice: false }, ask(1), 5],
    [103, "VARIATION_PARENT_NOT_ALLOWED", { ...simple, productClass: "VariationParent" }, ask(1), null],
    [104, "PRODUCT_SET_NOT_ALLOWED", { ...simple, productClass: "Set" }, ask(1), null],
    [105, "INVALID_VARIANT", { ...simple, productClass: "Variation", isSellable: false }, ask(1), 5],
    [106, "INVALID_SELLING_MODEL", { ...simple, sellingModelIds: ["0jPMONTH"] }, ask(1), 5],
  ] as const)("answers %i as %s", (code, errorCode, product, request, available) => {
    expect(purchaseProblem(product as PurchasableProduct, request, available)).toMatchObject({ code, errorCode });
  });

  it("accepts a subscription with one of its selling models and refuses an unknown model or one on a one-time product", () => {
    const sub = { ...simple, sellingModelIds: ["0jPMONTH"] };
    expect(purchaseProblem(sub, ask(1, "0jPMONTH"), 5)).toBeNull();
    expect(purchaseProblem(sub, ask(1, "0jPOTHER"), 5)?.code).toBe(106);
    expect(purchaseProblem(simple, ask(1, "0jPMONTH"), 5)?.code).toBe(106);
  });

  it("tells the three quantity-rule violations of error 107 apart", () => {
    const ruled = { ...simple, quantityRule: { minimum: 2, maximum: 10, increment: 2 } };
    expect(purchaseProblem(ruled, ask(1), 100)).toMatchObject({
      code: 107,
      errorCode: "MISSING_RECORD",
      message: "Requested quantity is invalid",
    });
    expect(purchaseProblem(ruled, ask(3), 100)?.errorCode).toBe("INVALID_BATCH_SIZE");
    expect(purchaseProblem(ruled, ask(12), 100)?.errorCode).toBe("MAX_LIMIT_EXCEEDED");
    expect(purchaseProblem(ruled, ask(10), 100)).toBeNull();
  });

  it("checks what the product is before its stock", () => {
    expect(purchaseProblem({ ...simple, hasPrice: false }, ask(5), 0)?.code).toBe(102);
  });
});
