import { describe, expect, it, vi } from "vitest";
import { addToCart, cartRef, isGuestCartDisabledError } from "../../app/cart/cart.server";
import { caught } from "../../app/lib/caught";
import { fetchError, setup } from "../support/fake-store";
import { isBusinessAccount } from "../../app/account/account.server";

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
    const ws = await t.shop();
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
    const ws = await t.shop();
    await addToCart(ws, item);
    expect(calls).toEqual(["0a6OLD", "0a6NEW"]);
    expect(ws.session.get("guestCartId")).toBe("0a6NEW");
  });

  it("refuses guests when the store has no guest carts", async () => {
    const t = setup({ getApplicationContext: async () => ({ guestCartEnabled: false }) });
    const ws = await t.shop();
    const error = await addToCart(ws, item).catch((e: unknown) => e);
    expect(isGuestCartDisabledError(caught(error).error)).toBe(true);
  });

  it("treats a 401 on guest cart creation as guest carts being off", async () => {
    const t = setup({
      getApplicationContext: async () => ({ guestCartEnabled: true }),
      createCart: async () => {
        throw fetchError(401, "guest access is disabled", "INVALID_SESSION_ID");
      },
    });
    const ws = await t.shop();
    expect(isGuestCartDisabledError(caught(await addToCart(ws, item).catch((e: unknown) => e)).error)).toBe(true);
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
    const ws = await t.shop();
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
