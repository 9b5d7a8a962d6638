/**
 * The payment step with a gateway that authorises in the shopper's browser (application context
 * `clientSidePaymentConfiguration.config.authorizationUrl`): the page starts it with a ClientRequest payment, whose
 * `paymentsData` answers the gateway's client token; the browser authorises the card at the gateway with it; the
 * store confirms that authorisation with a PostAuth. Without JavaScript the typed card goes the server's way (Auth).
 */
import { beforeEach, describe, expect, test } from "vitest";
import { useStore, type Answer, type Visitor } from "../support/routes";

const COFFEE = "01tDM0000000001";
const EXPIRY_YEAR = String(new Date().getFullYear() + 2);
const AUTHORIZATIONS = "/services/emulator-gateway/0ZEDEMO00000001/authorizations";
const CONTACT = { Email: "sam@example.com", lastName: "Shopper", Phone: "5125550100" };
const TEXAS = {
  "First Name": "Sam",
  "shipments[0].address.lastName": "Shopper",
  Street: "200 Congress Ave",
  City: "Austin",
  State: "TX",
  "Postal Code": "78701",
};

const store = useStore();
beforeEach(async () => {
  await store.reset();
  const configured = await store.control("POST", "/__emulator/settings", {
    applicationContext: {
      clientSidePaymentConfiguration: {
        componentName: "commerce_payments/testGatewayCard",
        config: { gateway: "emulator-test-gateway", authorizationUrl: AUTHORIZATIONS },
      },
    },
  });
  expect(configured.ok).toBe(true);
});

async function guestAtPayment(): Promise<{ guest: Visitor; payment: Answer }> {
  const guest = store.visitor();
  expect((await guest.submit(`/product/${COFFEE}`, { intent: "add", quantity: "1" })).status).toBe(303);
  const start = await guest.load("/checkout");
  expect(start.location).toBe("/checkout/shipping");
  const shipping = await guest.load(start.location!);
  const delivery = await guest.fill(shipping, "Continue to delivery", { ...CONTACT, ...TEXAS }, { follow: true });
  const payment = await guest.fill(delivery, "Continue to payment", {}, { follow: true });
  expect(payment.text).toContain("Continue to review");
  return { guest, payment };
}

/** What the gateway's browser component does with the card: authorise it, with the page's client token. */
async function authorizeAtGateway(clientToken: string, cardNumber: string): Promise<string> {
  const answer = await fetch(new URL(AUTHORIZATIONS, store.url), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      clientToken,
      cardPaymentMethod: {
        cardHolderName: "Sam Shopper",
        cardNumber,
        cvv: "123",
        expiryMonth: "12",
        expiryYear: EXPIRY_YEAR,
      },
    }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { authorizationId: string }).authorizationId;
}

describe("A gateway that authorises in the browser", () => {
  test("with JavaScript: ClientRequest starts it, the browser authorises, PostAuth confirms, the order is placed", async () => {
    await store.control("DELETE", "/__emulator/journal");
    const { guest, payment } = await guestAtPayment();
    const clientToken = /ctok_[A-Za-z0-9_-]+/.exec(payment.html)?.[0];
    expect(clientToken, "the page carries the ClientRequest's client token").toBeTruthy();
    const authorizationId = await authorizeAtGateway(clientToken!, "4242424242424242");
    // What the page posts after the gateway answered: the authorisation instead of the card.
    const toReview = await guest.fill(
      payment,
      "Continue to review",
      { paymentToken: authorizationId, cardLabel: "Visa ending in 4242", cardNumber: "", cvv: "" },
      { js: true },
    );
    expect(toReview.location).toBe("/checkout/review");
    const review = await guest.load("/checkout/review");
    expect(review.text).toContain("Visa ending in 4242");
    const placed = await guest.fill(review, "Place order", {});
    expect(placed.location).toMatch(/^\/checkout\/confirmation\/\d{8}$/);
  });

  test("with JavaScript: a card the gateway declined is refused in the spec's words", async () => {
    const { guest, payment } = await guestAtPayment();
    const clientToken = /ctok_[A-Za-z0-9_-]+/.exec(payment.html)![0];
    const declined = await authorizeAtGateway(clientToken, "4000000000000002");
    const refused = await guest.fill(
      payment,
      "Continue to review",
      { paymentToken: declined, cardLabel: "Visa ending in 0002", cardNumber: "", cvv: "" },
      { js: true },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Your card was declined. Use another card or payment method.");
  });

  test("without JavaScript the typed card is tokenised and authorised by the store (Auth), as before", async () => {
    const { guest, payment } = await guestAtPayment();
    const toReview = await guest.fill(payment, "Continue to review", {
      "Card number": "4242424242424242",
      "Expiry month": "12",
      "Expiry year": EXPIRY_YEAR,
      CVV: "123",
    });
    expect(toReview.location).toBe("/checkout/review");
    const placed = await guest.fill(await guest.load("/checkout/review"), "Place order", {});
    expect(placed.location).toMatch(/^\/checkout\/confirmation\/\d{8}$/);
  });
});
