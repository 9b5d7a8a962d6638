import { beforeEach, describe, expect, it } from "vitest";
import { CARDS, PRODUCTS, TEXAS, addItem, cardToken, payableCheckout, shopper, startCheckout, type Shopper } from "./checkout-helpers.js";
import { TARGET_NAMES, api } from "./targets.js";
import { useTarget } from "./use-target.js";

const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  paymentMethod: { cardHolderName: "Sam Shopper", cardNumber, cvv: "123", expiryMonth: "12", expiryYear: "2099", cardType: "Visa", ...extra },
});

describe.each(TARGET_NAMES)("payments and the test gateway (%s)", (name) => {
  const { target } = useTarget(name, { resetBeforeEach: true });
  let guest: Shopper;
  beforeEach(async () => {
    guest = await shopper(target);
  });

  async function checkoutFor(s: Shopper) {
    await addItem(s, PRODUCTS.coffee, 2);
    const id = await startCheckout(s);
    await s.call("PATCH", `checkouts/${id}`, { deliveryAddress: TEXAS });
    return id;
  }

  it("tokenises a card (201) and answers only the token, the last four digits and the brand", async () => {
    const res = await guest.call("POST", "payments/token", card("4242 4242 4242 4242"));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ token: expect.stringMatching(/^tok_/), last4: "4242", cardType: "Visa" });
  });

  it("rejects a number failing the Luhn check, a bad security code or expiry with 400, never echoing the number", async () => {
    const luhn = await guest.call("POST", "payments/token", card(CARDS.notLuhn));
    expect(luhn.status).toBe(400);
    expect(luhn.body).toEqual([{ errorCode: "INVALID_API_INPUT", message: "Enter a valid card number." }]);
    expect(JSON.stringify(luhn.body)).not.toContain(CARDS.notLuhn);
    expect((await guest.call("POST", "payments/token", card(CARDS.success, { cvv: "12" }))).body[0].message).toBe("Enter a valid security code.");
    expect((await guest.call("POST", "payments/token", card(CARDS.success, { expiryMonth: "13" }))).body[0].message).toBe("Enter a valid expiration date.");
    expect((await guest.call("POST", "payments/token", {})).status).toBe(400);
  });

  it("authorises the magic cards: success, decline, system error", async () => {
    const id = await checkoutFor(guest);
    const pay = async (number: string) => guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(guest, number) });

    const ok = await pay(CARDS.success);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: null });

    const declined = await pay(CARDS.decline);
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({
      salesforceResultCode: "Decline",
      errors: [{ type: "/commerce/errors/payment-failure", title: "Your card was declined.", detail: expect.any(String) }],
    });

    const broken = await pay(CARDS.systemError);
    expect(broken.body).toMatchObject({ salesforceResultCode: "SystemError", errors: [{ type: "/commerce/errors/payment-failure" }] });
  });

  it("answers ValidationError for an unknown or blank token and for an expired card", async () => {
    const id = await checkoutFor(guest);
    const unknown = await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: "tok_made_up" });
    expect(unknown.body.salesforceResultCode).toBe("ValidationError");
    expect((await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: " " })).body.salesforceResultCode).toBe("ValidationError");
    const old = await guest.call("POST", "payments/token", card(CARDS.success, { expiryYear: "2020" }));
    const expired = await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: old.body.token });
    expect(expired.body).toMatchObject({ salesforceResultCode: "ValidationError", errors: [{ detail: "Your card has expired. Use another card." }] });
  });

  it("takes paymentsData only as a string holding JSON", async () => {
    const id = await checkoutFor(guest);
    const token = await cardToken(guest);
    const asObject = await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: token, paymentsData: { a: 1 } });
    expect(asObject.status).toBe(400);
    expect(asObject.body[0].errorCode).toBe("INVALID_API_INPUT");
    expect((await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: token, paymentsData: "{nope" })).status).toBe(400);
    const ok = await guest.call("POST", `checkouts/${id}/payments`, { requestType: "PostAuth", paymentToken: token, paymentsData: '{"reference":"abc"}', billingAddress: TEXAS });
    expect(ok.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: '{"reference":"abc"}' });
    expect((await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Charge", paymentToken: token })).status).toBe(400);
  });

  it("answers a ClientRequest with the client token of the gateway, authorising nothing", async () => {
    const id = await checkoutFor(guest);
    const res = await guest.call("POST", `checkouts/${id}/payments`, { requestType: "ClientRequest" });
    expect(res.status).toBe(201);
    expect(res.body.salesforceResultCode).toBe("Success");
    expect(JSON.parse(res.body.paymentsData)).toMatchObject({ clientToken: expect.stringMatching(/^ctok_/) });
  });

  it("accepts a purchase order from a signed-in B2B buyer and refuses it to guests and B2C buyers", async () => {
    const b2b = await shopper(target, "b2b@demo.store");
    const id = await checkoutFor(b2b);
    const blank = await b2b.call("POST", `checkouts/${id}/payments`, { requestType: "SimplePurchaseOrder", paymentToken: "" });
    expect(blank.body.salesforceResultCode).toBe("ValidationError");
    const po = await b2b.call("POST", `checkouts/${id}/payments`, { requestType: "SimplePurchaseOrder", paymentToken: "PO-2026-0042" });
    expect(po.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: null });
    expect((await b2b.call("GET", `checkouts/${id}`)).body.cartSummary.purchaseOrderNumber).toBe("PO-2026-0042");
    // Re-entrant, but the payment type can't change.
    expect((await b2b.call("POST", `checkouts/${id}/payments`, { requestType: "SimplePurchaseOrder", paymentToken: "PO-2026-0043" })).status).toBe(201);
    const switchToCard = await b2b.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(b2b) });
    expect(switchToCard.status).toBe(400);

    const guestId = await checkoutFor(guest);
    const guestPo = await guest.call("POST", `checkouts/${guestId}/payments`, { requestType: "SimplePurchaseOrder", paymentToken: "PO-1" });
    expect(guestPo.status).toBe(400);
    expect(guestPo.body[0].errorCode).toBe("INVALID_API_INPUT");
    const b2c = await shopper(target, "buyer@demo.store");
    const b2cId = await checkoutFor(b2c);
    expect((await b2c.call("POST", `checkouts/${b2cId}/payments`, { requestType: "SimplePurchaseOrder", paymentToken: "PO-1" })).status).toBe(400);
  });

  it("replaces the payment with each new one; a failed one leaves none to order with", async () => {
    const id = await payableCheckout(guest);
    await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(guest, CARDS.decline) });
    const noPayment = await guest.call("POST", `checkouts/${id}/orders`);
    expect(noPayment.status).toBe(422);
    expect(noPayment.body.errors[0].type).toBe("/commerce/errors/payment-failure");
    await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(guest) });
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
  });

  it("stores no card number anywhere: only tokens, brands and last four digits", async () => {
    const id = await payableCheckout(guest);
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
    const db = target.emulator.db;
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    for (const table of tables) {
      const rows = db.prepare(`SELECT * FROM "${table}"`).all();
      expect(JSON.stringify(rows), table).not.toContain(CARDS.success);
    }
    const journal = await api(target)("GET", "/__emulator/journal");
    expect(JSON.stringify(journal.body)).not.toContain(CARDS.success);
  });
});
