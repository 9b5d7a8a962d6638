/**
 * Saved states (server/emulator/admin/states.ts, emulator-only test controls): the store's data saved under a name,
 * put back by loading it, whatever happened to the store in between (a reset included).
 */
import { describe, expect, it } from "vitest";
import { TARGET_NAMES } from "./targets.js";
import { P, add, expectError, newCart, shopper } from "./carts-helpers.js";
import { useTarget } from "./use-target.js";

describe.each(TARGET_NAMES)("saved states (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  it("a state saved with a cart, loaded after a reset, brings the cart back exactly; the list names it", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    expect((await add(guest, cartId, P.frenchPress, "2")).status).toBe(201);
    expect((await guest("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" })).status).toBe(201);
    const before = await guest("GET", `carts/${cartId}/cart-items?includeCoupons=true`);
    expect(before.status).toBe(200);

    const saved = await call("POST", "/__emulator/states/with-cart");
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: "with-cart", savedAt: expect.any(String) });
    expect((await call("GET", "/__emulator/states")).body.states.map((s: { name: string }) => s.name)).toEqual([
      "with-cart",
    ]);

    await call("POST", "/__emulator/reset");
    expect((await guest("GET", `carts/${cartId}/cart-items`)).status).not.toBe(200);
    // A reset forgets the store's data, not the states saved from it.
    expect((await call("GET", "/__emulator/states")).body.states).toHaveLength(1);

    const loaded = await call("PUT", "/__emulator/states/with-cart");
    expect(loaded.status).toBe(200);
    const after = await guest("GET", `carts/${cartId}/cart-items?includeCoupons=true`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);

    // The store goes on from the state: an edit after the load is an edit of the loaded cart.
    expect((await add(guest, cartId, P.tamper)).status).toBe(201);
    expect((await guest("GET", `carts/${cartId}`)).body.totalProductCount).toBe("3.0");

    expect((await call("DELETE", "/__emulator/states/with-cart")).status).toBe(204);
    expectError(await call("PUT", "/__emulator/states/with-cart"), 404, "NOT_FOUND");
  });

  it("loading a state no one saved is 404 NOT_FOUND; a name that is not one is 400 INVALID_API_INPUT", async () => {
    expectError(
      await call("PUT", "/__emulator/states/never-saved"),
      404,
      "NOT_FOUND",
      "No saved state named never-saved.",
    );
    for (const bad of ["has.dot", "has%20space", "x".repeat(65)]) {
      expectError(await call("POST", `/__emulator/states/${bad}`), 400, "INVALID_API_INPUT");
      expectError(await call("PUT", `/__emulator/states/${bad}`), 400, "INVALID_API_INPUT");
    }
    const names = (await call("GET", "/__emulator/states")).body.states.map((s: { name: string }) => s.name);
    expect(names).not.toContain("has.dot");
  });
});
