import { describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";

const COFFEE = "0ZGDM0000000CFE";
const WHOLE_BEAN = "0ZGDM0000000WBN";
const MUGS = "0ZGDM0000000MUG";
const APRON = "01tDM000000E103";
const NO_PRICE = "01tDM000000E102";
const QUANTITY_RULE = "01tDM000000E107";
const DINER_MUG = "01tDM0000000027";

describe.each(TARGET_NAMES)("catalog endpoints (%s)", (name) => {
  const { target, call } = useTarget(name);

  it("searches name, SKU and description case-insensitively, with string prices", async () => {
    const bySku = await call("GET", "search/products?searchTerm=err-10&pageSize=50");
    expect(bySku.status).toBe(200);
    const skus = bySku.body.productsPage.products.map((p: any) => p.fields.StockKeepingUnit.value);
    expect(skus).toEqual(expect.arrayContaining(["ERR-100", "ERR-101", "ERR-102", "ERR-103", "ERR-104", "ERR-105", "ERR-106", "ERR-107"]));
    const byDescription = await call("GET", "search/products?searchTerm=JASMINE");
    expect(byDescription.body.productsPage.products.map((p: any) => p.name)).toEqual(["Ethiopia Yirgacheffe Whole Bean, 12 oz"]);
    const product = byDescription.body.productsPage.products[0];
    expect(product).toMatchObject({
      id: expect.stringMatching(/^01t/),
      urlName: "ethiopia-yirgacheffe-whole-bean-12-oz",
      productClass: "Simple",
      defaultImage: { mediaType: "Image", url: "/images/products/CB-ETH-YRG.svg" },
      prices: { listPrice: "21.00", unitPrice: "18.50", currencyIsoCode: "USD", pricebookEntryId: expect.stringMatching(/^01u/) },
    });
    expect(byDescription.body).toMatchObject({ facets: [], locale: "en_US", correlationId: expect.any(String) });
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
    const top = await call("GET", "search/products");
    expect(top.body.categories.category).toBeNull();
    expect(top.body.categories.children.length).toBeGreaterThanOrEqual(3);
    expect(top.body.productsPage.total).toBeGreaterThanOrEqual(40);
  });

  it("pages from 0, sorts on request, and rejects a bad page size", async () => {
    const page0 = await call("GET", "search/products?pageSize=5&page=0&sortOrder=NameAsc");
    const page1 = await call("GET", "search/products?pageSize=5&page=1&sortOrder=NameAsc");
    const names = [...page0.body.productsPage.products, ...page1.body.productsPage.products].map((p: any) => p.name);
    expect(names).toHaveLength(10);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(page0.body.productsPage.pageSize).toBe(5);
    const bad = await call("GET", "search/products?pageSize=0");
    expect(bad.status).toBe(400);
    expect(bad.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
  });

  it("accepts the search as a POST body too", async () => {
    const res = await call("POST", "search/products", { searchTerm: "mug", categoryId: MUGS, page: 0, pageSize: 3 });
    expect(res.status).toBe(200);
    expect(res.body.productsPage.products).toHaveLength(3);
    expect(res.body.productsPage.total).toBeGreaterThan(3);
  });

  it("answers product detail with fields, images, category path and the quantity rule", async () => {
    const res = await call("GET", `products/${QUANTITY_RULE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: QUANTITY_RULE,
      productClass: "Simple",
      fields: { Name: "Bulk Filter Case, 12 Packs", StockKeepingUnit: "ERR-107", Description: expect.any(String) },
      purchaseQuantityRule: { minimum: "2", maximum: "10", increment: "2" },
      primaryProductCategoryPath: { path: [{ name: "Brewing Equipment" }, { name: "Pour Over & Filter" }] },
      mediaGroups: expect.arrayContaining([expect.objectContaining({ usageType: "Standard", mediaItems: [expect.objectContaining({ url: "/images/products/ERR-107.svg" })] })]),
    });
    const onlyName = await call("GET", `products/${QUANTITY_RULE}?fields=Name`);
    expect(onlyName.body.fields).toEqual({ Name: "Bulk Filter Case, 12 Packs" });
  });

  it("describes a variation parent's variants and a subscription's selling models", async () => {
    const apron = await call("GET", `products/${APRON}`);
    expect(apron.body.productClass).toBe("VariationParent");
    expect(apron.body.variationInfo.variationAttributeInfo.Color.availableValues).toEqual(expect.arrayContaining(["Charcoal", "Denim", "Burgundy"]));
    expect(apron.body.variationInfo.attributesToProductMappings).toHaveLength(3);
    const sub = await call("GET", "products/01tDM000000E106");
    expect(sub.body.productSellingModels).toEqual([expect.objectContaining({ id: "0jPDM00000MONTH", sellingModelType: "Evergreen" })]);
  });

  it("answers a malformed product id with 400 INVALID_ID_FIELD and an unknown one with 404 NOT_FOUND", async () => {
    const malformed = await call("GET", "products/not-an-id");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual([{ errorCode: "INVALID_ID_FIELD", message: expect.any(String) }]);
    const unknown = await call("GET", "products/01tDM0000000ZZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.body[0].errorCode).toBe("NOT_FOUND");
  });

  it("prices a product, and reports a product without price as success:false", async () => {
    const priced = await call("GET", `pricing/products/${DINER_MUG}`);
    expect(priced.body).toMatchObject({ productId: DINER_MUG, listPrice: "14.00", unitPrice: "12.00", currencyIsoCode: "USD", success: true });
    const none = await call("GET", `pricing/products/${NO_PRICE}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ success: false, unitPrice: null, error: { message: "No pricing data available" } });
    const batch = await call("POST", "pricing/products", { pricingLineItems: [{ productId: DINER_MUG }, { productId: NO_PRICE }] });
    expect(batch.body.success).toBe(false);
    expect(batch.body.pricingLineItemResults.map((r: any) => [r.productId, r.success])).toEqual([
      [DINER_MUG, true],
      [NO_PRICE, false],
    ]);
    expect((await call("POST", "pricing/products", {})).status).toBe(400);
  });

  it("walks the category tree: top level, children, one category, its path", async () => {
    const top = await call("GET", "product-categories/children");
    expect(top.body.productCategories.map((c: any) => c.fields.Name)).toEqual(["Coffee", "Brewing Equipment", "Mugs & Drinkware", "Kitchen & Pantry"]);
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
      const buyer = await call("GET", "search/products?searchTerm=mug", undefined, await login(target));
      expect(buyer.status).toBe(200);
    } finally {
      await call("POST", "/__emulator/settings", { applicationContext: { guestBrowsingEnabled: true } });
    }
  });
});
