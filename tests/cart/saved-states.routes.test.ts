/**
 * Route tests on a saved state (tests/support/saved-state.ts): the buyer's cart, made once through the store's own
 * pages, is what each test's pages show, whatever the test before it did to it.
 */
import { describe, expect, test } from "vitest";
import { useSavedState } from "../support/saved-state";
import { BUYER, useStore } from "../support/routes";

const FRENCH_PRESS = { id: "01tDM0000000023", name: "French Press, 34 oz" };
const TAMPER = { id: "01tDM0000000017", name: "Stainless Tamper 58 mm" };

const store = useStore();

describe("a suite on a saved state", () => {
  const state = useSavedState("route-buyer-cart", {
    controls: () => store.control,
    async build() {
      const buyer = await store.signedIn(BUYER);
      expect((await buyer.submit(`/product/${FRENCH_PRESS.id}`, { intent: "add", quantity: "2" })).status).toBe(303);
    },
  });

  test("the buyer's cart page shows the state's line, and the header counts it", async () => {
    const buyer = await store.signedIn(BUYER);
    const cart = await buyer.load("/cart");
    expect(cart.status).toBe(200);
    expect(cart.text).toContain(FRENCH_PRESS.name);
    expect(cart.cartCount).toBe(2);
    // Left in the cart for the next test, which must not find it.
    expect((await buyer.submit(`/product/${TAMPER.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
    expect((await buyer.load("/cart")).cartCount).toBe(3);
  });

  test("the next test starts from the state again, not from what the last one left", async () => {
    const cart = await (await store.signedIn(BUYER)).load("/cart");
    expect(cart.text).toContain(FRENCH_PRESS.name);
    expect(cart.text).not.toContain(TAMPER.name);
    expect(cart.cartCount).toBe(2);
  });

  test("loaded again within a test, the state puts the cart back", async () => {
    const buyer = await store.signedIn(BUYER);
    expect((await buyer.submit(`/product/${TAMPER.id}`, { intent: "add", quantity: "1" })).status).toBe(303);
    expect((await buyer.load("/cart")).cartCount).toBe(3);
    await state.load();
    // The load replaced the sign-in's session with the state's data: a new sign-in.
    const cart = await (await store.signedIn(BUYER)).load("/cart");
    expect(cart.text).not.toContain(TAMPER.name);
    expect(cart.cartCount).toBe(2);
  });
});

test("a suite without a state starts from the fixtures: the buyer's cart is empty", async () => {
  await store.reset();
  const cart = await (await store.signedIn(BUYER)).load("/cart");
  expect(cart.text).toContain("Your cart is empty");
  expect(cart.text).not.toContain(FRENCH_PRESS.name);
});
