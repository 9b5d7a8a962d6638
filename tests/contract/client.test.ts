import { beforeEach, describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { API, TARGET_NAMES, guestClients } from "./targets.js";
import { useTarget } from "./use-target.js";

/** The real webstore client against both emulator targets: what the storefront itself relies on. */
describe.each(TARGET_NAMES)("webstore client against the emulator (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const pauses: number[] = [];
  beforeEach(() => {
    pauses.length = 0;
  });

  // The retry pause is the spec's 4 s; recording it instead of waiting keeps the suite fast.
  const guestClient = () => guestClients(target, { sleep: async (ms) => void pauses.push(ms) });

  async function cartCount(path: string, method = "POST") {
    const journal = await call("GET", `/__emulator/journal?method=${method}&path=${encodeURIComponent(path)}`);
    return journal.body.entries.length as number;
  }

  it("survives cart-items POST failing twice with 503 through its retry (3 attempts, 4 s pauses)", async () => {
    const client = await guestClient();
    const created = await client().createCart();
    const cartId = created.data.cartId!;
    await call("POST", "/__emulator/faults", { method: "POST", path: `${API}/carts/*/cart-items`, status: 503, errorCode: "SERVICE_UNAVAILABLE", times: 2 });
    const item = await client().addCartItem(cartId, { productId: "01tDM0000000001", quantity: 2 });
    expect(item.data).toMatchObject({ productId: "01tDM0000000001", quantity: "2.0" });
    expect(pauses).toEqual([4000, 4000]);
    expect(await cartCount("/cart-items")).toBe(3);
  });

  it("does not retry a 409", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", { method: "POST", path: `${API}/carts/*/cart-items`, status: 409, errorCode: "CONCURRENT_MODIFICATION", times: 1 });
    const error = await client()
      .addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 })
      .catch((e) => e);
    expect(isFetchError(error)).toBe(true);
    expect(error.status).toBe(409);
    expect(pauses).toEqual([]);
    expect(await cartCount("/cart-items")).toBe(1);
  });

  it("gives up after three attempts and reports the API's error", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", { method: "POST", path: `${API}/carts/*/cart-items`, status: 503, errorCode: "SERVICE_UNAVAILABLE", message: "Try later", times: 5 });
    const error = await client()
      .addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 })
      .catch((e) => e);
    expect(error).toMatchObject({ name: "FetchError", status: 503, message: "Try later" });
    expect(await cartCount("/cart-items")).toBe(3);
  });

  it("reports a 202 processing cart without polling on the server, and a ready cart once processing ends", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await client().addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 });
    await call("POST", "/__emulator/settings", { asyncPolls: 2 });
    await client().updateCartItem(cartId, (await client().getCartItems(cartId)).data.cartItems[0].cartItem.cartItemId!, { quantity: 2 });
    const first = await client().getCart(cartId);
    expect(first).toMatchObject({ status: 202, processing: true });
    const ready = await client().waitForReady(() => client().getCart(cartId));
    expect(ready).toMatchObject({ status: 200, processing: false });
    expect(ready.data.totalProductCount).toBe("2.0");
  });
});
