import { describe, expect, it } from "vitest";
import { apiError, fakeFetch, json, noContent, rel, testClient } from "./fake-fetch.js";
import {
  CATALOG_MAX_STALE_MS,
  createWebstoreCaches,
  createWebstoreClient,
  DEFAULT_WISHLIST_NAME,
} from "../../server/webstore/index.js";

describe("catalog", () => {
  it("searches with POST search/product-search, sending only what is given", async () => {
    const { client, calls } = testClient(() => json({ productsPage: { products: [], total: 0 } }));
    await client.searchProducts({
      searchTerm: " bolt ",
      categoryId: "0ZGA",
      page: 0,
      pageSize: 12,
      sortRuleId: "0qUA",
      includePrices: true,
    });
    await client.searchProducts({ categoryId: "0ZGA" });
    expect(calls.map((c) => [c.method, rel(c), JSON.parse(c.body)])).toEqual([
      [
        "POST",
        "search/product-search",
        { searchTerm: "bolt", categoryId: "0ZGA", page: 0, pageSize: 12, sortRuleId: "0qUA", includePrices: true },
      ],
      ["POST", "search/product-search", { categoryId: "0ZGA" }],
    ]);
  });

  it("refuses a search without a term or a category before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.searchProducts({ searchTerm: "  ", page: 0 })).rejects.toThrow(TypeError);
    await expect(client.searchProducts({ searchTerm: "mug", pageSize: 201 })).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });

  it("reads products, prices and categories at their Connect paths", async () => {
    const { client, calls } = testClient(() => json({}));
    await client.getProduct("01tA", { fields: ["Name", "Description"] });
    await client.getProducts(["01tA", "01tB"], { fields: ["Name"] });
    await client.getProductPrice("01tA");
    await client.getProductPrices(["01tA", "01tB"]);
    await client.getCategories();
    await client.getCategories("0ZGA");
    await client.getCategory("0ZGA");
    await client.getCategoryPath("0ZGA");
    expect(calls.map((c) => [c.method, rel(c) + c.url.search])).toEqual([
      ["GET", "products/01tA?fields=Name%2CDescription"],
      ["GET", "products?ids=01tA%2C01tB&fields=Name"],
      ["GET", "pricing/products/01tA"],
      ["GET", "pricing/products?productIds=01tA%2C01tB"],
      ["GET", "product-categories/children"],
      ["GET", "product-categories/children?parentProductCategoryId=0ZGA"],
      ["GET", "product-categories/0ZGA"],
      ["GET", "product-category-path/product-categories/0ZGA"],
    ]);
  });

  it("prices several products with POST before 54.0, where the GET form is missing", async () => {
    const { client, calls } = testClient(() => json({}), { apiVersion: "v53.0" });
    await client.getProductPrices(["01tA", "01tB"]);
    expect(calls[0].method).toBe("POST");
    expect(JSON.parse(calls[0].body)).toEqual({ pricingLineItems: [{ productId: "01tA" }, { productId: "01tB" }] });
  });

  it("caches the sort rules for the default lifetime", async () => {
    let now = 0;
    const rules = { sortRules: [{ sortRuleId: "0qUA", label: "Best Match" }] };
    const fake = fakeFetch(() => json(rules));
    const client = createWebstoreClient({
      fetch: fake.fetch,
      baseUrl: "https://api.test",
      webstoreId: "0ZE1",
      caches: createWebstoreCaches({ now: () => now }),
    });
    expect(await client.getSortRules()).toEqual(rules);
    now += 60_000;
    await client.getSortRules();
    expect(fake.calls.map((c) => c.url.pathname)).toEqual([
      "/services/data/v65.0/commerce/webstores/0ZE1/search/sort-rules",
    ]);
    now += 300_000;
    await client.getSortRules();
    expect(fake.calls).toHaveLength(2);
  });

  it("shares category children per parent and catalog scope (effective account, currency) while fresh", async () => {
    let now = 1_000;
    const caches = createWebstoreCaches({ now: () => now });
    const fake = fakeFetch(() => json({ productCategories: [{ id: "0ZGA" }] }));
    const make = (options: { effectiveAccountId?: string; currencyIsoCode?: string } = {}) =>
      createWebstoreClient({ fetch: fake.fetch, baseUrl: "https://api.test", webstoreId: "0ZE1", caches, ...options });
    expect(await make().getCategories()).toEqual({ productCategories: [{ id: "0ZGA" }] });
    await make().getCategories();
    expect(fake.calls).toHaveLength(1);
    await make({ effectiveAccountId: "001B" }).getCategories();
    await make({ currencyIsoCode: "EUR" }).getCategories();
    await make().getCategories("0ZGA");
    expect(fake.calls).toHaveLength(4);
    now += CATALOG_MAX_STALE_MS + 1;
    await make().getCategories();
    expect(fake.calls).toHaveLength(5);
  });

  it("reads the category menu at category-menu-items from 64.0, and refuses it before", async () => {
    const { client, calls } = testClient(() => json({ menuItems: [] }));
    expect(await client.getCategoryMenuItems({ maxLevels: 1 })).toEqual({ menuItems: [] });
    await client.getCategoryMenuItems();
    expect(calls.map((c) => [c.method, rel(c) + c.url.search])).toEqual([
      ["GET", "category-menu-items?maxLevels=1"],
      ["GET", "category-menu-items"],
    ]);
    const old = testClient(() => json({ menuItems: [] }), { apiVersion: "v63.0" });
    await expect(old.client.getCategoryMenuItems()).rejects.toThrow(TypeError);
    expect(old.calls).toHaveLength(0);
  });

  it("refuses a blank product id before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.getProduct("")).rejects.toThrow("productId is required");
    expect(calls).toHaveLength(0);
  });
});

describe("wishlists", () => {
  it("call the wishlist resources", async () => {
    const { client, calls } = testClient((req) => (req.method === "DELETE" ? noContent() : json({})));
    await client.getWishlists({ includeDisplayedList: true, pageSize: 10 });
    await client.getWishlist("0HnA", { sortItemsBy: "CreatedDateAsc" });
    await client.createWishlist({ name: "Gifts" });
    await client.updateWishlist("0HnA", { name: "Renamed" });
    await client.addWishlistItem("0HnA", "01tA");
    await client.removeWishlistItem("0HnA", "0HoA");
    await client.deleteWishlist("0HnA");
    await client.addWishlistToCart("0HnA", "0a6A");
    expect(calls.map((c) => [c.method, rel(c) + c.url.search])).toEqual([
      ["GET", "wishlists?includeDisplayedList=true&pageSize=10"],
      ["GET", "wishlists/0HnA?sortItemsBy=CreatedDateAsc"],
      ["POST", "wishlists"],
      ["PATCH", "wishlists/0HnA"],
      ["POST", "wishlists/0HnA/wishlist-items"],
      ["DELETE", "wishlists/0HnA/wishlist-items/0HoA"],
      ["DELETE", "wishlists/0HnA"],
      ["POST", "wishlists/0HnA/actions/add-wishlist-to-cart?cartId=0a6A"],
    ]);
    expect(JSON.parse(calls[4].body)).toEqual({ productId: "01tA" });
  });

  it("require a wishlist id for items and add-to-cart", async () => {
    const { client, calls } = testClient();
    await expect(client.addWishlistItem("", "01tA")).rejects.toThrow("wishlistId is required");
    await expect(client.addWishlistToCart("")).rejects.toThrow("wishlistId is required");
    expect(calls).toHaveLength(0);
  });

  it("add to the known default list without looking it up", async () => {
    const { client, calls } = testClient(() => json({ wishlistItemId: "0HoA" }, 201));
    expect(await client.addToWishlist("01tA", { defaultWishlistId: "0HnD" })).toEqual({
      wishlistId: "0HnD",
      item: { wishlistItemId: "0HoA" },
    });
    expect(calls.map(rel)).toEqual(["wishlists/0HnD/wishlist-items"]);
  });

  it("add to the displayed list when no default is known", async () => {
    const { client, calls } = testClient((req) =>
      req.method === "GET" ? json({ displayedList: { summary: { id: "0HnOld" } }, wishlistCount: 2 }) : json({}, 201),
    );
    expect((await client.addToWishlist("01tA")).wishlistId).toBe("0HnOld");
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["GET", "wishlists"],
      ["POST", "wishlists/0HnOld/wishlist-items"],
    ]);
  });

  it("create 'My List' when the shopper has no list", async () => {
    const { client, calls } = testClient((req) => {
      if (req.method === "GET") return json({ summaries: [], wishlistCount: 0 });
      return new URL(req.url).pathname.endsWith("/wishlists")
        ? json({ summary: { id: "0HnNew" } }, 201)
        : json({}, 201);
    });
    expect((await client.addToWishlist("01tA")).wishlistId).toBe("0HnNew");
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["GET", "wishlists"],
      ["POST", "wishlists"],
      ["POST", "wishlists/0HnNew/wishlist-items"],
    ]);
    expect(JSON.parse(calls[1].body)).toEqual({ name: DEFAULT_WISHLIST_NAME });
  });
});

describe("order summaries", () => {
  it("call the order resources with their queries", async () => {
    const { client, calls } = testClient(() => json({}));
    await client.getOrderSummary("1OsA", { fields: ["OrderedDate"], includeAdjustmentDetails: true });
    await client.getOrderSummaries({ pageSize: 10, sortOrder: "OrderedDateDesc" });
    await client.getOrderDeliveryGroups("1OsA");
    await client.getOrderItems("1OsA", { orderDeliveryGroupSummaryId: "0agA", pageSize: 5 });
    await client.getOrderAdjustments("1OsA");
    await client.getOrderItemAdjustments("1OsA", ["10uA", "10uB"]);
    await client.getPurchasedProducts();
    expect(calls.map((c) => [c.method, rel(c) + c.url.search])).toEqual([
      ["GET", "order-summaries/1OsA?fields=OrderedDate&includeAdjustmentDetails=true"],
      ["GET", "order-summaries?pageSize=10&sortOrder=OrderedDateDesc"],
      ["GET", "order-summaries/1OsA/delivery-groups"],
      ["GET", "order-summaries/1OsA/items?orderDeliveryGroupSummaryId=0agA&pageSize=5"],
      ["GET", "order-summaries/1OsA/adjustments"],
      ["POST", "order-summaries/1OsA/items/adjustments"],
      ["GET", "order-summaries/purchased-products"],
    ]);
    expect(JSON.parse(calls[5].body)).toEqual({
      orderItemSummaries: [{ orderItemSummaryId: "10uA" }, { orderItemSummaryId: "10uB" }],
    });
  });

  it("refuse blank ids with a TypeError before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.getOrderSummary(" ")).rejects.toBeInstanceOf(TypeError);
    await expect(client.getOrderItemAdjustments("1OsA", [])).rejects.toBeInstanceOf(TypeError);
    await expect(client.lookupOrder({ orderSummaryIdOrRefNumber: "" })).rejects.toBeInstanceOf(TypeError);
    await expect(client.addOrderToCart({ cartStateOrId: "", orderSummaryIdOrRefNumber: "A1" })).rejects.toBeInstanceOf(
      TypeError,
    );
    expect(calls).toHaveLength(0);
  });

  it("look up an order with the guest verification and authorise guest access", async () => {
    const { client, calls } = testClient(() => json({ accessToken: "ot" }));
    const verification = { lastName: "Lovelace", email: "ada@example.com", phoneNumber: "5550000000" };
    await client.lookupOrder({ orderSummaryIdOrRefNumber: "ER37G", verification });
    await client.lookupOrderWithToken(
      { orderSummaryIdOrRefNumber: "ER37G", accessToken: "ot" },
      { fields: ["Status"] },
    );
    await client.addOrderToCart({ cartStateOrId: "current", orderSummaryIdOrRefNumber: "ER37G", verification });
    await client.authorizeGuestOrder({ orderSummaryRefNumber: "ER37G", email: "ada@example.com", phoneNumber: "555" });
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["POST", "order-summaries/actions/lookup"],
      ["GET", "order-summaries/actions/lookup"],
      ["POST", "order-summaries/actions/add-order-to-cart"],
      ["POST", "order-summaries/actions/authorize"],
    ]);
    expect(JSON.parse(calls[0].body)).toEqual({ orderSummaryIdOrRefNumber: "ER37G", verification });
    expect(Object.fromEntries(calls[1].url.searchParams)).toEqual({
      fields: "Status",
      orderSummaryIdOrRefNumber: "ER37G",
      accessToken: "ot",
    });
  });

  it("fail with the HTTP status text", async () => {
    const { client } = testClient(() => apiError(403, "INSUFFICIENT_ACCESS", "You cannot see this order"));
    await expect(client.getOrderSummaries()).rejects.toMatchObject({
      message: "Forbidden",
      code: "INSUFFICIENT_ACCESS",
    });
  });
});
