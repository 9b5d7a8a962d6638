import { describe, expect, it } from "vitest";
import { GATEWAY_UNAVAILABLE, tokenizeInBrowser } from "../../app/checkout/model/client-tokenization";
import { CHECKOUT_MESSAGES } from "../../app/checkout/model/index";

const CARD = {
  cardholderName: "Sam Shopper",
  cardNumber: "4242 4242 4242 4242",
  expiryMonth: "12",
  expiryYear: "2099",
  cvv: "123",
};

function gateway(answer: () => Response | Promise<Response>) {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { sent, fetchImpl };
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("authorising a card in the browser (a gateway that authorises, for a PostAuth)", () => {
  it("sends the client token with the card and answers the gateway's authorisation, never a bare token", async () => {
    const { sent, fetchImpl } = gateway(() => json({ authorizationId: "pi_1", errors: [] }, 201));
    expect(await tokenizeInBrowser("/gw/authorizations", CARD, fetchImpl, "ctok_1")).toEqual({
      ok: true,
      token: "pi_1",
      label: "Visa ending in 4242",
    });
    expect(JSON.parse(String(sent[0].init.body))).toMatchObject({ clientToken: "ctok_1" });
    expect(sent[0].init.credentials).toBe("omit");
    const tokenOnly = gateway(() => json({ token: "tok_1", errors: [] }, 201));
    expect(await tokenizeInBrowser("/gw/authorizations", CARD, tokenOnly.fetchImpl, "ctok_1")).toEqual({
      ok: false,
      fieldErrors: {},
      formError: GATEWAY_UNAVAILABLE,
    });
  });
});

describe("tokenising a card in the browser (client-side gateway)", () => {
  it("sends the payments/token body to the gateway, without the store's cookies, and answers the token and the card's name", async () => {
    const { sent, fetchImpl } = gateway(() => json({ token: "tok_1", errors: [] }, 201));
    expect(await tokenizeInBrowser("/gw/tokens", CARD, fetchImpl)).toEqual({
      ok: true,
      token: "tok_1",
      label: "Visa ending in 4242",
    });
    expect(sent[0].url).toBe("/gw/tokens");
    expect(sent[0].init.credentials).toBe("omit");
    expect(JSON.parse(String(sent[0].init.body))).toEqual({
      cardPaymentMethod: {
        cardHolderName: "Sam Shopper",
        cardNumber: "4242424242424242",
        cvv: "123",
        expiryMonth: "12",
        expiryYear: "2099",
        cardType: "Visa",
      },
    });
  });

  it("puts a refusal (422) on the fields it names", async () => {
    const { fetchImpl } = gateway(() =>
      json(
        {
          errors: [
            {
              type: "/commerce/errors/payment-failure",
              title: "Check your payment information.",
              detail: "Enter a valid security code.",
              invalidParameters: [{ name: "cardPaymentMethod.cvv", reason: "x" }],
            },
          ],
        },
        422,
      ),
    );
    expect(await tokenizeInBrowser("/gw/tokens", { ...CARD, cvv: "1" }, fetchImpl)).toEqual({
      ok: false,
      fieldErrors: { cvv: ["Enter a valid security code."] },
      formError: null,
    });
  });

  it("words an unavailable gateway as the checkout does", () => {
    expect(GATEWAY_UNAVAILABLE).toBe(CHECKOUT_MESSAGES.paymentSystemError);
  });

  it("says the payment couldn't be processed when the gateway is unreachable or answers anything else", async () => {
    const down = gateway(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await tokenizeInBrowser("/gw/tokens", CARD, down.fetchImpl)).toEqual({
      ok: false,
      fieldErrors: {},
      formError: CHECKOUT_MESSAGES.paymentSystemError,
    });
    const broken = gateway(() => new Response("<html>", { status: 500 }));
    expect(await tokenizeInBrowser("/gw/tokens", CARD, broken.fetchImpl)).toEqual({
      ok: false,
      fieldErrors: {},
      formError: CHECKOUT_MESSAGES.paymentSystemError,
    });
  });
});
