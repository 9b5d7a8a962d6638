import { beforeEach, describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/** Reorder: order-summaries/actions/add-order-to-cart (v59+) and order-summaries/{id}/actions/add-order-to-cart (v57). */

const NOT_FOUND = [{ errorCode: "NOT_FOUND", message: "Something's not right. Check your info and try again." }];

describe.each(TARGET_NAMES)("add order to cart (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  let buyer: Record<string, string>;
  beforeEach(async () => {
    buyer = await login(target);
  });

  const reorder = (body: unknown, headers: Record<string, string> = {}) =>
    call("POST", "order-summaries/actions/add-order-to-cart", body, headers);
  const cartLines = async (cartId: string, headers: Record<string, string>) => {
    const res = await call("GET", `carts/${cartId}/cart-items?productFields=StockKeepingUnit`, undefined, headers);
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.cartItems.map((c: any) => [c.cartItem.productDetails.sku, c.cartItem.quantity]));
  };

  it("adds the available lines and reports an out-of-stock and a discontinued product as unadded", async () => {
    const res = await reorder({ cartStateOrId: "active", orderSummaryIdOrRefNumber: "00000105" }, buyer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cartId: expect.stringMatching(/^0a6/),
      totalSucceededProductCount: 1,
      totalFailedProductCount: 2,
    });
    expect(res.body.unaddedProducts).toEqual([
      {
        productId: "01tDM000000E100",
        productName: "Gesha Village Lot 74 Whole Bean, 4 oz",
        productSKU: "ERR-100",
        errorCode: "ERROR_SAVING_CARTITEM",
        errorMessage: "No more available items for current product",
        media: expect.objectContaining({ url: expect.any(String) }),
      },
      expect.objectContaining({
        productSKU: "ERR-105",
        errorCode: "ERROR_SAVING_CARTITEM",
        errorMessage: "The selected variant is not valid",
      }),
    ]);
    expect(await cartLines(res.body.cartId, buyer)).toEqual({ "CB-KEN-AA": "2.0" });
  });

  it("merges into lines already in the cart and adds every line of a two-group order", async () => {
    const first = await reorder({ cartStateOrId: "current", orderSummaryIdOrRefNumber: "00000103" }, buyer);
    expect(first.body).toMatchObject({
      totalSucceededProductCount: 5,
      totalFailedProductCount: 0,
      unaddedProducts: [],
    });
    const again = await reorder(
      { cartStateOrId: first.body.cartId, orderSummaryIdOrRefNumber: "1OsDM0000000103" },
      buyer,
    );
    expect(again.body.cartId).toBe(first.body.cartId);
    expect(await cartLines(first.body.cartId, buyer)).toMatchObject({
      "MUG-DINER-12": "4.0",
      "EQ-KETTLE-GN": "2.0",
      "CB-COL-HUI": "4.0",
    });
  });

  it("lets a guest reorder a guest order with its e-mail, into a new guest cart", async () => {
    const res = await reorder({
      cartStateOrId: "current",
      orderSummaryIdOrRefNumber: "00000101",
      verification: { email: "guest@demo.store" },
    });
    expect(res.status).toBe(200);
    expect(res.body.totalSucceededProductCount).toBe(2);
    // The new cart is the guest's: the same guest token reads it.
    expect(await cartLines(res.body.cartId, {})).toEqual({ "CB-ETH-YRG": "2.0", "CG-BRKFST": "1.0" });
  });

  it("accepts a guest access token instead of verification", async () => {
    const auth = await call("POST", "order-summaries/actions/authorize", {
      orderSummaryRefNumber: "00000101",
      email: "guest@demo.store",
      phoneNumber: "555-010-1010",
    });
    const res = await reorder({
      cartStateOrId: "active",
      orderSummaryIdOrRefNumber: "00000101",
      accessToken: auth.body.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.totalSucceededProductCount).toBe(2);
  });

  it("answers an order the caller may not see like an unknown one, and adds nothing", async () => {
    for (const [body, headers] of [
      [{ cartStateOrId: "active", orderSummaryIdOrRefNumber: "00000101" }, {}],
      [
        { cartStateOrId: "active", orderSummaryIdOrRefNumber: "00000101", verification: { email: "nope@demo.store" } },
        {},
      ],
      [{ cartStateOrId: "active", orderSummaryIdOrRefNumber: "00000107" }, buyer],
      [{ cartStateOrId: "active", orderSummaryIdOrRefNumber: "00099999" }, buyer],
    ] as const) {
      const res = await reorder(body, headers);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
    }
    const summary = await call("GET", "carts/compact-summary", undefined, buyer);
    expect(summary.body.cartId).toBeNull();
  });

  it("requires the cart and the order reference (400 INVALID_API_INPUT), and a cart of the caller's (404)", async () => {
    for (const body of [{ orderSummaryIdOrRefNumber: "00000105" }, { cartStateOrId: "active" }, {}]) {
      const res = await reorder(body, buyer);
      expect(res.status).toBe(400);
      expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
    }
    const foreignCart = await reorder(
      { cartStateOrId: "0a6DM0000000999", orderSummaryIdOrRefNumber: "00000105" },
      buyer,
    );
    expect(foreignCart.status).toBe(404);
  });

  it("serves the v57 form with the order in the path", async () => {
    const res = await call(
      "POST",
      "order-summaries/00000102/actions/add-order-to-cart",
      { cartStateOrId: "active" },
      buyer,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalSucceededProductCount: 2, totalFailedProductCount: 0 });
    const missing = await call("POST", "order-summaries/00000102/actions/add-order-to-cart", {}, buyer);
    expect(missing.body[0].errorCode).toBe("INVALID_API_INPUT");
    const foreign = await call(
      "POST",
      "order-summaries/00000108/actions/add-order-to-cart",
      { cartStateOrId: "active" },
      buyer,
    );
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 404, body: NOT_FOUND });
  });
});
