import { describe, expect, it } from "vitest";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { TEXAS } from "./checkout-helpers.js";
import { login } from "./targets.js";
import { P, add, shopper, type Shopper, useBulkCartStore } from "./carts-helpers.js";

/**
 * A long cart's checkout (issue 23): GET checkouts/{id} rates the cart from its running totals and its lines' recorded
 * prices (one read of the cart's lines, no catalog reads per line), and answers what pricing the whole cart afresh
 * answers: the checkout's product totals equal the cart's summary priced line by line from the catalog (GET cart-items
 * sorted by name, emulator's loadCartView), and its shipping and tax equal the delivery group's, whose lines are rated
 * from that fresh pricing (GET delivery-groups with every line listed). The cart: bulk@demo.store's, 100 lines (what
 * one delivery group lists at most), in a small generated store, with item and cart-level promotions.
 */

const LINES = 96;

const store = useBulkCartStore(LINES);

const money = (s: string | null) => Math.round(Number(s) * 100);

/** The whole cart priced afresh from the catalog, and its delivery group rated from that pricing. */
async function fresh(buyer: Shopper, cartId: string) {
  const items = await buyer("GET", `carts/${cartId}/cart-items?sort=NameAsc&pageSize=100`);
  expect(items.status).toBe(200);
  const groups = await buyer("GET", `carts/${cartId}/delivery-groups?cartItemLimit=100`);
  expect(groups.status).toBe(200);
  const [group] = groups.body.items;
  expect(group.cartItems.cartItems).toHaveLength(group.totalCartItemCount);
  const tax = group.cartItems.cartItems.reduce((a: number, i: any) => a + money(i.cartItem.totalTax), 0);
  return { summary: items.body.cartSummary, group, tax };
}

async function expectCheckoutEqualsFresh(buyer: Shopper, cartId: string, checkoutId: string) {
  const checkout = await buyer("GET", `checkouts/${checkoutId}`);
  expect(checkout.status).toBe(200);
  const { summary, group, tax } = await fresh(buyer, cartId);
  const c = checkout.body.cartSummary;
  for (const field of [
    "totalProductAmount",
    "totalListPrice",
    "totalProductAmountAfterAdjustments",
    "totalPromotionalAdjustmentAmount",
    "totalCartLevelAdjustmentAmount",
    "totalProductCount",
    "totalProductLineItemCount",
    "uniqueProductCount",
  ])
    expect(c[field], field).toEqual(summary[field]);
  const [checkoutGroup] = checkout.body.deliveryGroups.items;
  expect(checkoutGroup.selectedDeliveryMethod.id).toBe(group.selectedDeliveryMethod.id);
  expect(checkoutGroup.selectedDeliveryMethod.shippingFee).toBe(group.selectedDeliveryMethod.shippingFee);
  expect(checkoutGroup.totalProductAmount).toBe(group.totalProductAmount);
  expect(checkoutGroup.totalCartItemCount).toBe(group.totalCartItemCount);
  const shipping = money(group.selectedDeliveryMethod?.shippingFee ?? "0");
  expect(money(c.totalChargeAmount)).toBe(shipping);
  expect(money(c.totalTaxAmount)).toBe(tax);
  expect(money(c.grandTotalAmount)).toBe(money(summary.totalProductAmountAfterAdjustments) + shipping + tax);
  return checkout.body;
}

/** Reads the checkout until its calculators ran (no longer 202), as a client polls after a start or a change. */
async function settle(buyer: Shopper, checkoutId: string) {
  for (let reads = 0; reads < 10; reads++) if ((await buyer("GET", `checkouts/${checkoutId}`)).status !== 202) return;
  throw new Error(`checkout ${checkoutId} still processing after 10 reads`);
}

async function checkoutWithAddress(buyer: Shopper, cartId: string): Promise<string> {
  const started = await buyer("PUT", "checkouts", { cartId });
  expect(started.status).toBe(202);
  await settle(buyer, started.body.checkoutId);
  const patched = await buyer("PATCH", `checkouts/${started.body.checkoutId}`, { deliveryAddress: TEXAS });
  expect(patched.status).toBe(202);
  await settle(buyer, started.body.checkoutId);
  return started.body.checkoutId;
}

describe("a long cart's checkout", () => {
  it("answers totals, shipping and tax equal to pricing the whole cart afresh", async () => {
    const buyer = shopper(store(), await login(store(), BULK_BUYER.username, BULK_BUYER.password));
    const cartId = (await buyer("GET", "carts/current")).body.cartId;
    // Item promotions: three mugs (the automatic "Buy 3+ mugs") and the MUGLOVE coupon; a cart-level coupon (SAVE10)
    // spread over every line.
    await add(buyer, cartId, P.dinerMug, "1");
    await add(buyer, cartId, P.speckledMug, "2");
    expect((await buyer("POST", `carts/${cartId}/cart-coupons`, { couponCode: "MUGLOVE" })).status).toBe(201);
    const first = await checkoutWithAddress(buyer, cartId);
    const before = await expectCheckoutEqualsFresh(buyer, cartId, first);
    expect(Number(before.cartSummary.totalTaxAmount)).toBeGreaterThan(0);
    expect(Number(before.cartSummary.totalPromotionalAdjustmentAmount)).toBeLessThan(0);

    // A cart-level coupon (its discount spread over every line) ends that checkout; the next one is rated with it.
    expect((await buyer("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" })).status).toBe(201);
    expect((await buyer("DELETE", `checkouts/${before.checkoutId}`)).status).toBe(204);
    const checkoutId = await checkoutWithAddress(buyer, cartId);
    const after = await expectCheckoutEqualsFresh(buyer, cartId, checkoutId);
    expect(Number(after.cartSummary.totalCartLevelAdjustmentAmount)).toBeLessThan(0);
  });
});
