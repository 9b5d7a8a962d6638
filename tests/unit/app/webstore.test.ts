import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { getStoreSession } from "../../../app/session.server";
import { addToCart, cartRef, isGuestCartDisabledError } from "../../../app/handlers/cart.server";
import { getWebstore, isBusinessAccount } from "../../../app/webstore.server";

/** A FetchError look-alike: the app checks errors by name, as the client asks. */
function fetchError(status: number, message = "failed", type = "ERROR") {
  return Object.assign(new Error(message), {
    name: "FetchError",
    status,
    code: type,
    errors: [{ type, message }],
    url: "http://api/x",
  });
}

type Calls = Record<string, (...args: any[]) => unknown>;

const GUEST_TOKEN = {
  accessToken: "guest-tok",
  apiUrl: "http://api",
  userId: "005GUEST",
  issuedAt: 0,
  expiresAt: Date.now() + 3_600_000,
};

function setup(
  methods: Calls,
  sessionData: Record<string, unknown> = {},
  url = "http://localhost/cart",
  storefront: { serverTiming?: boolean; basePath?: string } = {},
) {
  /** The scopes of the shopper's clients (the identity calls use an unscoped client, not recorded). */
  const scopes: any[] = [];
  const guestLogin = vi.fn(async () => GUEST_TOKEN);
  // The store's application context (read for the currency of cart calls): one currency, so none is sent.
  const all = {
    guestLogin,
    getApplicationContext: async () => ({ supportedCurrencies: ["USD"], defaultCurrency: "USD" }),
    ...methods,
  };
  const context = {
    webstore: (scope: any) => {
      if (Object.keys(scope).length) scopes.push(scope);
      return all as any;
    },
    storefront: {
      mode: "emulator",
      webstoreId: "0ZE",
      sessionSecret: "a-test-secret-of-some-length",
      emulatorApiUrl: null,
      ...storefront,
    },
  } as unknown as AppLoadContext;
  const request = new Request(url);
  return {
    context,
    request,
    scopes,
    guestLogin,
    async ws() {
      const session = await getStoreSession(request, context);
      for (const [key, value] of Object.entries(sessionData)) session.set(key as never, value as never);
      return getWebstore(request, context);
    },
  };
}

async function cookieSession(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
  const context = { storefront: { sessionSecret: "a-test-secret-of-some-length" } } as AppLoadContext;
  return getStoreSession(new Request("http://localhost/", { headers: { Cookie: cookie } }), context);
}

describe("getWebstore", () => {
  it("scopes the client to the buyer in the session: their token, API URL and account", async () => {
    const t = setup(
      {},
      { accessToken: "tok", apiUrl: "http://site", effectiveAccountId: "001A", tokenExpiresAt: Date.now() + 3_600_000 },
    );
    const ws = await t.ws();
    expect(ws.shopper.isLoggedIn).toBe(true);
    expect(t.scopes[0]).toMatchObject({ accessToken: "tok", apiUrl: "http://site", effectiveAccountId: "001A" });
    expect(t.guestLogin).not.toHaveBeenCalled();
  });

  it("gives a new guest a UVID and a guest token for it, kept in the session, once per request", async () => {
    const t = setup({});
    const ws = await t.ws();
    await getWebstore(t.request, t.context);
    const uvid = ws.session.get("uvid");
    expect(uvid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(t.guestLogin).toHaveBeenCalledExactlyOnceWith(uvid);
    expect(ws.session.get("guestToken")).toBe("guest-tok");
    expect(ws.shopper.isLoggedIn).toBe(false);
    expect(t.scopes[0]).toMatchObject({ accessToken: "guest-tok" });
    expect((await ws.headers()).get("Set-Cookie")).toMatch(/^__store=/);
  });

  it("keeps a guest's token until it is about to expire, then gets a new one for the same UVID", async () => {
    const fresh = setup({}, { uvid: "u-1", guestToken: "old", guestTokenExpiresAt: Date.now() + 3_600_000 });
    await fresh.ws();
    expect(fresh.guestLogin).not.toHaveBeenCalled();
    const expiring = setup({}, { uvid: "u-1", guestToken: "old", guestTokenExpiresAt: Date.now() + 10_000 });
    const ws = await expiring.ws();
    expect(expiring.guestLogin).toHaveBeenCalledExactlyOnceWith("u-1");
    expect(ws.session.get("guestToken")).toBe("guest-tok");
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
    const ws = await soon.ws();
    expect(refreshAccessToken).toHaveBeenCalledExactlyOnceWith("r-1");
    expect(ws.session.get("accessToken")).toBe("new-tok");
    expect(soon.scopes[0]).toMatchObject({ accessToken: "new-tok" });

    refreshAccessToken.mockClear();
    const expired = setup(
      { refreshAccessToken },
      { accessToken: "tok", refreshToken: "r-1", tokenExpiresAt: Date.now() - 1 },
    );
    expect((await expired.ws()).tokenExpired).toBe(true);
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it("times API calls for Server-Timing when the server is told to (development, SERVER_TIMING=1)", async () => {
    const t = setup({ getProduct: async () => ({ id: "01t" }) }, {}, "http://localhost/cart", { serverTiming: true });
    const ws = await t.ws();
    await ws.client.getProduct("01t");
    expect((await ws.headers()).get("Server-Timing")).toMatch(/^api;desc="getProduct";dur=\d+\.\d$/);
  });

  it("writes no Server-Timing by default: how long the API took is nobody's business in production", async () => {
    const t = setup({ getProduct: async () => ({ id: "01t" }) });
    const ws = await t.ws();
    await ws.client.getProduct("01t");
    expect((await ws.headers()).get("Server-Timing")).toBeNull();
  });

  it("turns a refused buyer token into the timeout redirect", async () => {
    const t = setup(
      {
        getCartItems: async () => {
          throw fetchError(401, "Session expired or invalid", "INVALID_SESSION_ID");
        },
      },
      { accessToken: "tok", firstName: "Alex", guestCartId: "0a6", tokenExpiresAt: Date.now() + 60_000 },
      "http://localhost/cart?page=2",
    );
    const ws = await t.ws();
    const thrown = await ws.client.getCartItems("current").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcart%3Fpage%3D2");
    const next = await cookieSession(response);
    expect(next.get("accessToken")).toBeUndefined();
    expect(next.get("firstName")).toBeUndefined();
    expect(next.takeToast()).toMatchObject({ message: "Your session has timed out. Try again." });
  });

  it("under a base path, comes back to the store path of the page (the router puts the redirect under /shop)", async () => {
    const t = setup(
      {
        getCartItems: async () => {
          throw fetchError(401, "Session expired or invalid", "INVALID_SESSION_ID");
        },
      },
      { accessToken: "tok", tokenExpiresAt: Date.now() + 60_000 },
      "http://localhost/shop/cart?page=2",
      { basePath: "/shop" },
    );
    const ws = await t.ws();
    expect(ws.basePath).toBe("/shop");
    const thrown = (await ws.client.getCartItems("current").catch((e: unknown) => e)) as Response;
    expect(thrown.headers.get("Location")).toBe("/login?redirectTo=%2Fcart%3Fpage%3D2");
  });

  it("does not send an expired token at all", async () => {
    const getCart = vi.fn();
    const t = setup({ getCart }, { accessToken: "tok", tokenExpiresAt: Date.now() - 1 });
    const ws = await t.ws();
    expect(ws.tokenExpired).toBe(true);
    const thrown = await ws.client.getCart().catch((e: unknown) => e);
    expect(getCart).not.toHaveBeenCalled();
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcart");
  });

  it("lets a guest's 401 through as an error", async () => {
    const t = setup({
      createCart: async () => {
        throw fetchError(401);
      },
    });
    const ws = await t.ws();
    await expect(ws.client.createCart()).rejects.toMatchObject({ name: "FetchError", status: 401 });
  });
});

describe("addToCart", () => {
  const item = { productId: "01t1", quantity: 2 };

  it("creates a guest cart on the first add and remembers it", async () => {
    const calls: string[] = [];
    const t = setup({
      getApplicationContext: async () => ({ guestCartEnabled: true }),
      createCart: async () => {
        calls.push("create");
        return { status: 201, processing: false, data: { cartId: "0a6NEW" } };
      },
      addCartItem: async (cart: string) => {
        calls.push(`add:${cart}`);
        return { status: 201, processing: false, data: {} };
      },
    });
    const ws = await t.ws();
    expect(cartRef(ws)).toBeNull();
    await addToCart(ws, item);
    expect(calls).toEqual(["create", "add:0a6NEW"]);
    expect(ws.session.get("guestCartId")).toBe("0a6NEW");
    expect(cartRef(ws)).toBe("0a6NEW");
  });

  it("replaces a guest cart that is gone", async () => {
    const calls: string[] = [];
    const t = setup(
      {
        getApplicationContext: async () => ({ guestCartEnabled: true }),
        createCart: async () => ({ status: 201, processing: false, data: { cartId: "0a6NEW" } }),
        addCartItem: async (cart: string) => {
          calls.push(cart);
          if (cart === "0a6OLD") throw fetchError(404, "Cart not found");
          return { status: 201, processing: false, data: {} };
        },
      },
      { guestCartId: "0a6OLD" },
    );
    const ws = await t.ws();
    await addToCart(ws, item);
    expect(calls).toEqual(["0a6OLD", "0a6NEW"]);
    expect(ws.session.get("guestCartId")).toBe("0a6NEW");
  });

  it("refuses guests when the store has no guest carts", async () => {
    const t = setup({ getApplicationContext: async () => ({ guestCartEnabled: false }) });
    const ws = await t.ws();
    const error = await addToCart(ws, item).catch((e: unknown) => e);
    expect(isGuestCartDisabledError(error)).toBe(true);
  });

  it("treats a 401 on guest cart creation as guest carts being off", async () => {
    const t = setup({
      getApplicationContext: async () => ({ guestCartEnabled: true }),
      createCart: async () => {
        throw fetchError(401, "guest access is disabled", "INVALID_SESSION_ID");
      },
    });
    const ws = await t.ws();
    expect(isGuestCartDisabledError(await addToCart(ws, item).catch((e: unknown) => e))).toBe(true);
  });

  it("adds to a buyer's active cart, creating it when there is none", async () => {
    const calls: string[] = [];
    let hasCart = false;
    const t = setup(
      {
        ensureActiveCart: async () => {
          calls.push("ensure");
          hasCart = true;
          return { status: 201, processing: false, data: { cartId: "0a6BUY" } };
        },
        addCartItem: async (cart: string) => {
          calls.push(`add:${cart}`);
          if (!hasCart) throw fetchError(404, "No active cart");
          return { status: 201, processing: false, data: {} };
        },
      },
      { accessToken: "tok", tokenExpiresAt: Date.now() + 60_000 },
    );
    const ws = await t.ws();
    expect(cartRef(ws)).toBe("current");
    await addToCart(ws, item);
    expect(calls).toEqual(["add:active", "ensure", "add:0a6BUY"]);
  });
});

describe("isBusinessAccount", () => {
  const clientAnswering = (answer: () => Promise<unknown>) => ({ getEffectiveAccount: vi.fn(answer) }) as any;

  it("reads Account.IsPersonAccount: a person account is a consumer's, any other a business's", async () => {
    const person = clientAnswering(async () => ({
      id: "001A",
      name: "Alex",
      fields: { Id: "001A", IsPersonAccount: true },
    }));
    expect(await isBusinessAccount(person, "001A")).toBe(false);
    expect(person.getEffectiveAccount).toHaveBeenCalledWith("001A", { fields: ["IsPersonAccount"] });
    expect(
      await isBusinessAccount(
        clientAnswering(async () => ({ id: "001B", name: "Acme", fields: { IsPersonAccount: "false" } })),
        "001B",
      ),
    ).toBe(true);
  });

  it("doesn't guess when the API doesn't say or refuses", async () => {
    expect(
      await isBusinessAccount(
        clientAnswering(async () => ({ id: "001B", name: "Acme", fields: {} })),
        "001B",
      ),
    ).toBeUndefined();
    expect(
      await isBusinessAccount(
        clientAnswering(async () => Promise.reject(fetchError(400, "No such column"))),
        "001B",
      ),
    ).toBeUndefined();
  });
});
