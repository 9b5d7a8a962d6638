import { beforeEach, describe, expect, it } from "vitest";
import {
  LONDON,
  PRODUCTS,
  TEXAS,
  addItem,
  payableCheckout,
  settled,
  shopper,
  startCheckout,
  type Shopper,
} from "./checkout-helpers.js";
import { TARGET_NAMES, at } from "./targets.js";
import { useTarget } from "./use-target.js";

describe.each(TARGET_NAMES)("checkouts (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  let guest: Shopper;
  const admin = (path: string, body?: unknown) => call("POST", `/__emulator/${path}`, body);
  beforeEach(async () => {
    guest = await shopper(target);
  });

  /**
   * A checkout write answers 202 (the calculators run asynchronously, as on a real org) with the checkout as it
   * was accepted; the calculated checkout is what the next GET answers.
   */
  async function calculated(s: Shopper, method: "PUT" | "PATCH", path: string, body: unknown) {
    const accepted = await s.call(method, path, body);
    expect(accepted.status).toBe(202);
    return settled(s, accepted.body.checkoutId);
  }

  it("starts a checkout for the active cart (202, then 200) and answers the same session when started again", async () => {
    const { cartId } = await addItem(guest, PRODUCTS.coffee, 2);
    const res = await calculated(guest, "PUT", "checkouts", { cartId: "active" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      checkoutId: expect.stringMatching(/^2z9/),
      cartSummary: {
        cartId,
        status: "Checkout",
        totalProductAmount: "37.00",
        grandTotalAmount: "37.00",
        totalTaxAmount: "0.00",
      },
      contactInfo: { firstName: null, lastName: null, email: null, phoneNumber: null },
      deliveryGroups: { count: 1, items: [{ isDefault: true, deliveryAddress: null, selectedDeliveryMethod: null }] },
      errors: [],
      orderReferenceNumber: null,
      statusCode: "200",
      customFields: [],
    });
    expect(res.body.cartSummary).not.toHaveProperty("customFields");
    const again = await guest.call("POST", "checkouts", { cartId });
    expect(again.body.checkoutId).toBe(res.body.checkoutId);
    expect((await guest.call("GET", "checkouts/active")).body.checkoutId).toBe(res.body.checkoutId);
  });

  it("rejects a start without cartId or for an empty cart, and refuses guests when guest checkout is off", async () => {
    expect((await guest.call("PUT", "checkouts", {})).status).toBe(400);
    await guest.call("PUT", "carts/active");
    const empty = await guest.call("PUT", "checkouts", { cartId: "active" });
    expect(empty.status).toBe(400);
    expect(empty.body[0].errorCode).toBe("INVALID_API_INPUT");
    await admin("settings", { applicationContext: { guestCheckoutEnabled: false } });
    await addItem(guest, PRODUCTS.coffee);
    expect((await guest.call("PUT", "checkouts", { cartId: "active" })).status).toBe(401);
    const buyer = await shopper(target, "buyer@demo.store");
    await addItem(buyer, PRODUCTS.coffee);
    const started = await calculated(buyer, "PUT", "checkouts", { cartId: "active" });
    expect(started.status).toBe(200);
    // A buyer's contact details start as their own.
    expect(started.body.contactInfo).toEqual({
      firstName: "Alex",
      lastName: "Buyer",
      email: "buyer@demo.store",
      phoneNumber: "4155550100",
    });
  });

  it("answers 404 CHECKOUT_NOT_FOUND when there is none, and for somebody else's session", async () => {
    const none = await guest.call("GET", "checkouts/active");
    expect(none.status).toBe(404);
    expect(none.body[0].errorCode).toBe("CHECKOUT_NOT_FOUND");
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    const stranger = await shopper(target);
    expect((await stranger.call("GET", `checkouts/${id}`)).status).toBe(404);
    expect((await guest.call("GET", "checkouts/2z9EM0000009999")).status).toBe(404);
  });

  it("answers as an org does by default: a start 202, three address calls, a PATCH with no read between 202, the read right after it 200", async () => {
    // The org's trace (docs/emulator-checkout.md, "Async"): its calculators are done before the client's next call,
    // so a client that does other work instead of reading gets through.
    const buyer = await shopper(target, "buyer@demo.store");
    await addItem(buyer, PRODUCTS.coffee);
    const started = await buyer.call("PUT", "checkouts", { cartId: "active" });
    expect(started.status).toBe(202);
    const id = started.body.checkoutId;
    for (let i = 0; i < 3; i++) expect((await buyer.call("GET", "accounts/current/addresses")).status).toBe(200);
    expect((await buyer.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS })).status).toBe(202);
    const read = await buyer.call("GET", `checkouts/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.deliveryGroups.items[0].deliveryAddress).toMatchObject({ city: "Austin" });
  });

  it("calculates for checkoutSeconds of the virtual clock: reads answer 202 and a change is refused 409 CHECKOUT_CONFLICT until the clock has passed them", async () => {
    // Handle Asynchronous Processing: a PATCH right after a start "returns 409 Conflict with error code
    // CHECKOUT_CONFLICT"; reads answer 202 while the calculators run (Checkout Calculators).
    await admin("settings", { checkoutSeconds: 5 });
    await addItem(guest, PRODUCTS.coffee);
    const started = await guest.call("PUT", "checkouts", { cartId: "active" });
    expect(started.status).toBe(202);
    const id = started.body.checkoutId;
    const busy = await guest.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS });
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual([
      { errorCode: "CHECKOUT_CONFLICT", message: "Looks like your cart is currently in use. Please try again later." },
    ]);
    // Reads don't end it (checkoutPolls is 0): only the clock does.
    for (let i = 0; i < 6; i++) {
      const read = await guest.call("GET", `checkouts/${id}`);
      expect(read.status).toBe(202);
      expect(read.headers.get("Retry-After")).toBe("1");
      expect(read.body.cartSummary.grandTotalAmount).toBeNull();
    }
    await admin("clock", { advanceSeconds: 5 });
    expect((await guest.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS })).status).toBe(202);
    // The change calculates for its own five seconds: placing the order meanwhile is refused the same way.
    const placing = await guest.call("POST", `checkouts/${id}/orders`);
    expect(placing.status).toBe(409);
    expect(placing.body[0].errorCode).toBe("CHECKOUT_CONFLICT");
    const preparing = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "prepare" }] });
    expect(preparing.status).toBe(409);
    expect(preparing.body[0].errorCode).toBe("CHECKOUT_CONFLICT");
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(202);
    await admin("clock", { advanceSeconds: 5 });
    const ready = await guest.call("GET", `checkouts/${id}`);
    expect(ready.status).toBe(200);
    expect(ready.body.deliveryGroups.items[0].deliveryAddress).toMatchObject({ city: "Austin" });
    // Contact information "triggers no calculators" (Update Checkout Information): the next read is ready.
    const contact = { firstName: "Sam", lastName: "Shopper", email: "sam@example.com", phoneNumber: "5125550100" };
    expect((await guest.call("PATCH", `checkouts/${id}`, { contactInfo: contact })).status).toBe(202);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(200);
  });

  it("ends a calculation at whichever runs out first, its reads or its time", async () => {
    await admin("settings", { checkoutSeconds: 60, checkoutPolls: 2 });
    await addItem(guest, PRODUCTS.coffee);
    const id = (await guest.call("PUT", "checkouts", { cartId: "active" })).body.checkoutId;
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(202);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(202);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(200);
    expect((await guest.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS })).status).toBe(202);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(202);
    await admin("clock", { advanceSeconds: 60 });
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(200);
  });

  it("answers 202 while calculating, then 200; a PATCH during processing is a 409", async () => {
    await addItem(guest, PRODUCTS.coffee);
    await admin("settings", { asyncPolls: 2 });
    const started = await guest.call("PUT", "checkouts", { cartId: "active" });
    expect(started.status).toBe(202);
    const id = started.body.checkoutId;
    expect(id).toMatch(/^2z9/);
    const busy = await guest.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS });
    expect(busy.status).toBe(409);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(202);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(202);
    const ready = await guest.call("GET", `checkouts/${id}`);
    expect(ready.status).toBe(200);
    expect(ready.body.statusCode).toBe("200");
    const patched = await guest.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS });
    expect(patched.status).toBe(202);
  });

  it("finds a buyer's checkout for a managed account by its id alone (its resources document no effectiveAccountId): read, change, pay and place", async () => {
    // Commerce Webstore Checkout, Checkout Payments and Checkout Orders take the id and a body, no effectiveAccountId;
    // start checkout takes it (docs/emulator.md, "Parameters the storefront sends").
    const buyer = await shopper(target, "b2b@demo.store");
    const west = "effectiveAccountId=001DM00000ACME2";
    const added = await buyer.call("POST", `carts/active/cart-items?${west}`, {
      productId: PRODUCTS.coffee,
      quantity: "1",
      type: "Product",
    });
    expect(added.status).toBe(201);
    const started = await buyer.call("PUT", `checkouts?${west}`, { cartId: "active" });
    expect(started.status).toBe(202);
    const id = started.body.checkoutId;
    const read = await settled(buyer, id);
    expect(read.status).toBe(200);
    expect(read.body.cartSummary).toMatchObject({ cartId: added.body.cartId, accountId: "001DM00000ACME2" });
    // `active` is the effective account's (the default, Acme Corporation, has none); the id names this one.
    expect((await buyer.call("GET", "checkouts/active")).status).toBe(404);
    expect((await buyer.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS })).status).toBe(202);
    expect((await settled(buyer, id)).status).toBe(200);
    const pay = await buyer.call("POST", `checkouts/${id}/payments`, {
      requestType: "SimplePurchaseOrder",
      paymentToken: "PO-4411",
    });
    expect(pay.body.salesforceResultCode).toBe("Success");
    expect((await buyer.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
    // Another buyer, and the same buyer naming another account, don't find it.
    expect((await (await shopper(target, "buyer@demo.store")).call("GET", `checkouts/${id}`)).status).toBe(404);
    expect((await buyer.call("GET", `checkouts/${id}?effectiveAccountId=001DM00000ACME1`)).status).toBe(404);
  });

  it("expires after 30 idle minutes on the virtual clock (410); DELETE and a new start work", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    await admin("clock", { advanceSeconds: 29 * 60 });
    expect((await guest.call("GET", "checkouts/active")).status).toBe(200); // reading keeps it alive
    await admin("clock", { advanceSeconds: 31 * 60 });
    const gone = await guest.call("GET", `checkouts/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body[0].errorCode).toBe("CHECKOUT_EXPIRED");
    expect((await guest.call("PUT", "checkouts", { cartId: "active" })).status).toBe(410);
    expect((await guest.call("GET", "carts/active")).body.status).toBe("Active");
    expect((await guest.call("DELETE", "checkouts/active")).status).toBe(204);
    const fresh = await calculated(guest, "PUT", "checkouts", { cartId: "active" });
    expect(fresh.status).toBe(200);
    expect(fresh.body.checkoutId).not.toBe(id);
  });

  it("is cancelled when the cart is edited during checkout (410), and the cart is Active again", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    expect((await guest.call("GET", "carts/active")).body.status).toBe("Checkout");
    await addItem(guest, PRODUCTS.mug);
    const res = await guest.call("GET", `checkouts/${id}`);
    expect(res.status).toBe(410);
    expect(res.body[0].errorCode).toBe("CHECKOUT_CANCELLED");
    expect((await guest.call("GET", "carts/active")).body.status).toBe("Active");
  });

  it("re-rates on an address change and selects the cheapest method; totals carry shipping and tax", async () => {
    await addItem(guest, PRODUCTS.coffee, 2);
    const id = await startCheckout(guest);
    const us = await calculated(guest, "PATCH", `checkouts/${id}`, {
      deliveryAddress: TEXAS,
      desiredDeliveryDate: "2030-01-15",
      shippingInstructions: "Ring twice",
    });
    expect(us.status).toBe(200);
    const group = us.body.deliveryGroups.items[0];
    expect(group).toMatchObject({
      desiredDeliveryDate: "2030-01-15T00:00:00.000Z",
      shippingInstructions: "Ring twice",
      deliveryAddress: { city: "Austin", country: "US" },
    });
    expect(group.selectedDeliveryMethod).toMatchObject({ name: "Standard Shipping", shippingFee: "7.99" });
    // 37.00 of coffee + 7.99 shipping, 8.25 % Texas tax on both: 3.05 + 0.66.
    expect(us.body.cartSummary).toMatchObject({
      totalChargeAmount: "7.99",
      totalTaxAmount: "3.71",
      grandTotalAmount: "48.70",
    });

    const uk = await calculated(guest, "PATCH", `checkouts/${id}`, { deliveryAddress: LONDON });
    expect(uk.body.deliveryGroups.items[0].selectedDeliveryMethod).toMatchObject({
      name: "International Standard",
      shippingFee: "24.99",
    });
    expect(uk.body.cartSummary).toMatchObject({
      totalChargeAmount: "24.99",
      totalTaxAmount: "12.40",
      grandTotalAmount: "74.39",
    });
  });

  it("ships a buyer's checkout to a saved address by id or to the default one, never to another account's", async () => {
    const buyer = await shopper(target, "buyer@demo.store");
    await addItem(buyer, PRODUCTS.coffee, 2);
    const started = await calculated(buyer, "PUT", "checkouts", {
      cartId: "active",
      deliveryAddressInput: { shouldUseDefaultAddress: true },
    });
    const group = started.body.deliveryGroups.items[0];
    expect(group.deliveryAddress).toMatchObject({
      id: "8lWDM000000B2C1",
      city: "San Francisco",
      region: "CA",
      shipToPhoneNumber: "4155550100",
    });
    // California: 7.25 % on products only.
    expect(started.body.cartSummary).toMatchObject({
      totalChargeAmount: "7.99",
      totalTaxAmount: "2.68",
      grandTotalAmount: "47.67",
    });
    const id = started.body.checkoutId;
    const office = await calculated(buyer, "PATCH", `checkouts/${id}`, { deliveryAddress: { id: "8lWDM000000B2C2" } });
    expect(office.body.deliveryGroups.items[0].deliveryAddress).toMatchObject({
      id: "8lWDM000000B2C2",
      city: "Austin",
      companyName: "Bayside Design Studio",
    });
    const foreign = await buyer.call("PATCH", `checkouts/${id}`, { deliveryAddress: { id: "8lWDM0000ACME11" } });
    expect(foreign.status).toBe(400);
    expect(foreign.body[0].errorCode).toBe("INVALID_ID_FIELD");
  });

  it("shows Gross tax inside the prices without adding it to the total", async () => {
    await admin("settings", { applicationContext: { taxType: "Gross" } });
    await addItem(guest, PRODUCTS.coffee, 2);
    const id = await startCheckout(guest);
    const res = await calculated(guest, "PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS });
    // 37.00 + 7.99, of which 8.25/108.25 is tax: 2.82 + 0.61.
    expect(res.body.cartSummary).toMatchObject({
      taxType: "Gross",
      totalChargeAmount: "7.99",
      totalTaxAmount: "3.43",
      grandTotalAmount: "44.99",
    });
  });

  it("changes the delivery method (clearing the payment) and rejects an unknown or unusable one", async () => {
    const id = await payableCheckout(guest);
    const express = "2DmDM000000EXPR";
    const changed = await calculated(guest, "PATCH", `checkouts/${id}`, { deliveryMethodId: express });
    expect(changed.status).toBe(200);
    expect(changed.body.deliveryGroups.items[0].selectedDeliveryMethod.id).toBe(express);
    const place = await guest.call("POST", `checkouts/${id}/orders`);
    expect(place.status).toBe(422);
    expect(place.body.errors.map((e: any) => e.type)).toEqual(["/commerce/errors/payment-failure"]);
    for (const bad of ["2DmEM0000009999", "2DmDM000000INTL", "nope"]) {
      const res = await guest.call("PATCH", `checkouts/${id}`, { deliveryMethodId: bad });
      expect(res.status, bad).toBe(400);
    }
  });

  it("takes one group of changes per PATCH: a mixed body is 400 INVALID_API_INPUT", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    const mixed = await guest.call("PATCH", `checkouts/${id}`, {
      contactInfo: { email: "a@b.co" },
      deliveryMethodId: "2DmDM000000STND",
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body[0].errorCode).toBe("INVALID_API_INPUT");
    expect((await guest.call("PATCH", `checkouts/${id}`, { contactInfo: { email: "not-an-email" } })).status).toBe(400);
    expect((await guest.call("PATCH", `checkouts/${id}`, {})).status).toBe(400);
    const contact = await calculated(guest, "PATCH", `checkouts/${id}`, {
      contactInfo: { firstName: "Sam", lastName: "Shopper", email: "sam@example.com", phoneNumber: "(512) 555-0100" },
    });
    expect(contact.status).toBe(200);
    expect(contact.body.contactInfo).toEqual({
      firstName: "Sam",
      lastName: "Shopper",
      email: "sam@example.com",
      phoneNumber: "(512) 555-0100",
    });
  });

  it("answers 422 with the checkout body when ready with integration errors, and stays usable", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    const res = await calculated(guest, "PATCH", `checkouts/${id}`, {
      deliveryAddress: { ...TEXAS, region: null, country: "MX" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      checkoutId: id,
      statusCode: "422",
      errors: [{ type: "/commerce/errors/shipping-failure" }],
    });
    // Still usable: a deliverable address clears the error.
    expect((await calculated(guest, "PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS })).status).toBe(200);
  });

  it("reports stock another shopper took as INSUFFICIENT_INVENTORY (422)", async () => {
    await addItem(guest, PRODUCTS.lastUnit);
    const id = await startCheckout(guest);
    const rival = await shopper(target);
    const rivalCheckout = await payableCheckout(rival, [[PRODUCTS.lastUnit, 1]]);
    expect((await rival.call("POST", `checkouts/${rivalCheckout}/orders`)).status).toBe(201);
    const res = await guest.call("GET", `checkouts/${id}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        type: "/commerce/errors/checkout-failure",
        title: "INSUFFICIENT_INVENTORY",
        detail: expect.any(String),
        instance: expect.any(String),
      },
    ]);
  });

  // Whether the cart is short of stock is kept between reads (carts/summary-memo.ts): each read after a change
  // (another cart's reservation, its end on the clock) answers what a fresh read would.
  it("reads the stock as it is at each read: another cart's reservation makes it 422, its end on the clock 200 again", async () => {
    await addItem(guest, PRODUCTS.lastUnit);
    const id = await startCheckout(guest);
    for (let read = 0; read < 2; read++) expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(200);
    const rival = await shopper(target);
    const { cartId: rivalCart } = await addItem(rival, PRODUCTS.lastUnit);
    const reservation = at("v63.0", `carts/${rivalCart}/inventory-reservations`);
    expect((await rival.call("PUT", reservation, { durationInSeconds: 60 })).status).toBe(200);
    for (let read = 0; read < 2; read++) {
      const res = await guest.call("GET", `checkouts/${id}`);
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { title: string }) => e.title)).toEqual(["INSUFFICIENT_INVENTORY"]);
    }
    // Nothing is written when the reservation ends: the clock alone brings the unit back.
    await admin("clock", { advanceSeconds: 61 });
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(200);
  });

  // What a read rates from the cart's lines (their rows, amounts and each group's sums) is kept between reads of an
  // unchanged cart (carts/summary-memo.ts, carts/view.ts, checkout/delivery-group-rating.ts): every change below is
  // made between two reads that would have kept it, and the next reads answer what a fresh read would.
  it("rates each read as the checkout is then: a coupon, a delivery method and the tax type change its totals", async () => {
    const { cartId } = await addItem(guest, PRODUCTS.coffee, 2);
    const id = await startCheckout(guest);
    await calculated(guest, "PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS });
    const twice = async () => {
      const [first, second] = [await guest.call("GET", `checkouts/${id}`), await guest.call("GET", `checkouts/${id}`)];
      expect(second.body.cartSummary).toEqual(first.body.cartSummary);
      return first.body.cartSummary;
    };
    // 37.00 + 7.99 standard shipping, taxed at 8.25%: 3.05 + 0.66.
    expect(await twice()).toMatchObject({
      totalChargeAmount: "7.99",
      totalTaxAmount: "3.71",
      grandTotalAmount: "48.70",
    });

    // 10% off: 33.30, taxed 2.75.
    expect((await guest.call("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" })).status).toBe(201);
    expect(await twice()).toMatchObject({
      totalProductAmountAfterAdjustments: "33.30",
      totalTaxAmount: "3.41",
      grandTotalAmount: "44.70",
    });

    // Express: 19.99, taxed 1.65.
    await calculated(guest, "PATCH", `checkouts/${id}`, { deliveryMethodId: "2DmDM000000EXPR" });
    expect(await twice()).toMatchObject({
      totalChargeAmount: "19.99",
      totalTaxAmount: "4.40",
      grandTotalAmount: "57.69",
    });

    // Gross: the tax is inside the prices (33.30 · 8.25/108.25 = 2.54, 19.99's 1.52), not added.
    await admin("settings", { applicationContext: { taxType: "Gross" } });
    expect(await twice()).toMatchObject({ totalTaxAmount: "4.06", grandTotalAmount: "53.29" });
  });

  it("rates a checkout started again from the cart's lines as they are now: a quantity changed, a line split", async () => {
    const { cartId, cartItemId } = await addItem(guest, PRODUCTS.coffee, 2);
    await addItem(guest, PRODUCTS.mug, 1);
    let id = await startCheckout(guest);
    for (let read = 0; read < 2; read++) {
      const res = await guest.call("GET", `checkouts/${id}`);
      expect(res.body.cartSummary.totalProductAmount).toBe("49.00");
      expect(res.body.deliveryGroups.items.map((g: any) => g.totalCartItemCount)).toEqual([2]);
    }
    // A line's quantity: the cart edit ends the session; the one started after it rates three coffees.
    const edited = await guest.call("PATCH", `carts/${cartId}/cart-items/${cartItemId}`, { quantity: "3" });
    expect(edited.status).toBe(200);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(410);
    expect((await guest.call("DELETE", `checkouts/${id}`)).status).toBe(204);
    id = await startCheckout(guest);
    for (let read = 0; read < 2; read++) {
      const res = await guest.call("GET", `checkouts/${id}`);
      expect(res.body.cartSummary.totalProductAmount).toBe("67.50");
      expect(res.body.deliveryGroups.items.map((g: any) => [g.totalCartItemCount, g.totalProductAmount])).toEqual([
        [2, "67.50"],
      ]);
    }

    // A coffee moved to a group of its own: each group sums its own lines.
    expect((await guest.call("DELETE", `checkouts/${id}`)).status).toBe(204);
    const arranged = await guest.call("POST", "carts/active/delivery-groups/actions/arrange-items", {
      arrangements: [{ cartItemId, deliveryGroupName: "Gift", deliveryAddress: TEXAS, quantity: "1" }],
    });
    expect(arranged.status).toBe(202);
    id = await startCheckout(guest);
    const split = await guest.call("GET", `checkouts/${id}`);
    expect(split.body.cartSummary.totalProductAmount).toBe("67.50");
    expect(
      split.body.deliveryGroups.items.map((g: any) => [g.name, g.totalCartItemCount, g.totalProductAmount]),
    ).toEqual([
      ["Default Delivery", 2, "49.00"],
      ["Gift", 1, "18.50"],
    ]);
  });

  it("deletes a checkout (204): the cart is Active again and the session is gone", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    expect((await guest.call("DELETE", `checkouts/${id}`)).status).toBe(204);
    expect((await guest.call("GET", `checkouts/${id}`)).status).toBe(404);
    expect((await guest.call("GET", "carts/active")).body.status).toBe("Active");
    expect((await guest.call("DELETE", `checkouts/${id}`)).status).toBe(404);
  });

  it("keeps the checkout when the cart's coupons change from v63 (checkout coupons are gone), and cancels it before", async () => {
    const { cartId } = await addItem(guest, PRODUCTS.coffee, 2);
    const id = await startCheckout(guest);
    const applied = await guest.call("POST", `carts/${cartId}/cart-coupons`, { couponCode: "SAVE10" });
    expect(applied.status).toBe(201);
    const after = await guest.call("GET", `checkouts/${id}`);
    expect(after.status).toBe(200);
    expect(after.body.cartSummary).toMatchObject({ status: "Checkout", totalProductAmountAfterAdjustments: "33.30" });
    const couponId = applied.body.cartCoupons.coupons[0].cartCouponId;
    expect((await guest.call("DELETE", `carts/${cartId}/cart-coupons/${couponId}`)).status).toBe(204);
    expect((await guest.call("GET", `checkouts/${id}`)).body.cartSummary).toMatchObject({
      status: "Checkout",
      totalProductAmountAfterAdjustments: "37.00",
    });

    // At v62 the cart's coupons are a cart edit like any other: the checkout is cancelled.
    expect(
      (await guest.call("POST", at("v62.0", `carts/${cartId}/cart-coupons`), { couponCode: "SAVE10" })).status,
    ).toBe(201);
    const cancelled = await guest.call("GET", `checkouts/${id}`);
    expect(cancelled.status).toBe(410);
    expect(cancelled.body[0].errorCode).toBe("CHECKOUT_CANCELLED");
  });

  it("applies and removes checkout coupons at v62 (202: the checkout recalculates) through the cart's coupon rules, keeping the session", async () => {
    // Checkout coupons are documented for 61.0-62.0 only (connect_resources_commerce_webstore_coupons.htm).
    const coupons = (id: string, rest = "") => at("v62.0", `checkouts/${id}/coupons${rest}`);
    await addItem(guest, PRODUCTS.coffee, 2);
    const id = await startCheckout(guest);
    // The documented input is a list (couponCodes) with a single code.
    expect((await guest.call("POST", coupons(id), { couponCode: "SAVE10" })).status).toBe(400);
    expect((await guest.call("POST", coupons(id), { couponCodes: ["SAVE10", "WELCOME5"] })).status).toBe(400);
    const applied = await guest.call("POST", coupons(id), { couponCodes: ["SAVE10"] });
    expect(applied.status).toBe(202);
    const coupon = applied.body.cartCoupons.coupons[0];
    expect(coupon.couponCode).toBe("SAVE10");
    const after = await settled(guest, id);
    expect(after.status).toBe(200);
    expect(after.body.cartSummary).toMatchObject({ status: "Checkout", totalProductAmountAfterAdjustments: "33.30" });

    const twice = await guest.call("POST", coupons(id), { couponCodes: ["SAVE10"] });
    expect(twice.status).toBe(400);
    expect(twice.body[0].errorCode).toBe("ALREADY_APPLIED");
    expect((await guest.call("DELETE", coupons(id, `/${coupon.cartCouponId}`))).status).toBe(202);
    expect((await settled(guest, id)).body.cartSummary.totalProductAmountAfterAdjustments).toBe("37.00");
  });
});
