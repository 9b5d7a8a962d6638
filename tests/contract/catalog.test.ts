import { describe, expect, it } from "vitest";
import { TARGET_NAMES, at, guestClients, login, type Target } from "./targets.js";
import { useTarget } from "./use-target.js";
import { add, expectError, newCart, shopper } from "./carts-helpers.js";

const COFFEE = "0ZGDM0000000CFE";
const WHOLE_BEAN = "0ZGDM0000000WBN";
const MUGS = "0ZGDM0000000MUG";
const ETHIOPIA = "01tDM0000000001";
const APRON = "01tDM000000E103";
const NO_PRICE = "01tDM000000E102";
const QUANTITY_RULE = "01tDM000000E107";
const DINER_MUG = "01tDM0000000027";
const ROASTERS_CHOICE = "01tDM0000000013"; // sold once (0jPDM00000ONETM), monthly (0jPDM00000MONTH) or as a 12-month plan (0jPDM00000YEAR1)
const ONE_TIME = "0jPDM00000ONETM";
const MONTHLY = "0jPDM00000MONTH";
const YEARLY = "0jPDM00000YEAR1";

/** The storefront's client against a target (a guest); how it is built lives here only. */
/** A guest's client at `apiVersion`, with a guest token of its own. */
const clientFor = async (target: Target, apiVersion?: string) => (await guestClients(target, { apiVersion }))();

const RULES = {
  bestMatch: "0qUDM0000000001",
  nameAz: "0qUDM0000000002",
  nameZa: "0qUDM0000000003",
  priceLowHigh: "0qUDM0000000004",
  priceHighLow: "0qUDM0000000005",
};

describe.each(TARGET_NAMES)("catalog endpoints (%s)", (name) => {
  const { target, call } = useTarget(name);
  const names = (res: { body: any }) => res.body.productsPage.products.map((p: any) => p.name as string);
  const prices = (res: { body: any }) => res.body.productsPage.products.map((p: any) => Number(p.prices.unitPrice));

  describe("GET search/products (58.0)", () => {
    it("searches name, SKU and description case-insensitively, with field values and string prices", async () => {
      const bySku = await call("GET", "search/products?searchTerm=err-10&pageSize=50");
      expect(bySku.status).toBe(200);
      const skus = bySku.body.productsPage.products.map((p: any) => p.fields.StockKeepingUnit.value);
      expect(skus).toEqual(
        expect.arrayContaining([
          "ERR-100",
          "ERR-101",
          "ERR-102",
          "ERR-103",
          "ERR-104",
          "ERR-105",
          "ERR-106",
          "ERR-107",
        ]),
      );
      const byDescription = await call("GET", "search/products?searchTerm=JASMINE");
      expect(names(byDescription)).toEqual(["Ethiopia Yirgacheffe Whole Bean, 12 oz"]);
      expect(byDescription.body.productsPage.products[0]).toMatchObject({
        id: ETHIOPIA,
        urlName: "ethiopia-yirgacheffe-whole-bean-12-oz",
        productClass: "Simple",
        defaultImage: { id: expect.stringMatching(/^2pm/), mediaType: "Image", url: "/images/products/CB-ETH-YRG.svg" },
        prices: {
          listPrice: "21.00",
          unitPrice: "18.50",
          pricebookEntryId: expect.stringMatching(/^01u/),
          productId: ETHIOPIA,
          success: true,
        },
      });
      expect(byDescription.body).toMatchObject({
        // The result's facets (tests/contract/search-facets.test.ts): the one product's brand and roast.
        facets: [expect.objectContaining({ nameOrId: "Brand__c" }), expect.objectContaining({ nameOrId: "Roast__c" })],
        locale: "en_US",
        correlationId: expect.any(String),
        productsPage: { currencyIsoCode: "USD" },
      });
      // The quantity rule only when asked for.
      expect(byDescription.body.productsPage.products[0]).not.toHaveProperty("purchaseQuantityRule");
      const ruled = await call("GET", "search/products?searchTerm=ERR-107&includeQuantityRule=true");
      expect(ruled.body.productsPage.products[0].purchaseQuantityRule).toEqual({
        minimum: "2",
        maximum: "10",
        increment: "2",
      });
    });

    it("includes the products of sub-categories when searching a category, and counts its children", async () => {
      const coffee = await call("GET", `search/products?categoryId=${COFFEE}&pageSize=200`);
      const wholeBean = await call("GET", `search/products?categoryId=${WHOLE_BEAN}&pageSize=200`);
      expect(coffee.body.categories.category).toEqual({ id: COFFEE, name: "Coffee" });
      expect(coffee.body.productsPage.total).toBeGreaterThan(wholeBean.body.productsPage.total);
      const beanIds = wholeBean.body.productsPage.products.map((p: any) => p.id);
      expect(coffee.body.productsPage.products.map((p: any) => p.id)).toEqual(expect.arrayContaining(beanIds));
      const child = coffee.body.categories.children.find((c: any) => c.category.id === WHOLE_BEAN);
      expect(child.productCount).toBe(wholeBean.body.productsPage.total);
      expect(coffee.body.categories.productCount).toBe(coffee.body.productsPage.total);
    });

    it("answers a keyword search's categories: the top-level ones its matches fall in, each with its count", async () => {
      const res = await call("GET", "search/products?searchTerm=mug&pageSize=200");
      const { categories, productsPage } = res.body;
      expect(categories).toMatchObject({ category: null, productCount: productsPage.total });
      // Only categories with results ("non-empty search results"), each a Search Category of its own.
      expect(categories.children.length).toBeGreaterThan(0);
      for (const c of categories.children) {
        expect(c).toEqual({
          category: { id: expect.any(String), name: expect.any(String) },
          children: [],
          productCount: expect.any(Number),
        });
        expect(c.productCount).toBeGreaterThan(0);
        const inIt = await call("GET", `search/products?searchTerm=mug&categoryId=${c.category.id}`);
        expect(inIt.body.productsPage.total, c.category.name).toBe(c.productCount);
      }
      // Mugs & Drinkware holds mugs; Coffee holds none, so it isn't listed.
      const ids = categories.children.map((c: any) => c.category.id);
      expect(ids).toContain("0ZGDM0000000DRK");
      expect(ids).not.toContain(COFFEE);
      const sum = categories.children.reduce((n: number, c: any) => n + c.productCount, 0);
      expect(sum).toBe(productsPage.total);
    });

    it("needs a searchTerm or a categoryId (400 INVALID_API_INPUT)", async () => {
      for (const query of ["", "?searchTerm=%20%20", "?page=0&pageSize=5"]) {
        const res = await call("GET", `search/products${query}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual([{ errorCode: "INVALID_API_INPUT", message: expect.any(String) }]);
      }
    });

    it("pages from 0 (pageSize 1-200, default 20, page × pageSize ≤ 5000) and refuses other values", async () => {
      const all = await call("GET", `search/products?categoryId=${COFFEE}`);
      expect(all.body.productsPage.pageSize).toBe(20);
      const page0 = await call(
        "GET",
        `search/products?categoryId=${COFFEE}&pageSize=5&page=0&sortRuleId=${RULES.nameAz}`,
      );
      const page1 = await call(
        "GET",
        `search/products?categoryId=${COFFEE}&pageSize=5&page=1&sortRuleId=${RULES.nameAz}`,
      );
      const both = [...names(page0), ...names(page1)];
      expect(both).toHaveLength(10);
      expect(both).toEqual([...both].sort((a, b) => a.localeCompare(b)));
      for (const query of [
        "pageSize=0",
        "pageSize=201",
        "page=-1",
        "pageSize=20&page=251",
        "includeQuantityRule=yes",
      ]) {
        const bad = await call("GET", `search/products?searchTerm=mug&${query}`);
        expect({ query, status: bad.status, code: bad.body[0].errorCode }).toEqual({
          query,
          status: 400,
          code: "ILLEGAL_QUERY_PARAMETER_VALUE",
        });
      }
      expect((await call("GET", "search/products?searchTerm=mug&pageSize=20&page=250")).status).toBe(200);
    });
  });

  describe("sort rules (search/sort-rules, 52.0)", () => {
    it("lists the store's sort rules in their order", async () => {
      const res = await call("GET", "search/sort-rules");
      expect(res.status).toBe(200);
      expect(res.body.sortRules).toHaveLength(5);
      expect(res.body.sortRules[0]).toEqual({
        sortRuleId: RULES.bestMatch,
        label: "Best Match",
        labelSuffix: null,
        nameOrId: "Best Match",
        type: "Relevancy",
        direction: "Default",
        sortOrder: 1,
      });
      expect(res.body.sortRules.map((r: any) => [r.label, r.labelSuffix, r.direction])).toEqual([
        ["Best Match", null, "Default"],
        ["Product Name", "Az", "Ascending"],
        ["Product Name", "Za", "Descending"],
        ["Price", "LowHigh", "Ascending"],
        ["Price", "HighLow", "Descending"],
      ]);
      // labelSuffix and sortOrder are documented from 54.0.
      expect((await call("GET", at("v53.0", "search/sort-rules"))).body.sortRules[1]).toEqual({
        sortRuleId: RULES.nameAz,
        label: "Product Name",
        nameOrId: "Name",
        type: "ProductBased",
        direction: "Ascending",
      });
    });

    it("orders results by a rule's sortRuleId, and refuses an id that is no rule of the store", async () => {
      const za = names(await call("GET", `search/products?categoryId=${MUGS}&sortRuleId=${RULES.nameZa}`));
      expect(za).toEqual([...za].sort((a, b) => b.localeCompare(a)));
      const low = prices(await call("GET", `search/products?categoryId=${MUGS}&sortRuleId=${RULES.priceLowHigh}`));
      expect(low).toEqual([...low].sort((a, b) => a - b));
      const high = prices(await call("GET", `search/products?categoryId=${MUGS}&sortRuleId=${RULES.priceHighLow}`));
      expect(high).toEqual([...high].sort((a, b) => b - a));
      const relevance = await call("GET", `search/products?categoryId=${MUGS}&sortRuleId=${RULES.bestMatch}`);
      expect(names(relevance)).toEqual(names(await call("GET", `search/products?categoryId=${MUGS}`)));
      const unknown = await call("GET", "search/products?searchTerm=mug&sortRuleId=0qUDM0000000099");
      expect(unknown.status).toBe(400);
      expect(unknown.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    });
  });

  describe("POST search/product-search (49.0)", () => {
    it("searches with a Product Search Input body; prices only with includePrices", async () => {
      const res = await call("POST", "search/product-search", {
        searchTerm: "mug",
        categoryId: MUGS,
        page: 0,
        pageSize: 3,
        sortRuleId: RULES.nameAz,
      });
      // A POST answers 201 Created, as orgs answer this one.
      expect(res.status).toBe(201);
      expect(res.body.productsPage.products).toHaveLength(3);
      expect(res.body.productsPage.total).toBeGreaterThan(3);
      expect(res.body.productsPage.products[0]).not.toHaveProperty("prices");
      const priced = await call("POST", "search/product-search", {
        categoryId: MUGS,
        includePrices: true,
        fields: ["Name"],
      });
      expect(priced.body.productsPage.products[0]).toMatchObject({
        prices: { unitPrice: expect.any(String), success: true },
        fields: { Name: { value: expect.any(String) } },
      });
      expect(Object.keys(priced.body.productsPage.products[0].fields)).toEqual(["Name"]);
      expect((await call("POST", at("v49.0", "search/product-search"), { searchTerm: "mug" })).status).toBe(201);
    });

    it("is answered 201 through the storefront's client, which reads it like any success", async () => {
      const client = await clientFor(target);
      const results = await client.searchProducts({ searchTerm: "mug", pageSize: 2 });
      expect(results.productsPage.products).toHaveLength(2);
    });

    it("refuses a body without searchTerm or categoryId, a bad page size or sort rule (400 INVALID_API_INPUT)", async () => {
      for (const body of [
        {},
        { page: 0, pageSize: 5 },
        { searchTerm: "mug", pageSize: 0 },
        // Search Data Limits: "Product per Search Results Page … 200".
        { searchTerm: "mug", pageSize: 201 },
        { searchTerm: "mug", grouping: { groupingOption: "ByColor" } },
        { searchTerm: "mug", grouping: "VariationParent" },
        { searchTerm: "mug", sortRuleId: "sortOrder=NameAsc" },
        { searchTerm: "mug", includePrices: "yes" },
        [],
      ]) {
        const res = await call("POST", "search/product-search", body);
        expect({ body, status: res.status, code: res.body[0].errorCode }).toEqual({
          body,
          status: 400,
          code: "INVALID_API_INPUT",
        });
      }
    });

    it("groups by variation parent when asked: a family is listed and counted once, as its parent", async () => {
      const plain = await call("GET", "search/products?searchTerm=tote&pageSize=50");
      const classes = (res: { body: any }) => res.body.productsPage.products.map((p: any) => p.productClass);
      expect(classes(plain)).toContain("Variation");
      expect((await call("GET", "search/products?searchTerm=tote&grouping=NoGrouping&pageSize=50")).body).toMatchObject(
        {
          productsPage: { total: plain.body.productsPage.total },
        },
      );
      for (const grouped of [
        await call("GET", "search/products?searchTerm=tote&grouping=VariationParent&pageSize=50"),
        await call("POST", "search/product-search", {
          searchTerm: "tote",
          grouping: { groupingOption: "VariationParent" },
          pageSize: 50,
        }),
      ]) {
        expect(classes(grouped)).toContain("VariationParent");
        expect(classes(grouped)).not.toContain("Variation");
        const total = grouped.body.productsPage.total;
        expect(total).toBe(grouped.body.productsPage.products.length);
        expect(total).toBeLessThan(plain.body.productsPage.total);
        expect(grouped.body.categories.productCount).toBe(total);
      }
      const bad = await call("GET", "search/products?searchTerm=tote&grouping=ByColor");
      expect(bad.status).toBe(400);
      expect(bad.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    });

    it("has no POST search/products: the documented POST search is search/product-search", async () => {
      const res = await call("POST", "search/products", { searchTerm: "mug" });
      expect(res.status).toBe(405);
      expect(res.body[0].errorCode).toBe("METHOD_NOT_ALLOWED");
    });
  });

  describe("products", () => {
    it("answers product detail with all fields, images with ids, category path and the quantity rule", async () => {
      const res = await call("GET", `products/${QUANTITY_RULE}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: QUANTITY_RULE,
        productClass: "Simple",
        fields: {
          Name: "Bulk Filter Case, 12 Packs",
          StockKeepingUnit: "ERR-107",
          Description: expect.any(String),
          // Datetime field values as orgs write them: whole seconds, no milliseconds.
          LastModifiedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
          CreatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        },
        defaultImage: { id: expect.stringMatching(/^2pm/), url: "/images/products/ERR-107.svg" },
        purchaseQuantityRule: { minimum: "2", maximum: "10", increment: "2" },
        primaryProductCategoryPath: { path: [{ name: "Brewing Equipment" }, { name: "Pour Over & Filter" }] },
      });
      expect(res.body.mediaGroups).toEqual([
        expect.objectContaining({
          id: expect.stringMatching(/^2mg/),
          usageType: "Standard",
          mediaItems: [expect.objectContaining({ id: res.body.defaultImage.id })],
        }),
        expect.objectContaining({ id: expect.stringMatching(/^2mg/), usageType: "Listing" }),
      ]);
      const onlyName = await call("GET", `products/${QUANTITY_RULE}?fields=Name`);
      expect(onlyName.body.fields).toEqual({ Name: "Bulk Filter Case, 12 Packs" });
    });

    it("takes field names in any case and answers each under its canonical name", async () => {
      const detail = await call("GET", `products/${QUANTITY_RULE}?fields=createdDate,NAME,name`);
      expect(detail.status).toBe(200);
      expect(detail.body.fields).toEqual({
        CreatedDate: expect.stringMatching(/Z$/),
        Name: "Bulk Filter Case, 12 Packs",
      });
      const overview = await call("GET", `products?ids=${QUANTITY_RULE}&fields=stockkeepingunit`);
      expect(overview.body.products[0].fields).toEqual({ StockKeepingUnit: "ERR-107" });
      const found = await call("GET", `search/products?searchTerm=ERR-107&fields=lastModifiedDate`);
      expect(found.body.productsPage.products[0].fields).toEqual({
        LastModifiedDate: { value: expect.stringMatching(/:\d\dZ$/) },
      });
      const posted = await call("POST", "search/product-search", { searchTerm: "ERR-107", fields: ["description"] });
      expect(Object.keys(posted.body.productsPage.products[0].fields)).toEqual(["Description"]);
    });

    it("describes a variation parent's variants and a subscription's selling models", async () => {
      const apron = await call("GET", `products/${APRON}`);
      expect(apron.body.productClass).toBe("VariationParent");
      // The discontinued burgundy apron is not offered (tests/contract/variations.test.ts has the details).
      expect(apron.body.variationInfo.variationAttributeInfo.Apron_Color__c.availableValues).toEqual([
        "Charcoal",
        "Denim",
      ]);
      expect(apron.body.variationInfo.attributesToProductMappings).toHaveLength(2);
      const sub = await call("GET", "products/01tDM000000E106");
      expect(sub.body.productSellingModels).toEqual([
        expect.objectContaining({ id: MONTHLY, sellingModelType: "Evergreen" }),
      ]);
    });

    it("answers a malformed product id with 400 INVALID_ID_FIELD and an unknown one with 404 NOT_FOUND", async () => {
      const malformed = await call("GET", "products/not-an-id");
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual([{ errorCode: "INVALID_ID_FIELD", message: expect.any(String) }]);
      const unknown = await call("GET", "products/01tDM0000000ZZZ");
      expect(unknown.status).toBe(404);
      expect(unknown.body[0].errorCode).toBe("NOT_FOUND");
    });

    it("gets several products by ids or SKUs (Product Overview Collection), without prices from 58.0", async () => {
      const res = await call(
        "GET",
        `products?ids=${DINER_MUG},01tDM0000000ZZZ,${ETHIOPIA}&fields=Name,StockKeepingUnit`,
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.products.map((p: any) => [p.id, p.success])).toEqual([
        [DINER_MUG, true],
        [null, false],
        [ETHIOPIA, true],
      ]);
      expect(res.body.products[0]).toMatchObject({
        sku: "MUG-DINER-12",
        fields: { Name: "Classic Diner Mug, 12 oz", StockKeepingUnit: "MUG-DINER-12" },
        defaultImage: { id: expect.stringMatching(/^2pm/) },
      });
      expect(res.body.products[0]).not.toHaveProperty("prices");
      expect(res.body.products[1].error).toEqual({ errorCode: "INVALID_ID_FIELD", message: expect.any(String) });
      const bySku = await call("GET", "products?skus=CB-ETH-YRG&excludeMedia=true");
      expect(bySku.body.products[0]).toMatchObject({ id: ETHIOPIA, defaultImage: null });
      // Before 58.0 the overview carries prices, unless excluded.
      expect((await call("GET", at("v57.0", `products?ids=${DINER_MUG}`))).body.products[0].prices).toMatchObject({
        unitPrice: "12.00",
      });
      expect(
        (await call("GET", at("v57.0", `products?ids=${DINER_MUG}&excludePrices=true`))).body.products[0],
      ).not.toHaveProperty("prices");
      for (const query of ["", `?ids=${DINER_MUG}&skus=MUG-DINER-12`]) {
        const bad = await call("GET", `products${query}`);
        expect(bad.status).toBe(400);
        expect(bad.body[0].errorCode).toBe("INVALID_API_INPUT");
      }
    });
  });

  describe("pricing", () => {
    it("prices a product; one without a price has null prices", async () => {
      const priced = await call("GET", `pricing/products/${DINER_MUG}`);
      expect(priced.body).toEqual({
        currencyIsoCode: "USD",
        listPrice: "14.00",
        unitPrice: "12.00",
        priceAdjustment: null,
        pricebookEntryId: expect.stringMatching(/^01u/),
        // Sold without a selling model: one entry, its price, with an empty productSellingModelId.
        productPriceEntries: [
          {
            productSellingModelId: null,
            pricebookEntryId: priced.body.pricebookEntryId,
            listPrice: "14.00",
            unitPrice: "12.00",
            priceAdjustment: null,
            success: true,
            error: null,
          },
        ],
      });
      const none = await call("GET", `pricing/products/${NO_PRICE}`);
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ listPrice: null, unitPrice: null, pricebookEntryId: null });
    });

    it("prices a product per selling model in productPriceEntries (56.0)", async () => {
      const all = await call("GET", `pricing/products/${ROASTERS_CHOICE}`);
      expect(all.body).toMatchObject({ unitPrice: "20.00", listPrice: "22.00" });
      expect(all.body.productPriceEntries).toEqual([
        {
          productSellingModelId: MONTHLY,
          pricebookEntryId: expect.stringMatching(/^01u/),
          listPrice: "22.00",
          unitPrice: "20.00",
          priceAdjustment: null,
          success: true,
          error: null,
        },
        {
          productSellingModelId: ONE_TIME,
          pricebookEntryId: expect.stringMatching(/^01u/),
          listPrice: "22.00",
          unitPrice: "20.00",
          priceAdjustment: null,
          success: true,
          error: null,
        },
        {
          productSellingModelId: YEARLY,
          pricebookEntryId: expect.stringMatching(/^01u/),
          listPrice: "22.00",
          unitPrice: "20.00",
          priceAdjustment: null,
          success: true,
          error: null,
        },
      ]);
      // Asked for by model: only those, and the top-level prices are empty.
      const monthly = await call(
        "GET",
        `pricing/products/${ROASTERS_CHOICE}?productSellingModelIds=${MONTHLY},0jPDM0000000BAD`,
      );
      expect(monthly.body).toMatchObject({ unitPrice: null, listPrice: null, pricebookEntryId: null });
      expect(monthly.body.productPriceEntries.map((e: any) => [e.productSellingModelId, e.success])).toEqual([
        [MONTHLY, true],
        ["0jPDM0000000BAD", false],
      ]);
      expect((await call("GET", at("v55.0", `pricing/products/${ROASTERS_CHOICE}`))).body).not.toHaveProperty(
        "productPriceEntries",
      );
    });

    it("prices several products with GET productIds (54.0) or POST pricingLineItems, failed lines included", async () => {
      const get = await call("GET", `pricing/products?productIds=${DINER_MUG},${NO_PRICE},01tDM0000000ZZZ`);
      expect(get.status).toBe(200);
      expect(get.body).toMatchObject({ currencyIsoCode: "USD", success: false });
      expect(get.body.pricingLineItemResults).toEqual([
        {
          productId: DINER_MUG,
          listPrice: "14.00",
          unitPrice: "12.00",
          pricebookEntryId: expect.stringMatching(/^01u/),
          success: true,
          error: null,
        },
        {
          productId: NO_PRICE,
          listPrice: null,
          unitPrice: null,
          pricebookEntryId: null,
          success: false,
          error: { errorCode: "NO_PRICE_AVAILABLE", message: "No pricing data available" },
        },
        {
          productId: "01tDM0000000ZZZ",
          listPrice: null,
          unitPrice: null,
          pricebookEntryId: null,
          success: false,
          error: { errorCode: "INVALID_ID_FIELD", message: expect.any(String) },
        },
      ]);
      const post = await call("POST", "pricing/products", {
        pricingLineItems: [{ productId: DINER_MUG }, { productId: NO_PRICE }, { productId: "01tDM0000000ZZZ" }],
      });
      expect(post.body.pricingLineItemResults).toEqual(get.body.pricingLineItemResults);
      expect((await call("GET", "pricing/products")).status).toBe(400);
      expect((await call("POST", "pricing/products", {})).status).toBe(400);
      expect((await call("GET", at("v53.0", `pricing/products?productIds=${DINER_MUG}`))).status).toBe(404);
    });
  });

  it("serves the storefront's client: a sorted, priced search in one request, sort rules, products and prices by id", async () => {
    const client = await clientFor(target);
    const rules = await client.getSortRules();
    const byPrice = rules.sortRules.find((r) => r.label === "Price" && r.direction === "Ascending")!;
    const results = await client.searchProducts({
      categoryId: MUGS,
      pageSize: 50,
      sortRuleId: byPrice.sortRuleId,
      includePrices: true,
    });
    const unitPrices = results.productsPage.products.map((p) => Number((p.prices as { unitPrice: string }).unitPrice));
    expect(unitPrices.length).toBeGreaterThan(2);
    expect(unitPrices).toEqual([...unitPrices].sort((a, b) => a - b));
    const overview = await client.getProducts([DINER_MUG, ETHIOPIA], { fields: ["Name"] });
    expect(overview.products.map((p) => p.fields?.Name)).toEqual([
      "Classic Diner Mug, 12 oz",
      "Ethiopia Yirgacheffe Whole Bean, 12 oz",
    ]);
    for (const version of [undefined, "v53.0"]) {
      const prices = await (await clientFor(target, version)).getProductPrices([DINER_MUG, NO_PRICE]);
      expect(prices.pricingLineItemResults.map((l) => [l.productId, l.unitPrice])).toEqual([
        [DINER_MUG, "12.00"],
        [NO_PRICE, null],
      ]);
    }
  });

  it("walks the category tree: top level, children, one category, its path", async () => {
    const top = await call("GET", "product-categories/children");
    expect(top.body.productCategories.map((c: any) => c.fields.Name)).toEqual([
      "Coffee",
      "Brewing Equipment",
      "Mugs & Drinkware",
      "Kitchen & Pantry",
    ]);
    const children = await call("GET", `product-categories/children?parentProductCategoryId=${COFFEE}`);
    expect(children.body.productCategories.map((c: any) => c.id)).toContain(WHOLE_BEAN);
    const one = await call("GET", `product-categories/${MUGS}`);
    expect(one.body).toEqual({ id: MUGS, fields: { Name: "Mugs", Description: expect.any(String) }, mediaGroups: [] });
    const path = await call("GET", `product-category-path/product-categories/${MUGS}`);
    expect(path.body.path.map((c: any) => c.name)).toEqual(["Mugs & Drinkware", "Mugs"]);
    expect((await call("GET", "product-categories/0ZGDM0000000ZZZ")).status).toBe(404);
  });

  it("refuses guests when guest browsing is off, but still serves buyers", async () => {
    await call("POST", "/__emulator/settings", { applicationContext: { guestBrowsingEnabled: false } });
    try {
      const guest = await call("GET", "search/products?searchTerm=mug");
      expect(guest.status).toBe(401);
      expect(guest.body[0].errorCode).toBe("INVALID_SESSION_ID");
      expect((await call("POST", "search/product-search", { searchTerm: "mug" })).status).toBe(401);
      const buyer = await call("GET", "search/products?searchTerm=mug", undefined, await login(target));
      expect(buyer.status).toBe(200);
    } finally {
      await call("POST", "/__emulator/settings", { applicationContext: { guestBrowsingEnabled: true } });
    }
  });
});

describe.each(TARGET_NAMES)("product children (%s)", (name) => {
  const { target, call } = useTarget(name);
  const SET = "01tDM000000E104"; // Pour-Over Starter Set: a dripper, a kettle and filters
  const BUNDLE = "01tDM0000000B01"; // Pour-Over Brewing Kit: a dripper, a scale and two packs of filters, $89.00
  const MUG_SET = "01tDM0000000S01"; // Clay & Kiln Mug Set: two and two mugs and a sugar bowl

  it("lists a set's child products with their detail and default quantity (57.0), paged", async () => {
    const res = await call("GET", `products/${SET}/children`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, total: 3, nextPageToken: null, previousPageToken: null });
    expect(res.body.items.map((c: any) => c.productInfo.id)).toEqual([
      "01tDM0000000020",
      "01tDM0000000021",
      "01tDM0000000022",
    ]);
    expect(res.body.items[0]).toEqual({
      defaultQuantity: "1",
      productInfo: expect.objectContaining({
        id: "01tDM0000000020",
        productClass: "Simple",
        fields: expect.any(Object),
      }),
    });
    const first = await call("GET", `products/${SET}/children?pageSize=2&fields=name&excludeMedia=true`);
    expect(first.body).toMatchObject({ count: 2, total: 3, previousPageToken: null });
    expect(first.body.items[0].productInfo).toMatchObject({ fields: { Name: expect.any(String) }, defaultImage: null });
    const second = await call("GET", `products/${SET}/children?pageSize=2&pageToken=${first.body.nextPageToken}`);
    expect(second.body.items.map((c: any) => c.productInfo.id)).toEqual(["01tDM0000000022"]);
    expect(second.body.nextPageToken).toBeNull();
    const bare = await call("GET", `products/${SET}/children?excludeFields=true&fields=Name&excludeQuantityRule=true`);
    expect(bare.body.items[0].productInfo).toMatchObject({ fields: {}, purchaseQuantityRule: null });
  });

  it("refuses a product that is no bundle or set, a bad page size, and is unknown before 57.0", async () => {
    const simple = await call("GET", `products/${DINER_MUG}/children`);
    expect(simple.status).toBe(400);
    expect(simple.body[0].errorCode).toBe("INVALID_API_INPUT");
    for (const size of ["0", "101"]) {
      const res = await call("GET", `products/${SET}/children?pageSize=${size}`);
      expect(res.status).toBe(400);
      expect(res.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    }
    expect((await call("GET", `products/${SET}/children?pageSize=100`)).status).toBe(200);
    expect((await call("GET", "products/01tDM0000000ZZZ/children")).status).toBe(404);
    expect((await call("GET", at("v56.0", `products/${SET}/children`))).status).toBe(404);
  });

  it("lists a bundle's and the mug set's components with the quantity each holds", async () => {
    const quantities = async (id: string) =>
      ((await call("GET", `products/${id}/children`)).body.items as any[]).map((c) => [
        c.productInfo.fields.Name,
        c.defaultQuantity,
      ]);
    expect(await quantities(BUNDLE)).toEqual([
      ["Glass Pour-Over Dripper", "1"],
      ["Digital Coffee Scale with Timer", "1"],
      ["Paper Filters #02, Pack of 200", "2"],
    ]);
    expect(await quantities(MUG_SET)).toEqual([
      ["Speckled Stoneware Mug, 14 oz", "2"],
      ["Morning Ritual Mug, 16 oz", "2"],
      ["Ceramic Sugar Bowl with Spoon", "1"],
    ]);
    const bundle = await call("GET", `products/${BUNDLE}`);
    expect(bundle.body).toMatchObject({ productClass: "Bundle", fields: { StockKeepingUnit: "KIT-POUROVER" } });
    expect((await call("GET", `products/${MUG_SET}`)).body.productClass).toBe("Set");
  });

  it("takes a bundle into the cart as one line at its own price; refuses the set (product error 104)", async () => {
    const guest = shopper(target);
    const cartId = await newCart(guest);
    const line = await add(guest, cartId, BUNDLE, "2");
    expect(line.status).toBe(201);
    expect(line.body).toMatchObject({
      productId: BUNDLE,
      quantity: "2.0",
      salesPrice: "89.00",
      totalPrice: "178.00",
      productClass: "Bundle",
      parentCartItemId: null,
      childProductCount: 0,
    });
    const items = await guest("GET", `carts/${cartId}/cart-items`);
    expect(items.body.cartItems.map((i: any) => i.cartItem.productId)).toEqual([BUNDLE]);
    expectError(await add(guest, cartId, MUG_SET), 400, "PRODUCT_SET_NOT_ALLOWED", "Product is a set");
  });
});

describe.each(TARGET_NAMES)("category menu items (%s)", (name) => {
  const { call } = useTarget(name);

  it("answers the category tree as navigation menu items (64.0), levels and items capped when asked", async () => {
    const res = await call("GET", "category-menu-items");
    expect(res.status).toBe(200);
    const labels = res.body.menuItems.map((m: any) => m.label);
    expect(labels).toEqual(["Coffee", "Brewing Equipment", "Mugs & Drinkware", "Kitchen & Pantry"]);
    const coffee = res.body.menuItems[0];
    expect(coffee).toEqual({
      actionType: "InternalLink",
      actionValue: `/category/${COFFEE}`,
      imageUrl: null,
      label: "Coffee",
      pageReference: {
        attributes: { actionName: "view", objectApiName: "ProductCategory", recordId: COFFEE },
        state: {},
        type: "standard__recordPage",
      },
      subMenu: [expect.objectContaining({ label: "Whole Bean" }), expect.objectContaining({ label: "Ground & Pods" })],
      target: "CurrentWindow",
    });
    const capped = await call("GET", "category-menu-items?maxLevels=1&maxItems=2&addHomeMenuItem=true");
    expect(capped.body.menuItems.map((m: any) => [m.label, m.subMenu.length])).toEqual([
      ["Home", 0],
      ["Coffee", 0],
      ["Brewing Equipment", 0],
    ]);
    expect((await call("GET", "category-menu-items?publishStatus=Live&includeImageUrl=true")).status).toBe(200);
  });

  it("refuses bad values (400) and is unknown before 64.0", async () => {
    for (const query of ["maxLevels=0", "maxItems=two", "publishStatus=Published", "addHomeMenuItem=yes"]) {
      const res = await call("GET", `category-menu-items?${query}`);
      expect({ query, status: res.status, code: res.body[0]?.errorCode }).toEqual({
        query,
        status: 400,
        code: "ILLEGAL_QUERY_PARAMETER_VALUE",
      });
    }
    expect((await call("GET", at("v63.0", "category-menu-items"))).status).toBe(404);
  });
});
