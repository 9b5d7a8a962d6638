import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { getShop, withShop, STORE_SESSION_KEYS } from "../../app/shop.server";
import { fetchError, GUEST_TOKEN, setup } from "../support/fake-store";
import { getStoreSession } from "../../app/shop/session.server";
import { getFlashToasts, toast } from "../../app/shop/toast.server";
import { cookiesOf, hostedContext, type HostedContext } from "../support/host";

/** The session and the toast the browser's next request carries, after `response` as the host sends it. */
async function nextRequest(context: HostedContext, response: Response) {
  const request = new Request("http://localhost/", { headers: { Cookie: cookiesOf(await context.finish(response)) } });
  const next = hostedContext();
  return {
    session: await getStoreSession(request, next, STORE_SESSION_KEYS),
    toasts: await getFlashToasts(request, next),
  };
}

describe("getShop", () => {
  it("scopes the client to the buyer in the session: their token, API URL and account", async () => {
    const t = setup(
      {},
      { accessToken: "tok", apiUrl: "http://site", effectiveAccountId: "001A", tokenExpiresAt: Date.now() + 3_600_000 },
    );
    const shop = await t.shop();
    expect(shop.shopper.isLoggedIn).toBe(true);
    expect(t.scopes[0]).toMatchObject({ accessToken: "tok", apiUrl: "http://site", effectiveAccountId: "001A" });
    expect(t.guestLogin).not.toHaveBeenCalled();
  });

  it("serves a first visitor's page with the server's browsing identity: no UVID of their own, no session cookie", async () => {
    const t = setup({}, {}, "http://localhost/");
    const shop = await t.shop();
    expect(await getShop(t.request, t.context)).toBe(shop);
    expect(shop.session.get("uvid")).toBeUndefined();
    expect(shop.session.get("guestToken")).toBeUndefined();
    expect(shop.shopper.isLoggedIn).toBe(false);
    expect(t.scopes[0]).toMatchObject({ accessToken: "guest-tok" });
    expect((await t.context.finish()).get("Set-Cookie")).toBeNull();
    // One browsing identity for the server: the next visitor's page makes no identity call.
    const [browsingUvid] = t.guestLogin.mock.calls[0] as unknown[];
    const next = setup({}, {}, "http://localhost/search?q=mug");
    Object.assign(next.context, { browsingIdentity: t.context.browsingIdentity, webstore: t.context.webstore });
    await next.shop();
    expect(t.guestLogin).toHaveBeenCalledExactlyOnceWith(browsingUvid);
  });

  it("gives a visitor who acts their own UVID and guest token when the API first asks for them, kept in the session", async () => {
    const t = setup({}, {}, "http://localhost/product/01t", {}, { method: "POST" });
    const shop = await t.shop();
    // The action's calls carry no token until the API refuses one (401); the store's context is read as the browsing
    // identity, which is nobody's own.
    expect(t.scopes.at(-1).accessToken).toBeUndefined();
    const browsingCalls = t.guestLogin.mock.calls.length;
    expect(await t.scopes.at(-1).renewToken()).toBe("guest-tok");
    const uvid = shop.session.get("uvid");
    expect(uvid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(t.guestLogin).toHaveBeenCalledTimes(browsingCalls + 1);
    expect(t.guestLogin).toHaveBeenLastCalledWith(uvid);
    expect(shop.session.get("guestToken")).toBe("guest-tok");
    expect((await t.context.finish()).get("Set-Cookie")).toMatch(/^__store=/);
  });

  it("keeps a guest's token until it is about to expire, then gets a new one for the same UVID", async () => {
    const fresh = setup({}, { uvid: "u-1", guestToken: "old", guestTokenExpiresAt: Date.now() + 3_600_000 });
    await fresh.shop();
    expect(fresh.guestLogin).not.toHaveBeenCalled();
    const expiring = setup({}, { uvid: "u-1", guestToken: "old", guestTokenExpiresAt: Date.now() + 10_000 });
    const shop = await expiring.shop();
    expect(expiring.guestLogin).toHaveBeenCalledExactlyOnceWith("u-1");
    expect(shop.session.get("guestToken")).toBe("guest-tok");
  });

  it("renews a buyer's token from the refresh token when it is about to expire, not once it has", async () => {
    const refreshAccessToken = vi.fn(async () => ({
      ...GUEST_TOKEN,
      accessToken: "new-tok",
      refreshToken: "r-1",
      expiresAt: Date.now() + 7_200_000,
    }));
    const soon = setup(
      { refreshAccessToken },
      { accessToken: "tok", refreshToken: "r-1", tokenExpiresAt: Date.now() + 60_000 },
    );
    const shop = await soon.shop();
    expect(refreshAccessToken).toHaveBeenCalledExactlyOnceWith("r-1");
    expect(shop.session.get("accessToken")).toBe("new-tok");
    expect(soon.scopes[0]).toMatchObject({ accessToken: "new-tok" });

    refreshAccessToken.mockClear();
    const expired = setup(
      { refreshAccessToken },
      { accessToken: "tok", refreshToken: "r-1", tokenExpiresAt: Date.now() - 1 },
    );
    expect((await expired.shop()).tokenExpired).toBe(true);
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  // Not something a shopper sees: it guards what keeps a request's objects out of the garbage collector's old
  // generation (docs/performance.md "What a request leaves behind"). A getter defined on an object made for one
  // request kept that request, and everything it reached, alive until the next full collection.
  it("builds the request's shop with no getter of its own: the domains are the composition's, built once when asked", async () => {
    const t = setup({}, { accessToken: "tok", tokenExpiresAt: Date.now() + 3_600_000 });
    const shop = await t.shop();
    const ownAccessors = (value: object) =>
      Object.entries(Object.getOwnPropertyDescriptors(value))
        .filter(([, descriptor]) => descriptor.get || descriptor.set)
        .map(([name]) => name);
    expect(ownAccessors(shop)).toEqual([]);
    expect(ownAccessors(shop.session)).toEqual([]);
    expect(ownAccessors(shop.toasts)).toEqual([]);
    expect(ownAccessors(shop.account)).toEqual([]);
    // Each domain is built on first use and the same object after it; the core's fields answer as before.
    expect(shop.cart).toBe(shop.cart);
    expect(shop.account.addresses).toBe(shop.account.addresses);
    expect([shop.refusal, shop.unavailable, shop.servedStale]).toEqual([null, false, false]);
    shop.session.set("currency", "EUR");
    shop.toasts.flash(toast("info", "Saved."));
    expect([shop.session.dirty, shop.toasts.changed]).toEqual([true, true]);
  });

  it("times API calls for Server-Timing when the server is told to (development, SERVER_TIMING=1)", async () => {
    const t = setup({ getProduct: async () => ({ id: "01t" }) }, {}, "http://localhost/cart", { serverTiming: true });
    const shop = await t.shop();
    await shop.client.getProduct("01t");
    expect((await shop.headers()).get("Server-Timing")).toMatch(/^api;desc="getProduct";dur=\d+\.\d$/);
  });

  it("lists each call once in the page's Server-Timing when the root's and the page's loaders both reply", async () => {
    const t = setup(
      { getProduct: async () => ({ id: "01t" }), getCategories: async () => ({ productCategories: [] }) },
      {},
      "http://localhost/cart",
      { serverTiming: true },
    );
    const shop = await t.shop();
    await shop.client.getCategories();
    const root = (await shop.headers()).get("Server-Timing");
    await shop.client.getProduct("01t");
    const page = (await shop.headers()).get("Server-Timing");
    expect(root).toMatch(/^api;desc="getCategories";dur=\d+\.\d$/);
    expect(page).toMatch(/^api;desc="getProduct";dur=\d+\.\d$/);
  });

  it("writes no Server-Timing by default: how long the API took is nobody's business in production", async () => {
    const t = setup({ getProduct: async () => ({ id: "01t" }) });
    const shop = await t.shop();
    await shop.client.getProduct("01t");
    expect((await shop.headers()).get("Server-Timing")).toBeNull();
  });
});

describe("withShop: how a loader or an action ends early", () => {
  const refusedCart = {
    getCartItems: async () => {
      throw fetchError(401, "Session expired or invalid", "INVALID_SESSION_ID");
    },
  };

  it("turns a refused buyer token into the timeout redirect, whatever the loader made of the failed call", async () => {
    const t = setup(
      refusedCart,
      { accessToken: "tok", firstName: "Alex", guestCartId: "0a6", tokenExpiresAt: Date.now() + 60_000 },
      "http://localhost/cart?page=2",
    );
    // The loader recovers from the failure as from any other: the shop still ends the request in the redirect.
    const result = await t.load(async ({ shop }) => {
      const items = await shop.client.getCartItems("current").catch(() => null);
      return { items };
    });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcart%3Fpage%3D2");
    const next = await nextRequest(t.context, response);
    expect(next.session.get("accessToken")).toBeUndefined();
    expect(next.session.get("firstName")).toBeUndefined();
    expect(next.toasts.take()).toMatchObject({ message: "Your session has timed out. Try again." });
  });

  it("redirects the same way when the loader let the refused call's error through", async () => {
    const t = setup(refusedCart, { accessToken: "tok", tokenExpiresAt: Date.now() + 60_000 });
    const result = await t.load(async ({ shop }) => shop.client.getCartItems("current"));
    expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcart");
  });

  it("under a base path, comes back to the store path of the page (the router puts the redirect under /shop)", async () => {
    const t = setup(
      refusedCart,
      { accessToken: "tok", tokenExpiresAt: Date.now() + 60_000 },
      "http://localhost/shop/cart?page=2",
      { basePath: "/shop" },
    );
    expect((await t.shop()).basePath).toBe("/shop");
    const result = (await t.load(async ({ shop }) => shop.client.getCartItems("current"))) as Response;
    expect(result.headers.get("Location")).toBe("/login?redirectTo=%2Fcart%3Fpage%3D2");
  });

  it("does not send an expired token at all: the loader never runs", async () => {
    const getCart = vi.fn();
    const run = vi.fn(async () => ({}));
    const t = setup({ getCart }, { accessToken: "tok", tokenExpiresAt: Date.now() - 1 });
    const result = await t.load(run);
    expect(run).not.toHaveBeenCalled();
    expect(getCart).not.toHaveBeenCalled();
    expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcart");
  });

  it("lets a guest's 401 through as an error", async () => {
    const t = setup({
      createCart: async () => {
        throw fetchError(401);
      },
    });
    const result = await t.load(async ({ shop }) => shop.client.createCart());
    expect(result).toMatchObject({ name: "FetchError", status: 401 });
  });

  it("sends a refused guest on a catalog page to sign in, and back to the page afterwards", async () => {
    const t = setup({
      getProduct: async () => {
        throw fetchError(401);
      },
    });
    await t.shop();
    const args = { request: t.request, context: t.context, params: {} } as LoaderFunctionArgs;
    const result = await withShop(args, async ({ shop }) => shop.client.getProduct("01t"), { browsing: true }).catch(
      (e: unknown) => e,
    );
    expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcart");
    expect((await nextRequest(t.context, result as Response)).toasts.take()).toMatchObject({
      message: "Sign in to browse the store.",
    });
  });

  it("comes back to the page the form was on after an action's refused call", async () => {
    const t = setup(refusedCart, { accessToken: "tok", tokenExpiresAt: Date.now() + 60_000 });
    const request = new Request("http://localhost/cart", {
      method: "POST",
      headers: { Referer: "http://localhost/product/01t?x=1" },
    });
    await getStoreSession(request, t.context, STORE_SESSION_KEYS).then((session) => {
      session.set("accessToken", "tok");
      session.set("tokenExpiresAt", Date.now() + 60_000);
    });
    const args = { request, context: t.context, params: {} } as ActionFunctionArgs;
    const result = await withShop(args, async ({ shop }) => shop.client.getCartItems("current")).catch(
      (e: unknown) => e,
    );
    expect((result as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fproduct%2F01t%3Fx%3D1");
  });
});

describe("the composition's page kind: reads the root and the page share", () => {
  const cartCalls = (calls: string[]) => ({
    getCartCompactSummary: async () => {
      calls.push("summary");
      return { cartId: "0a6", currencyIsoCode: "USD", totalProductCount: "3.0", uniqueProductCount: 2 };
    },
    getCartItems: async () => {
      calls.push("items");
      return {
        status: 200,
        processing: false,
        data: {
          cartSummary: { cartId: "0a6", currencyIsoCode: "USD", totalProductCount: "3.0" },
          cartItems: [{ cartItem: { type: "Product", cartItemId: "0a9", productId: "01t1", quantity: "3" } }],
        },
      };
    },
  });

  it("on the cart page's GET, the header's count comes from the page's read of the lines: one cart call", async () => {
    const calls: string[] = [];
    const t = setup(cartCalls(calls), { guestCartId: "0a6" }, "http://localhost/cart?page=1");
    const shop = await t.shop();
    const [count, page] = await Promise.all([shop.cart.count(), shop.cart.view()]);
    expect(count).toBe(3);
    expect(page.cart.lines).toHaveLength(1);
    expect(calls).toEqual(["items"]);
  });

  it("on any other page, and after a cart page's POST, the count reads the cart's summary", async () => {
    for (const [url, init] of [
      ["http://localhost/product/01t1", {}],
      ["http://localhost/cart", { method: "POST" }],
    ] as const) {
      const calls: string[] = [];
      const t = setup(cartCalls(calls), { guestCartId: "0a6" }, url, {}, init);
      const shop = await t.shop();
      expect(await shop.cart.count()).toBe(3);
      expect(calls, url).toEqual(["summary"]);
    }
  });
});

describe("the cart's add: which field of the form a refusal is about", () => {
  const refusing = (error: Error) => ({
    addCartItem: async () => {
      throw error;
    },
  });

  it("names the field from the API's error (101, 107 the quantity; 106 the purchase option), not from the words", async () => {
    const cases = [
      [fetchError(400, "Requested quantity is invalid", "INVALID_QUANTITY"), "quantity"],
      [fetchError(400, "min 2", "MISSING_RECORD"), "quantity"],
      [fetchError(400, "Not enough inventory for selected quantity"), "quantity"],
      [fetchError(400, "nope", "INVALID_SELLING_MODEL"), "plan"],
      [fetchError(400, "No pricing data available", "NO_PRICE_AVAILABLE"), null],
      [fetchError(400, "That coupon", "ALREADY_APPLIED"), null],
    ] as const;
    for (const [error, field] of cases) {
      const t = setup(refusing(error), { guestCartId: "0a6" }, "http://localhost/product/01t1", {}, { method: "POST" });
      const shop = await t.shop();
      expect(await shop.cart.addItem({ productId: "01t1", quantity: 1 }), error.message).toMatchObject({
        ok: false,
        field,
      });
    }
  });
});
