/**
 * The spec's catalogue codes (§8) where a shopper meets their condition, through the pages: a cart form naming no
 * action (INTERNAL_ERROR), a checkout the API lost while a step renders (SSR_FAST_CHECKOUT), a checkout start the
 * API can't answer (SSR_CHECKOUT_RETRY). Failures come from the emulator's fault rules.
 */
import { afterEach, describe, expect, test } from "vitest";
import { useStore } from "../support/routes";

const COFFEE = "01tDM0000000001";

const store = useStore();
afterEach(() => store.reset());

async function guestWithCart() {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE}`, { intent: "add", quantity: 1 })).status).toBe(303);
  return guest;
}

describe("INTERNAL_ERROR: a cart form that names no action", () => {
  test("with JavaScript: 400 with the code and 'Choose an action.'; the cart unchanged", async () => {
    const guest = await guestWithCart();
    const answer = await guest.submit("/cart", { lineId: "anything" }, { js: true });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain('"INTERNAL_ERROR"');
    expect(JSON.stringify(answer.data)).toContain("Choose an action.");
    expect((await guest.load("/cart")).cartCount).toBe(1);
  });

  test("without JavaScript: back to the cart with 'Choose an action.'", async () => {
    const guest = await guestWithCart();
    const answer = await guest.submit("/cart", { intent: "explode" });
    expect(answer.status).toBe(303);
    expect((await guest.load(answer.location!)).toasts).toEqual(["Choose an action."]);
  });
});

describe("Checkout failures while a page renders", () => {
  test("SSR_FAST_CHECKOUT: a step whose checkout the API no longer knows sends the shopper to the cart", async () => {
    const guest = await guestWithCart();
    expect((await guest.load("/checkout")).location).toBe("/checkout/shipping");
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/checkouts/*",
      status: 404,
      errorCode: "CHECKOUT_NOT_FOUND",
      times: 0,
    });
    expect(fault.status).toBe(201);
    const step = await guest.load("/checkout/delivery");
    expect(step.status).toBe(303);
    expect(step.location).toBe("/cart");
    const cart = await guest.load("/cart");
    expect(cart.toasts).toEqual(["Your checkout isn't available anymore. Start again from your cart."]);
    expect(cart.cartCount).toBe(1);
  });

  test("SSR_CHECKOUT_RETRY: a start the API can't answer: back to the cart, 'Try again', the cart kept", async () => {
    const guest = await guestWithCart();
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "PUT",
      path: "*/checkouts",
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      times: 1,
    });
    expect(fault.status).toBe(201);
    const start = await guest.load("/checkout");
    expect(start.location).toBe("/cart");
    expect((await guest.load("/cart")).toasts).toEqual(["We couldn't update your checkout. Try again."]);
    // The shopper's next try starts it.
    expect((await guest.load("/checkout")).location).toBe("/checkout/shipping");
  });
});
