import { describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";
import { P, add, expectError, newCart, shopper } from "./carts-helpers.js";

// A cart itself: its flow, current and active carts, who may see it, its async processing, preserve and clone.
// Its items, promotions, listing and inventory reservations: carts-items, -promotions, -listing, -inventory.test.ts.
describe.each(TARGET_NAMES)("cart endpoints (%s)", (name) => {
  const { target, call: admin } = useTarget(name);

  it("runs the basic cart flow: create 201, add 201, list 200, patch 200, delete item 204, delete cart 204", async () => {
    const guest = shopper(target);
    const created = await guest("POST", "carts", {});
    expect(created.status).toBe(201);
    // A guest is their token's UVID: no cookie of the API's own identifies the cart.
    expect(created.headers.get("set-cookie")).toBeNull();
    expect(created.body).toMatchObject({
      cartId: expect.stringMatching(/^0a6/),
      status: "Active",
      type: "Cart",
      totalProductCount: "0.0",
      grandTotalAmount: "0.00",
    });
    const cartId = created.body.cartId;

    const added = await add(guest, cartId, P.frenchPress, "2");
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      cartItemId: expect.stringMatching(/^0a9/),
      productId: P.frenchPress,
      quantity: "2.0",
      listPrice: "45.00",
      salesPrice: "39.00",
      totalPrice: "78.00",
      totalListPrice: "90.00",
      type: "Product",
      productDetails: {
        productId: P.frenchPress,
        sku: "EQ-PRESS-34",
        thumbnailImage: { url: "/images/products/EQ-PRESS-34.svg" },
      },
      // First-payment amounts are flat fields of Cart Item (connect_responses_cart_item), not a nested object.
      firstPymtTotalAmount: "78.00",
      firstPymtTotalListPrice: "90.00",
      firstPymtTotalPrice: "78.00",
      firstPymtTotalTax: "0.00",
    });
    expect(
      Object.keys(added.body)
        .filter((k) => k.startsWith("firstPymt"))
        .sort(),
    ).toEqual(["firstPymtTotalAmount", "firstPymtTotalListPrice", "firstPymtTotalPrice", "firstPymtTotalTax"]);
    const itemId = added.body.cartItemId;

    const list = await guest("GET", `carts/${cartId}/cart-items`);
    expect(list.status).toBe(200);
    expect(list.body.cartItems).toEqual([
      {
        cartItem: expect.objectContaining({ cartItemId: itemId, quantity: "2.0", totalPrice: "78.00" }),
        status: "Success",
        message: null,
      },
    ]);
    expect(list.body.cartSummary).toMatchObject({
      cartId,
      totalProductCount: "2.0",
      uniqueProductCount: 1,
      totalProductAmount: "78.00",
      grandTotalAmount: "78.00",
    });
    // Cart Summary's first-payment amounts are flat (connect_responses_cart_summary).
    expect(list.body.cartSummary).toMatchObject({
      firstPymtGrandTotalAmount: "78.00",
      firstPymtTotalAmount: "78.00",
      firstPymtTotalListPrice: "90.00",
      firstPymtTotalTaxAmount: "0.00",
    });
    expect(list.body.cartSummary).not.toHaveProperty("firstPymt");
    expect(list.body.hasErrors).toBe(false);

    const patched = await guest("PATCH", `carts/${cartId}/cart-items/${itemId}`, { quantity: "3" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ cartItemId: itemId, quantity: "3.0", totalPrice: "117.00" });

    expect((await guest("DELETE", `carts/${cartId}/cart-items/${itemId}`)).status).toBe(204);
    expect((await guest("GET", `carts/${cartId}/cart-items`)).body.cartItems).toEqual([]);
    const deleted = await guest("DELETE", `carts/${cartId}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    expectError(await guest("GET", `carts/${cartId}`), 404, "NOT_FOUND");
  });

  it("tells current from active: current without a cart is an empty 200, active a 404, PUT creates once", async () => {
    const guest = shopper(target);
    const current = await guest("GET", "carts/current");
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ cartId: null, totalProductCount: "0.0" });
    expect((await guest("GET", "carts/current/cart-items")).body).toMatchObject({ cartItems: [], hasErrors: false });
    expect((await guest("GET", "carts/compact-summary")).body).toEqual({
      cartId: null,
      currencyIsoCode: "USD",
      totalProductCount: "0.0",
      uniqueProductCount: 0,
    });
    expectError(await guest("GET", "carts/active"), 404, "NOT_FOUND");
    const created = await guest("PUT", "carts/active");
    expect(created.status).toBe(201);
    const again = await guest("PUT", "carts/active");
    expect(again.status).toBe(200);
    expect(again.body.cartId).toBe(created.body.cartId);
    await add(guest, "current", P.dinerMug, "2");
    expect((await guest("GET", "carts/compact-summary")).body).toMatchObject({
      cartId: created.body.cartId,
      totalProductCount: "2.0",
      uniqueProductCount: 1,
    });
    expect((await guest("GET", "carts/active")).body.cartId).toBe(created.body.cartId);
  });

  it("has no resource its pages don't document: bare PUT carts, a cart's compact summary", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expectError(await guest("PUT", "carts"), 405, "METHOD_NOT_ALLOWED");
    expectError(await guest("GET", `carts/${cartId}/compact-summary`), 404, "NOT_FOUND");
  });

  it("validates a new cart's name and type", async () => {
    const guest = shopper(target);
    expectError(await guest("POST", "carts", { name: "x".repeat(251) }), 400, "INVALID_API_INPUT");
    expectError(await guest("POST", "carts", { type: "Wishlist" }), 400, "INVALID_API_INPUT");
    expectError(await guest("POST", "carts", { currencyIsoCode: "EUR" }), 400, "INVALID_API_INPUT");
    expect((await guest("POST", "carts", { name: "Office restock", type: "Cart" })).body.name).toBe("Office restock");
  });

  it("keeps guests out of each other's carts, and buyers out of guests' carts", async () => {
    const alice = shopper(target);
    const cartId = await newCart(alice);
    await add(alice, cartId, P.dinerMug);
    const bob = shopper(target);
    await newCart(bob);
    expectError(await bob("GET", `carts/${cartId}`), 404, "NOT_FOUND");
    expectError(await bob("GET", `carts/${cartId}/cart-items`), 404, "NOT_FOUND");
    expectError(await add(bob, cartId, P.dinerMug), 404, "NOT_FOUND");
    const stranger = shopper(target);
    expectError(await stranger("GET", `carts/${cartId}`), 404, "NOT_FOUND");
    expectError(
      await stranger("GET", `carts/${cartId}`, undefined, { authorization: "Bearer made-up" }),
      401,
      "INVALID_SESSION_ID",
    );
    const buyer = shopper(target, await login(target));
    expectError(await buyer("GET", `carts/${cartId}`), 404, "NOT_FOUND");
    expect((await alice("GET", `carts/${cartId}`)).status).toBe(200);
  });

  it("refuses guests when guest carts are off, and still serves buyers", async () => {
    await admin("POST", "/__emulator/settings", { applicationContext: { guestCartEnabled: false } });
    try {
      expectError(await shopper(target)("POST", "carts", {}), 401, "INVALID_SESSION_ID");
      expectError(await shopper(target)("GET", "carts/current"), 401, "INVALID_SESSION_ID");
      const buyer = shopper(target, await login(target));
      expect((await buyer("POST", "carts", {})).status).toBe(201);
    } finally {
      await admin("POST", "/__emulator/settings", { applicationContext: { guestCartEnabled: true } });
    }
  });

  it("keeps a buyer's carts per effective account and refuses an account they can't act for", async () => {
    const auth = await login(target, "b2b@demo.store");
    const buyer = shopper(target, auth);
    const acme = (await buyer("PUT", "carts/active")).body.cartId;
    const west = (await buyer("PUT", "carts/active?effectiveAccountId=001DM00000ACME2")).body;
    expect(west.accountId).toBe("001DM00000ACME2");
    expect(west.cartId).not.toBe(acme);
    expectError(await buyer("GET", `carts/${acme}?effectiveAccountId=001DM00000ACME2`), 404, "NOT_FOUND");
    expect((await buyer("GET", "carts/active?effectiveAccountId=001DM0000000B2C")).status).toBe(403);
  });

  it("cancels a running checkout when the cart's items change (the cart goes back to Active)", async () => {
    const buyer = shopper(target, await login(target));
    const cartId = (await buyer("PUT", "carts/active")).body.cartId;
    const item = (await add(buyer, cartId, P.frenchPress, "1")).body.cartItemId;
    const started = await buyer("PUT", "checkouts", { cartId });
    expect([200, 201, 202]).toContain(started.status);
    expect((await buyer("GET", `carts/${cartId}`)).body.status).toBe("Checkout");
    expect((await buyer("PATCH", `carts/${cartId}/cart-items/${item}`, { quantity: "2" })).status).toBe(200);
    expect((await buyer("GET", `carts/${cartId}`)).body.status).toBe("Active");
  });

  it("answers 202 Processing while the cart's change is processing, then 200", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await admin("POST", "/__emulator/settings", { asyncPolls: 2 });
    try {
      await add(guest, cartId, P.dinerMug);
      const first = await guest("GET", `carts/${cartId}`);
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ cartId, asyncOperationStatus: "Processing", grandTotalAmount: null });
      expect(first.headers.get("location")).toContain(`/carts/${cartId}`);
      expect(first.headers.get("retry-after")).toBe("1");
      expect((await guest("GET", `carts/${cartId}`)).status).toBe(202);
      const ready = await guest("GET", `carts/${cartId}`);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ asyncOperationStatus: "Completed", grandTotalAmount: "12.00" });
    } finally {
      await admin("POST", "/__emulator/settings", { asyncPolls: 0 });
    }
  });

  it("preserves a guest cart into the buyer's cart once they sign in, and ignores another browser's cart", async () => {
    const guest = shopper(target);
    const guestCart = await newCart(guest);
    await add(guest, guestCart, P.dinerMug, "2");
    await add(guest, guestCart, P.tamper, "1");
    // The login carries the guest's UVID over (uvid_hint): that is how the API knows the guest cart is theirs.
    const signedIn = shopper(target, await login(target, undefined, undefined, { uvid: guest.uvid }));
    const buyerCart = (await signedIn("PUT", "carts/active")).body.cartId;
    await add(signedIn, buyerCart, P.dinerMug, "1");

    const otherBrowser = shopper(target, await login(target));
    const noop = await otherBrowser("POST", `carts/${guestCart}/actions/preserve`);
    expect(noop.status).toBe(200);
    expect(noop.body).toEqual({});

    const preserved = await signedIn("POST", `carts/${guestCart}/actions/preserve`);
    expect(preserved.status).toBe(200);
    expect(preserved.body).toMatchObject({
      cartId: buyerCart,
      currencyIsoCode: "USD",
      numberOfProducts: 2,
      numberOfProductsWithSuccess: 2,
      numberOfProductsWithError: 0,
      failedCartItems: [],
    });
    expect(preserved.body.succeededCartItems).toHaveLength(2);
    const items = (await signedIn("GET", "carts/current/cart-items")).body.cartItems.map((i: any) => [
      i.cartItem.productId,
      i.cartItem.quantity,
    ]);
    expect(items).toEqual(
      expect.arrayContaining([
        [P.dinerMug, "3.0"],
        [P.tamper, "1.0"],
      ]),
    );
    expectError(await guest("GET", `carts/${guestCart}`), 404, "NOT_FOUND");
    expect((await signedIn("POST", `carts/${guestCart}/actions/preserve`)).body).toEqual({});
    expectError(await guest("POST", `carts/${guestCart}/actions/preserve`), 401, "INVALID_SESSION_ID");
  });

  it("clones a cart into a PayNowReadOnly cart, closing a guest's source", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    await add(guest, cartId, P.frenchPress, "1");
    expectError(
      await guest("POST", `carts/${cartId}/actions/clone?targetType=PayNowReadOnly`),
      400,
      "INVALID_API_INPUT",
    );
    expectError(
      await guest("POST", `carts/${cartId}/actions/clone?targetEffectiveAccountId=001DM0000000B2C`),
      400,
      "INVALID_API_INPUT",
    );
    const clone = await guest(
      "POST",
      `carts/${cartId}/actions/clone?targetEffectiveAccountId=001DM0000000B2C&targetType=PayNowReadOnly`,
    );
    expect(clone.status).toBe(201);
    expect(clone.body).toMatchObject({ type: "PayNowReadOnly", totalProductAmount: "39.00", status: "Active" });
    expect(clone.body.cartId).not.toBe(cartId);
    expect((await guest("GET", `carts/${cartId}`)).body.status).toBe("Closed");
    // A read-only or closed cart can't be modified: 403 INSUFFICIENT_ACCESS_OR_READONLY (reference §9).
    expectError(await add(guest, clone.body.cartId, P.filters), 403, "INSUFFICIENT_ACCESS_OR_READONLY");
    expectError(await add(guest, cartId, P.filters), 403, "INSUFFICIENT_ACCESS_OR_READONLY");
  });
});
