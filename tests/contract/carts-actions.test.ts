import { describe, expect, it } from "vitest";
import { TARGET_NAMES, at, login } from "./targets.js";
import { useTarget } from "./use-target.js";
import { P, add, expectError, newCart, shopper } from "./carts-helpers.js";

/**
 * A cart's promotions and its actions (docs/emulator.md, "Carts"): each case names its Connect REST page,
 * https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_<page>.htm.
 */
describe.each(TARGET_NAMES)("cart promotions and actions (%s)", (name) => {
  const { target, call: admin } = useTarget(name);

  // cart_promotions (53.0): GET, Cart Promotion Collection.
  it("lists the cart's promotions as the cart items read does, from 53.0, coupon codes from 54.0", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.dinerMug, "3");
    await add(guest, cartId, P.filters, "1");
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" })).status).toBe(201);

    const res = await guest("GET", `carts/${cartId}/promotions`);
    expect(res.status).toBe(200);
    const items = await guest("GET", `carts/${cartId}/cart-items?includePromotions=true`);
    expect(res.body).toEqual(items.body.cartPromotions);
    expect(res.body.promotions.promotions.map((p: any) => [p.targetType, p.couponCode])).toEqual([
      ["Item", null],
      ["Cart", "SAVE10"],
    ]);

    const v53 = await guest("GET", at("v53.0", `carts/${cartId}/promotions`));
    expect(v53.status).toBe(200);
    expect(v53.body.promotions.promotions[1]).not.toHaveProperty("couponCode");
    expectError(await guest("GET", at("v52.0", `carts/${cartId}/promotions`)), 404, "NOT_FOUND");
    expectError(await shopper(target)("GET", `carts/${cartId}/promotions`), 404, "NOT_FOUND");
  });

  it("answers 202 with null amounts while the cart is processing", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.dinerMug, "3");
    await admin("POST", "/__emulator/settings", { asyncPolls: 1 });
    try {
      await add(guest, cartId, P.filters, "1");
      const processing = await guest("GET", `carts/${cartId}/promotions`);
      expect(processing.status).toBe(202);
      expect(processing.headers.get("retry-after")).toBe("1");
      expect(processing.body.promotions.promotions[0].adjustmentAmount).toBeNull();
      const done = await guest("GET", `carts/${cartId}/promotions`);
      expect(done.status).toBe(200);
      expect(done.body.promotions.promotions[0].adjustmentAmount).toBe("-1.80");
    } finally {
      await admin("POST", "/__emulator/settings", { asyncPolls: 0 });
    }
  });

  // cart_items_promotions (53.0): POST body Cart Item Promotion Collection Input {items: [{cartItemId}]}.
  it("answers the promotions of the items asked for, each with what it takes off that line", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const mugs = (await add(guest, cartId, P.dinerMug, "3")).body;
    const filters = (await add(guest, cartId, P.filters, "1")).body;
    const mugLine = (await guest("GET", `carts/${cartId}/cart-items`)).body.cartItems.find(
      (i: any) => i.cartItem.cartItemId === mugs.cartItemId,
    ).cartItem;

    const res = await guest("POST", `carts/${cartId}/cart-items/promotions`, {
      items: [{ cartItemId: mugs.cartItemId }, { cartItemId: filters.cartItemId }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cartItemPromotions: [
        {
          cartItemId: mugs.cartItemId,
          promotions: [
            {
              promotionId: expect.stringMatching(/^0c8/),
              displayName: expect.stringContaining("mugs"),
              targetType: "Item",
              adjustmentAmount: mugLine.itemizedAdjustmentAmount,
              couponCode: null,
              termsAndConditions: expect.anything(),
            },
          ],
        },
        { cartItemId: filters.cartItemId, promotions: [] },
      ],
    });
    expect(mugLine.itemizedAdjustmentAmount).toBe("-1.80");

    expectError(await guest("POST", `carts/${cartId}/cart-items/promotions`, {}), 400, "INVALID_API_INPUT");
    expectError(
      await guest("POST", `carts/${cartId}/cart-items/promotions`, { items: [{ cartItemId: "nope" }] }),
      400,
      "INVALID_ID_FIELD",
    );
    expectError(
      await guest("POST", `carts/${cartId}/cart-items/promotions`, { items: [{ cartItemId: "0a9DM00000ZZZZZ" }] }),
      404,
      "ITEM_NOT_FOUND",
    );
    expectError(
      await guest("POST", at("v52.0", `carts/${cartId}/cart-items/promotions`), { items: [] }),
      404,
      "NOT_FOUND",
    );
  });

  // cart_make_primary (53.0): POST, Commerce Action Result.
  it("makes a secondary cart the one `active` names, and the previous primary cart secondary", async () => {
    const buyer = shopper(target, await login(target));
    const first = (await buyer("PUT", "carts/active")).body.cartId;
    const second = (await buyer("POST", "carts", { isSecondary: true })).body;
    expect(second.isSecondary).toBe(true);

    const res = await buyer("POST", `carts/${second.cartId}/actions/make-primary`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, message: null });
    expect((await buyer("GET", "carts/active")).body.cartId).toBe(second.cartId);
    expect((await buyer("GET", `carts/${first}`)).body.isSecondary).toBe(true);
    expect((await buyer("GET", `carts/${second.cartId}`)).body.isSecondary).toBe(false);

    expectError(await buyer("POST", at("v52.0", `carts/${first}/actions/make-primary`)), 404, "NOT_FOUND");
    expectError(await shopper(target)("POST", `carts/${first}/actions/make-primary`), 404, "NOT_FOUND");
  });

  // carts (49.0; isSecondary 53.0): what saving a cart for later stands on (decision 021). A named secondary cart
  // leaves the primary cart where it is; the carts resource is POST alone, so a buyer's carts can't be listed.
  it("keeps a named secondary cart beside the primary one, reached by id only; carts are not listed", async () => {
    const buyer = shopper(target, await login(target));
    const primary = await newCart(buyer);
    await add(buyer, primary, P.dinerMug, "2");
    const saved = await buyer("POST", "carts", { name: "Office restock", isSecondary: true });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: "Office restock", isSecondary: true, type: "Cart" });
    await add(buyer, saved.body.cartId, P.filters, "3");

    expect((await buyer("GET", "carts/current")).body.cartId).toBe(primary);
    expect((await buyer("GET", "carts/compact-summary")).body).toMatchObject({
      cartId: primary,
      uniqueProductCount: 1,
    });
    const read = await buyer("GET", `carts/${saved.body.cartId}`);
    expect([200, 202]).toContain(read.status);
    expect(read.body).toMatchObject({ name: "Office restock", isSecondary: true, uniqueProductCount: 1 });

    // Deleting the primary cart leaves no current cart: the saved one stays secondary.
    expect((await buyer("DELETE", `carts/${primary}`)).status).toBe(204);
    expect((await buyer("GET", "carts/compact-summary")).body).toMatchObject({ cartId: null, uniqueProductCount: 0 });
    expect((await buyer("GET", `carts/${saved.body.cartId}`)).body.isSecondary).toBe(true);

    expectError(await buyer("GET", "carts"), 405, "METHOD_NOT_ALLOWED");
    expectError(await buyer("POST", "carts", { name: "x".repeat(251), isSecondary: true }), 400, "INVALID_API_INPUT");
  });

  // cart_messages_set_visibility (50.0): POST body {visibility}, Cart Messages Visibility Result.
  it("dismisses the cart's messages until the cart changes", async () => {
    // A's line of the last unit is short once B reserves it (reservations: 58.0-63.0).
    const a = shopper(target);
    const b = shopper(target);
    const cartA = await newCart(a);
    const cartB = await newCart(b);
    await add(a, cartA, P.lastUnit, "1");
    await add(b, cartB, P.lastUnit, "1");
    expect((await b("PUT", at("v63.0", `carts/${cartB}/inventory-reservations`), {})).status).toBe(200);
    expect((await a("GET", `carts/${cartA}`)).body.messagesSummary.errorCount).toBe(1);

    const hidden = await a("POST", `carts/${cartA}/messages/actions/set-visibility`, { visibility: "false" });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ visibility: false });
    expect((await a("GET", `carts/${cartA}`)).body.messagesSummary).toMatchObject({
      errorCount: 0,
      hasErrors: false,
      limitedMessages: [],
    });

    await add(a, cartA, P.filters, "1");
    expect((await a("GET", `carts/${cartA}`)).body.messagesSummary.errorCount).toBe(1);
    const shown = await a("POST", `carts/${cartA}/messages/actions/set-visibility`, { visibility: true });
    expect(shown.body).toEqual({ visibility: true });

    expectError(await a("POST", `carts/${cartA}/messages/actions/set-visibility`, {}), 400, "INVALID_API_INPUT");
    expectError(
      await a("POST", `carts/${cartA}/messages/actions/set-visibility`, { visibility: "maybe" }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await a("POST", at("v49.0", `carts/${cartA}/messages/actions/set-visibility`), { visibility: true }),
      404,
      "NOT_FOUND",
    );
  });

  // cart_add_to_wishlist (50.0): POST body {wishlistId}, Cart to Wishlist Result.
  it("copies the cart's products to the buyer's wishlist, once each", async () => {
    const buyer = shopper(target, await login(target));
    const cartId = await newCart(buyer);
    await add(buyer, cartId, P.frenchPress, "2");
    await add(buyer, cartId, P.tamper, "1");
    const list = await buyer("POST", "wishlists", { name: "From my cart", products: [{ productId: P.tamper }] });
    expect(list.status).toBe(201);
    const wishlistId = list.body.summary.id;

    const res = await buyer("POST", `carts/${cartId}/actions/add-cart-to-wishlist`, { wishlistId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      wishlistId,
      productsRequestedCount: 2,
      productsSucceededCount: 2,
      productsFailedCount: 0,
    });
    const items = (await buyer("GET", `wishlists/${wishlistId}/wishlist-items`)).body.items;
    expect(items.map((i: any) => i.productSummary.productId).sort()).toEqual([P.frenchPress, P.tamper].sort());
    // The cart keeps its lines.
    expect((await buyer("GET", `carts/${cartId}`)).body.totalProductLineItemCount).toBe(2);

    expectError(await buyer("POST", `carts/${cartId}/actions/add-cart-to-wishlist`, {}), 400, "INVALID_API_INPUT");
    expectError(
      await buyer("POST", `carts/${cartId}/actions/add-cart-to-wishlist`, { wishlistId: "0HnDM00000ZZZZZ" }),
      404,
      "NOT_FOUND",
    );
    const other = shopper(target, await login(target, "b2b@demo.store"));
    const otherCart = await newCart(other);
    expectError(
      await other("POST", `carts/${otherCart}/actions/add-cart-to-wishlist`, { wishlistId }),
      404,
      "NOT_FOUND",
    );
    const guest = shopper(target);
    const guestCart = await newCart(guest);
    expectError(
      await guest("POST", `carts/${guestCart}/actions/add-cart-to-wishlist`, { wishlistId }),
      401,
      "INVALID_SESSION_ID",
    );
    expectError(
      await buyer("POST", at("v49.0", `carts/${cartId}/actions/add-cart-to-wishlist`), { wishlistId }),
      404,
      "NOT_FOUND",
    );
  });

  // cart_calculate (62.0): POST body cartCalculateInput, Cart Summary Result {data, message, status}.
  it("calculates a cart from 62.0 and answers its summary and processing status", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "2");
    const summary = (await guest("GET", `carts/${cartId}`)).body;

    const res = await guest("POST", `carts/${cartId}/actions/calculate`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: summary, message: null, status: "Completed" });

    await admin("POST", "/__emulator/settings", { asyncPolls: 1 });
    try {
      const processing = await guest("POST", `carts/${cartId}/actions/calculate`);
      expect(processing.status).toBe(200);
      expect(processing.body.status).toBe("Processing");
      expect(processing.body.data).toMatchObject({ asyncOperationStatus: "Processing", grandTotalAmount: null });
      expect((await guest("GET", `carts/${cartId}`)).status).toBe(202);
      expect((await guest("GET", `carts/${cartId}`)).status).toBe(200);
    } finally {
      await admin("POST", "/__emulator/settings", { asyncPolls: 0 });
    }
    expectError(await guest("POST", at("v61.0", `carts/${cartId}/actions/calculate`), {}), 404, "NOT_FOUND");
  });

  // cart_evaluate_shipping (63.0) and ConnectApi.CartEvaluateTaxInput (63.0: shippingAddress required).
  it.each(["evaluate-shipping", "evaluate-taxes"])("runs %s from 63.0 for a shipping address", async (action) => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "1");
    const address = { street: "1 Main St", city: "Boston", region: "MA", postalCode: "02110", country: "US" };

    const res = await guest("POST", `carts/${cartId}/actions/${action}`, { shippingAddress: address });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { cartId, totalProductAmount: "39.00" },
      message: null,
      status: "Completed",
    });

    expectError(await guest("POST", `carts/${cartId}/actions/${action}`, {}), 400, "INVALID_API_INPUT");
    expectError(
      await guest("POST", `carts/${cartId}/actions/${action}`, { shippingAddress: { ...address, country: "BR" } }),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await guest("POST", at("v62.0", `carts/${cartId}/actions/${action}`), { shippingAddress: address }),
      404,
      "NOT_FOUND",
    );
  });

  // cart_evaluate_shipping (63.0): "Evaluate the shipping costs for a cart"; the shipping calculator populates the
  // cart's delivery group methods, which GET carts/{id}/delivery-groups (59.0) lists.
  it("lists, after evaluate-shipping, the methods that ship to the address with their fees for the cart", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "1");
    const groups = async () => (await guest("GET", `carts/${cartId}/delivery-groups`)).body.items[0];

    // Nothing evaluated yet: no destination, nothing to rate.
    expect((await groups()).availableDeliveryMethods).toEqual([]);

    const us = { postalCode: "02110", country: "US" };
    expect((await guest("POST", `carts/${cartId}/actions/evaluate-shipping`, { shippingAddress: us })).status).toBe(
      200,
    );
    const rated = await groups();
    expect(rated.deliveryAddress).toBeNull();
    expect(rated.selectedDeliveryMethod).toBeNull();
    expect(rated.availableDeliveryMethods.map((m: any) => [m.name, m.shippingFee, m.adjustedShippingFee])).toEqual([
      ["Standard Shipping", "7.99", "7.99"],
      ["Express Shipping", "19.99", "19.99"],
      ["Overnight", "34.99", "34.99"],
    ]);

    // The fees follow the cart: $117 of products ships free by Standard Shipping.
    await add(guest, cartId, P.frenchPress, "2");
    const free = (await groups()).availableDeliveryMethods[0];
    expect([free.name, free.shippingFee, free.adjustedShippingFee]).toEqual(["Standard Shipping", "0.00", "0.00"]);

    // The next evaluation replaces the address.
    const gb = { postalCode: "SW1A 1AA", country: "GB" };
    expect((await guest("POST", `carts/${cartId}/actions/evaluate-shipping`, { shippingAddress: gb })).status).toBe(
      200,
    );
    expect((await groups()).availableDeliveryMethods.map((m: any) => m.name)).toEqual([
      "International Standard",
      "International Express",
    ]);
  });
});
