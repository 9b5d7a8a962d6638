import { beforeEach, describe, expect, it } from "vitest";
import { createWebstoreCaches, createWebstoreClient, isFetchError } from "../../server/webstore/index.js";
import { createEmulator } from "../../server/emulator/index.js";
import { serveFetch } from "../../server/node-http.js";
import { API, TARGET_NAMES, WEBSTORE_ID, guestClients } from "./targets.js";
import { guestAuthorization } from "../support/identity.js";
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

  /** The journal's entries for requests of `method` whose path contains `path`. */
  async function journal(
    path: string,
    method = "POST",
  ): Promise<{ path: string; status: number; fault: number | null; processedStatus: number | null }[]> {
    const answer = await call("GET", `/__emulator/journal?method=${method}&path=${encodeURIComponent(path)}`);
    return answer.body.entries;
  }

  it("retries a GET failing twice with 503 before processing, and succeeds (3 attempts, 4 s pauses)", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", {
      method: "GET",
      path: `${API}/carts/*`,
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      times: 2,
    });
    const cart = await client().getCart(cartId);
    expect(cart).toMatchObject({ status: 200, data: { cartId } });
    expect(pauses).toEqual([4000, 4000]);
    expect((await journal(`/carts/${cartId}`, "GET")).map((e) => e.status)).toEqual([503, 503, 200]);
  });

  it("gives up on a GET after three attempts and reports the API's error", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", {
      method: "GET",
      path: `${API}/carts/*`,
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      message: "Try later",
      times: 5,
    });
    const error = await client()
      .getCart(cartId)
      .catch((e) => e);
    expect(error).toMatchObject({ name: "FetchError", status: 503, message: "Try later" });
    expect(await journal(`/carts/${cartId}`, "GET")).toHaveLength(3);
  });

  it("does not send a cart-items POST again after a 503: the shopper is told at once", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", {
      method: "POST",
      path: `${API}/carts/*/cart-items`,
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      times: 2,
    });
    const error = await client()
      .addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 })
      .catch((e) => e);
    expect(error).toMatchObject({ name: "FetchError", status: 503 });
    expect(pauses).toEqual([]);
    expect(await cartCount("/cart-items")).toBe(1);
  });

  it("adds an item once when the answer of its POST is lost: the cart holds 1, not 2", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", {
      method: "POST",
      path: `${API}/carts/*/cart-items`,
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      after: true,
    });
    const error = await client()
      .addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 })
      .catch((e) => e);
    expect(error).toMatchObject({ name: "FetchError", status: 503 });
    const items = await client().getCartItems(cartId);
    expect(items.data.cartItems.map((i) => i.cartItem.quantity)).toEqual(["1.0"]);
    expect(await journal("/cart-items")).toMatchObject([{ status: 503, processedStatus: 201 }]);
    expect(pauses).toEqual([]);
  });

  it("authorises a payment once when the answer of its POST is lost", async () => {
    const client = await guestClient();
    await client().addCartItem("active", { productId: "01tDM0000000001", quantity: 1 });
    const checkoutId = (await client().startCheckout()).data.checkoutId!;
    // Each change waits for the checkout's calculators, as the guide asks before the next call.
    const ready = () => client().waitForReady(() => client().getCheckout(checkoutId));
    await ready();
    await client().updateCheckout(checkoutId, {
      deliveryAddress: {
        name: "Sam Shopper",
        street: "200 Congress Ave",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
        country: "US",
      },
    });
    await ready();
    await client().updateCheckout(checkoutId, {
      contactInfo: { firstName: "Sam", lastName: "Shopper", email: "sam@example.com", phoneNumber: "5125550100" },
    });
    await ready();
    const { token } = await client().tokenizePayment({
      cardPaymentMethod: {
        cardHolderName: "Sam Shopper",
        cardNumber: "4242424242424242",
        cvv: "123",
        expiryMonth: "12",
        expiryYear: "2099",
        cardType: "Visa",
      },
    });
    await call("POST", "/__emulator/faults", {
      method: "POST",
      path: `${API}/checkouts/*/payments`,
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      after: true,
    });
    const error = await client()
      .makePayment(checkoutId, { requestType: "Auth", paymentToken: token! })
      .catch((e) => e);
    expect(error).toMatchObject({ name: "FetchError", status: 503 });
    const payments = (await journal(`/checkouts/${checkoutId}/payments`)).filter((e) => e.path.endsWith("/payments"));
    expect(payments).toMatchObject([{ status: 503, processedStatus: 201 }]);
    expect(pauses).toEqual([]);
    // The one authorisation went through: the order can be placed on it.
    await expect(client().placeOrder(checkoutId)).resolves.toMatchObject({ orderReferenceNumber: expect.any(String) });
  });

  it("does not retry a 409", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await call("POST", "/__emulator/faults", {
      method: "POST",
      path: `${API}/carts/*/cart-items`,
      status: 409,
      errorCode: "CONCURRENT_MODIFICATION",
      times: 1,
    });
    const error = await client()
      .addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 })
      .catch((e) => e);
    expect(isFetchError(error)).toBe(true);
    expect(error.status).toBe(409);
    expect(pauses).toEqual([]);
    expect(await cartCount("/cart-items")).toBe(1);
  });

  it("reports a 202 processing cart without polling on the server, and a ready cart once processing ends", async () => {
    const client = await guestClient();
    const cartId = (await client().createCart()).data.cartId!;
    await client().addCartItem(cartId, { productId: "01tDM0000000001", quantity: 1 });
    await call("POST", "/__emulator/settings", { asyncPolls: 2 });
    await client().updateCartItem(
      cartId,
      (await client().getCartItems(cartId)).data.cartItems[0].cartItem.cartItemId!,
      { quantity: 2 },
    );
    const first = await client().getCart(cartId);
    expect(first).toMatchObject({ status: 202, processing: true });
    const ready = await client().waitForReady(() => client().getCart(cartId));
    expect(ready).toMatchObject({ status: 200, processing: false });
    expect(ready.data.totalProductCount).toBe("2.0");
  });
});

/**
 * A refused connection proves the request never reached the server, so even a write is sent again. This needs a
 * socket to refuse, which the in-process target doesn't have: it runs against a loopback port only.
 */
describe("webstore client against the emulator on a port that is not listening yet", () => {
  it("retries a POST refused before it was sent and adds the item once, when the server is there", async () => {
    const emulator = createEmulator();
    const probe = await serveFetch(async () => new Response(null, { status: 204 }));
    const port = Number(new URL(probe.url).port);
    await probe.close();
    let served: Awaited<ReturnType<typeof serveFetch>> | undefined;
    const pauses: number[] = [];
    // The guest's token comes from the emulator itself (in-process), before its port is served.
    const { authorization } = await guestAuthorization((r) => emulator.fetch(r), "http://emulator.local");
    const client = () =>
      createWebstoreClient({
        fetch: (r) => fetch(r),
        baseUrl: `http://127.0.0.1:${port}`,
        webstoreId: WEBSTORE_ID,
        caches: createWebstoreCaches(),
        accessToken: authorization.replace("Bearer ", ""),
        // The pause after the refused attempt is when the server comes up: no waiting, no race.
        sleep: async (ms) => {
          pauses.push(ms);
          served ??= await serveFetch((r) => emulator.fetch(r), port);
        },
      });
    try {
      const created = await client().createCart();
      expect(created.status).toBe(201);
      expect(pauses).toEqual([4000]);
      await client().addCartItem(created.data.cartId!, { productId: "01tDM0000000001", quantity: 1 });
      const journal = await emulator.fetch(
        new Request(`http://emulator.local/__emulator/journal?method=POST&path=/commerce/`),
      );
      expect(
        ((await journal.json()) as { entries: { path: string }[] }).entries.map((e) => e.path.slice(API.length)),
      ).toEqual(["/carts", `/carts/${created.data.cartId}/cart-items`]);
    } finally {
      await served?.close();
      emulator.close();
    }
  });
});
