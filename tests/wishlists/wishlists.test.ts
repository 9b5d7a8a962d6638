import { describe, expect, it, vi } from "vitest";
import type { Wishlist, WishlistItem } from "../../server/webstore/index";
import { STORE_SESSION_KEYS } from "../../app/shop.server";
import { getStoreSession } from "../../app/shop/session.server";
import { getFlashToasts } from "../../app/shop/toast.server";
import { cookiesOf, hostedContext, type HostedContext } from "../support/host";
import { defaultListId, sameListId, wishlistSummaries, wishlistView } from "../../app/wishlists/model";
import { listNameSchema } from "../../app/wishlists/forms/name-schema";
import { wishlistToCartOutcome } from "../../app/wishlists/wishlists.server";
import { action as wishlistAction, loader } from "../../app/routes/wishlist";

/** /wishlist's loader, or /wishlist/{id}'s (the same loader with the route's param). */
const wishlistLoader = (args: { params: object }, wishlistId?: string) =>
  loader({ ...args, params: wishlistId ? { wishlistId } : {} } as never);

const SECRET = "a-test-secret-of-some-length";

/** A FetchError look-alike: the app checks errors by name, as the client asks. */
function fetchError(status: number, type = "NOT_FOUND") {
  return Object.assign(new Error("failed"), {
    name: "FetchError",
    status,
    code: type,
    errors: [{ type, message: "failed" }],
    url: "http://api/x",
  });
}

type Calls = Record<string, (...args: any[]) => unknown>;

/** A signed-in buyer's request to the wishlist routes, over a client whose methods the test gives. */
async function buyerRequest(
  methods: Calls,
  init: { url?: string; form?: Record<string, string>; session?: Record<string, unknown> } = {},
) {
  const context = hostedContext({
    // Every request reads the (cached) application context for the cart currency (spec §4): a single-currency store.
    webstore: () =>
      ({
        getApplicationContext: async () => ({ supportedCurrencies: ["USD"], defaultCurrency: "USD" }),
        ...methods,
      }) as any,
    storefront: { mode: "emulator", webstoreId: "0ZE", sessionSecret: SECRET, emulatorApiUrl: null },
  });
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  const request = new Request(init.url ?? "http://localhost/wishlist", body ? { method: "POST", body } : undefined);
  const session = await getStoreSession(request, context, STORE_SESSION_KEYS);
  for (const [key, value] of Object.entries({
    accessToken: "tok",
    tokenExpiresAt: Date.now() + 3_600_000,
    ...init.session,
  })) {
    session.set(key as never, value as never);
  }
  return { context, request, params: {} };
}

/** The session and the toast the browser's next request carries, after `response` as the host sends it. */
async function nextRequestAfter(context: HostedContext, response: Response) {
  const request = new Request("http://localhost/", { headers: { Cookie: cookiesOf(await context.finish(response)) } });
  const next = hostedContext();
  return {
    session: await getStoreSession(request, next, STORE_SESSION_KEYS),
    toasts: await getFlashToasts(request, next),
  };
}

const list = (id: string, name: string, items: WishlistItem[] = []): Wishlist => ({
  summary: { id, name, wishlistProductCount: items.length },
  page: { items },
});

describe("the wishlist views", () => {
  it("lists every list by name and count, and reads the shown one with its items", () => {
    expect(
      wishlistSummaries({
        summaries: [
          { id: "0HnA", name: "My List", wishlistProductCount: 3 },
          { id: "0HnB" },
          { id: "", name: "no id" },
        ],
      }),
    ).toEqual([
      { id: "0HnA", name: "My List", productCount: 3 },
      { id: "0HnB", name: "My List", productCount: 0 },
    ]);
    const item = {
      wishlistItemId: "0HoA",
      productSummary: { productId: "01tA", name: "Mug" },
      salesPrice: "16.00",
      error: { errorCode: "ITEM_NOT_AVAILABLE", message: "No more" },
    };
    expect(wishlistView(list("0HnA", "Gifts", [item, { wishlistItemId: "0HoB" }]))).toMatchObject({
      id: "0HnA",
      name: "Gifts",
      items: [{ id: "0HoA", productId: "01tA", name: "Mug", salesPrice: "16.00", problem: "No more" }],
    });
    expect(wishlistView(list("", "No id"))).toBeNull();
    expect(wishlistView(null)).toBeNull();
  });

  it("picks the default list as spec §4 does: the stored one while it exists, else the displayed one", () => {
    const lists = [
      { id: "0HnDM0000000001", name: "My List", productCount: 1 },
      { id: "0HnDM0000000002", name: "Gifts", productCount: 0 },
    ];
    expect(defaultListId(lists, "0HnDM0000000002AAA", "0HnDM0000000001")).toBe("0HnDM0000000002");
    expect(defaultListId(lists, "0HnDM00000000GONE", "0HnDM0000000001")).toBe("0HnDM0000000001");
    expect(defaultListId(lists, undefined, null)).toBe("0HnDM0000000001");
    expect(defaultListId([], "0HnDM0000000002", null)).toBeNull();
    expect(sameListId("0HnDM0000000002", "0HnDM0000000002AAA")).toBe(true);
    expect(sameListId(undefined, undefined)).toBe(false);
  });

  it("takes a list name trimmed, refuses a blank one and one over 255 characters in the spec's words", () => {
    expect(listNameSchema.parse({ name: "  Birthday   gifts " })).toEqual({ name: "Birthday gifts" });
    expect(listNameSchema.safeParse({ name: "   " }).error?.issues[0].message).toBe("Complete this field.");
    expect(listNameSchema.safeParse({ name: "x".repeat(256) }).error?.issues[0].message).toBe(
      "Your entry is too long.",
    );
    expect(listNameSchema.safeParse({ name: "x".repeat(255) }).success).toBe(true);
  });

  it("names what went into the cart and what couldn't", () => {
    const names = new Map([["01tG", "Gesha"]]);
    const mixed = wishlistToCartOutcome(
      {
        productsSucceededCount: 2,
        failedWishlistToCartItems: [{ productId: "01tG", message: "No more available items for current product." }],
      },
      names,
    );
    expect(mixed).toMatchObject({
      variant: "warning",
      message: "Added 2 items to your cart. We couldn't add: Gesha (No more available items for current product).",
    });
    expect(wishlistToCartOutcome({ productsSucceededCount: 1 }, names)).toMatchObject({
      variant: "success",
      message: "Added 1 item to your cart.",
    });
  });
});

describe("the wishlist action and loader", () => {
  it("saves to the stored default list; a stored list the API no longer has is forgotten and the save goes on", async () => {
    const addToWishlist = vi.fn(async (_productId: string, options: { defaultWishlistId?: string } = {}) => {
      if (options.defaultWishlistId) throw fetchError(404);
      return { wishlistId: "0HnNEW", item: {} };
    });
    const getWishlists = vi.fn(async () => ({ summaries: [{ id: "0HnNEW", name: "My List" }] }));
    const args = await buyerRequest(
      { addToWishlist, getWishlists },
      {
        form: { intent: "saveToWishlist", productId: "01tA", redirectTo: "/product/01tA", _js: "1" },
        session: { defaultWishlistId: "0HnGONE" },
      },
    );
    const response = (await wishlistAction(args as never)) as unknown as { data: unknown; init: ResponseInit };
    expect(addToWishlist.mock.calls).toEqual([["01tA", { defaultWishlistId: "0HnGONE" }], ["01tA"]]);
    expect(response.data).toEqual({ ok: true, intent: "saveToWishlist", message: "Saved to My List" });
    const next = await nextRequestAfter(args.context, new Response(null, response.init));
    expect(next.session.get("defaultWishlistId")).toBe("0HnNEW");
  });

  it("forgets the default when its list is deleted, and goes to /wishlist", async () => {
    const deleteWishlist = vi.fn(async () => undefined);
    const args = await buyerRequest(
      { deleteWishlist },
      {
        url: "http://localhost/wishlist/0HnGIFTS",
        form: { intent: "deleteList", wishlistId: "0HnGIFTS", name: "Gifts" },
        session: { defaultWishlistId: "0HnGIFTS" },
      },
    );
    const response = (await wishlistAction(args as never)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/wishlist");
    expect(deleteWishlist).toHaveBeenCalledWith("0HnGIFTS");
    const { session, toasts } = await nextRequestAfter(args.context, response);
    expect(session.get("defaultWishlistId")).toBeUndefined();
    expect(toasts.take()).toMatchObject({ variant: "success", message: "Deleted Gifts." });
  });

  it("refuses a blank new name with the form's message and what was typed, without calling the API", async () => {
    const updateWishlist = vi.fn();
    const args = await buyerRequest(
      { updateWishlist },
      { form: { intent: "renameList", wishlistId: "0HnA", name: "   " } },
    );
    const response = (await wishlistAction(args as never)) as unknown as {
      data: { form: string; result: { error: Record<string, string[]>; initialValue: unknown } };
      init: ResponseInit;
    };
    expect(response.init.status).toBe(400);
    expect(response.data.form).toBe("renameList");
    expect(response.data.result.error).toEqual({ name: ["Complete this field."] });
    expect(response.data.result.initialValue).toMatchObject({ name: "   " });
    expect(updateWishlist).not.toHaveBeenCalled();
  });

  it("answers another buyer's list id with a 404 page, and a stale stored default with the displayed list", async () => {
    const foreign = await buyerRequest(
      { getWishlists: async () => Promise.reject(fetchError(404)) },
      { url: "http://localhost/wishlist/0HnOTHER" },
    );
    await expect(wishlistLoader(foreign as never, "0HnOTHER")).rejects.toMatchObject({ init: { status: 404 } });

    const getWishlists = vi.fn(async (query: { wishlistId?: string }) => {
      if (query.wishlistId) throw fetchError(404);
      return {
        summaries: [{ id: "0HnA", name: "My List", wishlistProductCount: 0 }],
        displayedList: list("0HnA", "My List"),
      };
    });
    const stale = await buyerRequest({ getWishlists }, { session: { defaultWishlistId: "0HnGONE" } });
    const page = (await wishlistLoader(stale as never)) as unknown as {
      data: { list: { id: string }; defaultId: string };
      init: ResponseInit;
    };
    expect(page.data.list.id).toBe("0HnA");
    expect(page.data.defaultId).toBe("0HnA");
    const next = await nextRequestAfter(stale.context, new Response(null, page.init));
    expect(next.session.get("defaultWishlistId")).toBeUndefined();
  });
});
