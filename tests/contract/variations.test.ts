import { describe, expect, it } from "vitest";
import { TARGET_NAMES, at, login } from "./targets.js";
import { useTarget } from "./use-target.js";
import { add, expectError, newCart, shopper } from "./carts-helpers.js";

/**
 * Variation parents and their variations (docs/emulator.md, "Variations"): the product detail's variation fields
 * (Product Detail, Product Attribute Set, Product Attribute Set Info, Product Variation Info), and how a cart item,
 * a wishlist item and an order name a variation (Cart Product Attribute, Order Summary Product Attribute,
 * Product Attribute Set Summary).
 */

const APRON = "01tDM000000E103";
const APRON_CHARCOAL = "01tDM000000A001";
const APRON_DENIM = "01tDM000000A002";
const APRON_BURGUNDY = "01tDM000000E105"; // discontinued
const TOTE = "01tDM0000000T00";
const TOTE_LARGE_BLACK = "01tDM0000000T05";
const HOUSE_BLEND = "01tDM0000000G00";

describe.each(TARGET_NAMES)("variations (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  describe("GET products/{variation parent}", () => {
    it("answers its attribute set, the variations offered and each attribute's allowable and available values", async () => {
      const res = await call("GET", `products/${APRON}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        productClass: "VariationParent",
        variationParentId: null,
        // The parent's own set has no value chosen.
        variationAttributeSet: { attributes: { Apron_Color__c: null }, developerName: "Apron_Colors", id: null },
        attributeSetInfo: {
          Apron_Colors: {
            developerName: "Apron_Colors",
            id: expect.stringMatching(/^0iY/),
            masterLabel: "Apron Colors",
            attributeInfo: { Apron_Color__c: expect.objectContaining({ label: "Color", sequence: 0 }) },
          },
        },
      });
      expect(res.body.variationInfo.variationAttributeInfo).toEqual({
        Apron_Color__c: {
          allowableValues: ["Charcoal", "Denim", "Burgundy"],
          apiName: "Apron_Color__c",
          // The discontinued burgundy apron is no longer offered: its value is allowed, not available.
          availableValues: ["Charcoal", "Denim"],
          fieldEnumOrId: expect.stringMatching(/^00N/),
          groupedBy: false,
          label: "Color",
          objectName: "ProductAttribute",
          sequence: 0,
        },
      });
      expect(res.body.variationInfo.attributesToProductMappings).toEqual([
        {
          canonicalKey: "Charcoal",
          productId: APRON_CHARCOAL,
          selectedAttributes: [{ apiName: "Apron_Color__c", label: "Color", sequence: 0, value: "Charcoal" }],
          urlName: "barista-apron-charcoal",
        },
        {
          canonicalKey: "Denim",
          productId: APRON_DENIM,
          selectedAttributes: [{ apiName: "Apron_Color__c", label: "Color", sequence: 0, value: "Denim" }],
          urlName: "barista-apron-denim",
        },
      ]);
    });

    it("keys a two-attribute family's combinations by the attributes' sequence, leaving out a combination not made", async () => {
      const res = await call("GET", `products/${TOTE}`);
      const mappings = res.body.variationInfo.attributesToProductMappings;
      expect(mappings.map((m: any) => m.canonicalKey)).toEqual([
        "Small_Natural",
        "Small_Black",
        "Small_Olive",
        "Large_Natural",
        "Large_Black",
      ]);
      expect(mappings[4].selectedAttributes).toEqual([
        { apiName: "Size__c", label: "Size", sequence: 0, value: "Large" },
        { apiName: "Color__c", label: "Color", sequence: 1, value: "Black" },
      ]);
      expect(Object.keys(res.body.variationInfo.variationAttributeInfo)).toEqual(["Size__c", "Color__c"]);
      const grind = await call("GET", `products/${HOUSE_BLEND}`);
      expect(grind.body.variationInfo.variationAttributeInfo.Grind__c.availableValues).toEqual([
        "Whole Bean",
        "Espresso",
        "Filter",
        "French Press",
      ]);
    });

    it("answers a variation with its parent, its own values and its family", async () => {
      const res = await call("GET", `products/${TOTE_LARGE_BLACK}`);
      expect(res.body).toMatchObject({
        productClass: "Variation",
        variationParentId: TOTE,
        variationAttributeSet: {
          attributes: { Size__c: "Large", Color__c: "Black" },
          developerName: "Tote_Size_Color",
          id: expect.any(String),
        },
        fields: { StockKeepingUnit: "TOTE-L-BLK" },
      });
      expect(res.body.variationInfo.attributesToProductMappings).toHaveLength(5);
      // Priced in both price books: GBP is the USD price × 0.8 (fixtures/catalog.json, priceBooks).
      const usd = await call("GET", `pricing/products/${TOTE_LARGE_BLACK}`);
      const gbp = await call("GET", `pricing/products/${TOTE_LARGE_BLACK}?currencyIsoCode=GBP`);
      expect([usd.body.unitPrice, usd.body.listPrice]).toEqual(["32.00", "34.00"]);
      expect([gbp.body.unitPrice, gbp.body.listPrice, gbp.body.currencyIsoCode]).toEqual(["25.60", "27.20", "GBP"]);
    });

    it("answers a simple product without variation fields", async () => {
      const res = await call("GET", "products/01tDM0000000001");
      expect(res.body).toMatchObject({
        attributeSetInfo: null,
        variationAttributeSet: null,
        variationInfo: null,
        variationParentId: null,
      });
    });

    it("follows the page's versions: urlName from 59.0, groupedBy from 64.0", async () => {
      const v58 = await call("GET", at("v58.0", `products/${APRON}`));
      expect(v58.body.urlName).toBeUndefined();
      expect(v58.body.variationInfo.attributesToProductMappings[0].urlName).toBeUndefined();
      expect(v58.body.variationInfo.variationAttributeInfo.Apron_Color__c.groupedBy).toBeUndefined();
      const v63 = await call("GET", at("v63.0", `products/${APRON}`));
      expect(v63.body.variationInfo.attributesToProductMappings[0].urlName).toBe("barista-apron-charcoal");
      expect(v63.body.variationInfo.variationAttributeInfo.Apron_Color__c.groupedBy).toBeUndefined();
    });
  });

  describe("buying a variation", () => {
    it("refuses the parent (103) and a discontinued variation (105), and takes an offered one", async () => {
      const s = shopper(target);
      const cartId = await newCart(s);
      expectError(await add(s, cartId, APRON), 400, "VARIATION_PARENT_NOT_ALLOWED", "Product is a variant parent");
      expectError(await add(s, cartId, APRON_BURGUNDY), 400, "INVALID_VARIANT", "The selected variant is not valid");
      const added = await add(s, cartId, TOTE_LARGE_BLACK);
      expect(added.status).toBe(201);
      expect(added.body.productDetails.variationAttributes).toEqual({
        Size__c: { label: "Size", sequence: 0, value: "Large" },
        Color__c: { label: "Color", sequence: 1, value: "Black" },
      });
      const items = await s("GET", `carts/${cartId}/cart-items`);
      expect(items.body.cartItems[0].cartItem.productDetails.variationAttributes.Color__c.value).toBe("Black");
    });

    it("names a simple product's attributes as an empty map", async () => {
      const s = shopper(target);
      const cartId = await newCart(s);
      const added = await add(s, cartId, "01tDM0000000027");
      expect(added.body.productDetails.variationAttributes).toEqual({});
    });

    it("names the variation on a wishlist item", async () => {
      const auth = await login(target);
      const list = await call(
        "POST",
        "wishlists",
        { name: "Totes", products: [{ productId: TOTE_LARGE_BLACK }] },
        auth,
      );
      expect(list.status).toBe(201);
      expect(list.body.page.items[0].productSummary.variationAttributes).toEqual({
        Size__c: { label: "Size", sequence: 0, value: "Large" },
        Color__c: { label: "Color", sequence: 1, value: "Black" },
      });
    });

    it("names the variation on an order's items and products", async () => {
      const auth = await login(target);
      const items = await call("GET", "order-summaries/00000104/items", undefined, auth);
      const apron = items.body.items.find((i: any) => i.product?.productId === APRON_DENIM);
      expect(apron.product.productAttributes).toEqual({
        apiName: "Apron_Colors",
        attributes: [{ apiName: "Apron_Color__c", label: "Color", sequence: 0, value: "Denim" }],
        label: "Apron Colors",
      });
      const summary = await call("GET", "order-summaries/00000104?includeProducts=true", undefined, auth);
      const product = summary.body.products.find((p: any) => p.id === APRON_DENIM);
      expect(product.variationAttributes).toEqual({ Apron_Color__c: { label: "Color", sequence: 0, value: "Denim" } });
    });
  });

  describe("GET commerce/inventory/levels (60.0)", () => {
    const GROUP = "0ghDM0000000001";
    const levels = (query: string, version = "v65.0") =>
      call("GET", `/services/data/${version}/commerce/inventory/levels?${query}`);
    const scope = `scope=${encodeURIComponent("webStoreId Eq '0ZEDEMO00000001'")}`;

    it("answers a variation's units in the store's location group, by id or SKU, less what carts hold", async () => {
      const res = await levels(`products=${APRON_DENIM},TOTE-S-OLV,${APRON}&locationgroups=${GROUP}&${scope}`);
      expect(res.status).toBe(200);
      const denim = { availableToFulfill: 28, availableToOrder: 28, onHand: 28, product2Id: APRON_DENIM };
      const olive = { availableToFulfill: 0, availableToOrder: 0, onHand: 0, product2Id: "01tDM0000000T03" };
      // The parent has no stock of its own: it has no levels.
      expect(res.body).toEqual({
        errors: [],
        locationGroups: [{ inventoryProducts: [denim, olive], locationGroupId: GROUP }],
        locations: [],
        success: true,
        totalInventory: [denim, olive],
      });
      // Units a cart has reserved are no longer available to order.
      const s = shopper(target);
      const cartId = await newCart(s);
      expect((await add(s, cartId, APRON_DENIM, "3")).status).toBe(201);
      expect((await s("PUT", at("v60.0", `carts/${cartId}/inventory-reservations`), {})).status).toBe(200);
      const after = await levels(`products=${APRON_DENIM}&locationgroups=${GROUP}&${scope}`);
      expect(after.body.totalInventory).toEqual([{ ...denim, availableToFulfill: 25, availableToOrder: 25 }]);
    });

    it("refuses a request without products, place or scope, or over the limits, and doesn't exist before 60.0", async () => {
      for (const query of [
        `locationgroups=${GROUP}&${scope}`,
        `products=${APRON_DENIM}&${scope}`,
        `products=${APRON_DENIM}&locationgroups=${GROUP}`,
        `products=${Array.from({ length: 21 }, (_, i) => `SKU-${i}`).join(",")}&locationgroups=${GROUP}&${scope}`,
        `products=${Array.from({ length: 101 }, () => APRON_DENIM).join(",")}&locationgroups=${GROUP}&${scope}`,
      ]) {
        const res = await levels(query);
        expect(res.status, query).toBe(400);
        expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
      }
      expect((await levels(`products=${APRON_DENIM}&locationgroups=${GROUP}&${scope}`, "v59.0")).status).toBe(404);
    });
  });
});
