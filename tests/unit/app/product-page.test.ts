import { describe, expect, it } from "vitest";
import { productPage, type ProductPage } from "../../../app/catalog/server/product.server";
import type { ShopCore } from "../../../app/shop.server";

/** A one-attribute family as products/{id} answers it: the parent and its two variations. */
const selected = (value: string) => [{ apiName: "Size__c", label: "Size", sequence: 0, value }];
const variationInfo = {
  variationAttributeInfo: {
    Size__c: {
      apiName: "Size__c",
      label: "Size",
      sequence: 0,
      allowableValues: ["Single", "Case"],
      availableValues: ["Single", "Case"],
    },
  },
  attributesToProductMappings: [
    { productId: "01tSINGLE", selectedAttributes: selected("Single") },
    { productId: "01tCASE", selectedAttributes: selected("Case") },
  ],
};
const product = (id: string, productClass: string, sku: string) => ({
  id,
  productClass,
  variationParentId: productClass === "Variation" ? "01tPARENT" : null,
  variationInfo,
  fields: { Name: `Filters ${sku}`, StockKeepingUnit: sku },
});
const PRODUCTS: Record<string, object> = {
  "01tPARENT": product("01tPARENT", "VariationParent", "FLT"),
  "01tSINGLE": product("01tSINGLE", "Variation", "FLT-1"),
  "01tCASE": product("01tCASE", "Variation", "FLT-12"),
};
const tier = (lowerBound: string, upperBound: string | null, tierUnitPrice: string) => ({
  adjustmentType: "PercentageBasedAdjustment",
  adjustmentValue: "5",
  id: `0uP${lowerBound}`,
  lowerBound,
  upperBound,
  tierUnitPrice,
});
/** Only the case has volume prices: its own price book entry is the one adjusted. */
const PRICES: Record<string, object> = {
  "01tPARENT": { currencyIsoCode: "USD", unitPrice: "8.00", listPrice: "8.00", priceAdjustment: null },
  "01tSINGLE": { currencyIsoCode: "USD", unitPrice: "8.00", listPrice: "8.00", priceAdjustment: null },
  "01tCASE": {
    currencyIsoCode: "USD",
    unitPrice: "90.00",
    listPrice: "96.00",
    priceAdjustment: { id: "0uO1", priceAdjustmentTiers: [tier("10", null, "85.50")] },
  },
};

const shop = {
  client: {
    getProduct: async (id: string) => PRODUCTS[id],
    getProductPrice: async (id: string) => PRICES[id],
    getInventoryLevels: async (ids: string[]) => ids.map((id) => ({ product2Id: id, availableToOrder: 7 })),
  },
  session: { get: () => undefined },
  shopper: { isLoggedIn: false },
  appContext: null,
} as unknown as Pick<ShopCore, "client" | "session" | "shopper" | "appContext">;

const open = async (id: string, query = "") =>
  (await productPage(shop, id, { quantity: null, plan: null, search: new URLSearchParams(query) })) as ProductPage;

describe("a variation parent's page with volume prices", () => {
  it("shows the chosen variation's tiers beside its picker, and none before a choice", async () => {
    const unchosen = await open("01tPARENT");
    expect(unchosen.variations?.attributes.map((a) => a.label)).toEqual(["Size"]);
    expect(unchosen.tiers).toEqual([]);

    const chosen = await open("01tPARENT", "Size=Case");
    expect(chosen.buyId).toBe("01tCASE");
    expect(chosen.product.sku).toBe("FLT-12");
    expect(chosen.price?.unitPrice).toBe("90.00");
    expect(chosen.tiers).toEqual([
      { from: 1, to: 9, unitPrice: "90.00" },
      { from: 10, to: null, unitPrice: "85.50" },
    ]);
    expect(chosen.variations?.chosenId).toBe("01tCASE");

    // The other variation has no schedule: the case's tiers don't follow the shopper to it.
    expect((await open("01tPARENT", "Size=Single")).tiers).toEqual([]);
  });

  it("shows a variation's own tiers on its own page", async () => {
    const page = await open("01tCASE");
    expect(page.variations?.chosenId).toBe("01tCASE");
    expect(page.tiers.map((row) => row.unitPrice)).toEqual(["90.00", "85.50"]);
  });
});
