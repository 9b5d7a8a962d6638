import { beforeEach, describe, expect, it } from "vitest";
import {
  PRODUCTS,
  TEXAS,
  addItem,
  changeCheckout,
  settled,
  cardToken,
  payableCheckout,
  shopper,
  startCheckout,
  type Shopper,
} from "./checkout-helpers.js";
import { TARGET_NAMES, at } from "./targets.js";
import { useTarget } from "./use-target.js";

const CONTACT = { email: "sam@example.com", lastName: "Shopper", phoneNumber: "5125550100" };

describe.each(TARGET_NAMES)("placing orders (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  let guest: Shopper;
  const admin = (path: string, body?: unknown) => call("POST", `/__emulator/${path}`, body);
  beforeEach(async () => {
    guest = await shopper(target);
  });

  /** The guest's order as the order-lookup page finds it. */
  const lookup = (orderNumber: string) =>
    guest.call("POST", "order-summaries/actions/lookup", {
      orderSummaryIdOrRefNumber: orderNumber,
      verification: CONTACT,
    });

  /** Units a new shopper can still add (the product errors say when none are left). */
  async function canBuy(productId: string) {
    const res = await (
      await shopper(target)
    ).call("POST", "carts/active/cart-items", { productId, quantity: "1", type: "Product" });
    return res.status === 201;
  }

  it("places the order (201): its number finds the order with its delivery group, lines and payment", async () => {
    const id = await payableCheckout(guest, [
      [PRODUCTS.coffee, 2],
      [PRODUCTS.mug, 1],
    ]);
    const res = await guest.call("POST", `checkouts/${id}/orders`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ orderReferenceNumber: expect.stringMatching(/^\d{8}$/), errors: [] });
    const order = await lookup(res.body.orderReferenceNumber);
    expect(order.status).toBe(200);
    expect(order.body.orderNumber).toBe(res.body.orderReferenceNumber);
    expect(order.body.deliveryGroups).toHaveLength(1);
    // 49.00 + 7.99 shipping + 8.25 % Texas tax per line and on shipping (3.05 + 0.99 + 0.66).
    expect(order.body.fields.TotalTaxAmount.text).toBe("4.70");
    expect(order.body.fields.GrandTotalAmount.text).toBe("61.69");

    const checkout = await guest.call("GET", `checkouts/${id}`);
    expect(checkout.body.orderReferenceNumber).toBe(res.body.orderReferenceNumber);
    expect((await guest.call("GET", "checkouts/active")).status).toBe(404);
    const cart = await guest.call("GET", `carts/${checkout.body.cartSummary.cartId}`);
    expect(cart.body.status).toBe("Closed");
    // The shopper's next cart is a new one.
    const next = await addItem(guest, PRODUCTS.mug);
    expect(next.cartId).not.toBe(checkout.body.cartSummary.cartId);
  });

  it("pays a PayNowReadOnly clone: its checkout places the order; the clone answers 404 to anyone else", async () => {
    await addItem(guest, PRODUCTS.mug, 2);
    const clone = await guest.call(
      "POST",
      "carts/active/actions/clone?targetEffectiveAccountId=000000000000000&targetType=PayNowReadOnly",
    );
    expect(clone.status).toBe(201);
    const cloneId = clone.body.cartId as string;
    // Somebody else's payment link: the cart does not exist for them, nor can they check it out.
    const stranger = await shopper(target);
    expect((await stranger.call("GET", `carts/${cloneId}`)).status).toBe(404);
    expect((await stranger.call("PUT", "checkouts", { cartId: cloneId })).status).toBe(404);

    const started = await guest.call("PUT", "checkouts", { cartId: cloneId });
    expect([200, 202]).toContain(started.status);
    expect(started.body.cartSummary).toMatchObject({ cartId: cloneId, type: "PayNowReadOnly" });
    const checkoutId = started.body.checkoutId as string;
    await settled(guest, checkoutId);
    await changeCheckout(guest, checkoutId, { deliveryAddress: TEXAS });
    await changeCheckout(guest, checkoutId, { contactInfo: { firstName: "Sam", ...CONTACT } });
    const pay = await guest.call("POST", `checkouts/${checkoutId}/payments`, {
      requestType: "Auth",
      paymentToken: await cardToken(guest),
    });
    expect(pay.body.salesforceResultCode).toBe("Success");
    const placed = await guest.call("POST", `checkouts/${checkoutId}/orders`);
    expect(placed.status).toBe(201);
    expect((await lookup(placed.body.orderReferenceNumber)).status).toBe(200);
    expect((await guest.call("GET", `carts/${cloneId}`)).body.status).toBe("Closed");
  });

  it("is idempotent: placing again, even at the same moment, answers the same number and makes one order", async () => {
    const buyer = await shopper(target, "buyer@demo.store");
    const before = (await buyer.call("GET", "order-summaries?pageSize=100")).body.orderSummaries.length;
    const id = await payableCheckout(buyer);
    const [a, b] = await Promise.all([
      buyer.call("POST", `checkouts/${id}/orders`),
      buyer.call("POST", `checkouts/${id}/orders`),
    ]);
    const again = await buyer.call("POST", `checkouts/${id}/orders`);
    expect([a.status, b.status, again.status]).toEqual([201, 201, 201]);
    expect(
      new Set([a.body.orderReferenceNumber, b.body.orderReferenceNumber, again.body.orderReferenceNumber]).size,
    ).toBe(1);
    expect((await buyer.call("GET", "order-summaries?pageSize=100")).body.orderSummaries.length).toBe(before + 1);
  });

  it("answers 422 with errors when the address, method or payment is missing", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    const bare = await guest.call("POST", `checkouts/${id}/orders`);
    expect(bare.status).toBe(422);
    expect(bare.body.orderReferenceNumber).toBeNull();
    expect(bare.body.errors.map((e: any) => [e.type, e.title])).toEqual([
      ["/commerce/errors/shipping-failure", "Enter a shipping address."],
      ["/commerce/errors/payment-failure", "Enter your payment information."],
    ]);
    await changeCheckout(guest, id, { deliveryAddress: TEXAS });
    const noPayment = await guest.call("POST", `checkouts/${id}/orders`);
    expect(noPayment.body.errors.map((e: any) => e.type)).toEqual(["/commerce/errors/payment-failure"]);
  });

  it("answers 412 when a guest left out the contact details", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    await changeCheckout(guest, id, { deliveryAddress: TEXAS });
    await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(guest) });
    const res = await guest.call("POST", `checkouts/${id}/orders`);
    expect(res.status).toBe(412);
    expect(res.body.errors[0]).toMatchObject({
      type: "/commerce/errors/checkout-failure",
      title: "Enter your contact information.",
    });
    await changeCheckout(guest, id, { contactInfo: CONTACT });
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
  });

  it("answers 409 when the total changed after the payment was authorised", async () => {
    const id = await payableCheckout(guest, [[PRODUCTS.coffee, 2]]);
    const items = await guest.call("GET", "carts/active/cart-items");
    const cartItemId = items.body.cartItems[0].cartItem.cartItemId;
    // A second shipment adds its own shipping fee.
    await guest.call("POST", "carts/active/delivery-groups/actions/arrange-items", {
      arrangements: [{ cartItemId, deliveryGroupName: "Second", deliveryAddress: TEXAS, quantity: "1" }],
    });
    const res = await guest.call("POST", `checkouts/${id}/orders`);
    expect(res.status).toBe(409);
    expect(res.body.errors[0].type).toBe("/commerce/errors/payment-failure");
    await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(guest) });
    const placed = await guest.call("POST", `checkouts/${id}/orders`);
    expect(placed.status).toBe(201);
    expect((await lookup(placed.body.orderReferenceNumber)).body.deliveryGroups).toHaveLength(2);
  });

  it("sells the last unit once when two checkouts race for it; stock ends at 0", async () => {
    const rival = await shopper(target);
    const [mine, theirs] = [
      await payableCheckout(guest, [[PRODUCTS.lastUnit, 1]]),
      await payableCheckout(rival, [[PRODUCTS.lastUnit, 1]]),
    ];
    const results = await Promise.all([
      guest.call("POST", `checkouts/${mine}/orders`),
      rival.call("POST", `checkouts/${theirs}/orders`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 412]);
    const loser = results.find((r) => r.status === 412)!;
    expect(loser.body.errors[0]).toEqual({
      type: "/commerce/errors/checkout-failure",
      title: "INSUFFICIENT_INVENTORY",
      detail: expect.any(String),
      instance: expect.any(String),
    });
    expect(await canBuy(PRODUCTS.lastUnit)).toBe(false);
    const stock = target.emulator.db
      .prepare("SELECT on_hand FROM inventory WHERE product_id = ?")
      .get(PRODUCTS.lastUnit) as { on_hand: number };
    expect(stock.on_hand).toBe(0);
  });

  it("honours another cart's reservation until it expires on the virtual clock", async () => {
    const id = await payableCheckout(guest, [[PRODUCTS.lastUnit, 1]]);
    const holder = await shopper(target);
    await addItem(holder, PRODUCTS.lastUnit);
    const held = await holder.call("PUT", at("v63.0", "carts/active/inventory-reservations"), {
      durationInSeconds: 600,
    });
    expect(held.status).toBe(200);
    const blocked = await guest.call("POST", `checkouts/${id}/orders`);
    expect(blocked.status).toBe(412);
    expect(blocked.body.errors[0].title).toBe("INSUFFICIENT_INVENTORY");
    await admin("clock", { advanceSeconds: 601 });
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
  });

  it("releases the reservation of a checkout that expired", async () => {
    const holder = await shopper(target);
    await addItem(holder, PRODUCTS.lastUnit);
    const holderCheckout = await startCheckout(holder);
    await holder.call("PUT", at("v63.0", "carts/active/inventory-reservations"), { durationInSeconds: 7200 });
    expect(await canBuy(PRODUCTS.lastUnit)).toBe(false);
    await admin("clock", { advanceSeconds: 31 * 60 });
    const id = await payableCheckout(guest, [[PRODUCTS.coffee, 1]]);
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201); // placing sweeps idle sessions
    expect(await canBuy(PRODUCTS.lastUnit)).toBe(true);
    expect((await holder.call("GET", `checkouts/${holderCheckout}`)).status).toBe(410);
  });

  it("prepares (validates, reserves) and submits with orders/actions; a repeated submit answers the same order", async () => {
    const id = await payableCheckout(guest, [[PRODUCTS.lastUnit, 1]]);
    const prepared = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "prepare" }] });
    expect(prepared.status).toBe(200);
    expect(prepared.body).toEqual({
      actions: [{ action: "prepare", status: "Success", orderReferenceNumber: null, errors: [] }],
    });
    expect(await canBuy(PRODUCTS.lastUnit)).toBe(false); // reserved for this checkout

    const submitted = await guest.call("POST", `checkouts/${id}/orders/actions`, {
      actions: [{ action: "submit", parameters: {} }],
    });
    expect(submitted.status).toBe(200);
    const orn = submitted.body.actions[0].orderReferenceNumber;
    expect(orn).toMatch(/^\d{8}$/);
    const again = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "submit" }] });
    expect(again.body.actions.map((a: any) => [a.status, a.orderReferenceNumber])).toEqual([["Success", orn]]);
    expect((await guest.call("POST", `checkouts/${id}/orders`)).body.orderReferenceNumber).toBe(orn);
  });

  it("prepares before the payment and submits after it, one action a request, as the guide orders them", async () => {
    await addItem(guest, PRODUCTS.lastUnit);
    const id = await startCheckout(guest);
    await changeCheckout(guest, id, { deliveryAddress: TEXAS });
    await changeCheckout(guest, id, {
      contactInfo: { firstName: "Sam", lastName: "Shopper", email: "sam@example.com", phoneNumber: "5125550100" },
    });
    const prepared = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "prepare" }] });
    expect(prepared.status).toBe(200);
    expect(prepared.body.actions[0]).toMatchObject({ action: "prepare", status: "Success", errors: [] });
    expect(await canBuy(PRODUCTS.lastUnit)).toBe(false); // held from prepare on
    // Submit without the payment is refused: only submit needs it.
    const unpaid = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "submit" }] });
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.actions[0].errors).toEqual([
      expect.objectContaining({ type: "/commerce/errors/payment-failure" }),
    ]);
    const paid = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: await cardToken(guest),
    });
    expect(paid.body.salesforceResultCode).toBe("Success");
    const submitted = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "submit" }] });
    expect(submitted.status).toBe(200);
    expect(submitted.body.actions[0].orderReferenceNumber).toMatch(/^\d{8}$/);
  });

  it("answers 422 for a failed action, 400 for unknown actions or two in one request, and 403 when place-order v2 is off", async () => {
    await addItem(guest, PRODUCTS.coffee);
    const id = await startCheckout(guest);
    // One action a request: "The request must include an action in the body: prepare or submit" (the guide).
    const both = await guest.call("POST", `checkouts/${id}/orders/actions`, {
      actions: [{ action: "prepare" }, { action: "submit" }],
    });
    expect(both.status).toBe(400);
    expect(both.body[0].errorCode).toBe("INVALID_API_INPUT");
    const failed = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "prepare" }] });
    expect(failed.status).toBe(422);
    expect(failed.body.actions).toHaveLength(1);
    expect(failed.body.actions[0]).toMatchObject({
      action: "prepare",
      status: "Failed",
      // Prepare comes before the payment: only what's missing besides it.
      errors: [{ type: "/commerce/errors/shipping-failure" }],
    });
    expect((await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "ship" }] })).status).toBe(
      400,
    );
    await admin("settings", { applicationContext: { placeOrderV2Enabled: false } });
    const off = await guest.call("POST", `checkouts/${id}/orders/actions`, { actions: [{ action: "submit" }] });
    expect(off.status).toBe(403);
  });
});
