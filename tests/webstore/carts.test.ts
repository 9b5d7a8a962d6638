import { describe, expect, it } from "vitest";
import { apiError, json, noContent, rel, testClient } from "./fake-fetch.js";
import {
  CartItemCollectionSchema,
  CartSummarySchema,
  INVALID_QUANTITY,
  type FetchError,
} from "../../server/webstore/index.js";

const summary = { cartId: "0a6A", currencyIsoCode: "USD", totalProductCount: "2.0", uniqueProductCount: 1 };

describe("carts", () => {
  it("creates with POST carts (201) and ensures the active cart with PUT carts/active", async () => {
    const { client, calls } = testClient((req) => json(summary, req.method === "POST" ? 201 : 200));
    expect(await client.createCart()).toEqual({ status: 201, processing: false, data: summary });
    expect(await client.ensureActiveCart()).toMatchObject({ status: 200, data: { cartId: "0a6A" } });
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["POST", "carts"],
      ["PUT", "carts/active"],
    ]);
    expect(JSON.parse(calls[0].body)).toEqual({});
  });

  it("reads the current cart by default; counts come from the compact summary, or for a named cart its summary", async () => {
    const { client, calls } = testClient(() => json({ ...summary, grandTotalAmount: "24.00" }));
    await client.getCart();
    expect(await client.getCartCompactSummary("0a6A")).toEqual(summary);
    await client.getCartCompactSummary();
    expect(calls.map(rel)).toEqual(["carts/current", "carts/0a6A", "carts/compact-summary"]);
  });

  it("counts from the cart summary before 64.0, where there is no compact summary", async () => {
    const { client, calls } = testClient(() => json({ ...summary, grandTotalAmount: "24.00" }), {
      apiVersion: "v63.0",
    });
    expect(await client.getCartCompactSummary()).toEqual(summary);
    expect(calls.map((c) => c.url.pathname)).toEqual([
      "/services/data/v63.0/commerce/webstores/0ZEDM0000000001/carts/current",
    ]);
  });

  it("lists cart items with the spec defaults: newest first, 25 per page", async () => {
    const { client, calls } = testClient(() => json({ cartItems: [], cartSummary: summary }));
    await client.getCartItems("current");
    expect(rel(calls[0])).toBe("carts/current/cart-items");
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ sort: "CreatedDateDesc", pageSize: "25" });
  });

  it("forwards the cart item options", async () => {
    const { client, calls } = testClient(() => json({ cartItems: [] }));
    await client.getCartItems("0a6A", {
      includePromotions: true,
      includeCoupons: false,
      sort: "NameAsc",
      productFields: ["Name", "StockKeepingUnit"],
      pageNumber: 2,
      pageSize: 100,
    });
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      includePromotions: "true",
      includeCoupons: "false",
      sort: "NameAsc",
      productFields: "Name,StockKeepingUnit",
      pageNumber: "2",
      pageSize: "100",
    });
  });

  it("refuses a page size outside 1-100 before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.getCartItems("current", { pageSize: 101 })).rejects.toBeInstanceOf(RangeError);
    await expect(client.getCartItems("current", { pageSize: 0 })).rejects.toBeInstanceOf(RangeError);
    expect(calls).toHaveLength(0);
  });

  it("reports a cart still processing", async () => {
    const { client } = testClient(() =>
      json({ cartItems: [], cartSummary: { ...summary, asyncOperationStatus: "Processing" } }),
    );
    expect((await client.getCartItems("current")).processing).toBe(true);
  });
});

describe("cart items", () => {
  it("adds an item with a string quantity and type Product", async () => {
    const { client, calls } = testClient(() =>
      json({ cartItemId: "0a9A", productId: "01tA", quantity: "3", type: "Product" }, 201),
    );
    const answer = await client.addCartItem("current", {
      productId: "01tA",
      quantity: 3,
      productSellingModelId: "0jP1",
      subscriptionTerm: 12,
    });
    expect(answer).toMatchObject({ status: 201, processing: false, data: { cartItemId: "0a9A" } });
    expect(JSON.parse(calls[0].body)).toEqual({
      productId: "01tA",
      quantity: "3",
      type: "Product",
      productSellingModelId: "0jP1",
      subscriptionTerm: 12,
    });
  });

  it("shows a 202 add as processing", async () => {
    const { client } = testClient(() =>
      json({ cartItemId: null, productId: "01tA", quantity: "1", type: "Product" }, 202),
    );
    expect(await client.addCartItem("current", { productId: "01tA", quantity: "1" })).toMatchObject({
      processing: true,
    });
  });

  it("refuses quantities outside 1..100000000 with product error 107, before any request", async () => {
    const { client, calls } = testClient();
    for (const quantity of [0, 100_000_001, Number.NaN, "abc"]) {
      await expect(client.addCartItem("current", { productId: "01tA", quantity })).rejects.toMatchObject({
        code: INVALID_QUANTITY,
        message: "Requested quantity is invalid",
      });
    }
    await expect(client.updateCartItem("current", "0a9A", { quantity: -1 })).rejects.toMatchObject({
      code: INVALID_QUANTITY,
    });
    expect(calls).toHaveLength(0);
  });

  it("accepts the quantity limits themselves", async () => {
    const { client, calls } = testClient(() => json({ cartItemId: "0a9A" }));
    await client.updateCartItem("current", "0a9A", { quantity: 100_000_000 });
    await client.updateCartItem("current", "0a9A", { quantity: 1 });
    expect(calls.map((c) => [c.method, rel(c), JSON.parse(c.body)])).toEqual([
      ["PATCH", "carts/current/cart-items/0a9A", { quantity: "100000000" }],
      ["PATCH", "carts/current/cart-items/0a9A", { quantity: "1" }],
    ]);
  });

  it("adds a batch as rich inputs", async () => {
    const { client, calls } = testClient(() =>
      json({ hasErrors: false, results: [{ statusCode: 201, result: { cartItemId: "0a9A" } }] }),
    );
    const result = await client.addCartItems("current", [
      { productId: "01tA", quantity: 1 },
      { productId: "01tB", quantity: "2" },
    ]);
    expect(result.hasErrors).toBe(false);
    expect(rel(calls[0])).toBe("carts/current/cart-items/batch");
    expect(JSON.parse(calls[0].body)).toEqual({
      inputs: [
        { richInput: { productId: "01tA", quantity: "1", type: "Product" } },
        { richInput: { productId: "01tB", quantity: "2", type: "Product" } },
      ],
    });
  });

  it("turns a batch with errors into an error carrying the first failed result (spec §8)", async () => {
    const body = {
      hasErrors: true,
      results: [
        { statusCode: 201, result: { cartItemId: "0a9A" } },
        { statusCode: 400, result: [{ errorCode: "MAX_LIMIT_EXCEEDED", message: "Too many of 01tB" }] },
        { statusCode: 404, result: [{ errorCode: "NOT_FOUND", message: "No 01tC" }] },
      ],
    };
    const { client } = testClient(() => json(body));
    const error = (await client
      .addCartItems("current", [
        { productId: "01tA", quantity: 1 },
        { productId: "01tB", quantity: 1 },
        { productId: "01tC", quantity: 1 },
      ])
      .catch((e) => e)) as FetchError;
    expect(error).toMatchObject({
      name: "FetchError",
      code: "MAX_LIMIT_EXCEEDED",
      message: "Too many of 01tB",
      status: 400,
    });
    expect(error.body).toEqual(body);
  });

  it("refuses an empty or oversized batch", async () => {
    const { client, calls } = testClient();
    await expect(client.addCartItems("current", [])).rejects.toBeInstanceOf(RangeError);
    const many = Array.from({ length: 101 }, () => ({ productId: "01tA", quantity: 1 }));
    await expect(client.addCartItems("current", many)).rejects.toBeInstanceOf(RangeError);
    expect(calls).toHaveLength(0);
  });

  it("deletes items and carts", async () => {
    const { client, calls } = testClient(() => noContent());
    await client.deleteCartItem("0a6A", "0a9A");
    await client.deleteCart("0a6A");
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["DELETE", "carts/0a6A/cart-items/0a9A"],
      ["DELETE", "carts/0a6A"],
    ]);
  });

  it("refuses a blank cart id before any request", async () => {
    const { client, calls } = testClient();
    await expect(client.getCartItems(" ")).rejects.toThrow("cartStateOrId is required");
    expect(calls).toHaveLength(0);
  });
});

describe("coupons", () => {
  it("applies with POST cart-coupons and removes with DELETE cart-coupons/{id}", async () => {
    const coupons = { cartCoupons: { coupons: [{ cartCouponId: "4r0A", couponCode: "SAVE10" }] }, cartId: "0a6A" };
    const { client, calls } = testClient((req) => (req.method === "DELETE" ? noContent() : json(coupons, 201)));
    expect(await client.applyCoupon("current", "SAVE10")).toEqual(coupons);
    await client.removeCoupon("current", "4r0A");
    expect(calls.map((c) => [c.method, rel(c), c.body])).toEqual([
      ["POST", "carts/current/cart-coupons", JSON.stringify({ couponCode: "SAVE10" })],
      ["DELETE", "carts/current/cart-coupons/4r0A", ""],
    ]);
  });

  it("surfaces a refused coupon as its code", async () => {
    const { client } = testClient(() => apiError(400, "ALREADY_APPLIED", "Coupon already applied"));
    await expect(client.applyCoupon("current", "SAVE10")).rejects.toMatchObject({ code: "ALREADY_APPLIED" });
  });
});

describe("inventory reservation", () => {
  // Documented for 58.0-63.0 only.
  const v63 = { apiVersion: "v63.0" };

  it("reserves nothing, without a request, at a version without reservations", async () => {
    for (const apiVersion of ["v57.0", "v64.0", "v65.0"]) {
      const { client, calls } = testClient(() => json({}), { apiVersion });
      expect(await client.reserveInventory("0a6A")).toBeNull();
      expect(calls).toHaveLength(0);
    }
  });

  it("uses the application context's reservation time when none is given", async () => {
    const { client, calls } = testClient(
      (req) =>
        new URL(req.url).pathname.endsWith("application-context")
          ? json({ inventoryConfiguration: { inventoryDefaultSource: { reservationInSeconds: 900 } } })
          : json({}),
      v63,
    );
    await client.reserveInventory("0a6A");
    expect(calls.map((c) => [c.method, c.url.pathname.replace(/.*\/webstores\/[^/]+\//, "")])).toEqual([
      ["GET", "application-context"],
      ["PUT", "carts/0a6A/inventory-reservations"],
    ]);
    expect(JSON.parse(calls[1].body)).toEqual({ durationInSeconds: 900 });
  });

  it("falls back to 14400 s, and sends a given duration as is", async () => {
    const { client, calls } = testClient(() => json({}), v63);
    await client.reserveInventory("0a6A");
    await client.reserveInventory("0a6A", { durationInSeconds: 60 });
    const bodies = calls.filter((c) => c.method === "PUT").map((c) => JSON.parse(c.body));
    expect(bodies).toEqual([{ durationInSeconds: 14400 }, { durationInSeconds: 60 }]);
  });
});

describe("cart products, preserve and clone", () => {
  it("lists cart products 25 at a time from page 1", async () => {
    const { client, calls } = testClient(() => json({ products: [] }));
    await client.getCartProducts("0a6A");
    expect(rel(calls[0])).toBe("carts/0a6A/products");
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ pageSize: "25", pageNumber: "1" });
  });

  it('preserves a guest cart and reads an empty answer as "nothing done"', async () => {
    const done = { cartId: "0a6B", numberOfProducts: 2, numberOfProductsWithSuccess: 1, numberOfProductsWithError: 1 };
    const { client, calls } = testClient((_req, i) => (i === 0 ? json(done) : new Response("", { status: 200 })));
    expect(await client.preserveCart("0a6G")).toEqual(done);
    expect(await client.preserveCart("0a6G")).toBeNull();
    expect(calls.map((c) => [c.method, rel(c)])[0]).toEqual(["POST", "carts/0a6G/actions/preserve"]);
  });

  it("clones to a PayNowReadOnly cart for the target account", async () => {
    const { client, calls } = testClient(() => json(summary));
    await client.cloneCart("0a6A", { targetEffectiveAccountId: "001T" });
    expect(rel(calls[0])).toBe("carts/0a6A/actions/clone");
    expect(calls[0].url.searchParams.get("targetEffectiveAccountId")).toBe("001T");
    expect(calls[0].url.searchParams.get("targetType")).toBe("PayNowReadOnly");
    await expect(client.cloneCart("0a6A", { targetEffectiveAccountId: "" })).rejects.toThrow(
      "targetEffectiveAccountId is required",
    );
    expect(calls).toHaveLength(1);
  });

  it("makes a cart primary, and copies a cart onto a wishlist with the list in the body", async () => {
    const copied = { wishlistId: "0HnA", productsRequestedCount: 2, productsSucceededCount: 2, productsFailedCount: 0 };
    const { client, calls } = testClient((req) =>
      json(new URL(req.url).pathname.endsWith("make-primary") ? { isSuccess: true, message: null } : copied),
    );
    expect(await client.makeCartPrimary("0a6B")).toEqual({ isSuccess: true, message: null });
    expect(await client.addCartToWishlist("0a6B", "0HnA")).toEqual(copied);
    expect(calls.map((c) => [c.method, rel(c)])).toEqual([
      ["POST", "carts/0a6B/actions/make-primary"],
      ["POST", "carts/0a6B/actions/add-cart-to-wishlist"],
    ]);
    expect(JSON.parse(calls[1].body)).toEqual({ wishlistId: "0HnA" });
    await expect(client.addCartToWishlist("0a6B", "")).rejects.toThrow("wishlistId is required");
    expect(calls).toHaveLength(2);
  });
});

describe("cart schemas", () => {
  const item = {
    cartItemId: "0a9A",
    productId: "01tA",
    quantity: "2.0",
    type: "Product",
    listPrice: "12.99",
    salesPrice: "11.5",
    totalPrice: "23.00",
    totalTax: null,
    productDetails: { productId: "01tA", name: "Widget", sku: "W-1", fields: { Name: "Widget" } },
  };

  it("accept the API shapes, with money and quantities as strings and extra fields kept", () => {
    const parsed = CartItemCollectionSchema.parse({
      cartItems: [{ cartItem: item, status: "Success", message: null }],
      cartSummary: { ...summary, grandTotalAmount: "23.00", hasGift: false },
      hasErrors: false,
      nextPageToken: null,
      currentPage: 1,
      totalItemCount: 1,
      totalNumberOfPages: 1,
    });
    expect(parsed.cartSummary).toMatchObject({ hasGift: false });
    expect(CartSummarySchema.parse({ cartId: null, totalProductCount: "0", uniqueProductCount: 0 }).cartId).toBeNull();
  });

  it("reject money or quantities sent as numbers", () => {
    expect(CartSummarySchema.safeParse({ ...summary, grandTotalAmount: 23 }).success).toBe(false);
    expect(CartItemCollectionSchema.safeParse({ cartItems: [{ cartItem: { ...item, quantity: 2 } }] }).success).toBe(
      false,
    );
  });
});
