/**
 * Checkout (app/routes/checkout.*): start → shipping → delivery → payment → review → place order → confirmation,
 * each step a form posted without JavaScript (303 to the next step, or the step again, 400, with the spec's
 * message and everything typed but the card's secrets) and with it (`<Form>` over single fetch: a redirect as data,
 * or the form's data). The emulator's gateway: 4242… succeeds, 4000…0002 is declined (README, demo contract).
 */
import { describe, expect, test } from "vitest";
import { CONFLICT_RETRIES } from "~/checkout/server/active.server";
import { B2B_BUYER, BUYER, useStore, type Answer, type Visitor } from "../support/routes";

const COFFEE = { id: "01tDM0000000001", name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" };
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);
const CONTACT = { Email: "sam@example.com", lastName: "Shopper", Phone: "5125550100" };
const TEXAS = {
  "First Name": "Sam",
  "shipments[0].address.lastName": "Shopper",
  Street: "200 Congress Ave",
  City: "Austin",
  State: "TX",
  "Postal Code": "78701",
};
const CARD = { "Card number": "4242424242424242", "Expiry month": "12", "Expiry year": EXPIRY_YEAR, CVV: "123" };
const DECLINED = "Your card was declined. Use another card or payment method.";

const store = useStore();

async function guestWithCart(quantity = 2): Promise<Visitor> {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE.id}`, { intent: "add", quantity })).status).toBe(303);
  return guest;
}

/**
 * /checkout as a browser without JavaScript meets it: at once a redirect to the shipping step, also while the API is
 * still calculating the checkout it started (the step shows 'Loading' then, and refreshes itself).
 */
async function openShipping(visitor: Visitor): Promise<Answer> {
  const start = await visitor.load("/checkout");
  expect(start.status).toBe(303);
  expect(start.location).toBe("/checkout/shipping");
  const shipping = await visitor.load(start.location!);
  expect(shipping.status).toBe(200);
  return shipping;
}

async function guestAtPayment(): Promise<{ guest: Visitor; payment: Answer }> {
  const guest = await guestWithCart();
  const shipping = await openShipping(guest);
  const delivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
  const payment = await guest.fill(delivery, "Continue to payment", {}, { follow: true });
  expect(payment.text).toContain("Continue to review");
  return { guest, payment };
}

describe("A guest's checkout", () => {
  test("without JavaScript, step by step, to the order's confirmation", async () => {
    const guest = await guestWithCart();
    const shipping = await openShipping(guest);
    expect(shipping.text).toContain("Contact information");

    const toDelivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS });
    expect(toDelivery.status).toBe(303);
    expect(toDelivery.location).toBe("/checkout/delivery");
    const delivery = await guest.load(toDelivery.location!);
    expect(delivery.text).toContain("Ships to Sam Shopper, 200 Congress Ave, Austin, TX 78701, US");
    // The first delivery method is chosen for the shopper.
    expect(delivery.form("Continue to payment").fields["shipments[0].deliveryMethodId"]).toBeTruthy();

    const toPayment = await guest.fill(delivery, "Continue to payment", {});
    expect(toPayment.status).toBe(303);
    expect(toPayment.location).toBe("/checkout/payment");
    const payment = await guest.load(toPayment.location!);
    // The cardholder's name starts as the shipping address's name.
    expect(payment.field("cardholderName")).toBe("Sam Shopper");

    const toReview = await guest.fill(payment, "Continue to review", CARD);
    expect(toReview.status).toBe(303);
    expect(toReview.location).toBe("/checkout/review");
    const review = await guest.load(toReview.location!);
    expect(review.text).toContain("Email sam@example.com");
    expect(review.text).toContain("Visa ending in 4242");
    expect(review.html).not.toContain("4242424242424242");

    const placed = await guest.fill(review, "Place order", {});
    expect(placed.status).toBe(303);
    const orderNumber = /^\/checkout\/confirmation\/(\d{8})$/.exec(placed.location ?? "")?.[1];
    expect(orderNumber, `placed → ${placed.location}`).toBeTruthy();
    const confirmation = await guest.load(placed.location!);
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toContain(`Thank you for your order Your order number is ${orderNumber}`);
    expect(confirmation.cartCount).toBe(0);

    // The same form posted again (a double click, the back button): the same confirmation, no second order.
    const again = await guest.fill(review, "Place order", {});
    expect(again.location).toBe(placed.location);
    // Someone else's confirmation page is not found.
    expect((await store.visitor().load(placed.location!)).status).toBe(404);
  });

  test("place-order v2: prepare before the payment, submit after it, one request each", async () => {
    const { guest, payment } = await guestAtPayment();
    await store.control("DELETE", "/__emulator/journal");
    expect((await guest.fill(payment, "Continue to review", CARD)).location).toBe("/checkout/review");
    const placed = await guest.fill(await guest.load("/checkout/review"), "Place order", {});
    expect(placed.location).toMatch(/^\/checkout\/confirmation\/\d{8}$/);
    const answer = await store.control("GET", "/__emulator/journal?method=POST");
    const { entries } = (await answer.json()) as { entries: { path: string; status: number }[] };
    const calls = entries
      .map((e) => [e.path.replace(/^.*\/checkouts\/[^/]+\//, ""), e.status])
      .filter(([path]) => path === "payments" || path === "orders/actions" || path === "orders");
    // The demo store has placeOrderV2Enabled: each action is its own 200, the payment's 201 between them.
    expect(calls).toEqual([
      ["orders/actions", 200],
      ["payments", 201],
      ["orders/actions", 200],
    ]);
  });

  test("place-order v2's prepare holds the last unit before the payment: a second shopper's payment is refused, no money moved", async () => {
    const atPayment = async () => {
      const guest = store.visitor();
      expect((await guest.submit("/product/01tDM000000LAST", { intent: "add", quantity: "1" })).status).toBe(303);
      const shipping = await openShipping(guest);
      const delivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
      return { guest, payment: await guest.fill(delivery, "Continue to payment", {}, { follow: true }) };
    };
    const first = await atPayment();
    const second = await atPayment();
    // The first shopper pays: prepare holds the only unit.
    expect((await first.guest.fill(first.payment, "Continue to review", CARD)).location).toBe("/checkout/review");
    await store.control("DELETE", "/__emulator/journal");
    const refused = await second.guest.fill(second.payment, "Continue to review", CARD);
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/no longer available in the quantit/);
    const answer = await store.control("GET", "/__emulator/journal?method=POST");
    const { entries } = (await answer.json()) as { entries: { path: string }[] };
    expect(entries.filter((e) => e.path.endsWith("/payments"))).toEqual([]);
  });

  test("with JavaScript, each step's redirect comes as data", async () => {
    const guest = await guestWithCart(1);
    const shipping = await openShipping(guest);
    const toDelivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { js: true });
    expect(toDelivery.status).toBe(202);
    expect(toDelivery.location).toBe("/checkout/delivery");

    const delivery = await guest.load("/checkout/delivery");
    const express = delivery.html.match(/name="shipments\[0\]\.deliveryMethodId"[^>]*value="([^"]+)"/g)?.[1];
    const expressId = express ? /value="([^"]+)"/.exec(express)![1]! : null;
    expect(expressId, "a second delivery method").toBeTruthy();
    const toPayment = await guest.fill(
      delivery,
      "Continue to payment",
      { "shipments[0].deliveryMethodId": expressId! },
      { js: true },
    );
    expect(toPayment.status).toBe(202);
    expect(toPayment.location).toBe("/checkout/payment");

    const payment = await guest.load("/checkout/payment");
    const toReview = await guest.fill(payment, "Continue to review", CARD, { js: true });
    expect(toReview.status).toBe(202);
    expect(toReview.location).toBe("/checkout/review");

    const review = await guest.load("/checkout/review");
    expect(review.text).toContain("Express Shipping");
    const placed = await guest.fill(review, "Place order", {}, { js: true });
    expect(placed.status).toBe(202);
    expect(placed.location).toMatch(/^\/checkout\/confirmation\/\d{8}$/);
    expect((await guest.data("/", ["root"])).data).toMatchObject({ root: { data: { cartCount: 0 } } });
  });

  test("a step page reads its checkout once, and the header's cart count comes from it", async () => {
    const { guest } = await guestAtPayment();
    await store.control("DELETE", "/__emulator/journal");
    const delivery = await guest.load("/checkout/delivery");
    expect(delivery.status).toBe(200);
    expect(delivery.cartCount).toBe(2);
    const reads = await store.apiReads();
    expect(reads.filter((path) => path.startsWith("checkouts/"))).toHaveLength(1);
    // No cart summary beside it (the cart's items are the page's own read).
    expect(reads.filter((path) => path.startsWith("carts/") && !path.includes("/cart-items"))).toEqual([]);

    // The same with JavaScript (single fetch's data request).
    await store.control("DELETE", "/__emulator/journal");
    const data = await guest.data("/checkout/delivery", ["root", "routes/checkout.delivery"]);
    expect(data.data).toMatchObject({ root: { data: { cartCount: 2 } } });
    expect((await store.apiReads()).filter((path) => path.startsWith("checkouts/"))).toHaveLength(1);
  });

  test("a refused shipping step keeps everything typed and names the missing field", async () => {
    const guest = await guestWithCart(1);
    const shipping = await openShipping(guest);
    const refused = await guest.fill(shipping, "Continue to delivery", {
      ...CONTACT,
      Email: "sam@",
      ...TEXAS,
      City: "",
    });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("shipments[0].address.city")).toBe("Complete this field.");
    expect(refused.fieldError("email")).toBe("Enter a valid email address, such as john@example.com.");
    expect(refused.fieldError("phone")).toBe("");
    const kept = refused.form("Continue to delivery").fields;
    expect(kept).toMatchObject({
      email: "sam@",
      lastName: "Shopper",
      phone: "5125550100",
      "shipments[0].address.firstName": "Sam",
      "shipments[0].address.street": "200 Congress Ave",
      "shipments[0].address.city": "",
      "shipments[0].address.postalCode": "78701",
    });

    const withJs = await guest.fill(
      shipping,
      "Continue to delivery",
      { ...CONTACT, ...TEXAS, "Postal Code": "" },
      { js: true },
    );
    expect(withJs.status).toBe(400);
    expect(withJs.data).toMatchObject({
      data: {
        intent: "save",
        result: {
          status: "error",
          error: { "shipments[0].address.postalCode": ["Complete this field."] },
          initialValue: {
            email: CONTACT.Email,
            shipments: [{ address: { street: "200 Congress Ave", city: "Austin" } }],
          },
        },
      },
    });
  });

  test("a refused delivery step (a date in the past) keeps the instructions and gift message typed", async () => {
    const guest = await guestWithCart(1);
    const shipping = await openShipping(guest);
    const delivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
    const typed = {
      "Desired delivery date": "2020-01-01",
      "Shipping instructions": "Leave at the back door",
      "shipments[0].isGift": "on",
      "Gift message": "Happy birthday, Robin!",
    };
    const refused = await guest.fill(delivery, "Continue to payment", typed);
    expect(refused.status).toBe(400);
    expect(refused.fieldError("shipments[0].desiredDeliveryDate")).toMatch(
      /^Value must be [A-Z][a-z]{2} \d{1,2}, \d{4} or later\.$/,
    );
    expect(refused.form("Continue to payment").fields).toMatchObject({
      "shipments[0].desiredDeliveryDate": "2020-01-01",
      "shipments[0].shippingInstructions": "Leave at the back door",
      "shipments[0].isGift": "on",
      "shipments[0].giftMessage": "Happy birthday, Robin!",
    });
  });

  test("a declined card: 400, the spec's message, the name kept and the card's number and code never sent back", async () => {
    const { guest, payment } = await guestAtPayment();
    const declined = await guest.fill(payment, "Continue to review", {
      ...CARD,
      "Card number": "4000000000000002",
      "Cardholder name": "Sam Q. Shopper",
    });
    expect(declined.status).toBe(400);
    expect(declined.alerts.join(" ")).toContain(DECLINED);
    expect(declined.field("cardholderName")).toBe("Sam Q. Shopper");
    expect(declined.field("cardNumber")).toBe("");
    expect(declined.field("cvv")).toBe("");
    expect(declined.html).not.toContain("4000000000000002");

    const withJs = await guest.fill(
      payment,
      "Continue to review",
      { ...CARD, "Card number": "4000000000000002" },
      { js: true },
    );
    expect(withJs.status).toBe(400);
    expect(JSON.stringify(withJs.data)).toContain(DECLINED);
    expect(JSON.stringify(withJs.data)).not.toContain("4000000000000002");

    // The review step is not reached without an authorised payment.
    const review = await guest.load("/checkout/review");
    expect(review.status).toBe(303);
    expect(review.location).toBe("/checkout/payment");
  });

  test("a card number failing the Luhn check: 400, the refusal on the card number's field, nothing else lost", async () => {
    const { guest, payment } = await guestAtPayment();
    const refused = await guest.fill(payment, "Continue to review", { ...CARD, "Card number": "4242424242424241" });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("cardNumber")).not.toBe("");
    expect(refused.fieldError("cardholderName")).toBe("");
    expect(refused.field("cardholderName")).toBe("Sam Shopper");
    expect(refused.form("Continue to review").fields).toMatchObject({
      expiryMonth: "12",
      expiryYear: EXPIRY_YEAR,
      cardNumber: "",
      cvv: "",
    });
    expect((await guest.load("/checkout/review")).location).toBe("/checkout/payment");
  });

  test("a guest with an empty cart is sent back to the cart, and a later step to the start", async () => {
    const guest = store.visitor();
    const start = await guest.load("/checkout");
    expect(start.status).toBe(303);
    expect(start.location).toBe("/cart");
    expect((await guest.load("/cart")).toasts).toEqual(["Your cart is empty."]);
    const payment = await guest.load("/checkout/payment");
    expect(payment.status).toBe(303);
    expect(payment.location).toBe("/checkout");
  });
});

describe("A checkout the API is still calculating", () => {
  /** The API's answers to the checkout's own calls (`checkouts/{id}`) since the journal was emptied: "GET 202" … */
  async function checkoutCalls(): Promise<string[]> {
    const answer = await store.control("GET", "/__emulator/journal?path=/checkouts/");
    const { entries } = (await answer.json()) as { entries: { method: string; path: string; status: number }[] };
    return entries.filter((e) => /\/checkouts\/[^/]+$/.test(e.path)).map((e) => `${e.method} ${e.status}`);
  }

  test("as an org answers it by default (a change's calculation over by the next call), each step reads it ready and shows its form, never 'Loading'", async () => {
    const guest = await guestWithCart();
    await store.control("DELETE", "/__emulator/journal");
    const shipping = await openShipping(guest);
    expect(shipping.text).toContain("Contact information");
    expect(shipping.html).not.toContain('http-equiv="refresh"');
    const toDelivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS });
    expect(toDelivery.location).toBe("/checkout/delivery");
    const delivery = await guest.load(toDelivery.location!);
    expect(delivery.text).toContain("Ships to Sam Shopper, 200 Congress Ave, Austin, TX 78701, US");
    expect(delivery.html).not.toContain('http-equiv="refresh"');
    // Every change is accepted (202) and the read after it finds the calculators done: one read each, no 409.
    const calls = await checkoutCalls();
    expect(calls.filter((c) => c.startsWith("PATCH"))).toEqual(["PATCH 202", "PATCH 202"]);
    expect(calls.filter((c) => c.startsWith("GET")).every((c) => c === "GET 200")).toBe(true);
  });

  test("a slow calculation (checkoutSeconds): the change waits the schedule's first second, the next step shows 'Loading' and refreshes until the clock has passed it", async () => {
    const guest = await guestWithCart();
    const shipping = await openShipping(guest);
    expect((await store.control("POST", "/__emulator/settings", { checkoutSeconds: 30 })).ok).toBe(true);
    try {
      await store.control("DELETE", "/__emulator/journal");
      const toDelivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS });
      expect(toDelivery.location).toBe("/checkout/delivery");
      // The contact's PATCH (no calculators), the address's, then the reads of the schedule's first second: five at
      // once, then after 100, 200, 300 and 400 ms (their round trips may leave out the last).
      const calls = await checkoutCalls();
      expect(calls.filter((c) => c.startsWith("PATCH"))).toEqual(["PATCH 202", "PATCH 202"]);
      expect(calls.filter((c) => c === "GET 202").length).toBeGreaterThanOrEqual(5);
      const loading = await guest.load(toDelivery.location!);
      expect(loading.text).toContain("We're getting your checkout ready. This page refreshes by itself.");
      expect(loading.html).toContain('<meta http-equiv="refresh" content="1"/>');
      expect((await store.control("POST", "/__emulator/clock", { advanceSeconds: 30 })).ok).toBe(true);
      const refreshed = await guest.load(toDelivery.location!);
      expect(refreshed.text).toContain("Ships to Sam Shopper, 200 Congress Ave, Austin, TX 78701, US");
      expect(refreshed.html).not.toContain('http-equiv="refresh"');
    } finally {
      await store.reset();
    }
  });

  test("reads a 409 CHECKOUT_CONFLICT by the call that failed, not by its code: a change is 'still saving', placing the order 'your cart changed'", async () => {
    // The documented code of a change made while the calculators run (Handle Asynchronous Processing); Place Order's
    // 409 is the cart that changed after the payment was authorised: the same code means what its call means.
    const conflict = (method: string, path: string, times = 1) =>
      store.control("POST", "/__emulator/faults", {
        method,
        path,
        status: 409,
        errorCode: "CHECKOUT_CONFLICT",
        times,
      });
    const guest = await guestWithCart();
    try {
      const shipping = await openShipping(guest);
      // A change refused 409 is sent again once the checkout reads ready, three times at most (as the LWR client
      // does): only a conflict that outlasts them reaches the shopper.
      expect((await conflict("PATCH", "*/checkouts/*", 1 + CONFLICT_RETRIES)).status).toBe(201);
      const refused = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain("We're still saving your last change. Try again in a moment.");
      expect(refused.text).not.toContain("Your cart changed");
      expect(refused.field("email")).toBe("sam@example.com");

      const delivery = await guest.fill(refused, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
      const payment = await guest.fill(delivery, "Continue to payment", {}, { follow: true });
      const review = await guest.fill(payment, "Continue to review", CARD, { follow: true });
      expect((await conflict("POST", "*/checkouts/*/orders/actions")).status).toBe(201);
      const placing = await guest.fill(review, "Place order", {});
      expect(placing.location).toBe("/checkout/payment");
      expect((await guest.load(placing.location!)).toasts).toEqual(["Your cart changed. Review it and try again."]);
    } finally {
      await store.control("DELETE", "/__emulator/faults");
    }
  });

  test("still calculating after the page's short wait: 'Loading', refreshing itself without JavaScript, then the step", async () => {
    const guest = await guestWithCart();
    // Twelve reads: more than the nine a page makes in its second before it answers 'Loading'.
    expect((await store.control("POST", "/__emulator/settings", { checkoutPolls: 12 })).ok).toBe(true);
    try {
      const shipping = await openShipping(guest);
      expect(shipping.text).toContain("We're getting your checkout ready. This page refreshes by itself.");
      expect(shipping.html).toContain('<meta http-equiv="refresh" content="1"/>');
      const refreshed = await guest.load("/checkout/shipping");
      expect(refreshed.text).toContain("Contact information");
      expect(refreshed.html).not.toContain('http-equiv="refresh"');
    } finally {
      await store.reset();
    }
  });
});

describe("A store without guest checkout", () => {
  test("sends the guest to sign in with the cart kept, and back to checkout afterwards", async () => {
    const guest = await guestWithCart(1);
    const settings = await store.control("POST", "/__emulator/settings", {
      applicationContext: { guestCheckoutEnabled: false },
    });
    expect(settings.ok).toBe(true);
    try {
      const start = await guest.load("/checkout");
      expect(start.status).toBe(303);
      expect(start.location).toBe("/login?redirectTo=%2Fcheckout");
      const login = await guest.load(start.location!);
      expect(login.toasts).toEqual(["Sign in to check out."]);
      expect(login.cartCount).toBe(1);
      const signedIn = await guest.fill(login, "Sign in", { Email: BUYER.username, Password: BUYER.password });
      expect(signedIn.location).toBe("/checkout");
    } finally {
      await store.reset();
    }
  });
});

describe("A buyer's checkout", () => {
  test("ships to the default saved address and places the order, which the order history then lists", async () => {
    await store.reset();
    const buyer = await store.signedIn(BUYER);
    await buyer.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
    const shipping = await openShipping(buyer);
    // No contact fields for a buyer: the account knows them.
    expect(shipping.field("email")).toBeNull();
    expect(shipping.text).toContain("San Francisco");

    const delivery = await buyer.fill(shipping, "Continue to delivery", {}, { follow: true });
    expect(delivery.text).toContain("San Francisco");
    const payment = await buyer.fill(delivery, "Continue to payment", {}, { follow: true });
    const review = await buyer.fill(
      payment,
      "Continue to review",
      { "Cardholder name": "Alex Buyer", ...CARD },
      { follow: true },
    );
    expect(review.text).toContain("Visa ending in 4242");
    const placed = await buyer.fill(review, "Place order", {});
    const orderNumber = /^\/checkout\/confirmation\/(\d{8})$/.exec(placed.location ?? "")?.[1];
    expect(orderNumber).toBe("00000110");

    const history = await buyer.load("/OrderSummary/OrderSummary/Default");
    expect(history.text).toContain("00000110");
    expect((await buyer.load("/OrderSummary/00000110")).status).toBe(200);
  });

  test("a B2B buyer pays by purchase order (with JavaScript): a blank number is refused, any other goes through", async () => {
    const b2b = await store.signedIn(B2B_BUYER);
    await b2b.submit(`/product/${COFFEE.id}`, { intent: "add", quantity: "1" });
    const shipping = await openShipping(b2b);
    // The account's default shipping address is chosen for them.
    expect(shipping.form("Continue to delivery").fields["shipments[0].addressChoice"]).toBe("8lWDM0000ACME11");
    const delivery = await b2b.fill(shipping, "Continue to delivery", {}, { follow: true });
    const payment = await b2b.fill(delivery, "Continue to payment", {}, { follow: true });

    const blank = await b2b.fill(
      payment,
      "Continue to review",
      { paymentMethod: "purchaseOrder", "Purchase order number": "  " },
      { js: true },
    );
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      data: { intent: "pay", result: { error: { purchaseOrderNumber: ["Complete this field."] } } },
    });

    const paid = await b2b.fill(
      payment,
      "Continue to review",
      { paymentMethod: "purchaseOrder", "Purchase order number": "PO-7781" },
      { js: true },
    );
    expect(paid.status).toBe(202);
    expect(paid.location).toBe("/checkout/review");
    const review = await b2b.load("/checkout/review");
    expect(review.text).toContain("Purchase order PO-7781");
    const placed = await b2b.fill(review, "Place order", {}, { js: true });
    expect(placed.location).toMatch(/^\/checkout\/confirmation\/\d{8}$/);
  });
});
