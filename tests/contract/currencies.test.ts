import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TARGET_NAMES, api, guest, type Target } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The demo store's second currency and market: GBP with its own price book, en_GB mapped to it. What a client sees:
 * the application context lists both, prices and carts come in the currency asked for, a cart keeps its currency,
 * and an unsupported currency is refused.
 */
const FRENCH_PRESS = "01tDM0000000023"; // $39.00 (list $45.00); £31.20 (list £36.00) in the GBP price book
const NO_PRICE = "01tDM000000E102";

function shopper(target: Target) {
  const raw = api(target);
  const uvid = randomUUID();
  let auth: Promise<Record<string, string>> | null = null;
  return async (method: string, path: string, body?: unknown) =>
    raw(method, path, body, await (auth ??= guest(target, uvid)));
}

describe.each(TARGET_NAMES)("currencies and markets (%s)", (name) => {
  const { target, call } = useTarget(name);

  it("lists two currencies and a market per locale in the application context", async () => {
    const context = await call("GET", "application-context");
    expect(context.body).toMatchObject({
      defaultCurrency: "USD",
      supportedCurrencies: ["USD", "GBP"],
      sessionDrivenCurrency: false,
      markets: [
        { marketId: expect.any(String), localeCurrencyMap: { en_US: "USD" } },
        { marketId: expect.any(String), localeCurrencyMap: { en_GB: "GBP" } },
      ],
    });
  });

  it("prices from the price book of the currency asked for, or of the language's market", async () => {
    const usd = await call("GET", `pricing/products/${FRENCH_PRESS}`);
    expect(usd.body).toMatchObject({ currencyIsoCode: "USD", unitPrice: "39.00", listPrice: "45.00" });
    const gbp = await call("GET", `pricing/products/${FRENCH_PRESS}?currencyIsoCode=GBP`);
    expect(gbp.body).toMatchObject({
      currencyIsoCode: "GBP",
      unitPrice: "31.20",
      listPrice: "36.00",
      pricebookEntryId: expect.stringMatching(/^01u/),
    });
    expect(gbp.body.pricebookEntryId).not.toBe(usd.body.pricebookEntryId);
    const byLanguage = await call("GET", `pricing/products/${FRENCH_PRESS}?language=en_GB`);
    expect(byLanguage.body).toMatchObject({ currencyIsoCode: "GBP", unitPrice: "31.20" });
    const batch = await call("GET", `pricing/products?productIds=${FRENCH_PRESS},${NO_PRICE}&currencyIsoCode=GBP`);
    expect(batch.body).toMatchObject({
      currencyIsoCode: "GBP",
      pricingLineItemResults: [
        { productId: FRENCH_PRESS, unitPrice: "31.20", success: true },
        { productId: NO_PRICE, success: false },
      ],
    });
  });

  it("refuses a currency the store doesn't support, on prices and on every cart call", async () => {
    const shop = shopper(target);
    for (const res of [
      await call("GET", `pricing/products/${FRENCH_PRESS}?currencyIsoCode=EUR`),
      await shop("GET", "carts/current?currencyIsoCode=EUR"),
      await shop("POST", "carts/current/cart-items?currencyIsoCode=EUR", {
        productId: FRENCH_PRESS,
        quantity: "1",
        type: "Product",
      }),
      await shop("POST", "carts", { currencyIsoCode: "eur" }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual([{ errorCode: "INVALID_API_INPUT", message: expect.stringContaining("USD, GBP") }]);
    }
  });

  it("opens a cart in the currency a first add names, prices it from that book, and keeps it", async () => {
    const shop = shopper(target);
    const added = await shop("POST", "carts/current/cart-items?currencyIsoCode=GBP", {
      productId: FRENCH_PRESS,
      quantity: "2",
      type: "Product",
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ currencyIsoCode: "GBP", salesPrice: "31.20", totalPrice: "62.40" });
    const cart = await shop("GET", "carts/current?currencyIsoCode=GBP");
    expect(cart.body).toMatchObject({ currencyIsoCode: "GBP", totalProductAmount: "62.40" });
    // "Commerce carts don't automatically support currency changes": asking in USD reads the same GBP cart.
    const again = await shop("GET", "carts/current?currencyIsoCode=USD");
    expect(again.body).toMatchObject({ cartId: cart.body.cartId, currencyIsoCode: "GBP" });
    // A product without an entry in the GBP book can't be added (product error 102).
    const unpriced = await shop("POST", "carts/current/cart-items", {
      productId: NO_PRICE,
      quantity: "1",
      type: "Product",
    });
    expect(unpriced.status).toBe(400);
  });

  it("moves a cart to another currency the documented way: a new cart in it, the items added, the old one deleted", async () => {
    const shop = shopper(target);
    const usdCart = (
      await shop("POST", "carts/current/cart-items", { productId: FRENCH_PRESS, quantity: "1", type: "Product" })
    ).body.cartId;
    const gbpCart = await shop("POST", "carts", { currencyIsoCode: "GBP" });
    expect(gbpCart.status).toBe(201);
    expect(gbpCart.body).toMatchObject({ currencyIsoCode: "GBP" });
    const batch = await shop("POST", `carts/${gbpCart.body.cartId}/cart-items/batch`, {
      inputs: [{ richInput: { productId: FRENCH_PRESS, quantity: "1", type: "Product" } }],
    });
    expect(batch.body).toMatchObject({ hasErrors: false });
    expect((await shop("DELETE", `carts/${usdCart}`)).status).toBe(204);
    expect((await shop("GET", "carts/current")).body).toMatchObject({
      cartId: gbpCart.body.cartId,
      currencyIsoCode: "GBP",
      totalProductAmount: "31.20",
    });
  });
});
