import { describe, expect, it } from "vitest";
import { productPage, type ProductPage } from "../../app/catalog/server/product.server";
import type { ShopCore } from "../../app/shop.server";

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

describe("a bundle's and a set's parts (products/{id}/children)", () => {
  const part = (id: string, name: string) => ({ id, productClass: "Simple", fields: { Name: name }, urlName: null });
  const CHILDREN: Record<string, object> = {
    "01tKIT": {
      items: [
        { defaultQuantity: "1", productInfo: part("01tDRIP", "Dripper") },
        { defaultQuantity: "2", productInfo: part("01tFLT", "Filters") },
      ],
    },
    "01tSET": {
      items: [
        { defaultQuantity: "2", productInfo: part("01tMUG", "Mug") },
        { defaultQuantity: "1", productInfo: part("01tBOWL", "Bowl") },
      ],
    },
  };
  const asked: string[] = [];
  const partsShop = {
    ...shop,
    client: {
      getProduct: async (id: string) => ({
        id,
        productClass: id === "01tSET" ? "Set" : "Bundle",
        fields: { Name: id },
      }),
      getProductPrice: async () => ({ currencyIsoCode: "USD", unitPrice: "50.00", listPrice: "60.00" }),
      getProductChildren: async (id: string) => CHILDREN[id],
      getProductPrices: async (ids: string[]) => {
        asked.push(...ids);
        return {
          currencyIsoCode: "USD",
          pricingLineItemResults: [
            { productId: "01tMUG", unitPrice: "16.00", listPrice: "18.00", success: true },
            { productId: "01tBOWL", success: false },
          ],
        };
      },
    },
  } as unknown as typeof shop;
  const openPart = async (id: string) =>
    (await productPage(partsShop, id, { quantity: null, plan: null })) as ProductPage;

  it("lists a bundle's parts with their quantities and pages; the bundle is what the page buys", async () => {
    const page = await openPart("01tKIT");
    expect(page.components).toEqual([
      { id: "01tDRIP", name: "Dripper", path: "/product/dripper/01tDRIP", quantity: 1, price: null },
      { id: "01tFLT", name: "Filters", path: "/product/filters/01tFLT", quantity: 2, price: null },
    ]);
    expect(page.buyId).toBe("01tKIT");
    // A bundle's parts are not priced: they are not bought on their own from its page.
    expect(asked).toEqual([]);
  });

  it("prices a set's parts, an unpriced part left without, and buys nothing as the set itself", async () => {
    const page = await openPart("01tSET");
    expect(page.components.map((c) => [c.name, c.quantity, c.price])).toEqual([
      ["Mug", 2, { unitPrice: "16.00", listPrice: "18.00", currency: "USD" }],
      ["Bowl", 1, null],
    ]);
    expect(page.buyId).toBeNull();
  });
});

describe("similar products (products/{id}/featured-products)", () => {
  const featured = (id: string, name: string) => ({
    id,
    defaultImage: null,
    fields: { Name: name, StockKeepingUnit: `SKU-${id}` },
    mediaGroups: [
      { developerName: "productListImage", mediaItems: [{ url: `/images/${id}.svg`, alternateText: name }] },
    ],
    productClass: "Simple",
    urlName: null,
  });
  const similarShop = (getFeaturedProducts: () => Promise<unknown>) =>
    ({
      ...shop,
      client: {
        ...(shop.client as object),
        getFeaturedProducts,
        getProductPrices: async () => ({
          currencyIsoCode: "GBP",
          pricingLineItemResults: [
            { productId: "01tPRESS", currencyIsoCode: "GBP", unitPrice: "30.00", listPrice: "34.00", success: true },
            { productId: "01tTOWER", success: false },
          ],
        }),
      },
    }) as unknown as typeof shop;
  const openWith = async (getFeaturedProducts: () => Promise<unknown>) =>
    (await productPage(similarShop(getFeaturedProducts), "01tSINGLE", { quantity: null, plan: null })) as ProductPage;

  it("shows the similar products in their sequence, priced in the shopper's currency, with their listing images", async () => {
    const page = await openWith(async () => ({
      featuredProductsByRelationshipType: {
        similarProducts: [featured("01tPRESS", "French Press"), featured("01tTOWER", "Cold Brew Tower")],
        newArrivals: [featured("01tOTHER", "Not shown")],
      },
    }));
    expect(page.similar).toEqual([
      {
        id: "01tPRESS",
        name: "French Press",
        urlName: undefined,
        sku: "SKU-01tPRESS",
        image: { url: "/images/01tPRESS.svg", alt: "French Press" },
        unitPrice: "30.00",
        listPrice: "34.00",
        currency: "GBP",
      },
      {
        id: "01tTOWER",
        name: "Cold Brew Tower",
        urlName: undefined,
        sku: "SKU-01tTOWER",
        image: { url: "/images/01tTOWER.svg", alt: "Cold Brew Tower" },
        unitPrice: null,
        listPrice: null,
      },
    ]);
  });

  it("leaves the product itself out, and hides the section, not the page, when the read fails", async () => {
    const self = await openWith(async () => ({
      featuredProductsByRelationshipType: { similarProducts: [featured("01tSINGLE", "Itself")] },
    }));
    expect(self.similar).toEqual([]);
    const failed = await openWith(async () => {
      throw new Error("503");
    });
    expect(failed.product.id).toBe("01tSINGLE");
    expect(failed.similar).toEqual([]);
  });
});
