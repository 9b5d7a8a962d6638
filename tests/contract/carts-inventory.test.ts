import { describe, expect, it } from "vitest";
import { TARGET_NAMES, at } from "./targets.js";
import { useTarget } from "./use-target.js";
import { P, add, expectError, newCart, shopper } from "./carts-helpers.js";

// A cart's inventory reservations and the stock messages of its lines.
describe.each(TARGET_NAMES)("cart endpoints (%s)", (name) => {
  const { target, call: admin } = useTarget(name);

  // Inventory reservations are documented for 58.0-63.0 only (at v65 they answer 404: versions.test.ts).
  const reservations = (cartId: string) => at("v63.0", `carts/${cartId}/inventory-reservations`);

  it("reserves stock for a cart until the reservation expires on the virtual clock", async () => {
    const alice = shopper(target);
    const aliceCart = await newCart(alice);
    await add(alice, aliceCart, P.lastUnit, "1");
    const reserved = await alice("PUT", reservations(aliceCart), { durationInSeconds: 60 });
    expect(reserved.status).toBe(200);
    expect(reserved.body).toMatchObject({
      durationInSeconds: 60,
      items: [{ productId: P.lastUnit, quantity: "1.0", reserved: true }],
    });
    expect(Date.parse(reserved.body.expiresAt)).toBeGreaterThan(Date.now());

    const bob = shopper(target);
    const bobCart = await newCart(bob);
    expectError(await add(bob, bobCart, P.lastUnit, "1"), 400, "ITEM_NOT_AVAILABLE");
    await admin("POST", "/__emulator/clock", { advanceSeconds: 61 });
    expect((await add(bob, bobCart, P.lastUnit, "1")).status).toBe(201);
    expectError(await bob("PUT", reservations(bobCart), { durationInSeconds: 0 }), 400, "INVALID_API_INPUT");
  });

  it("flags a line whose stock dropped after it was added, and refuses a reservation beyond stock", async () => {
    const alice = shopper(target);
    const aliceCart = await newCart(alice);
    await add(alice, aliceCart, P.err101, "2");
    const bob = shopper(target);
    const bobCart = await newCart(bob);
    await add(bob, bobCart, P.err101, "2");
    expect((await bob("PUT", reservations(bobCart))).status).toBe(200);
    try {
      const list = await alice("GET", `carts/${aliceCart}/cart-items`);
      expect(list.body.hasErrors).toBe(true);
      expect(list.body.cartItems[0].cartItem.messagesSummary).toMatchObject({
        errorCount: 1,
        hasErrors: true,
        limitedMessages: [
          { message: "Not enough inventory for selected quantity", severity: "Error", type: "Inventory" },
        ],
      });
      expectError(await alice("PUT", reservations(aliceCart)), 409, "INSUFFICIENT_INVENTORY");
    } finally {
      expect((await bob("DELETE", reservations(bobCart))).status).toBe(204);
    }
    expect((await alice("GET", `carts/${aliceCart}/cart-items`)).body.hasErrors).toBe(false);
  });

  // The summary's stock messages and distinct products are kept between reads (summary-memo.ts): each read after a
  // change (another cart's reservation, its end on the clock, a line added) answers what a fresh read would.
  it("answers each read of a cart summary with the stock and lines as they are then, read after read", async () => {
    const alice = shopper(target);
    const aliceCart = await newCart(alice);
    await add(alice, aliceCart, P.err101, "2");
    const summary = async () => (await alice("GET", `carts/${aliceCart}`)).body;
    expect(await summary()).toMatchObject({ uniqueProductCount: 1, messagesSummary: { errorCount: 0 } });
    expect((await summary()).messagesSummary.errorCount).toBe(0);

    const bob = shopper(target);
    const bobCart = await newCart(bob);
    await add(bob, bobCart, P.err101, "2");
    expect((await bob("PUT", reservations(bobCart), { durationInSeconds: 60 })).status).toBe(200);
    const short = await summary();
    expect(short.messagesSummary).toMatchObject({
      errorCount: 1,
      totalLineItemsWithErrors: 1,
      limitedMessages: [{ message: expect.stringMatching(/: Not enough inventory for selected quantity$/) }],
    });
    expect((await summary()).messagesSummary.errorCount).toBe(1);

    // Nothing is written when the reservation ends: the clock alone brings the units back.
    await admin("POST", "/__emulator/clock", { advanceSeconds: 61 });
    expect((await summary()).messagesSummary.errorCount).toBe(0);

    await add(alice, aliceCart, P.filters, "1");
    expect(await summary()).toMatchObject({ uniqueProductCount: 2, totalProductLineItemCount: 2 });
    expect((await alice("GET", "carts/compact-summary")).body).toMatchObject({
      cartId: aliceCart,
      uniqueProductCount: 2,
    });
  });
});
