import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_WISHLIST_NAME,
  createWebstoreCaches,
  createWebstoreClient,
  isFetchError,
} from "../../server/webstore/index.js";
import { TARGET_NAMES, WEBSTORE_ID, api, login, startTarget, type Target } from "./targets.js";

/**
 * Wishlists (reference §7; spec §4 "Wishlist add", §8 status-text failures): raw calls for shapes and error
 * codes, and the real client for what the storefront relies on. Every case runs in-process and over HTTP.
 */

const MY_LIST = "0HnDM0000000B2C"; // the B2C buyer's 'My List': Guatemala (oldest), Speckled Mug, ERR-100 (newest)
const GUATEMALA = "01tDM0000000003";
const MUG = "01tDM0000000028";
const ETHIOPIA = "01tDM0000000001";
const OUT_OF_STOCK = "01tDM000000E100"; // ERR-100
const QUANTITY_RULE = "01tDM000000E107"; // ERR-107: minimum 2, increment 2
const ACME_WEST = "001DM00000ACME2";

describe.each(TARGET_NAMES)("wishlists (%s)", (name) => {
  let target: Target;
  let call: ReturnType<typeof api>;
  let buyer: Record<string, string>;
  beforeAll(async () => {
    target = await startTarget(name);
    call = api(target);
  });
  afterAll(() => target.close());
  beforeEach(async () => {
    await call("POST", "/__emulator/reset");
    buyer = await login(target);
  });

  const expectError = (res: { status: number; body: any }, status: number, errorCode: string) => {
    expect(res.status).toBe(status);
    expect(res.body).toEqual([{ errorCode, message: expect.any(String) }]);
  };
  const productIds = (items: any[]) => items.map((i) => i.productSummary.productId);

  describe("raw API", () => {
    it("refuses guests on every wishlist resource with 401 INVALID_SESSION_ID", async () => {
      const calls: [string, string, unknown?][] = [
        ["GET", "wishlists"],
        ["POST", "wishlists", { name: "Mine" }],
        ["GET", `wishlists/${MY_LIST}`],
        ["PATCH", `wishlists/${MY_LIST}`, { name: "Mine" }],
        ["DELETE", `wishlists/${MY_LIST}`],
        ["GET", `wishlists/${MY_LIST}/wishlist-items`],
        ["POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: ETHIOPIA }],
        ["DELETE", `wishlists/${MY_LIST}/wishlist-items/0HoDM0000000001`],
        ["POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart`, {}],
      ];
      for (const [method, path, body] of calls) expectError(await call(method, path, body), 401, "INVALID_SESSION_ID");
      // Nothing changed behind the refusals.
      const mine = await call("GET", `wishlists/${MY_LIST}`, undefined, buyer);
      expect(mine.body.summary).toEqual({ id: MY_LIST, name: "My List", wishlistProductCount: 3 });
    });

    it("lists the buyer's summaries, and the displayed list only when asked, newest item first by default", async () => {
      const plain = await call("GET", "wishlists", undefined, buyer);
      expect(plain.status).toBe(200);
      expect(plain.body).toEqual({
        summaries: [{ id: MY_LIST, name: "My List", wishlistProductCount: 3 }],
        wishlistCount: 1,
      });

      const shown = await call("GET", "wishlists?includeDisplayedList=true", undefined, buyer);
      expect(shown.body.displayedList.summary).toEqual({ id: MY_LIST, name: "My List", wishlistProductCount: 3 });
      expect(productIds(shown.body.displayedList.page.items)).toEqual([OUT_OF_STOCK, MUG, GUATEMALA]);
      const asc = await call("GET", "wishlists?includeDisplayedList=true&sortItemsBy=CreatedDateAsc", undefined, buyer);
      expect(productIds(asc.body.displayedList.page.items)).toEqual([GUATEMALA, MUG, OUT_OF_STOCK]);
    });

    it("answers the Wishlist Item shape: the Cart Item Product summary, string prices, and why it can't be bought", async () => {
      const res = await call(
        "GET",
        `wishlists/${MY_LIST}?productFields=StockKeepingUnit&sortItemsBy=CreatedDateAsc`,
        undefined,
        buyer,
      );
      expect(res.status).toBe(200);
      const [guatemala, , gesha] = res.body.page.items;
      expect(guatemala).toEqual({
        wishlistItemId: "0HoDM0000000001",
        productSummary: expect.objectContaining({
          productId: GUATEMALA,
          name: "Guatemala Antigua Whole Bean, 12 oz",
          sku: "CB-GUA-ANT",
          fields: { StockKeepingUnit: "CB-GUA-ANT" },
          thumbnailImage: expect.objectContaining({
            url: expect.stringMatching(/^\//),
            alternateText: expect.any(String),
          }),
          productUrlName: expect.any(String),
          productClass: "Simple",
        }),
        listPrice: "19.50",
        salesPrice: "19.50",
        error: null,
      });
      expect(gesha.error).toEqual({
        errorCode: "ITEM_NOT_AVAILABLE",
        message: "No more available items for current product",
      });
    });

    it("pages the items with opaque tokens (pageSize 1-200) and checks the query", async () => {
      const first = await call(
        "GET",
        `wishlists/${MY_LIST}/wishlist-items?pageSize=2&sortItemsBy=CreatedDateAsc`,
        undefined,
        buyer,
      );
      expect(first.status).toBe(200);
      expect(productIds(first.body.items)).toEqual([GUATEMALA, MUG]);
      expect(first.body).toMatchObject({
        currentPageToken: expect.any(String),
        nextPageToken: expect.any(String),
        previousPageToken: null,
      });
      const next = await call(
        "GET",
        `wishlists/${MY_LIST}/wishlist-items?pageSize=2&sortItemsBy=CreatedDateAsc&page=${first.body.nextPageToken}`,
        undefined,
        buyer,
      );
      expect(productIds(next.body.items)).toEqual([OUT_OF_STOCK]);
      expect(next.body.nextPageToken).toBeNull();
      expect((await call("GET", `wishlists/${MY_LIST}/wishlist-items?pageSize=200`, undefined, buyer)).status).toBe(
        200,
      );
      for (const bad of ["pageSize=0", "pageSize=201", "sortItemsBy=NameAsc", "page=not-a-token"]) {
        expectError(
          await call("GET", `wishlists/${MY_LIST}/wishlist-items?${bad}`, undefined, buyer),
          400,
          "ILLEGAL_QUERY_PARAMETER_VALUE",
        );
      }
      expectError(await call("GET", "wishlists?pageSize=101", undefined, buyer), 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
      expectError(
        await call("GET", "wishlists?includeDisplayedList=yes", undefined, buyer),
        400,
        "ILLEGAL_QUERY_PARAMETER_VALUE",
      );
      const displayed = await call("GET", "wishlists?includeDisplayedList=true&pageSize=1", undefined, buyer);
      expect(displayed.body.displayedList.page.items).toHaveLength(1);
      expect(displayed.body.displayedList.page.nextPageToken).toEqual(expect.any(String));
    });

    it("creates a list (201) with products, once each, and keeps the oldest list as the displayed one", async () => {
      const res = await call(
        "POST",
        "wishlists",
        { name: "Gifts", products: [{ productId: ETHIOPIA }, { productId: MUG }, { productId: ETHIOPIA }] },
        buyer,
      );
      expect(res.status).toBe(201);
      expect(res.body.summary).toEqual({ id: expect.stringMatching(/^0Hn/), name: "Gifts", wishlistProductCount: 2 });
      expect(res.body.page.items.map((i: any) => i.wishlistItemId)).toEqual([
        expect.stringMatching(/^0Ho/),
        expect.stringMatching(/^0Ho/),
      ]);
      expect(res.body.page).toHaveProperty("currentPageToken");
      expect(res.body.page).toHaveProperty("nextPageToken", null);

      const all = await call("GET", "wishlists?includeDisplayedList=true", undefined, buyer);
      expect(all.body.wishlistCount).toBe(2);
      expect(all.body.summaries.map((s: any) => s.name)).toEqual(["My List", "Gifts"]);
      expect(all.body.displayedList.summary.id).toBe(MY_LIST);
      const chosen = await call(
        "GET",
        `wishlists?includeDisplayedList=true&wishlistId=${res.body.summary.id}`,
        undefined,
        buyer,
      );
      expect(chosen.body.displayedList.summary.name).toBe("Gifts");
    });

    it("refuses a create without a usable name or with bad products", async () => {
      expectError(await call("POST", "wishlists", {}, buyer), 400, "INVALID_API_INPUT");
      expectError(await call("POST", "wishlists", { name: "   " }, buyer), 400, "INVALID_API_INPUT");
      expectError(await call("POST", "wishlists", { name: "x".repeat(256) }, buyer), 400, "INVALID_API_INPUT");
      expectError(await call("POST", "wishlists", [{ name: "List" }], buyer), 400, "INVALID_API_INPUT");
      expectError(
        await call("POST", "wishlists", { name: "List", products: "01tDM0000000001" }, buyer),
        400,
        "INVALID_API_INPUT",
      );
      expectError(
        await call("POST", "wishlists", { name: "List", products: [{ productId: "0a6DM0000000001" }] }, buyer),
        400,
        "INVALID_ID_FIELD",
      );
      expectError(
        await call("POST", "wishlists", { name: "List", products: [{ productId: "01tDM00000NOPE1" }] }, buyer),
        400,
        "INVALID_ID_FIELD",
      );
      // A refused create leaves nothing behind; 255 characters are fine.
      expect((await call("GET", "wishlists", undefined, buyer)).body.wishlistCount).toBe(1);
      expect((await call("POST", "wishlists", { name: "y".repeat(255) }, buyer)).status).toBe(201);
    });

    // Cart Data Limits: "Wish Lists: 10 per user" (the 500 items a list holds: tests/emulator/wishlist-limits).
    it("refuses a buyer's 11th list with 400 LIMIT_EXCEEDED", async () => {
      for (let i = 2; i <= 10; i++)
        expect((await call("POST", "wishlists", { name: `List ${i}` }, buyer)).status).toBe(201);
      expectError(await call("POST", "wishlists", { name: "One too many" }, buyer), 400, "LIMIT_EXCEEDED");
      expect((await call("GET", "wishlists", undefined, buyer)).body.wishlistCount).toBe(10);
      // Deleting one makes room for the next.
      const lists = (await call("GET", "wishlists", undefined, buyer)).body.summaries;
      expect((await call("DELETE", `wishlists/${lists[9].id}`, undefined, buyer)).status).toBe(204);
      expect((await call("POST", "wishlists", { name: "Room again" }, buyer)).status).toBe(201);
    });

    it("counts a B2B buyer's lists for every account they act for against the 10 per user", async () => {
      const b2b = await login(target, "b2b@demo.store");
      for (let i = 1; i <= 5; i++)
        expect((await call("POST", "wishlists", { name: `Mine ${i}` }, b2b)).status).toBe(201);
      for (let i = 1; i <= 5; i++)
        expect(
          (await call("POST", `wishlists?effectiveAccountId=${ACME_WEST}`, { name: `West ${i}` }, b2b)).status,
        ).toBe(201);
      expectError(await call("POST", "wishlists", { name: "One too many" }, b2b), 400, "LIMIT_EXCEEDED");
    });

    it("answers unknown and foreign lists with 404 NOT_FOUND and malformed ids with 400 INVALID_ID_FIELD", async () => {
      expectError(await call("GET", "wishlists/0HnDM00000NOPE1", undefined, buyer), 404, "NOT_FOUND");
      expectError(await call("GET", "wishlists/not-an-id", undefined, buyer), 400, "INVALID_ID_FIELD");
      expectError(await call("GET", "wishlists/0a6DM0000000001", undefined, buyer), 400, "INVALID_ID_FIELD");
      expectError(
        await call("GET", "wishlists?wishlistId=0HnDM00000NOPE1&includeDisplayedList=true", undefined, buyer),
        404,
        "NOT_FOUND",
      );

      const b2b = await login(target, "b2b@demo.store");
      expectError(await call("GET", `wishlists/${MY_LIST}`, undefined, b2b), 404, "NOT_FOUND");
      expectError(await call("PATCH", `wishlists/${MY_LIST}`, { name: "Mine now" }, b2b), 404, "NOT_FOUND");
      expectError(await call("DELETE", `wishlists/${MY_LIST}`, undefined, b2b), 404, "NOT_FOUND");
      expectError(
        await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: ETHIOPIA }, b2b),
        404,
        "NOT_FOUND",
      );
      expectError(await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart`, {}, b2b), 404, "NOT_FOUND");
      expect((await call("GET", "wishlists", undefined, b2b)).body).toEqual({ summaries: [], wishlistCount: 0 });
    });

    it("keeps a B2B buyer's lists per effective account, and refuses an account they may not act for", async () => {
      const b2b = await login(target, "b2b@demo.store");
      const created = await call("POST", "wishlists", { name: "Acme HQ" }, b2b);
      expect(created.status).toBe(201);
      const id = created.body.summary.id;
      expect((await call("GET", `wishlists?effectiveAccountId=${ACME_WEST}`, undefined, b2b)).body.wishlistCount).toBe(
        0,
      );
      expectError(
        await call("GET", `wishlists/${id}?effectiveAccountId=${ACME_WEST}`, undefined, b2b),
        404,
        "NOT_FOUND",
      );
      expect((await call("GET", `wishlists/${id}`, undefined, b2b)).status).toBe(200);
      expectError(
        await call("GET", "wishlists?effectiveAccountId=001DM0000000B2C", undefined, b2b),
        403,
        "EFFECTIVE_ACCOUNT_NOT_FOUND",
      );
    });

    it("renames with PATCH {name} (200 Summary) and refuses any other field", async () => {
      const res = await call("PATCH", `wishlists/${MY_LIST}`, { name: "Coffee ideas" }, buyer);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: MY_LIST, name: "Coffee ideas", wishlistProductCount: 3 });
      expectError(
        await call("PATCH", `wishlists/${MY_LIST}`, { name: "Other", products: [] }, buyer),
        400,
        "INVALID_API_INPUT",
      );
      expectError(await call("PATCH", `wishlists/${MY_LIST}`, {}, buyer), 400, "INVALID_API_INPUT");
      expectError(await call("PATCH", `wishlists/${MY_LIST}`, { name: "" }, buyer), 400, "INVALID_API_INPUT");
      expect((await call("GET", "wishlists", undefined, buyer)).body.summaries[0].name).toBe("Coffee ideas");
    });

    it("deletes a list with its items (204), after which it is not found", async () => {
      const res = await call("DELETE", `wishlists/${MY_LIST}`, undefined, buyer);
      expect(res.status).toBe(204);
      expect(res.body).toBeNull();
      expectError(await call("GET", `wishlists/${MY_LIST}`, undefined, buyer), 404, "NOT_FOUND");
      expectError(await call("DELETE", `wishlists/${MY_LIST}`, undefined, buyer), 404, "NOT_FOUND");
      expect((await call("GET", "wishlists?includeDisplayedList=true", undefined, buyer)).body).toEqual({
        summaries: [],
        wishlistCount: 0,
      });
    });

    it("adds an item (201), answers the same item again with 200, and removes it (204)", async () => {
      const added = await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: ETHIOPIA }, buyer);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        wishlistItemId: expect.stringMatching(/^0Ho/),
        productSummary: { productId: ETHIOPIA, name: "Ethiopia Yirgacheffe Whole Bean, 12 oz", sku: "CB-ETH-YRG" },
        listPrice: "21.00",
        salesPrice: "18.50",
      });
      const again = await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: ETHIOPIA }, buyer);
      expect(again.status).toBe(200);
      expect(again.body.wishlistItemId).toBe(added.body.wishlistItemId);
      expect((await call("GET", `wishlists/${MY_LIST}`, undefined, buyer)).body.summary.wishlistProductCount).toBe(4);

      const itemPath = `wishlists/${MY_LIST}/wishlist-items/${added.body.wishlistItemId}`;
      expect((await call("DELETE", itemPath, undefined, buyer)).status).toBe(204);
      expectError(await call("DELETE", itemPath, undefined, buyer), 404, "NOT_FOUND");
      expectError(
        await call("DELETE", `wishlists/${MY_LIST}/wishlist-items/bad-id`, undefined, buyer),
        400,
        "INVALID_ID_FIELD",
      );
      expect((await call("GET", `wishlists/${MY_LIST}`, undefined, buyer)).body.summary.wishlistProductCount).toBe(3);
    });

    it("refuses an item without a product or with a product id that names none", async () => {
      const items = `wishlists/${MY_LIST}/wishlist-items`;
      expectError(await call("POST", items, {}, buyer), 400, "INVALID_API_INPUT");
      expectError(await call("POST", items, { productId: "hello" }, buyer), 400, "INVALID_ID_FIELD");
      expectError(await call("POST", items, { productId: "01tDM00000NOPE1" }, buyer), 400, "INVALID_ID_FIELD");
      expectError(
        await call("POST", "wishlists/0HnDM00000NOPE1/wishlist-items", { productId: ETHIOPIA }, buyer),
        404,
        "NOT_FOUND",
      );
    });

    it("adds a list to the active cart (created if needed), reporting products it can't add without failing", async () => {
      const res = await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart`, {}, buyer);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        cartId: expect.stringMatching(/^0a6/),
        productsRequestedCount: 3,
        productsSucceededCount: 2,
        productsFailedCount: 1,
        failedWishlistToCartItems: [
          {
            productId: OUT_OF_STOCK,
            errorCode: "ITEM_NOT_AVAILABLE",
            message: "No more available items for current product",
          },
        ],
      });
      expect(
        res.body.succeededWishlistToCartItems.map((r: any) => [r.status, r.cartItem.productId, r.cartItem.quantity]),
      ).toEqual([
        ["Success", GUATEMALA, "1.0"],
        ["Success", MUG, "1.0"],
      ]);
      const cart = await call("GET", "carts/active/cart-items", undefined, buyer);
      expect(cart.body.cartSummary.cartId).toBe(res.body.cartId);
      expect(cart.body.cartSummary.totalProductCount).toBe("2.0");

      // Again: the same cart, the lines merge.
      const again = await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart`, {}, buyer);
      expect(again.body.cartId).toBe(res.body.cartId);
      expect((await call("GET", "carts/active", undefined, buyer)).body.totalProductCount).toBe("4.0");
      // The list itself is unchanged.
      expect((await call("GET", `wishlists/${MY_LIST}`, undefined, buyer)).body.summary.wishlistProductCount).toBe(3);
    });

    it("adds to the cart named by cartId (query or body), with a quantity rule's minimum, and refuses a foreign cart", async () => {
      const created = await call("POST", "carts", { name: "Second" }, buyer);
      const cartId = created.body.cartId;
      await call("POST", `wishlists/${MY_LIST}/wishlist-items`, { productId: QUANTITY_RULE }, buyer);
      const res = await call(
        "POST",
        `wishlists/${MY_LIST}/actions/add-wishlist-to-cart?cartId=${cartId}`,
        undefined,
        buyer,
      );
      expect(res.body).toMatchObject({ cartId, productsRequestedCount: 4, productsSucceededCount: 3 });
      const rule = res.body.succeededWishlistToCartItems.find((r: any) => r.cartItem.productId === QUANTITY_RULE);
      expect(rule.cartItem.quantity).toBe("2.0");
      const viaBody = await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart`, { cartId }, buyer);
      expect(viaBody.body.cartId).toBe(cartId);

      expectError(
        await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart?cartId=0a6DM00000NOPE1`, {}, buyer),
        404,
        "NOT_FOUND",
      );
      expectError(
        await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart?cartId=bad`, {}, buyer),
        400,
        "INVALID_ID_FIELD",
      );
      const b2b = await login(target, "b2b@demo.store");
      const theirs = await call("POST", "carts", {}, b2b);
      expectError(
        await call("POST", `wishlists/${MY_LIST}/actions/add-wishlist-to-cart?cartId=${theirs.body.cartId}`, {}, buyer),
        404,
        "NOT_FOUND",
      );
    });
  });

  describe("through the webstore client", () => {
    const clientFor = async (username?: string) => {
      const auth = await login(target, username);
      return createWebstoreClient({
        fetch: target.fetch,
        baseUrl: target.baseUrl,
        webstoreId: WEBSTORE_ID,
        caches: createWebstoreCaches(),
        accessToken: auth.authorization.replace(/^Bearer /, ""),
        sleep: async () => {},
      });
    };

    it("addToWishlist creates 'My List' for a buyer without lists, then keeps using it", async () => {
      const client = await clientFor("b2b@demo.store");
      expect((await client.getWishlists()).wishlistCount).toBe(0);
      const first = await client.addToWishlist(ETHIOPIA);
      expect(first.item).toMatchObject({ productSummary: { productId: ETHIOPIA } });
      const second = await client.addToWishlist(MUG);
      expect(second.wishlistId).toBe(first.wishlistId);
      const summaries = await client.getWishlists({ includeDisplayedList: true });
      expect(summaries.wishlistCount).toBe(1);
      expect(summaries.summaries).toEqual([
        { id: first.wishlistId, name: DEFAULT_WISHLIST_NAME, wishlistProductCount: 2 },
      ]);
    });

    it("addToWishlist goes into the displayed (oldest) list, or the default list it is given", async () => {
      const client = await clientFor();
      const gifts = (await client.createWishlist({ name: "Gifts" })) as { summary: { id: string } };
      expect((await client.addToWishlist(ETHIOPIA)).wishlistId).toBe(MY_LIST);
      expect((await client.addToWishlist(ETHIOPIA, { defaultWishlistId: gifts.summary.id })).wishlistId).toBe(
        gifts.summary.id,
      );
      const mine = (await client.getWishlist(MY_LIST, { sortItemsBy: "CreatedDateDesc" })) as any;
      expect(mine.page.items[0].productSummary.productId).toBe(ETHIOPIA);
    });

    it("addWishlistToCart reports the out-of-stock product (ERR-100) and adds the rest", async () => {
      const client = await clientFor();
      const result = (await client.addWishlistToCart(MY_LIST)) as any;
      expect(result).toMatchObject({ productsRequestedCount: 3, productsSucceededCount: 2, productsFailedCount: 1 });
      expect(result.failedWishlistToCartItems).toEqual([
        {
          productId: OUT_OF_STOCK,
          errorCode: "ITEM_NOT_AVAILABLE",
          message: "No more available items for current product",
        },
      ]);
      const summary = await client.getCartCompactSummary();
      expect(summary.totalProductCount).toBe("2.0");
    });

    it("removes an item, renames and deletes a list; failures carry the HTTP status text (spec §8)", async () => {
      const client = await clientFor();
      await client.removeWishlistItem(MY_LIST, "0HoDM0000000003");
      expect(await client.updateWishlist(MY_LIST, { name: "Beans" })).toEqual({
        id: MY_LIST,
        name: "Beans",
        wishlistProductCount: 2,
      });
      await client.deleteWishlist(MY_LIST);
      const error = await client.getWishlist(MY_LIST).catch((e) => e);
      expect(isFetchError(error)).toBe(true);
      expect(error).toMatchObject({ status: 404, message: "Not Found" });
      expect(error.errors[0]).toMatchObject({ type: "NOT_FOUND" });
      const refused = await client.createWishlist({ name: "x".repeat(256) }).catch((e) => e);
      expect(refused).toMatchObject({ status: 400, message: "Bad Request" });
    });
  });
});
