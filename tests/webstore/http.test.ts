import { describe, expect, it, vi } from "vitest";
import { API, BASE, STORE, apiError, fakeFetch, json, noContent, rel, sequence, testClient } from "./fake-fetch.js";
import { createWebstoreClient } from "../../server/webstore/index.js";

describe("request building (spec §7)", () => {
  it("sends a GET under the webstore base with JSON accept and no credentials for a guest", async () => {
    const { client, calls } = testClient(() => json({ userId: "005", guestUser: true }));
    await client.getSessionContext();
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe("GET");
    expect(calls[0].url.origin).toBe(BASE);
    expect(calls[0].url.pathname).toBe(`${API}session-context`);
    expect(calls[0].headers.get("accept")).toBe("application/json");
    expect(calls[0].headers.get("authorization")).toBeNull();
    expect(calls[0].headers.get("cookie")).toBeNull();
  });

  it("keeps a path prefix of baseUrl and ignores its trailing slash", async () => {
    const { client, calls } = testClient(() => json({}), { baseUrl: "https://site.example.com/store/" });
    await client.getShopperAgentContext();
    expect(calls[0].url.toString()).toBe(
      `https://site.example.com/store/services/data/v65.0/commerce/webstores/${STORE}/shopperAgent/context`,
    );
  });

  it("uses the configured API version", async () => {
    const { client, calls } = testClient(() => json({}), { apiVersion: "v64.0" });
    await client.getShopperAgentContext();
    expect(calls[0].url.pathname).toContain("/services/data/v64.0/commerce/webstores/");
  });

  it("sends the bearer token of a signed-in buyer", async () => {
    const { client, calls } = testClient(() => json({}), { accessToken: "tok123" });
    await client.getShopperAgentContext();
    expect(calls[0].headers.get("authorization")).toBe("Bearer tok123");
  });

  it("adds effectiveAccountId when set, and not when it is absent or the fifteen-zero placeholder", async () => {
    const set = testClient(() => json({}), { effectiveAccountId: "001A" });
    await set.client.getShopperAgentContext();
    expect(set.calls[0].url.searchParams.get("effectiveAccountId")).toBe("001A");

    const unset = testClient(() => json({}));
    await unset.client.getShopperAgentContext();
    expect(unset.calls[0].url.searchParams.has("effectiveAccountId")).toBe(false);

    const zeros = testClient(() => json({}), { effectiveAccountId: "000000000000000" });
    await zeros.client.getShopperAgentContext();
    expect(zeros.calls[0].url.searchParams.has("effectiveAccountId")).toBe(false);
  });

  it("adds effectiveAccountId to every checkout call as the LWR client does, none to tokens, sort rules, addresses (the account is in their path) and the buyer's own profile", async () => {
    const { client, calls } = testClient(
      (req) => json(req.method === "GET" && /addresses/.test(req.url) ? { count: 0, items: [] } : {}),
      {
        effectiveAccountId: "001A",
        accessToken: "t",
      },
    );
    const sent = (path: string, method = "GET") => calls.find((c) => rel(c) === path && c.method === method);
    await client.getCheckout("2z9A").catch(() => undefined);
    await client.updateCheckout("2z9A", { contactInfo: { email: "a@b.co" } }).catch(() => undefined);
    await client.deleteCheckout("2z9A").catch(() => undefined);
    await client.tokenizePayment({ cardPaymentMethod: {} as never }).catch(() => undefined);
    await client.makePayment("2z9A", { requestType: "Auth", paymentToken: "tok" }).catch(() => undefined);
    await client.placeOrder("2z9A").catch(() => undefined);
    await client.orderActions("2z9A", [{ action: "submit" }]).catch(() => undefined);
    await client.getAddresses();
    await client.getSortRules().catch(() => undefined);
    await client.getMyProfile().catch(() => undefined);
    await client.updateMyProfile({ firstName: "A" }).catch(() => undefined);
    await client.startCheckout({ cartId: "0a6A" }).catch(() => undefined);
    // Every checkout call takes it, as Salesforce's storefront client sends it; tokens, sort rules, addresses and the
    // profile don't.
    for (const [path, method] of [
      ["payments/token", "POST"],
      ["search/sort-rules", "GET"],
      ["myprofile", "GET"],
      ["myprofile", "PATCH"],
    ])
      expect(sent(path, method)?.url.searchParams.has("effectiveAccountId"), `${method} ${path}`).toBe(false);
    expect(sent("accounts/001A/addresses")?.url.searchParams.has("effectiveAccountId")).toBe(false);
    for (const [path, method] of [
      ["checkouts", "PUT"],
      ["checkouts/2z9A", "GET"],
      ["checkouts/2z9A", "PATCH"],
      ["checkouts/2z9A", "DELETE"],
      ["checkouts/2z9A/payments", "POST"],
      ["checkouts/2z9A/orders", "POST"],
      ["checkouts/2z9A/orders/actions", "POST"],
    ])
      expect(sent(path, method)?.url.searchParams.get("effectiveAccountId"), `${method} ${path}`).toBe("001A");
  });

  it("adds currencyIsoCode to cart calls except DELETE, and never to other calls", async () => {
    const { client, calls } = testClient((req) => (req.method === "DELETE" ? noContent() : json({ cartId: "0a6" })), {
      currencyIsoCode: "EUR",
    });
    await client.getCart("current");
    await client.addCartItem("current", { productId: "01t1", quantity: 1 });
    await client.deleteCartItem("current", "0a9");
    await client.deleteCart("0a6");
    await client.getShopperAgentContext();
    expect(calls.map((c) => [c.method, rel(c), c.url.searchParams.get("currencyIsoCode")])).toEqual([
      ["GET", "carts/current", "EUR"],
      ["POST", "carts/current/cart-items", "EUR"],
      ["DELETE", "carts/current/cart-items/0a9", null],
      ["DELETE", "carts/0a6", null],
      ["GET", "shopperAgent/context", null],
    ]);
  });

  it("sends X-Highscale on cart calls only, and only when high-scale carts are on", async () => {
    const on = testClient(() => json({ cartId: "0a6" }), { highScaleCart: true });
    await on.client.getCart("current");
    await on.client.getShopperAgentContext();
    expect(on.calls[0].headers.get("x-highscale")).toBe("true");
    expect(on.calls[1].headers.get("x-highscale")).toBeNull();

    const off = testClient(() => json({ cartId: "0a6" }));
    await off.client.getCart("current");
    expect(off.calls[0].headers.get("x-highscale")).toBeNull();
  });

  it("follows the store's propertiesEx.highScaleCartEnabled when told to read the application context", async () => {
    for (const enabled of [true, false]) {
      const { client, calls } = testClient(
        (req) =>
          req.url.includes("application-context")
            ? json({ propertiesEx: { highScaleCartEnabled: enabled } })
            : json({ cartId: "0a6" }),
        { highScaleCart: "applicationContext" },
      );
      await client.getCart("current");
      await client.getShopperAgentContext();
      const cartCall = calls.find((c) => rel(c) === "carts/current")!;
      expect(cartCall.headers.get("x-highscale")).toBe(enabled ? "true" : null);
      expect(calls.find((c) => rel(c) === "shopperAgent/context")!.headers.get("x-highscale")).toBeNull();
    }
    // An application context that can't be read counts as off: the cart call still goes, without the header.
    const broken = testClient(
      (req) =>
        req.url.includes("application-context") ? apiError(500, "UNKNOWN_EXCEPTION", "boom") : json({ cartId: "0a6" }),
      {
        highScaleCart: "applicationContext",
      },
    );
    await broken.client.getCart("current");
    expect(broken.calls.find((c) => rel(c) === "carts/current")!.headers.get("x-highscale")).toBeNull();
  });

  it("sends JSON bodies with a JSON content type, and no content type without a body", async () => {
    const { client, calls } = testClient(() => json({ cartId: "0a6" }, 201));
    await client.createCart({ name: "Reorder" });
    await client.ensureActiveCart();
    expect(calls[0].headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(calls[0].body)).toEqual({ name: "Reorder" });
    expect(calls[1].method).toBe("PUT");
    expect(rel(calls[1])).toBe("carts/active");
    expect(calls[1].headers.get("content-type")).toBeNull();
    expect(calls[1].body).toBe("");
  });

  it("URL-encodes ids placed in the path", async () => {
    const { client, calls } = testClient(() => json({ id: "x" }));
    await client.getProduct("01t/../x");
    expect(calls[0].url.pathname).toBe(`${API}products/01t%2F..%2Fx`);
  });
});

describe("tokens", () => {
  it("sends the bearer token and no cookie of its own", async () => {
    const { client, calls } = testClient(() => json({ cartId: null }), { accessToken: "tok-1" });
    await client.getCart("current");
    expect(calls[0].headers.get("authorization")).toBe("Bearer tok-1");
    expect(calls[0].headers.get("cookie")).toBeNull();
  });

  it("renews a refused token once and repeats the call with the new one", async () => {
    const renewToken = vi.fn(async () => "tok-2");
    const { client, calls } = testClient(
      sequence(
        () => apiError(401, "INVALID_SESSION_ID", "Session expired or invalid"),
        () => json({ cartId: "0a6" }, 201),
      ),
      { accessToken: "tok-1", renewToken },
    );
    expect((await client.createCart()).data.cartId).toBe("0a6");
    expect(renewToken).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual(["Bearer tok-1", "Bearer tok-2"]);
    await client.getCart("current");
    expect(calls[2].headers.get("authorization")).toBe("Bearer tok-2");
  });

  it("renews once for calls refused in parallel, each repeated with the new token", async () => {
    const renewToken = vi.fn(async () => "tok-2");
    const { client, calls } = testClient(
      (req) =>
        req.headers.get("authorization") === "Bearer tok-1"
          ? apiError(401, "INVALID_SESSION_ID", "Session expired or invalid")
          : json({ ok: true }),
      { accessToken: "tok-1", renewToken },
    );
    await Promise.all([client.getCart("current"), client.getCartItems("current"), client.getCart("current")]);
    expect(renewToken).toHaveBeenCalledOnce();
    expect(calls.map((c) => c.headers.get("authorization")).sort()).toEqual([
      ...Array(3).fill("Bearer tok-1"),
      ...Array(3).fill("Bearer tok-2"),
    ]);
  });

  it("lets the second 401 through, and never renews a token for the identity endpoints", async () => {
    const renewToken = vi.fn(async () => "tok-2");
    const { client, calls } = testClient(() => apiError(401, "INVALID_SESSION_ID", "guest access is disabled"), {
      accessToken: "tok-1",
      renewToken,
    });
    await expect(client.getCart("current")).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    await expect(client.getCart("current")).rejects.toMatchObject({ status: 401 });
    expect(renewToken).toHaveBeenCalledOnce();
    const identity = testClient(() => json({ error: "invalid_token" }, 401), {
      renewToken,
      oauth: { clientId: "c", clientSecret: "s", redirectUri: "https://x/cb" },
    });
    await expect(identity.client.refreshAccessToken("r")).rejects.toMatchObject({ status: 401 });
    expect(renewToken).toHaveBeenCalledOnce();
  });
});

describe("Apex calls", () => {
  it("GET carries the parameters JSON-encoded in methodParams and refuses continuations", async () => {
    const { client, calls } = testClient(() => json({ success: true }));
    const answer = await client.callApex(
      "OrderLookupController",
      "lookupForOrder",
      { orderNumber: "A1" },
      { method: "GET" },
    );
    expect(answer).toEqual({ success: true });
    expect(calls[0].url.pathname).toBe("/lwr/apex/v65.0/OrderLookupController/lookupForOrder");
    expect(JSON.parse(calls[0].url.searchParams.get("methodParams") ?? "")).toEqual({ orderNumber: "A1" });
    expect(calls[0].headers.get("x-sfdc-allow-continuation")).toBe("false");
    expect(calls[0].body).toBe("");
  });

  it("POST carries the parameters in a JSON body, not in the query", async () => {
    const { client, calls } = testClient(() => json(true), { effectiveAccountId: "001A" });
    await client.callApex("OrderLookupController", "lookupForOrder", { orderNumber: "A1", email: "a@b.co" });
    expect(calls[0].method).toBe("POST");
    expect(calls[0].url.search).toBe("");
    expect(JSON.parse(calls[0].body)).toEqual({ orderNumber: "A1", email: "a@b.co" });
    expect(calls[0].headers.get("content-type")).toBe("application/json");
  });
});

describe("answers", () => {
  it("reads an empty 204 answer as null", async () => {
    const { client } = testClient(() => noContent());
    await expect(client.deleteCart("0a6")).resolves.toBeUndefined();
    await expect(client.preserveCart("0a6")).resolves.toBeNull();
  });

  it("calls fetch with a Request object every time", async () => {
    const fake = fakeFetch(() => json({}));
    const seen: unknown[] = [];
    const client = createWebstoreClient({
      fetch: (input) => {
        seen.push(input);
        return fake.fetch(input);
      },
      baseUrl: BASE,
      webstoreId: STORE,
    });
    await client.getShopperAgentContext();
    await client.callApex("A", "b", {});
    expect(seen.every((r) => r instanceof Request)).toBe(true);
  });
});
