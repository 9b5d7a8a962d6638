/**
 * The cart follows the page's currency (app/cart/server/currency.server.ts `followPageCurrency`, through the cart
 * handler's count and add): a cart in another currency than the page's is moved into it, and only then is anything
 * read for it. The demo store prices every product in both currencies, so the products a move leaves behind are
 * shown here, with a fake API.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cartMoveToast, moveCartToCurrency } from "../../app/cart/server/currency.server";
import { fetchError, setup, type Calls } from "../support/fake-store";

const TWO_CURRENCIES = {
  supportedCurrencies: ["USD", "GBP"],
  defaultCurrency: "USD",
  guestCartEnabled: true,
};

/** A guest whose cart is in dollars, on a page in pounds (the currency chosen in the switcher), and what it called. */
function guestWithDollarCart(url: string, methods: Calls = {}) {
  const calls: string[] = [];
  const summaries: Record<string, object> = {
    "0a6USD": { cartId: "0a6USD", currencyIsoCode: "USD", totalProductCount: "3.0", uniqueProductCount: 2 },
    "0a6GBP": { cartId: "0a6GBP", currencyIsoCode: "GBP", totalProductCount: "2.0", uniqueProductCount: 1 },
  };
  const store = setup(
    {
      getApplicationContext: async () => TWO_CURRENCIES,
      getCartCompactSummary: async (cart: string) => {
        calls.push(`summary:${cart}`);
        return summaries[cart];
      },
      getCartItems: async (cart: string) => {
        calls.push(`items:${cart}`);
        return {
          status: 200,
          processing: false,
          data: {
            cartSummary: { cartId: cart, currencyIsoCode: "USD" },
            cartItems: [
              { cartItem: { type: "Product", productId: "01t1", quantity: "2" } },
              { cartItem: { type: "Product", productId: "01t2", quantity: "1" } },
            ],
          },
        };
      },
      createCart: async (input: { currencyIsoCode?: string }) => {
        calls.push(`create:${input.currencyIsoCode}`);
        return { status: 201, processing: false, data: { cartId: "0a6GBP" } };
      },
      addCartItems: async (cart: string) => {
        calls.push(`batch:${cart}`);
        // 01t2 has no price in pounds: the batch adds 01t1 and refuses it.
        throw Object.assign(fetchError(400, "No price"), {
          body: { hasErrors: true, results: [{ statusCode: 201 }, { statusCode: 400 }] },
        });
      },
      deleteCart: async (cart: string) => {
        calls.push(`delete:${cart}`);
      },
      ...methods,
    },
    { guestCartId: "0a6USD", currency: "GBP" },
    url,
  );
  return { store, calls };
}

afterEach(() => vi.restoreAllMocks());

describe("The cart follows the page's currency", () => {
  it("the header's count meets a cart in another currency: it moves, and the page says which products stayed behind", async () => {
    const { store, calls } = guestWithDollarCart("http://localhost/");
    const shop = await store.shop();
    expect(shop.currencyIsoCode).toBe("GBP");
    expect(await shop.cart.count()).toBe(2);
    expect(calls).toEqual([
      "summary:0a6USD",
      "items:0a6USD",
      "create:GBP",
      "batch:0a6GBP",
      "delete:0a6USD",
      "summary:0a6GBP",
    ]);
    expect(shop.session.get("guestCartId")).toBe("0a6GBP");
    expect(shop.notices).toEqual([
      expect.objectContaining({
        variant: "warning",
        message: "Your cart is now in GBP. 1 product couldn't be priced in GBP and was removed.",
      }),
    ]);
  });

  it("a cart in the page's currency costs the count's read alone", async () => {
    const { store, calls } = guestWithDollarCart("http://localhost/", {
      getCartCompactSummary: async (cart: string) => {
        calls.push(`summary:${cart}`);
        return { cartId: cart, currencyIsoCode: "GBP", totalProductCount: "3.0", uniqueProductCount: 2 };
      },
    });
    const shop = await store.shop();
    expect(await shop.cart.count()).toBe(3);
    expect(calls).toEqual(["summary:0a6USD"]);
    expect(shop.notices).toEqual([]);
  });

  it("a checkout page leaves the cart in its currency: moving it would end its checkout", async () => {
    const { store, calls } = guestWithDollarCart("http://localhost/checkout/shipping");
    const shop = await store.shop();
    expect(await shop.cart.count()).toBe(3);
    expect(calls).toEqual(["summary:0a6USD"]);
    expect(shop.session.get("guestCartId")).toBe("0a6USD");
  });

  it("a move that fails leaves the cart as it was, and the page is shown all the same", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { store } = guestWithDollarCart("http://localhost/", {
      createCart: async () => {
        throw fetchError(503, "Unavailable");
      },
    });
    const shop = await store.shop();
    expect(await shop.cart.count()).toBe(3);
    expect(shop.session.get("guestCartId")).toBe("0a6USD");
    expect(shop.notices).toEqual([]);
    expect(logged).toHaveBeenCalledWith("Moving the cart into GBP failed:", "Unavailable");
  });

  it("an add that went into a cart in another currency moves it, and the add tells of the products left behind", async () => {
    const { store, calls } = guestWithDollarCart("http://localhost/product/01t1", {
      addCartItem: async (cart: string) => {
        calls.push(`add:${cart}`);
        return { status: 201, processing: false, data: { cartId: cart, currencyIsoCode: "USD", productId: "01t1" } };
      },
    });
    const shop = await store.shop();
    const outcome = await shop.cart.addItem({ productId: "01t1", quantity: 1 });
    expect(calls.slice(0, 2)).toEqual(["add:0a6USD", "items:0a6USD"]);
    expect(shop.session.get("guestCartId")).toBe("0a6GBP");
    expect(outcome).toEqual({
      ok: true,
      notice: expect.objectContaining({
        variant: "warning",
        message: expect.stringMatching(/^Your cart is now in GBP/),
      }),
    });
  });

  it("a cart of more than 100 lines moves whole: read a page of 100 at a time, added a batch of 100 at a time", async () => {
    const lines = Array.from({ length: 150 }, (_, n) => ({
      cartItem: { type: "Product", productId: `01t${String(n).padStart(3, "0")}`, quantity: "1" },
    }));
    const batches: number[] = [];
    const { store, calls } = guestWithDollarCart("http://localhost/", {
      getCartItems: async (cart: string, options: { pageNumber: number; pageSize: number }) => {
        calls.push(`items:${cart}:${options.pageNumber}`);
        const start = (options.pageNumber - 1) * options.pageSize;
        return {
          status: 200,
          processing: false,
          data: {
            cartSummary: { cartId: cart, currencyIsoCode: "USD" },
            cartItems: lines.slice(start, start + options.pageSize),
            totalNumberOfPages: Math.ceil(lines.length / options.pageSize),
          },
        };
      },
      addCartItems: async (_cart: string, inputs: unknown[]) => {
        batches.push(inputs.length);
        return { hasErrors: false, results: inputs.map(() => ({ statusCode: 201 })) };
      },
    });
    const shop = await store.shop();
    expect(await moveCartToCurrency(shop, "GBP")).toEqual({ moved: 150, failed: 0, couponsLeft: [] });
    expect(calls.filter((call) => call.startsWith("items:"))).toEqual(["items:0a6USD:1", "items:0a6USD:2"]);
    expect(batches).toEqual([100, 50]);
    expect(calls).toContain("delete:0a6USD");
  });

  it("the cart's coupons are applied again in its order, plans keep their term, and a coupon refused is named", async () => {
    const batches: unknown[][] = [];
    const { store, calls } = guestWithDollarCart("http://localhost/", {
      getCartItems: async (cart: string, options: { includeCoupons?: boolean }) => {
        calls.push(`items:${cart}`);
        return {
          status: 200,
          processing: false,
          data: {
            cartSummary: { cartId: cart, currencyIsoCode: "USD" },
            cartItems: [
              { cartItem: { type: "Product", productId: "01t1", quantity: "2" } },
              {
                cartItem: {
                  type: "Product",
                  productId: "01t13",
                  quantity: "1",
                  productSellingModelId: "0jPYEAR",
                  subscriptionTerm: 2,
                },
              },
            ],
            ...(options.includeCoupons
              ? {
                  cartCoupons: {
                    cartCoupons: {
                      coupons: [
                        { cartCouponId: "0c1", couponCode: "SAVE10" },
                        { cartCouponId: "0c2", couponCode: "BIGSPENDER" },
                      ],
                    },
                  },
                }
              : {}),
          },
        };
      },
      addCartItems: async (cart: string, inputs: unknown[]) => {
        calls.push(`batch:${cart}`);
        batches.push(inputs);
        return { hasErrors: false, results: inputs.map(() => ({ statusCode: 201 })) };
      },
      applyCoupon: async (cart: string, code: string) => {
        calls.push(`coupon:${cart}:${code}`);
        if (code === "BIGSPENDER") throw fetchError(400, "The cart doesn't qualify.", "UNQUALIFIED_CART");
        return { cartCoupons: { coupons: [{ cartCouponId: "0c3", couponCode: code }] } };
      },
    });
    const shop = await store.shop();
    expect(await moveCartToCurrency(shop, "GBP")).toEqual({ moved: 2, failed: 0, couponsLeft: ["BIGSPENDER"] });
    expect(batches).toEqual([
      [
        { productId: "01t1", quantity: "2" },
        { productId: "01t13", quantity: "1", productSellingModelId: "0jPYEAR", subscriptionTerm: 2 },
      ],
    ]);
    // The coupons once the items are in (a coupon's qualification is on them), before the old cart goes.
    expect(calls).toEqual([
      "items:0a6USD",
      "create:GBP",
      "batch:0a6GBP",
      "coupon:0a6GBP:SAVE10",
      "coupon:0a6GBP:BIGSPENDER",
      "delete:0a6USD",
    ]);
    expect(cartMoveToast({ moved: 2, failed: 0, couponsLeft: ["BIGSPENDER"] }, "GBP")).toMatchObject({
      variant: "warning",
      message: "Your cart is now in GBP. Coupon BIGSPENDER couldn't be applied in GBP and was removed.",
    });
    expect(cartMoveToast({ moved: 1, failed: 1, couponsLeft: ["SAVE10", "EXCLUSIVE20"] }, "GBP")).toMatchObject({
      message:
        "Your cart is now in GBP. 1 product couldn't be priced in GBP and was removed. " +
        "Coupons SAVE10 and EXCLUSIVE20 couldn't be applied in GBP and were removed.",
    });
  });
});
