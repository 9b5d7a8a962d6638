import { beforeAll, describe, expect, it } from "vitest";
import { TARGET_NAMES, at } from "./targets.js";
import { useTarget } from "./use-target.js";
import { P, add, expectError, newCart, shopper, type Shopper } from "./carts-helpers.js";

// Listing a cart's items (paging, sorting) and its products.
describe.each(TARGET_NAMES)("cart endpoints (%s)", (name) => {
  const { target } = useTarget(name);

  describe("listing", () => {
    let guest: Shopper;
    let cartId: string;
    const products = [P.dinerMug, P.frenchPress, P.filters, P.tamper, P.glassMug];
    beforeAll(async () => {
      guest = shopper(target);
      cartId = await newCart(guest);
      for (const p of products) await add(guest, cartId, p, "1");
    });

    it("pages by number, clamping past the end", async () => {
      const page3 = await guest("GET", `carts/${cartId}/cart-items?pageSize=2&pageNumber=3`);
      expect(page3.body).toMatchObject({
        currentPage: 3,
        totalNumberOfPages: 3,
        totalItemCount: 5,
        nextPageToken: null,
        nextPageUrl: null,
      });
      expect(page3.body.cartItems).toHaveLength(1);
      const clamped = await guest("GET", `carts/${cartId}/cart-items?pageSize=2&pageNumber=9`);
      expect(clamped.body.currentPage).toBe(3);
    });

    it("pages by token through every item once, with urls", async () => {
      const seen: string[] = [];
      let res = await guest("GET", `carts/${cartId}/cart-items?pageSize=2`);
      expect(res.body.previousPageToken).toBeNull();
      for (;;) {
        seen.push(...res.body.cartItems.map((i: any) => i.cartItem.productId));
        if (!res.body.nextPageToken) break;
        expect(res.body.nextPageUrl).toContain(`page=${res.body.nextPageToken}`);
        res = await guest("GET", `carts/${cartId}/cart-items?pageSize=2&page=${res.body.nextPageToken}`);
        expect(res.body.previousPageToken).toEqual(expect.any(String));
      }
      expect(seen.sort()).toEqual([...products].sort());
      expectError(await guest("GET", `carts/${cartId}/cart-items?page=garbage`), 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
    });

    it("sorts newest first by default, and by name or price on request", async () => {
      const ids = async (sort?: string) =>
        (await guest("GET", `carts/${cartId}/cart-items${sort ? `?sort=${sort}` : ""}`)).body.cartItems.map(
          (i: any) => i.cartItem.productId,
        );
      expect(await ids()).toEqual([...products].reverse());
      expect(await ids("CreatedDateAsc")).toEqual(products);
      const byName = (await guest("GET", `carts/${cartId}/cart-items?sort=NameAsc`)).body.cartItems.map(
        (i: any) => i.cartItem.name,
      );
      expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b)));
      const prices = (await guest("GET", `carts/${cartId}/cart-items?sort=SalesPriceDesc`)).body.cartItems.map(
        (i: any) => Number(i.cartItem.salesPrice),
      );
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });

    it("rejects an unknown sort and a page size outside 1-100", async () => {
      for (const q of ["sort=Cheapest", "pageSize=0", "pageSize=101", "pageSize=ten"]) {
        expectError(await guest("GET", `carts/${cartId}/cart-items?${q}`), 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
      }
    });

    it("lists the cart's products sorted by product id, with product fields on request", async () => {
      const res = await guest(
        "GET",
        `carts/${cartId}/products?pageSize=25&pageNumber=1&productFields=Name,StockKeepingUnit`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        count: 5,
        currentPage: 1,
        hasErrors: false,
        totalItemCount: 5,
        totalNumberOfPages: 1,
      });
      expect(res.body.products.map((p: any) => p.productId)).toEqual([...products].sort());
      expect(res.body.products[0].fields).toEqual({ Name: expect.any(String), StockKeepingUnit: expect.any(String) });
    });

    // Commerce Webstore Cart Items (…_cart_items.htm, 49.0) and Cart Product (…_cart_product.htm, 60.0): productFields
    // is a "comma-separated list of up to five product fields".
    it("takes up to five productFields on the cart resources and refuses a sixth", async () => {
      const five = "Name,StockKeepingUnit,Description,ProductCode,Family";
      const six = `${five},IsActive`;
      for (const path of [`carts/${cartId}/cart-items`, `carts/${cartId}/products`]) {
        expect((await guest("GET", `${path}?productFields=${five}`)).status).toBe(200);
        expectError(await guest("GET", `${path}?productFields=${six}`), 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
      }
      expectError(
        await guest("GET", `carts/${cartId}/products/${products[0]}?productFields=${six}`),
        400,
        "ILLEGAL_QUERY_PARAMETER_VALUE",
      );
      expectError(
        await guest("POST", `carts/${cartId}/cart-items?productFields=${six}`, {
          productId: P.filters,
          quantity: "1",
          type: "Product",
        }),
        400,
        "ILLEGAL_QUERY_PARAMETER_VALUE",
      );
    });

    // Cart Item Product (ConnectApi.CartItemProduct, apex-connectapi-output-cart-product-summary.html): variationAttributes
    // 50.0, purchaseQuantityRule 52.0, productClass 63.0, productUrlName 64.0; isConfigurationAllowed 65.0 (reference §3).
    it("answers each product field of a cart item from the version its page lists", async () => {
      const product = async (version: string) =>
        (await guest("GET", at(version, `carts/${cartId}/cart-items?pageSize=1`))).body.cartItems[0].cartItem
          .productDetails;
      const always = ["productId", "name", "sku", "fields", "thumbnailImage"];
      expect(Object.keys(await product("v49.0"))).toEqual(always);
      expect(Object.keys(await product("v62.0"))).toEqual([...always, "variationAttributes", "purchaseQuantityRule"]);
      expect(Object.keys(await product("v64.0"))).toEqual([
        ...always,
        "variationAttributes",
        "purchaseQuantityRule",
        "productClass",
        "productUrlName",
      ]);
      expect(await product("v65.0")).toMatchObject({ productClass: "Simple", isConfigurationAllowed: false });
      const listed = (await guest("GET", at("v60.0", `carts/${cartId}/products`))).body.products[0];
      expect(listed).not.toHaveProperty("productClass");
      expect(listed).toHaveProperty("purchaseQuantityRule");
    });

    it("answers one product of the cart (GET carts/{id}/products/{productId}, 60.0) like its entry in the list", async () => {
      const list = await guest("GET", `carts/${cartId}/products?productFields=Name`);
      const [first] = list.body.products;
      const one = await guest("GET", `carts/${cartId}/products/${first.productId}?productFields=Name`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(first);
      expect(one.body).toMatchObject({
        productId: first.productId,
        quantity: expect.stringMatching(/\.0$/),
        cartItemIds: [expect.stringMatching(/^0a9/)],
      });
      expectError(await guest("GET", `carts/${cartId}/products/${P.commercialEspresso}`), 404, "NOT_FOUND");
      expectError(await guest("GET", `carts/${cartId}/products/not-a-product`), 400, "INVALID_ID_FIELD");
      expectError(await guest("GET", at("v59.0", `carts/${cartId}/products/${first.productId}`)), 404, "NOT_FOUND");
    });
  });
});
