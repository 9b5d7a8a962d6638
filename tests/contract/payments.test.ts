import { beforeEach, describe, expect, it } from "vitest";
import {
  CARDS,
  PRODUCTS,
  TEXAS,
  addItem,
  changeCheckout,
  cardToken,
  payableCheckout,
  shopper,
  startCheckout,
  type Shopper,
} from "./checkout-helpers.js";
import { TARGET_NAMES, api } from "./targets.js";
import { useTarget } from "./use-target.js";

const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  cardPaymentMethod: {
    cardHolderName: "Sam Shopper",
    cardNumber,
    cvv: "123",
    expiryMonth: "12",
    expiryYear: "2099",
    cardType: "Visa",
    ...extra,
  },
});

describe.each(TARGET_NAMES)("payments and the test gateway (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  let guest: Shopper;
  beforeEach(async () => {
    guest = await shopper(target);
  });

  async function checkoutFor(s: Shopper) {
    await addItem(s, PRODUCTS.coffee, 2);
    const id = await startCheckout(s);
    await changeCheckout(s, id, { deliveryAddress: TEXAS });
    return id;
  }

  it("tokenises a card (201) and answers only the token and no errors: nothing of the card comes back", async () => {
    const res = await guest.call("POST", "payments/token", card("4242 4242 4242 4242"));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ token: expect.stringMatching(/^tok_/), errors: [] });
    // cardType is optional; the billing address is taken (and, as documented, ignored).
    const bare = await guest.call("POST", "payments/token", {
      cardPaymentMethod: {
        cardHolderName: "Sam Shopper",
        cardNumber: CARDS.success,
        cvv: 123,
        expiryMonth: 12,
        expiryYear: 2099,
        cardCategory: "CreditCard",
      },
      billingAddress: TEXAS,
    });
    expect(bare.status).toBe(201);
    expect(Object.keys(bare.body).sort()).toEqual(["errors", "token"]);
  });

  it("(emulator-only) tokenises in the browser's stead at the test gateway's own URL, without a token, once the store configures it", async () => {
    const gateway = "/services/emulator-gateway/0ZEDEMO00000001/tokens";
    // No client-side gateway configured (the demo store has one): there is nothing to call.
    await call("POST", "/__emulator/settings", {
      applicationContext: {
        clientSidePaymentConfiguration: {
          componentName: "commerce_payments/testGatewayCard",
          config: { gateway: "emulator-test-gateway" },
        },
      },
    });
    expect((await call("POST", gateway, card(CARDS.success))).status).toBe(404);
    await call("POST", "/__emulator/settings", {
      applicationContext: {
        clientSidePaymentConfiguration: {
          componentName: "commerce_payments/testGatewayCard",
          config: { gateway: "emulator-test-gateway", tokenizationUrl: gateway },
        },
      },
    });
    const tokenised = await call("POST", gateway, card(CARDS.success));
    expect(tokenised.status).toBe(201);
    expect(tokenised.body).toEqual({ token: expect.stringMatching(/^tok_/), errors: [] });
    const refused = await call("POST", gateway, card(CARDS.notLuhn));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].invalidParameters).toEqual([
      { name: "cardPaymentMethod.cardNumber", reason: expect.any(String) },
    ]);
    expect((await call("POST", "/services/emulator-gateway/0ZEDEMO00000XXX/tokens", card(CARDS.success))).status).toBe(
      404,
    );
    // The shopper's checkout authorises the browser's token like any other.
    const id = await checkoutFor(guest);
    const pay = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: tokenised.body.token,
    });
    expect(pay.body.salesforceResultCode).toBe("Success");
  });

  it("(emulator-only gateway) confirms with PostAuth a payment the gateway authorised in the browser, and only such a one", async () => {
    const authorizations = "/services/emulator-gateway/0ZEDEMO00000001/authorizations";
    const id = await checkoutFor(guest);
    const started = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "ClientRequest",
      paymentsData: '{"componentName":"commerce_payments/testGatewayCard"}',
    });
    const { clientToken } = JSON.parse(started.body.paymentsData);
    // Not configured: the gateway authorises nothing in the browser.
    expect((await call("POST", authorizations, { clientToken, ...card(CARDS.success) })).status).toBe(404);
    await call("POST", "/__emulator/settings", {
      applicationContext: {
        clientSidePaymentConfiguration: {
          componentName: "commerce_payments/testGatewayCard",
          config: { gateway: "emulator-test-gateway", authorizationUrl: authorizations },
        },
      },
    });
    expect((await call("POST", authorizations, card(CARDS.success))).status).toBe(400); // no client token
    const authorized = await call("POST", authorizations, { clientToken, ...card(CARDS.success) });
    expect(authorized.status).toBe(201);
    expect(authorized.body).toEqual({ authorizationId: expect.stringMatching(/^pi_/), errors: [] });
    // A tokenised card is no authorisation, and an authorisation is confirmed, not authorised again.
    const token = await cardToken(guest);
    const tokenAsPostAuth = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "PostAuth",
      paymentToken: token,
    });
    expect(tokenAsPostAuth.body.salesforceResultCode).toBe("ValidationError");
    const authAgain = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: authorized.body.authorizationId,
    });
    expect(authAgain.body.salesforceResultCode).toBe("ValidationError");
    const confirmed = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "PostAuth",
      paymentToken: authorized.body.authorizationId,
      billingAddress: TEXAS,
    });
    expect(confirmed.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: null });
    const declined = await call("POST", authorizations, { clientToken, ...card(CARDS.decline) });
    const refused = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "PostAuth",
      paymentToken: declined.body.authorizationId,
    });
    expect(refused.body.salesforceResultCode).toBe("Decline");
  });

  it("refuses a number failing the Luhn check, a bad security code or expiry with 422 payment-failure errors on those fields", async () => {
    const luhn = await guest.call("POST", "payments/token", card(CARDS.notLuhn));
    expect(luhn.status).toBe(422);
    expect(luhn.body).toEqual({
      errors: [
        {
          type: "/commerce/errors/payment-failure",
          title: "Check your payment information.",
          detail: "Enter a valid card number.",
          instance: null,
          invalidParameters: [{ name: "cardPaymentMethod.cardNumber", reason: "Enter a valid card number." }],
        },
      ],
    });
    expect(JSON.stringify(luhn.body)).not.toContain(CARDS.notLuhn);
    const cvv = await guest.call("POST", "payments/token", card(CARDS.success, { cvv: "12" }));
    expect(cvv.status).toBe(422);
    expect(cvv.body.errors).toMatchObject([
      { detail: "Enter a valid security code.", invalidParameters: [{ name: "cardPaymentMethod.cvv" }] },
    ]);
    const expiry = await guest.call("POST", "payments/token", card(CARDS.success, { expiryMonth: "13" }));
    expect(expiry.body.errors).toMatchObject([
      { detail: "Enter a valid expiration date.", invalidParameters: [{ name: "cardPaymentMethod.expiryMonth" }] },
    ]);
    // Every refused field at once.
    const all = await guest.call("POST", "payments/token", card(CARDS.notLuhn, { cvv: "1", expiryYear: "later" }));
    expect(all.body.errors.map((e: any) => e.invalidParameters[0].name)).toEqual([
      "cardPaymentMethod.cardNumber",
      "cardPaymentMethod.cvv",
      "cardPaymentMethod.expiryYear",
    ]);
    // Decline and system error are the authorisation's answers, not the tokeniser's.
    expect((await guest.call("POST", "payments/token", card(CARDS.decline))).status).toBe(201);
    expect((await guest.call("POST", "payments/token", card(CARDS.systemError))).status).toBe(201);
  });

  it("answers a malformed request with the API's 400 array: missing card, missing field, unknown field", async () => {
    const empty = await guest.call("POST", "payments/token", {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual([
      { errorCode: "INVALID_API_INPUT", message: expect.stringMatching(/^cardPaymentMethod is required/) },
    ]);
    const noCvv = await guest.call("POST", "payments/token", card(CARDS.success, { cvv: undefined }));
    expect(noCvv.body).toEqual([{ errorCode: "INVALID_API_INPUT", message: "cardPaymentMethod.cvv is required." }]);
    // The earlier invented body is refused as the API refuses any unknown field.
    const invented = await guest.call("POST", "payments/token", {
      paymentMethod: card(CARDS.success).cardPaymentMethod,
    });
    expect(invented.body).toEqual([{ errorCode: "JSON_PARSER_ERROR", message: 'Unrecognized field "paymentMethod".' }]);
    // hasSubscriptionProduct is documented from API version 67.0 only.
    const later = await guest.call("POST", "payments/token", { ...card(CARDS.success), hasSubscriptionProduct: false });
    expect(later.body).toEqual([
      { errorCode: "JSON_PARSER_ERROR", message: 'Unrecognized field "hasSubscriptionProduct".' },
    ]);
    for (const res of [empty, noCvv, invented, later]) expect(JSON.stringify(res.body)).not.toContain(CARDS.success);
  });

  it("authorises the magic cards: success, decline, system error", async () => {
    const id = await checkoutFor(guest);
    const pay = async (number: string) =>
      guest.call("POST", `checkouts/${id}/payments`, {
        requestType: "Auth",
        paymentToken: await cardToken(guest, number),
      });

    const ok = await pay(CARDS.success);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: null });

    const declined = await pay(CARDS.decline);
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({
      salesforceResultCode: "Decline",
      errors: [
        { type: "/commerce/errors/payment-failure", title: "Your card was declined.", detail: expect.any(String) },
      ],
    });

    const broken = await pay(CARDS.systemError);
    expect(broken.body).toMatchObject({
      salesforceResultCode: "SystemError",
      errors: [{ type: "/commerce/errors/payment-failure" }],
    });
  });

  it("answers ValidationError for an unknown or blank token and for an expired card", async () => {
    const id = await checkoutFor(guest);
    const unknown = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: "tok_made_up",
    });
    expect(unknown.body.salesforceResultCode).toBe("ValidationError");
    expect(
      (await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: " " })).body
        .salesforceResultCode,
    ).toBe("ValidationError");
    const old = await guest.call("POST", "payments/token", card(CARDS.success, { expiryYear: "2020" }));
    const expired = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: old.body.token,
    });
    expect(expired.body).toMatchObject({
      salesforceResultCode: "ValidationError",
      errors: [{ detail: "Your card has expired. Use another card." }],
    });
  });

  it("takes paymentsData only as a string holding JSON", async () => {
    const id = await checkoutFor(guest);
    const token = await cardToken(guest);
    const asObject = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: token,
      paymentsData: { a: 1 },
    });
    expect(asObject.status).toBe(400);
    expect(asObject.body[0].errorCode).toBe("INVALID_API_INPUT");
    expect(
      (
        await guest.call("POST", `checkouts/${id}/payments`, {
          requestType: "Auth",
          paymentToken: token,
          paymentsData: "{nope",
        })
      ).status,
    ).toBe(400);
    const ok = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: token,
      paymentsData: '{"reference":"abc"}',
      billingAddress: TEXAS,
    });
    expect(ok.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: '{"reference":"abc"}' });
    expect(
      (await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Charge", paymentToken: token })).status,
    ).toBe(400);
  });

  it("takes a billing address of the Checkout Address Input's fields only (phoneNumber and email are unknown fields), its country as a code or a name", async () => {
    // Checkout Payment Input (https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_requests_checkout_payment_input.htm):
    // billingAddress is a Checkout Address Input, whose only phone is shipToPhoneNumber, "ignored in the payment request".
    const id = await checkoutFor(guest);
    const token = await cardToken(guest);
    for (const field of ["phoneNumber", "email"]) {
      const refused = await guest.call("POST", `checkouts/${id}/payments`, {
        requestType: "Auth",
        paymentToken: token,
        billingAddress: { ...TEXAS, [field]: field === "email" ? "sam@example.com" : "5125550100" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual([
        { errorCode: "JSON_PARSER_ERROR", message: `Unrecognized field "${field}" in billingAddress.` },
      ]);
    }
    // A country's name is taken as orgs take it (the page's own example); a name of no country is not.
    const named = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: token,
      billingAddress: { ...TEXAS, country: "United States" },
    });
    expect(named.status).toBe(201);
    const nowhere = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: token,
      billingAddress: { ...TEXAS, country: "Atlantis" },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body[0].errorCode).toBe("INVALID_API_INPUT");
    const withPhone = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: token,
      billingAddress: { ...TEXAS, shipToPhoneNumber: "5125550100" },
    });
    expect(withPhone.status).toBe(201);
    expect(withPhone.body.salesforceResultCode).toBe("Success");
  });

  it("answers a ClientRequest (its paymentsData required, a JSON string) with the client token of the gateway, authorising nothing", async () => {
    const id = await checkoutFor(guest);
    // Checkout Payment Input: paymentsData "is required when requestType is ClientRequest".
    const bare = await guest.call("POST", `checkouts/${id}/payments`, { requestType: "ClientRequest" });
    expect(bare.status).toBe(400);
    expect(bare.body[0].errorCode).toBe("INVALID_API_INPUT");
    const res = await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "ClientRequest",
      paymentsData: '{"customData":"senttoyourapex"}',
      registrationAccountId: "001DM0000000001AAA",
    });
    expect(res.status).toBe(201);
    expect(res.body.salesforceResultCode).toBe("Success");
    expect(JSON.parse(res.body.paymentsData)).toMatchObject({ clientToken: expect.stringMatching(/^ctok_/) });
  });

  it("accepts a purchase order from a signed-in B2B buyer and refuses it to guests and B2C buyers", async () => {
    const b2b = await shopper(target, "b2b@demo.store");
    const id = await checkoutFor(b2b);
    const blank = await b2b.call("POST", `checkouts/${id}/payments`, {
      requestType: "SimplePurchaseOrder",
      paymentToken: "",
    });
    expect(blank.body.salesforceResultCode).toBe("ValidationError");
    const po = await b2b.call("POST", `checkouts/${id}/payments`, {
      requestType: "SimplePurchaseOrder",
      paymentToken: "PO-2026-0042",
    });
    expect(po.body).toEqual({ salesforceResultCode: "Success", errors: [], paymentsData: null });
    expect((await b2b.call("GET", `checkouts/${id}`)).body.cartSummary.purchaseOrderNumber).toBe("PO-2026-0042");
    // Re-entrant, but the payment type can't change.
    expect(
      (
        await b2b.call("POST", `checkouts/${id}/payments`, {
          requestType: "SimplePurchaseOrder",
          paymentToken: "PO-2026-0043",
        })
      ).status,
    ).toBe(201);
    const switchToCard = await b2b.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: await cardToken(b2b),
    });
    expect(switchToCard.status).toBe(400);

    const guestId = await checkoutFor(guest);
    const guestPo = await guest.call("POST", `checkouts/${guestId}/payments`, {
      requestType: "SimplePurchaseOrder",
      paymentToken: "PO-1",
    });
    expect(guestPo.status).toBe(400);
    expect(guestPo.body[0].errorCode).toBe("INVALID_API_INPUT");
    const b2c = await shopper(target, "buyer@demo.store");
    const b2cId = await checkoutFor(b2c);
    expect(
      (
        await b2c.call("POST", `checkouts/${b2cId}/payments`, {
          requestType: "SimplePurchaseOrder",
          paymentToken: "PO-1",
        })
      ).status,
    ).toBe(400);
  });

  it("replaces the payment with each new one; a failed one leaves none to order with", async () => {
    const id = await payableCheckout(guest);
    await guest.call("POST", `checkouts/${id}/payments`, {
      requestType: "Auth",
      paymentToken: await cardToken(guest, CARDS.decline),
    });
    const noPayment = await guest.call("POST", `checkouts/${id}/orders`);
    expect(noPayment.status).toBe(422);
    expect(noPayment.body.errors[0].type).toBe("/commerce/errors/payment-failure");
    await guest.call("POST", `checkouts/${id}/payments`, { requestType: "Auth", paymentToken: await cardToken(guest) });
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
  });

  it("stores no card number or holder anywhere: only tokens, brands, expiry dates and last four digits", async () => {
    await guest.call("POST", "payments/token", card(CARDS.notLuhn));
    await guest.call(
      "POST",
      "payments/token",
      card(CARDS.success, { cardHolderName: "Ada Cardholder", nickName: "Ada's card" }),
    );
    const id = await payableCheckout(guest);
    expect((await guest.call("POST", `checkouts/${id}/orders`)).status).toBe(201);
    const db = target.emulator.db;
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    );
    for (const table of tables) {
      const rows = db.prepare(`SELECT * FROM "${table}"`).all();
      expect(JSON.stringify(rows), table).not.toContain(CARDS.success);
      expect(JSON.stringify(rows), table).not.toContain(CARDS.notLuhn);
      expect(JSON.stringify(rows), table).not.toContain("Ada");
    }
    const journal = await api(target)("GET", "/__emulator/journal");
    expect(JSON.stringify(journal.body)).not.toContain(CARDS.success);
    expect(JSON.stringify(journal.body)).not.toContain(CARDS.notLuhn);
  });
});
