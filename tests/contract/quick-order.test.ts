/**
 * What the quick order relies on (docs/emulator.md, "Quick order"), against both targets, through raw requests and
 * the storefront's client:
 * - products by SKU: GET products?skus= (Commerce Webstore Products,
 *   https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_products.htm;
 *   its entries are ConnectApi.ProductOverview,
 *   https://developer.salesforce.com/docs/atlas.en-us.apexref.meta/apexref/apex_connectapi_output_product_overview.htm):
 *   each SKU's product, and a failed entry for a SKU that names none;
 * - cart-items/batch (Commerce Webstore Cart Items, Batch,
 *   https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_cart_items_batch.htm):
 *   up to 100 inputs, a result per input in their order, a refused input refusing only itself with the product
 *   error of the spec's 100-107.
 */
import { describe, expect, it } from "vitest";
import { isFetchError } from "../../server/webstore/index.js";
import { TARGET_NAMES, guestClients, login } from "./targets.js";
import { useTarget } from "./use-target.js";
import { P, expectError, newCart, shopper } from "./carts-helpers.js";

const input = (productId: string, quantity = "1") => ({ richInput: { productId, quantity, type: "Product" } });
const UNKNOWN_PRODUCT = "01tDM00000ZZZZZ";

describe.each(TARGET_NAMES)("quick order's API calls (%s)", (name) => {
  const { target, call } = useTarget(name);

  describe("GET products?skus=", () => {
    it("names each SKU's product and answers a SKU that names none with a failed entry", async () => {
      const res = await call("GET", "products?skus=CB-ETH-YRG,NO-SUCH-SKU,ERR-103&fields=Name&excludeMedia=true");
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      const bySku = Object.fromEntries(
        res.body.products.filter((p: any) => p.success).map((p: any) => [p.sku, p] as const),
      );
      // The fields ConnectApi.ProductOverview documents: id, sku, the fields asked for, success, error, defaultImage.
      expect(bySku["CB-ETH-YRG"]).toMatchObject({
        id: "01tDM0000000001",
        sku: "CB-ETH-YRG",
        fields: { Name: "Ethiopia Yirgacheffe Whole Bean, 12 oz" },
        defaultImage: null,
        success: true,
        error: null,
      });
      // A variation parent is found (the cart refuses it: product error 103, below).
      expect(bySku["ERR-103"]).toMatchObject({ id: P.err103, sku: "ERR-103" });
      const failed = res.body.products.filter((p: any) => !p.success);
      expect(failed).toEqual([
        expect.objectContaining({
          id: null,
          success: false,
          error: expect.objectContaining({ errorCode: "INVALID_ID_FIELD" }),
        }),
      ]);
    });

    it("takes 100 SKUs in one request, through the storefront's client", async () => {
      const client = (await guestClients(target))();
      const skus = ["CB-ETH-YRG", "MUG-DINER-12", ...Array.from({ length: 98 }, (_, i) => `NO-SUCH-${i}`)];
      const answer = await client.getProductsBySku(skus, { fields: ["Name"] });
      expect(answer.products).toHaveLength(100);
      expect(answer.products.filter((p) => p.success).map((p) => p.sku)).toEqual(["CB-ETH-YRG", "MUG-DINER-12"]);
    });

    it("refuses ids and skus together, and neither (INVALID_API_INPUT)", async () => {
      expectError(await call("GET", `products?ids=${P.dinerMug}&skus=MUG-DINER-12`), 400, "INVALID_API_INPUT");
      expectError(await call("GET", "products?skus="), 400, "INVALID_API_INPUT");
    });
  });

  describe("POST cart-items/batch", () => {
    it("answers each line in order: the spec's product errors 101, 103, 107 and an unknown product refuse only their own line", async () => {
      const guest = shopper(target);
      const cartId = await newCart(guest);
      const res = await guest("POST", `carts/${cartId}/cart-items/batch`, {
        inputs: [
          input(P.dinerMug, "2"),
          input(P.err101, "5"),
          input(P.err103),
          input(P.err107, "3"),
          input(UNKNOWN_PRODUCT),
          input(P.filters),
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.hasErrors).toBe(true);
      expect(res.body.results.map((r: any) => r.statusCode)).toEqual([201, 400, 400, 400, 400, 201]);
      expect(res.body.results[1].result).toEqual([
        { errorCode: "INSUFFICIENT_QUANTITY", message: "Not enough inventory for selected quantity" },
      ]);
      expect(res.body.results[2].result).toEqual([
        { errorCode: "VARIATION_PARENT_NOT_ALLOWED", message: "Product is a variant parent" },
      ]);
      // ERR-107 is sold in 2s: 3 breaks the increment (INVALID_BATCH_SIZE, the code the LWR cart knows for it).
      expect(res.body.results[3].result).toEqual([
        { errorCode: "INVALID_BATCH_SIZE", message: "Requested quantity is invalid" },
      ]);
      expect(res.body.results[4].result).toEqual([{ errorCode: "INVALID_ID_FIELD", message: expect.any(String) }]);
      // The lines that were accepted are on the cart.
      const items = await guest("GET", `carts/${cartId}/cart-items`);
      expect(items.body.cartItems.map((i: any) => [i.cartItem.productId, i.cartItem.quantity]).sort()).toEqual(
        [
          [P.dinerMug, "2.0"],
          [P.filters, "1.0"],
        ].sort(),
      );
    });

    it("adds 100 lines in one call to a buyer's active cart, made by the call; the storefront's client hands every result back with a refusal", async () => {
      const buyer = shopper(target, await login(target, "initech@demo.store", "demo-pass-1"));
      const hundred = Array.from({ length: 100 }, () => input(P.filters));
      const res = await buyer("POST", "carts/active/cart-items/batch", { inputs: hundred });
      expect(res.status).toBe(200);
      expect(res.body.hasErrors).toBe(false);
      expect(res.body.results).toHaveLength(100);
      expect(res.body.results.every((r: any) => r.statusCode === 201)).toBe(true);
      expect((await buyer("GET", "carts/current")).body.totalProductCount).toBe("100.0");

      const client = (await guestClients(target))();
      const cartId = (await client.createCart()).data.cartId!;
      const refused = await client
        .addCartItems(cartId, [
          { productId: P.dinerMug, quantity: 1 },
          { productId: P.err103, quantity: 1 },
        ])
        .catch((error: unknown) => error);
      expect(isFetchError(refused)).toBe(true);
      if (!isFetchError(refused)) return;
      expect(refused.status).toBe(400);
      expect((refused.body as any).results.map((r: any) => r.statusCode)).toEqual([201, 400]);
    });
  });
});
