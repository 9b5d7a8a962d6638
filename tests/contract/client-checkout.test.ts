import { describe, expect, it } from "vitest";
import { isFetchError } from "../../server/webstore/index.js";
import { PRODUCTS, TEXAS, payableCheckout, shopper } from "./checkout-helpers.js";
import { API, TARGET_NAMES, guestClients } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The checkout flow of spec §4 through the real client, against both emulator targets: start, poll, update,
 * restart after 410, 422 still usable, 409 never retried, reservations that run out on the virtual clock.
 */
describe.each(TARGET_NAMES)("client checkout flow (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  /** A guest's clients (one token, like the storefront's session), speaking `apiVersion` (default v65.0). */
  const guest = (apiVersion?: string) => guestClients(target, { apiVersion });

  async function requests(method: string, pathPart: string) {
    const journal = await call("GET", `/__emulator/journal?method=${method}&path=${encodeURIComponent(pathPart)}`);
    return journal.body.entries.length as number;
  }

  it("starts a checkout, re-rates on an address and polls 202 → 200 outside server rendering", async () => {
    const client = await guest();
    await client().addCartItem("active", { productId: PRODUCTS.coffee, quantity: 2 });
    await call("POST", "/__emulator/settings", { asyncPolls: 2 });
    const started = await client().startCheckout({ cartId: "active" });
    const checkoutId = started.data.checkoutId!;
    expect(checkoutId).toMatch(/^2z9/);
    expect(started.processing).toBe(true);
    // Changing a checkout that is still calculating answers 409: wait for it first, as the spec's flow does.
    await client().waitForReady(() => client().getCheckout(checkoutId));
    await client().updateCheckout(checkoutId, { deliveryAddress: TEXAS });
    const polled = await client().getCheckout(checkoutId);
    expect(polled.processing).toBe(true);
    const ready = await client().waitForReady(() => client().getCheckout(checkoutId));
    expect(ready.status).toBe(200);
    const group = (ready.data.deliveryGroups as any).items[0];
    expect(group.deliveryAddress).toMatchObject({ city: "Austin", country: "US" });
    expect(group.selectedDeliveryMethod).toBeTruthy();
  });

  it("refuses to poll while server rendering (SSR_NO_POLLING)", async () => {
    const client = await guest();
    await client().addCartItem("active", { productId: PRODUCTS.coffee, quantity: 1 });
    await call("POST", "/__emulator/settings", { asyncPolls: 3 });
    const ssr = (await guestClients(target, { serverRendering: true }))();
    const checkoutId = (await client().startCheckout()).data.checkoutId!;
    await expect(ssr.waitForReady(() => client().getCheckout(checkoutId))).rejects.toMatchObject({
      code: "SSR_NO_POLLING",
    });
  });

  it("restarts once when the checkout expired (410): delete, then start again", async () => {
    const client = await guest();
    await client().addCartItem("active", { productId: PRODUCTS.coffee, quantity: 1 });
    const first = (await client().startCheckout()).data.checkoutId!;
    await call("POST", "/__emulator/clock", { advanceSeconds: 31 * 60 });
    const expired = await client()
      .getCheckout(first)
      .catch((e) => e);
    expect(isFetchError(expired) && expired.status).toBe(410);
    const again = await client().startCheckout();
    expect(again.data.checkoutId).toBeTruthy();
    expect(await requests("DELETE", "/checkouts/")).toBe(1);
    expect((await client().waitForReady(() => client().getCheckout(again.data.checkoutId!))).status).toBe(200);
  });

  it("keeps a 422 checkout usable and names INSUFFICIENT_INVENTORY", async () => {
    const client = await guest();
    await client().addCartItem("active", { productId: PRODUCTS.lastUnit, quantity: 1 });
    const checkoutId = (await client().startCheckout()).data.checkoutId!;
    await client().waitForReady(() => client().getCheckout(checkoutId));
    // Another shopper buys the last unit first.
    const rival = await shopper(target);
    const rivalCheckout = await payableCheckout(rival, [[PRODUCTS.lastUnit, 1]]);
    expect((await rival.call("POST", `checkouts/${rivalCheckout}/orders`)).status).toBe(201);
    const answer = await client().getCheckout(checkoutId);
    expect(answer.status).toBe(422);
    expect(answer.data.checkoutId).toBe(checkoutId);
    expect(JSON.stringify(answer.data.errors)).toContain("INSUFFICIENT_INVENTORY");
  });

  it("never retries a 409 on a checkout update", async () => {
    const client = await guest();
    await client().addCartItem("active", { productId: PRODUCTS.coffee, quantity: 1 });
    const checkoutId = (await client().startCheckout()).data.checkoutId!;
    await call("POST", "/__emulator/faults", {
      method: "PATCH",
      path: `${API}/checkouts/*`,
      status: 409,
      errorCode: "CHECKOUT_CONFLICT",
      times: 3,
    });
    const error = await client()
      .updateCheckout(checkoutId, { deliveryAddress: TEXAS })
      .catch((e) => e);
    expect(error).toMatchObject({ name: "FetchError", status: 409 });
    expect(await requests("PATCH", "/checkouts/")).toBe(1);
  });

  it("reserves nothing at v65, where inventory reservations don't exist, and asks the API nothing", async () => {
    const client = await guest();
    const item = await client().addCartItem("active", { productId: PRODUCTS.lastUnit, quantity: 1 });
    expect(await client().reserveInventory(item.data.cartId!, { durationInSeconds: 60 })).toBeNull();
    expect(await requests("PUT", "/inventory-reservations")).toBe(0);
  });

  it("lets a reservation (v63) run out on the virtual clock, freeing the unit for someone else", async () => {
    const client = await guest("v63.0");
    const item = await client().addCartItem("active", { productId: PRODUCTS.lastUnit, quantity: 1 });
    const reservation = await client().reserveInventory(item.data.cartId!, { durationInSeconds: 60 });
    expect(reservation).toMatchObject({ durationInSeconds: 60 });
    const rival = await shopper(target);
    const blocked = await rival.call("POST", "carts/active/cart-items", {
      productId: PRODUCTS.lastUnit,
      quantity: "1",
      type: "Product",
    });
    expect(blocked.status).toBe(400);
    await call("POST", "/__emulator/clock", { advanceSeconds: 61 });
    const freed = await rival.call("POST", "carts/active/cart-items", {
      productId: PRODUCTS.lastUnit,
      quantity: "1",
      type: "Product",
    });
    expect(freed.status).toBe(201);
  });
});
