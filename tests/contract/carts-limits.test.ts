import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator } from "../../server/emulator/index.js";
import { BULK_BUYER } from "../../server/emulator/large-store/index.js";
import { serveFetch } from "../../server/node-http.js";
import { TARGET_NAMES, api, login, type Target, type TargetName } from "./targets.js";
import { P, add, expectError, shopper, type Shopper } from "./carts-helpers.js";

/**
 * Cart Data Limits (https://developer.salesforce.com/docs/commerce/salesforce-commerce/guide/b2b-b2c-comm-data-model-cart-limits.html):
 * "Most stores limit cart size to 500 line items per order", up to 2,000 once the store enables support for large
 * carts (the emulator reads it from the store's propertiesEx.highScaleCartEnabled, docs/emulator.md). At the limit
 * an add succeeds; a new line past it is refused with LIMIT_EXCEEDED on every path that adds lines.
 *
 * A 500-line cart needs 500 different products (a line is a product and selling model), more than the demo catalog
 * has: the suite runs on a small generated store (600 products) whose bulk@demo.store cart holds 499 lines, on both
 * transports.
 */

const LINES = 499;

function useGeneratedStore(name: TargetName): () => Target {
  let target: Target | undefined;
  beforeAll(async () => {
    const emulator = createEmulator({
      scale: { products: 600, buyers: 0, bulkOrders: 5, bulkCartLines: LINES, seed: 23 },
    });
    if (name === "in-process") {
      target = {
        name,
        emulator,
        baseUrl: "http://emulator.local",
        fetch: (r) => emulator.fetch(r),
        close: async () => emulator.close(),
      };
      return;
    }
    const served = await serveFetch((r) => emulator.fetch(r), 0);
    target = {
      name,
      emulator,
      baseUrl: served.url,
      fetch: (r) => fetch(r),
      close: async () => {
        await served.close();
        emulator.close();
      },
    };
  });
  afterAll(() => target?.close());
  return () => target!;
}

const lineCount = async (s: Shopper, cartId: string) =>
  (await s("GET", `carts/${cartId}`)).body.totalProductLineItemCount as number;

const largeCarts = (target: Target, on: boolean) =>
  api(target)("POST", "/__emulator/settings", {
    applicationContext: {
      propertiesEx: { highScaleCartEnabled: on, shopperCopilotUIEnabled: false, paymentsLegacyFormsEnabled: false },
    },
  });

describe.each(TARGET_NAMES)("cart line limit (%s)", (name) => {
  const store = useGeneratedStore(name);

  it("adds the 500th line, refuses the 501st on every path that adds lines, and takes it with large carts", async () => {
    const target = store();
    expect((await largeCarts(target, false)).status).toBe(200);
    const buyer = shopper(target, await login(target, BULK_BUYER.username, BULK_BUYER.password));
    const cartId = (await buyer("GET", "carts/current")).body.cartId;
    expect(await lineCount(buyer, cartId)).toBe(LINES);

    // At the limit: the 500th line goes in.
    expect((await add(buyer, cartId, P.filters)).status).toBe(201);
    expect(await lineCount(buyer, cartId)).toBe(500);

    // One past it: a new line is refused, more of a line already there is not.
    expectError(await add(buyer, cartId, P.tamper), 400, "LIMIT_EXCEEDED");
    expect((await add(buyer, cartId, P.filters)).status).toBe(201);

    const batch = await buyer("POST", `carts/${cartId}/cart-items/batch`, {
      inputs: [P.tamper, P.filters].map((productId) => ({ richInput: { productId, quantity: "1", type: "Product" } })),
    });
    expect(batch.status).toBe(200);
    expect(batch.body.hasErrors).toBe(true);
    expect(batch.body.results.map((r: any) => r.statusCode)).toEqual([400, 201]);
    expect(batch.body.results[0].result).toEqual([{ errorCode: "LIMIT_EXCEEDED", message: expect.any(String) }]);

    const list = await buyer("POST", "wishlists", { name: "Past the limit", products: [{ productId: P.tamper }] });
    expect(list.status).toBe(201);
    const toCart = await buyer(
      "POST",
      `wishlists/${list.body.summary.id}/actions/add-wishlist-to-cart?cartId=${cartId}`,
    );
    expect(toCart.status).toBe(200);
    expect(toCart.body).toMatchObject({ productsSucceededCount: 0, productsFailedCount: 1 });
    expect(toCart.body.failedWishlistToCartItems[0]).toMatchObject({
      productId: P.tamper,
      errorCode: "LIMIT_EXCEEDED",
    });

    // Reordering: an order's products that are not on the cart stay out (those already there merge into their lines).
    const orders = await buyer("GET", "order-summaries");
    expect(orders.status).toBe(200);
    const refused: any[] = [];
    for (const order of orders.body.orderSummaries) {
      const reorder = await buyer("POST", "order-summaries/actions/add-order-to-cart", {
        cartStateOrId: cartId,
        orderSummaryIdOrRefNumber: order.orderSummaryId,
      });
      expect(reorder.status).toBe(200);
      refused.push(...reorder.body.unaddedProducts);
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(await lineCount(buyer, cartId)).toBe(500);

    // A store with large carts: 2,000 lines.
    expect((await largeCarts(target, true)).status).toBe(200);
    expect((await add(buyer, cartId, P.tamper)).status).toBe(201);
    expect(await lineCount(buyer, cartId)).toBe(501);
  });

  // Cart Data Limits: "Wish List Items: 500 items"; Commerce Webstore Cart, Add to Wishlist (cart_add_to_wishlist, 50.0).
  it("copies a cart's products to a wishlist up to its 500 items and counts the rest as failed", async () => {
    const target = store();
    const buyer = shopper(target, await login(target, BULK_BUYER.username, BULK_BUYER.password));
    const cartId = (await buyer("GET", "carts/current")).body.cartId;
    const lines = await lineCount(buyer, cartId);
    // A list already holding one product the cart doesn't have: the cart's first 499 products fill it to 500.
    const list = await buyer("POST", "wishlists", { name: "Everything", products: [{ productId: P.glassMug }] });
    expect(list.status).toBe(201);
    const wishlistId = list.body.summary.id;
    const res = await buyer("POST", `carts/${cartId}/actions/add-cart-to-wishlist`, { wishlistId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      wishlistId,
      productsRequestedCount: lines,
      productsSucceededCount: 499,
      productsFailedCount: lines - 499,
    });
    expect((await buyer("GET", "wishlists")).body.summaries).toContainEqual({
      id: wishlistId,
      name: "Everything",
      wishlistProductCount: 500,
    });
  });
});
