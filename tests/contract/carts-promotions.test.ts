import { describe, expect, it } from "vitest";
import { TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";
import { P, add, expectError, newCart, shopper } from "./carts-helpers.js";

// A cart's coupons and automatic promotions, and their adjustments in its totals.
describe.each(TARGET_NAMES)("cart endpoints (%s)", (name) => {
  const { target } = useTarget(name);

  it("applies SAVE10 into the totals and refuses it twice, next to EXCLUSIVE20, and an unknown code", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "2"); // 78.00
    await add(guest, cartId, P.filters, "1"); // 8.00
    const applied = await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" });
    expect(applied.status).toBe(201);
    expect(applied.body).toEqual({
      cartCoupons: {
        coupons: [
          { cartCouponId: expect.stringMatching(/^4r0/), couponCode: "SAVE10", termsAndConditions: expect.any(String) },
        ],
      },
      cartId,
      cartStatus: "Active",
      ownerId: expect.stringMatching(/^005/),
    });
    const summary = (await guest("GET", `carts/${cartId}`)).body;
    expect(summary).toMatchObject({
      totalProductAmount: "86.00",
      totalPromotionalAdjustmentAmount: "-8.60",
      totalCartLevelAdjustmentAmount: "-8.60",
      totalProductAmountAfterAdjustments: "77.40",
      grandTotalAmount: "77.40",
    });
    const items = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true&includeCoupons=true`);
    expect(items.body.cartPromotions.promotions.promotions).toEqual([
      {
        promotionId: expect.any(String),
        displayName: "10% off your order",
        targetType: "Cart",
        adjustmentAmount: "-8.60",
        couponCode: "SAVE10",
        termsAndConditions: expect.any(String),
      },
    ]);
    expect(items.body.cartCoupons.cartCoupons.coupons.map((c: any) => c.couponCode)).toEqual(["SAVE10"]);
    const lineAdjustments = items.body.cartItems.map((i: any) => Number(i.cartItem.totalAdjustmentAmount));
    expect(lineAdjustments.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(-8.6, 2);

    expectError(await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "save10" }), 400, "ALREADY_APPLIED");
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "EXCLUSIVE20" }),
      400,
      "BLOCKED_EXCLUSIVE",
    );
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "NOPE-123" }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(await guest("POST", `carts/${cartId}/cart-coupons`, {}), 400, "INVALID_API_INPUT");

    expect(
      (await guest("DELETE", `carts/${cartId}/cart-coupons/${applied.body.cartCoupons.coupons[0].cartCouponId}`))
        .status,
    ).toBe(204);
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "EXCLUSIVE20" })).status).toBe(201);
    expect((await guest("GET", `carts/${cartId}`)).body.grandTotalAmount).toBe("68.80");
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" }),
      400,
      "BLOCKED_EXCLUSIVE",
    );
    expect(
      (await guest("GET", `carts/${cartId}/cart-coupons`)).body.cartCoupons.coupons.map((c: any) => c.couponCode),
    ).toEqual(["EXCLUSIVE20"]);
  });

  it("applies BIGSPENDER only from a $10,000 subtotal, and refuses a fourth coupon", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.dinerMug, "1");
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "BIGSPENDER" }),
      400,
      "UNQUALIFIED_CART",
    );
    await add(guest, cartId, P.commercialEspresso, "1");
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "BIGSPENDER" })).status).toBe(201);
    expect((await guest("GET", `carts/${cartId}`)).body).toMatchObject({
      totalProductAmount: "11912.00",
      totalPromotionalAdjustmentAmount: "-1786.80",
      grandTotalAmount: "10125.20",
    });
    for (const code of ["SAVE10", "WELCOME5"])
      expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: code })).status).toBe(201);
    expectError(
      await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "MUGLOVE" }),
      400,
      "MAX_LIMIT_EXCEEDED",
    );
  });

  it("applies the automatic mug promotion from 3 mugs on, as an item adjustment", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.dinerMug, "2");
    const before = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true`);
    expect(before.body.cartPromotions.promotions.promotions).toEqual([]);
    await add(guest, cartId, P.speckledMug, "1");
    const after = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true`);
    expect(after.body.cartPromotions.promotions.promotions).toEqual([
      expect.objectContaining({
        displayName: "Buy 3+ mugs, save 5%",
        targetType: "Item",
        couponCode: null,
        adjustmentAmount: "-2.00",
      }),
    ]);
    const diner = after.body.cartItems.find((i: any) => i.cartItem.productId === P.dinerMug).cartItem;
    expect(diner).toMatchObject({
      promotionDisplayName: "Buy 3+ mugs, save 5%",
      itemizedAdjustmentAmount: "-1.20",
      totalPrice: "22.80",
    });
    expect(after.body.cartSummary).toMatchObject({
      totalProductAmount: "40.00",
      totalPromotionalAdjustmentAmount: "-2.00",
      grandTotalAmount: "38.00",
    });
  });
});
