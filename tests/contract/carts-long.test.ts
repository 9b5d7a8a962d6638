import { describe, expect, it } from "vitest";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { login } from "./targets.js";
import { P, add, shopper, type Shopper, useBulkCartStore } from "./carts-helpers.js";

/**
 * A long cart's changes (issue 23): one line's add, quantity change or removal reprices that line and updates the
 * cart's running totals without pricing the whole cart again. Whatever the changes, the cart's summary (GET carts/{id},
 * from the running totals) equals the whole cart priced afresh (the cartSummary of GET cart-items, which prices every
 * line from the catalog), and a changed line's answer equals that line as the whole cart's pricing lists it, with item
 * promotions (the automatic "Buy 3+ mugs", the MUGLOVE coupon), volume prices and a cart-level coupon spread over the
 * lines. The cart: bulk@demo.store's, 150 lines, in a small generated store (in-process: the generated store is this
 * suite's own).
 */

const LINES = 150;

const store = useBulkCartStore(LINES);

/**
 * Every line of the cart as pricing the whole cart afresh lists them (100 a page), and that listing's cart summary.
 * Sorted by name: a listing in another order than the lines were added prices every line from the catalog (the
 * emulator's loadCartView), unlike the default order's, which reads only its page.
 */
async function recomputed(s: Shopper, cartId: string) {
  const lines = new Map<string, unknown>();
  let summary: unknown = null;
  let promotions: unknown = null;
  let coupons: unknown = null;
  for (let page = 1; ; page++) {
    const res = await s(
      "GET",
      `carts/${cartId}/cart-items?sort=NameAsc&pageSize=100&pageNumber=${page}&includePromotions=true&includeCoupons=true`,
    );
    expect(res.status).toBe(200);
    summary = res.body.cartSummary;
    promotions = res.body.cartPromotions;
    coupons = res.body.cartCoupons;
    for (const { cartItem } of res.body.cartItems) lines.set(cartItem.cartItemId, cartItem);
    if (!res.body.nextPageToken) break;
  }
  return { lines, summary, promotions, coupons };
}

/**
 * The cart's summary (GET carts/{id}) and its first and last pages in the order lines were added (what the cart page
 * shows: 25 lines), each equal to pricing the whole cart afresh.
 */
async function expectSummaryEqualsRecompute(s: Shopper, cartId: string) {
  const summary = await s("GET", `carts/${cartId}`);
  expect(summary.status).toBe(200);
  const whole = await recomputed(s, cartId);
  expect(summary.body).toEqual(whole.summary);
  const pages = Math.ceil(summary.body.totalProductLineItemCount / 25);
  for (const [sort, pageNumber] of [
    ["CreatedDateDesc", 1],
    ["CreatedDateAsc", pages],
  ] as const) {
    const page = await s(
      "GET",
      `carts/${cartId}/cart-items?sort=${sort}&pageNumber=${pageNumber}&includePromotions=true&includeCoupons=true`,
    );
    expect(page.status).toBe(200);
    expect(page.body.cartSummary).toEqual(whole.summary);
    expect(page.body.cartPromotions).toEqual(whole.promotions);
    expect(page.body.cartCoupons).toEqual(whole.coupons);
    expect(page.body.cartItems.length).toBeGreaterThan(0);
    for (const { cartItem } of page.body.cartItems) expect(cartItem).toEqual(whole.lines.get(cartItem.cartItemId));
  }
  return { summary: summary.body, whole };
}

describe("a 150-line cart changed one line at a time", () => {
  it("keeps totals and each changed line's amounts equal to pricing the whole cart afresh", async () => {
    const buyer = shopper(store(), await login(store(), BULK_BUYER.username, BULK_BUYER.password));
    const cartId = (await buyer("GET", "carts/current")).body.cartId;

    // The seeded cart (its lines written without prices): its first summary prices them.
    const first = await expectSummaryEqualsRecompute(buyer, cartId);
    expect(first.summary.totalProductLineItemCount).toBe(LINES);
    const subtotalBefore = Number(first.summary.totalProductAmount);

    // A line added: its answer is the line as the whole cart lists it, and the subtotal grows by its amount.
    const filters = await add(buyer, cartId, P.filters, "2");
    expect(filters.status).toBe(201);
    let whole = (await expectSummaryEqualsRecompute(buyer, cartId)).whole;
    expect(filters.body).toEqual(whole.lines.get(filters.body.cartItemId));
    expect(Number((whole.summary as { totalProductAmount: string }).totalProductAmount)).toBeCloseTo(
      subtotalBefore + 16,
      2,
    );

    // Its quantity into the next volume tier (10+: $7.60 a unit).
    const tiered = await buyer("PATCH", `carts/${cartId}/cart-items/${filters.body.cartItemId}`, { quantity: "12" });
    expect(tiered.status).toBe(200);
    expect(tiered.body.salesPrice).toBe("7.60");
    whole = (await expectSummaryEqualsRecompute(buyer, cartId)).whole;
    expect(tiered.body).toEqual(whole.lines.get(filters.body.cartItemId));

    // Three mugs: the automatic "Buy 3+ mugs, save 5%" takes 5 % off each mug line once the third arrives.
    await add(buyer, cartId, P.dinerMug, "1");
    const secondMug = await add(buyer, cartId, P.speckledMug, "2");
    expect(secondMug.body.promotionDisplayName).toBe("Buy 3+ mugs, save 5%");
    whole = (await expectSummaryEqualsRecompute(buyer, cartId)).whole;
    expect(secondMug.body).toEqual(whole.lines.get(secondMug.body.cartItemId));
    expect(whole.summary).toMatchObject({ totalProductLineItemCount: LINES + 3 });

    // A coupon on the mugs (an item promotion) stacks on the automatic one.
    expect((await buyer("POST", `carts/${cartId}/cart-coupons`, { couponCode: "MUGLOVE" })).status).toBe(201);
    const glass = await add(buyer, cartId, P.glassMug, "1");
    expect(glass.body.promotionDisplayName).toBe("Buy 3+ mugs, save 5%, 10% off mugs");
    whole = (await expectSummaryEqualsRecompute(buyer, cartId)).whole;
    expect(glass.body).toEqual(whole.lines.get(glass.body.cartItemId));

    // A cart-level coupon: its discount is spread over every line, and the changed line's share is the whole cart's.
    expect((await buyer("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" })).status).toBe(201);
    const anyLine = [...whole.lines.keys()][40];
    const changed = await buyer("PATCH", `carts/${cartId}/cart-items/${anyLine}`, { quantity: "3" });
    expect(changed.status).toBe(200);
    expect(Number(changed.body.totalAdjustmentAmount)).toBeLessThan(0);
    const withCoupon = await expectSummaryEqualsRecompute(buyer, cartId);
    expect(changed.body).toEqual(withCoupon.whole.lines.get(anyLine));
    expect(Number(withCoupon.summary.totalCartLevelAdjustmentAmount)).toBeLessThan(0);

    // Lines removed: the glass mug (three mugs stay: the automatic promotion still applies) and another line.
    expect((await buyer("DELETE", `carts/${cartId}/cart-items/${glass.body.cartItemId}`)).status).toBe(204);
    expect((await buyer("DELETE", `carts/${cartId}/cart-items/${anyLine}`)).status).toBe(204);
    const after = await expectSummaryEqualsRecompute(buyer, cartId);
    expect(after.summary.totalProductLineItemCount).toBe(LINES + 2);

    // Down to two mugs: the automatic promotion no longer applies to the remaining mug lines.
    const fewer = await buyer("PATCH", `carts/${cartId}/cart-items/${secondMug.body.cartItemId}`, { quantity: "1" });
    expect(fewer.body.promotionDisplayName).toBe("10% off mugs");
    const last = await expectSummaryEqualsRecompute(buyer, cartId);
    expect(fewer.body).toEqual(last.whole.lines.get(secondMug.body.cartItemId));
  });
});
