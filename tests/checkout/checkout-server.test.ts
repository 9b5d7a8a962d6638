import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { caught } from "../../app/lib/caught";
import {
  canPayByPurchaseOrder,
  checkoutFailure,
  changeCheckout,
  CONFLICT_RETRIES,
  readSettled,
} from "../../app/checkout/server/active.server";
import {
  billingAddressJson,
  deliveryAddressJson,
  placeOrderOnce,
  prepareOrder,
  tokenizeCard,
} from "../../app/checkout/server/order.server";
import {
  progressOf,
  rememberOrder,
  saveGuestUserContext,
  updateProgress,
} from "../../app/checkout/server/session.server";
import { getStoreSession } from "../../app/shop/session.server";
import type { Shop, ShopCore } from "../../app/shop.server";
import { STORE_SESSION_KEYS } from "../../app/shop.server";
import { createCheckout } from "../../app/checkout/checkout.server";
import { pageKind } from "../../app/lib/request-paths";
import { FetchError, PAGE_WAIT_ATTEMPTS, PAGE_WAIT_BUDGET_MS, type WebstoreClient } from "../../server/webstore/index";
import { hostedContext } from "../support/host";

function contextFor(): AppLoadContext {
  return hostedContext();
}

async function session() {
  return getStoreSession(new Request("http://localhost/"), contextFor(), STORE_SESSION_KEYS);
}

async function webstore(
  client: Partial<Record<keyof WebstoreClient | "tokenizePayment", unknown>>,
  loggedIn = false,
): Promise<ShopCore> {
  return {
    client: client as unknown as WebstoreClient,
    session: await session(),
    shopper: { isLoggedIn: loggedIn },
  } as unknown as ShopCore;
}

const card = {
  cardholderName: "Sam Shopper",
  cardNumber: "4242424242424242",
  expiryMonth: "12",
  expiryYear: "2030",
  cvv: "123",
};
const url = "http://emulator.local/services/data/v65.0/commerce/webstores/0ZE/checkouts/2z9A/orders";

describe("which page a request renders (the composition's pageKind)", () => {
  const kind = (path: string, method = "GET") =>
    pageKind(new Request(`http://localhost${path}`, { method }), contextFor());
  it("names a checkout step's and the cart page's GET, and nothing else", () => {
    expect(kind("/checkout/delivery")).toBe("checkout-step");
    expect(kind("/checkout/payment?page=2")).toBe("checkout-step");
    expect(kind("/cart")).toBe("cart");
    expect(kind("/checkout")).toBe("other");
    expect(kind("/pay/0a6A")).toBe("other");
    expect(kind("/checkout/delivery", "POST")).toBe("other");
    expect(kind("/cart", "POST")).toBe("other");
  });
});

describe("a step called through the face (createCheckout)", () => {
  it("works on the request's core, with the parts of the checkout the face made for the request", async () => {
    const getCart = vi.fn(async () => ({
      status: 200,
      processing: false,
      data: { cartId: "0a6A", type: "PayNowReadOnly", status: "Active", totalProductCount: "1" },
    }));
    const getCartItems = vi.fn(async () => ({
      status: 200,
      processing: false,
      data: { cartItems: [], cartSummary: {} },
    }));
    const core = {
      ...(await webstore({ getCart, getCartItems })),
      request: new Request("http://localhost/pay/0a6A"),
      context: contextFor(),
    } as unknown as ShopCore;
    const checkout = createCheckout(core, {
      page: "other",
      cart: { ref: () => null, forgetGoneGuestCart: () => false },
      orders: { rememberGuestVerification: () => undefined, guestAccessToken: async () => null },
    });
    const page = await checkout.payNow.page("0a6A", { origin: "http://localhost", linesPage: 1 });
    // The face's parts read the link's cart, the step its lines: both with the core's client.
    expect(getCart).toHaveBeenCalledWith("0a6A");
    expect(getCartItems).toHaveBeenCalledWith("0a6A", expect.objectContaining({ pageNumber: 1 }));
    expect(page).toMatchObject({ cartId: "0a6A", link: "http://localhost/pay/0a6A", paid: false, lines: [] });
  });
});

describe("session keys of the checkout", () => {
  it("keeps progress per checkout and forgets it for another one", async () => {
    const s = await session();
    updateProgress(s, "2z9A", { payment: { method: "card", label: "Visa ending in 4242" } });
    expect(progressOf(s, "2z9A").payment?.label).toBe("Visa ending in 4242");
    expect(progressOf(s, "2z9B")).toEqual({ checkoutId: "2z9B" });
  });

  it("after the order: clears the active checkout, remembers the order, closes a guest's cart", async () => {
    const ws = await webstore({});
    ws.session.set("activeCheckoutId", "2z9A");
    ws.session.set("guestCartId", "0a6A");
    updateProgress(ws.session, "2z9A", {});
    rememberOrder(ws, { rememberGuestVerification: () => undefined }, "2z9A", "ORN-1");
    expect(ws.session.get("activeCheckoutId")).toBeUndefined();
    expect(ws.session.get("checkoutProgress")).toBeUndefined();
    expect(ws.session.get("guestCartId")).toBeUndefined();
    expect(ws.session.get("lastOrder")).toEqual({ checkoutId: "2z9A", orderNumber: "ORN-1" });
  });

  it("after a guest's order: the orders are told the e-mail the guest proved", async () => {
    const ws = await webstore({});
    ws.session.set("activeCheckoutId", "2z9A");
    ws.session.set("guestUserContext", { email: "sam@example.com" });
    const told: string[] = [];
    rememberOrder(ws, { rememberGuestVerification: (email) => told.push(email) }, "2z9A", "ORN-1");
    expect(told).toEqual(["sam@example.com"]);
  });

  it("stores the guest user context only with non-blank strings", async () => {
    const s = await session();
    saveGuestUserContext(s, { lastName: "Shopper", email: " ", phoneNumber: "" });
    expect(s.get("guestUserContext")).toEqual({ lastName: "Shopper" });
    saveGuestUserContext(s, { email: "" });
    expect(s.get("guestUserContext")).toBeUndefined();
  });
});

describe("tokenizeCard", () => {
  it("sends the documented body with the brand the typed number shows, and answers only the token", async () => {
    const tokenizePayment = vi.fn().mockResolvedValue({ token: "tok_1", errors: [] });
    const ws = await webstore({ tokenizePayment });
    await expect(tokenizeCard(ws.client, card)).resolves.toBe("tok_1");
    expect(tokenizePayment).toHaveBeenCalledWith({
      cardPaymentMethod: {
        cardHolderName: "Sam Shopper",
        cardNumber: "4242424242424242",
        expiryMonth: "12",
        expiryYear: "2030",
        cvv: "123",
        cardType: "Visa",
      },
    });
  });

  it("sends no cardType for a brand the tokenization input doesn't list", async () => {
    const tokenizePayment = vi.fn().mockResolvedValue({ token: "tok_2", errors: [] });
    const ws = await webstore({ tokenizePayment });
    await tokenizeCard(ws.client, { ...card, cardNumber: "6011111111111117" });
    expect(tokenizePayment.mock.calls[0][0].cardPaymentMethod).not.toHaveProperty("cardType");
  });

  it("fails without echoing the card number when the gateway answers no token", async () => {
    const ws = await webstore({ tokenizePayment: vi.fn().mockResolvedValue({ errors: [] }) });
    const error = (await tokenizeCard(ws.client, card).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe("The payment gateway answered without a token.");
    expect(error.message).not.toContain(card.cardNumber);
  });
});

describe("placeOrderOnce", () => {
  it("submits alone with place-order v2 (prepared before the payment), reading the action's order number", async () => {
    const orderActions = vi.fn().mockResolvedValue({
      actions: [{ action: "submit", status: "Success", orderReferenceNumber: "ORN-2", errors: [] }],
    });
    const ws = await webstore({ orderActions, apiVersion: 65 });
    await expect(placeOrderOnce(ws, "2z9A", { placeOrderV2Enabled: true })).resolves.toBe("ORN-2");
    expect(orderActions.mock.calls).toEqual([["2z9A", [{ action: "submit" }]]]);
  });

  it("prepares in a request of its own with place-order v2, and not at all without it", async () => {
    const orderActions = vi.fn().mockResolvedValue({
      actions: [{ action: "prepare", status: "Success", orderReferenceNumber: null, errors: [] }],
    });
    const ws = await webstore({ orderActions, apiVersion: 65 });
    await prepareOrder(ws, "2z9A", { placeOrderV2Enabled: true });
    expect(orderActions.mock.calls).toEqual([["2z9A", [{ action: "prepare" }]]]);
    await prepareOrder(ws, "2z9A", {});
    const old = await webstore({ orderActions, apiVersion: 63 });
    await prepareOrder(old, "2z9A", { placeOrderV2Enabled: true });
    expect(orderActions).toHaveBeenCalledTimes(1);
  });

  it("places with v1 at an API version before orders/actions (64.0), whatever the store says", async () => {
    const orderActions = vi.fn();
    const placeOrder = vi.fn().mockResolvedValue({ orderReferenceNumber: "ORN-1", errors: [] });
    const ws = await webstore({ orderActions, placeOrder, apiVersion: 63 });
    await expect(placeOrderOnce(ws, "2z9A", { placeOrderV2Enabled: true })).resolves.toBe("ORN-1");
    expect(orderActions).not.toHaveBeenCalled();
  });

  it("places with v1 otherwise", async () => {
    const placeOrder = vi.fn().mockResolvedValue({ orderReferenceNumber: "ORN-1", errors: [] });
    const ws = await webstore({ placeOrder });
    await expect(placeOrderOnce(ws, "2z9A", {})).resolves.toBe("ORN-1");
  });

  it("answers the order another submit placed meanwhile, and rethrows a real failure", async () => {
    const refused = new FetchError({
      url,
      status: 400,
      statusText: "Bad Request",
      errors: [{ type: "INVALID_API_INPUT", message: "already placed" }],
    });
    const placed = await webstore({
      placeOrder: vi.fn().mockRejectedValue(refused),
      getCheckout: vi.fn().mockResolvedValue({
        status: 200,
        processing: false,
        data: { checkoutId: "2z9A", orderReferenceNumber: "ORN-1" },
      }),
    });
    await expect(placeOrderOnce(placed, "2z9A", {})).resolves.toBe("ORN-1");
    const open = await webstore({
      placeOrder: vi.fn().mockRejectedValue(refused),
      getCheckout: vi.fn().mockResolvedValue({
        status: 200,
        processing: false,
        data: { checkoutId: "2z9A", orderReferenceNumber: null },
      }),
    });
    await expect(placeOrderOnce(open, "2z9A", {})).rejects.toBe(refused);
  });
});

describe("checkoutFailure", () => {
  it("names the product of a place-order inventory failure from the error body", () => {
    const body = {
      orderReferenceNumber: null,
      errors: [
        {
          type: "/commerce/errors/checkout-failure",
          title: "INSUFFICIENT_INVENTORY",
          detail: "Not enough",
          instance: "0a9A",
        },
      ],
    };
    const error = new FetchError({
      url,
      status: 412,
      statusText: "Precondition Failed",
      errors: [{ type: "/commerce/errors/checkout-failure", message: "Not enough" }],
      body,
    });
    const lines = [
      {
        id: "0a9A",
        productId: "01tA",
        name: "Vintage Copper Moka Pot",
        quantity: 1,
        totalPrice: "79.00",
        groupId: "0a7A",
        errors: [],
      },
    ];
    expect(checkoutFailure(caught(error), lines)).toEqual({
      kind: "inventory",
      message: "Vintage Copper Moka Pot is no longer available in the quantity you asked for.",
      cartLink: true,
    });
  });

  it("reads a 409 by the call that failed, not by its code, and rethrows redirects", () => {
    const conflict = (at: string, type = "CONFLICT") =>
      checkoutFailure(
        caught(new FetchError({ url: at, status: 409, statusText: "Conflict", errors: [{ type, message: "x" }] })),
      ).message;
    // Placing the order: the cart changed after the payment was authorised (Place Order's 409).
    expect(conflict(url)).toBe("Your cart changed. Review it and try again.");
    expect(conflict(`${url}/actions`)).toBe("Your cart changed. Review it and try again.");
    // Any other checkout call: the previous operation is still running (Checkouts' 409), with or without a code.
    const checkoutUrl = url.replace(/\/orders$/, "");
    expect(conflict(checkoutUrl)).toBe("We're still saving your last change. Try again in a moment.");
    expect(conflict(`${checkoutUrl}/payments`)).toBe("We're still saving your last change. Try again in a moment.");
    // The code of a change made while the previous one runs changes nothing: the call that failed decides.
    expect(conflict(checkoutUrl, "CHECKOUT_CONFLICT")).toBe(
      "We're still saving your last change. Try again in a moment.",
    );
    expect(conflict(url, "CHECKOUT_CONFLICT")).toBe("Your cart changed. Review it and try again.");
    const redirect = new Response(null, { status: 303, headers: { Location: "/login" } });
    expect(() => checkoutFailure(caught(redirect))).toThrow();
  });
});

describe("addresses for the API", () => {
  it("sends a delivery address with the phone as shipToPhoneNumber and a saved address by id", () => {
    expect(
      deliveryAddressJson({
        firstName: "Sam",
        lastName: "S",
        street: "1 Main",
        city: "Austin",
        country: "US",
        phoneNumber: "5125550100",
        region: "",
      }),
    ).toEqual({
      firstName: "Sam",
      lastName: "S",
      street: "1 Main",
      city: "Austin",
      country: "US",
      shipToPhoneNumber: "5125550100",
    });
    expect(deliveryAddressJson({ addressId: "8lWA" })).toEqual({ id: "8lWA" });
  });

  it("sends a billing address without empty fields, ids or a phone (no field of the payment's address input)", () => {
    expect(
      billingAddressJson({
        id: "8lWA",
        name: null,
        firstName: "Sam",
        lastName: "Shopper",
        companyName: null,
        street: "1 Main",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
        country: "US",
        phoneNumber: "5125550100",
      }),
    ).toEqual({
      name: "Sam Shopper",
      firstName: "Sam",
      lastName: "Shopper",
      street: "1 Main",
      city: "Austin",
      region: "TX",
      postalCode: "78701",
      country: "US",
    });
  });
});

describe("canPayByPurchaseOrder", () => {
  it("offers purchase orders to business buyers, with one account or several, never to consumers or guests", () => {
    expect(canPayByPurchaseOrder({ isLoggedIn: true, businessBuyer: true, canSwitchAccount: false })).toBe(true);
    expect(canPayByPurchaseOrder({ isLoggedIn: true, businessBuyer: true, canSwitchAccount: true })).toBe(true);
    expect(canPayByPurchaseOrder({ isLoggedIn: true, businessBuyer: false, canSwitchAccount: false })).toBe(false);
    expect(canPayByPurchaseOrder({ isLoggedIn: false })).toBe(false);
  });

  it("without word from the API, takes a buyer who acts for several accounts for a business buyer", () => {
    expect(canPayByPurchaseOrder({ isLoggedIn: true, canSwitchAccount: true })).toBe(true);
    expect(canPayByPurchaseOrder({ isLoggedIn: true, canSwitchAccount: false })).toBe(false);
  });
});

describe("a step's checkout and cart items", () => {
  const checkoutOf = (cartId: string) => ({
    status: 200,
    processing: false,
    data: { checkoutId: "2z9A", cartSummary: { cartId, totalProductCount: "2" }, deliveryGroups: { items: [] } },
  });
  const items = { status: 200, processing: false, data: { cartItems: [], cartSummary: {} } };

  async function stepShop(guestCartId: string, checkoutCart: string, method = "POST") {
    const calls: string[] = [];
    let answerCheckout: () => void = () => undefined;
    const client = {
      getCheckout: vi.fn(() => {
        calls.push("checkout");
        return new Promise((resolve) => (answerCheckout = () => resolve(checkoutOf(checkoutCart))));
      }),
      getCartItems: vi.fn(async (cartId: string) => {
        calls.push(`items ${cartId}`);
        return items;
      }),
    };
    const shop = {
      ...(await webstore(client)),
      request: new Request("http://localhost/checkout/delivery", { method }),
      context: contextFor(),
    } as unknown as Shop;
    shop.session.set("activeCheckoutId", "2z9A");
    shop.session.set("guestCartId", guestCartId);
    const checkout = createCheckout(shop, {
      page: pageKind(shop.request, shop.context),
      cart: { ref: () => guestCartId, forgetGoneGuestCart: () => false },
      orders: { rememberGuestVerification: () => undefined, guestAccessToken: async () => null },
    });
    return { checkout, client, calls, answerCheckout: () => answerCheckout() };
  }

  it("reads a guest's cart items beside the checkout, not after it, and the page uses that read", async () => {
    const { checkout, client, calls, answerCheckout } = await stepShop("0a6A", "0a6A");
    const loading = checkout.shipping.page({ linesPage: 1 });
    // Both reads are under way before the checkout has answered.
    expect(calls).toEqual(["items 0a6A", "checkout"]);
    answerCheckout();
    const shown = await loading;
    expect(shown.processing ? null : shown.page.cartId).toBe("0a6A");
    expect(client.getCartItems).toHaveBeenCalledTimes(1);
  });

  it("reads the items again when the checkout is for another cart than the session's", async () => {
    const { checkout, client, answerCheckout } = await stepShop("0a6A", "0a6B");
    const loading = checkout.shipping.page({ linesPage: 1 });
    answerCheckout();
    await loading;
    expect(client.getCartItems.mock.calls.map((call) => call[0])).toEqual(["0a6A", "0a6B"]);
  });
});

describe("a checkout the API is still calculating (readSettled, changeCheckout: decision 020)", () => {
  /**
   * Reads answering 202 `processing` times, then 200, on a clock the pauses move (plus `step` ms per read, the API's
   * round trip); the pauses are recorded instead of slept.
   */
  function reads(processing: number, step = 0) {
    let now = 0;
    let count = 0;
    const pauses: number[] = [];
    const read = async () => {
      count += 1;
      now += step;
      return { status: count <= processing ? 202 : 200, processing: count <= processing };
    };
    const wait = {
      now: () => now,
      sleep: async (ms: number) => {
        pauses.push(ms);
        now += ms;
      },
    };
    return { read, wait, count: () => count, pauses };
  }

  it("reads again at once until ready, as the LWR client's first five tries do", async () => {
    const r = reads(3);
    expect(await readSettled(r.read, r.wait)).toEqual({ status: 200, processing: false });
    expect(r.count()).toBe(4);
    expect(r.pauses).toEqual([]);
    const ready = reads(0);
    await readSettled(ready.read, ready.wait);
    expect(ready.count()).toBe(1);
  });

  it("pauses 100, 200, 300, 400 ms after the fifth read, the schedule's first second, then answers the last 202 (the page shows 'Loading')", async () => {
    const r = reads(20);
    expect(await readSettled(r.read, r.wait)).toEqual({ status: 202, processing: true });
    expect(r.count()).toBe(PAGE_WAIT_ATTEMPTS);
    expect(PAGE_WAIT_ATTEMPTS).toBe(9);
    expect(r.pauses).toEqual([100, 200, 300, 400]);
    expect(r.pauses.reduce((a, b) => a + b, 0)).toBe(PAGE_WAIT_BUDGET_MS);
  });

  it("ends on the read that finds it ready after a pause", async () => {
    const r = reads(6);
    expect((await readSettled(r.read, r.wait)).status).toBe(200);
    expect(r.pauses).toEqual([100, 200]);
  });

  it("starts no read after its second: a slow API gets fewer reads", async () => {
    const r = reads(20, PAGE_WAIT_BUDGET_MS * 0.6);
    expect((await readSettled(r.read, r.wait)).processing).toBe(true);
    expect(r.count()).toBe(2);
  });

  const conflict = () =>
    new FetchError({
      status: 409,
      statusText: "Conflict",
      url: "http://org/checkouts/2z9A",
      errors: [
        { type: "CHECKOUT_CONFLICT", message: "Looks like your cart is currently in use. Please try again later." },
      ],
    });

  it("sends a change refused 409 again once a wait finds the checkout ready, as the LWR client does", async () => {
    const r = reads(2);
    const updateCheckout = vi
      .fn()
      .mockRejectedValueOnce(conflict())
      .mockResolvedValueOnce({ status: 202, processing: false, data: { checkoutId: "2z9A" } });
    const shop = { client: { updateCheckout, getCheckout: r.read } } as never;
    const answer = await changeCheckout(shop, "2z9A", { deliveryMethodId: "2Dm1" }, r.wait);
    expect(answer.processing).toBe(false);
    expect(updateCheckout).toHaveBeenCalledTimes(2);
    expect(r.count()).toBe(3); // two 202s, then the ready read the retry waited for
  });

  it("gives a change refused 409 up when the checkout is still calculating after the wait, or after three retries", async () => {
    const slow = reads(100);
    const refused = vi.fn().mockRejectedValue(conflict());
    const shop = { client: { updateCheckout: refused, getCheckout: slow.read } } as never;
    await expect(changeCheckout(shop, "2z9A", { deliveryMethodId: "2Dm1" }, slow.wait)).rejects.toMatchObject({
      status: 409,
    });
    expect(refused).toHaveBeenCalledTimes(1);

    const ready = reads(0);
    const always = vi.fn().mockRejectedValue(conflict());
    const again = { client: { updateCheckout: always, getCheckout: ready.read } } as never;
    await expect(changeCheckout(again, "2z9A", { deliveryMethodId: "2Dm1" }, ready.wait)).rejects.toMatchObject({
      status: 409,
    });
    expect(always).toHaveBeenCalledTimes(1 + CONFLICT_RETRIES);
  });
});
