import { describe, expect, it } from "vitest";
import { at, guestClients, TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * Product search refinements and facets (docs/emulator.md, "Search refinements and facets"): Product Search Input's
 * `refinements` (Distinct Value Refinement Input; up to nine, up to 20 values each) and Product Search Results'
 * `facets` (Distinct Value Search Facet, values with productCount), and the price range (a Range refinement, whose
 * naming is the emulator's own).
 */

const DRINKWARE = "0ZGDM0000000DRK"; // Mugs + Travel & Tumblers
const MUGS = "0ZGDM0000000MUG";
const brand = (...values: string[]) => ({
  type: "DistinctValue",
  attributeType: "Custom",
  nameOrId: "Brand__c",
  values,
});
const material = (...values: string[]) => ({
  type: "DistinctValue",
  attributeType: "Custom",
  nameOrId: "Material__c",
  values,
});
const price = (min?: string, max?: string) => ({
  type: "Range",
  attributeType: "PricebookEntry",
  nameOrId: "UnitPrice",
  ...(min === undefined ? {} : { min }),
  ...(max === undefined ? {} : { max }),
});

/** A facet's values as `{name: count}`. */
function counts(body: any, nameOrId: string): Record<string, number> | undefined {
  const facet = body.facets.find((f: any) => f.nameOrId === nameOrId);
  return facet && Object.fromEntries(facet.values.map((v: any) => [v.nameOrId, v.productCount]));
}

describe.each(TARGET_NAMES)("search refinements and facets (%s)", (name) => {
  const { target, call } = useTarget(name);
  const names = (res: { body: any }) => res.body.productsPage.products.map((p: any) => p.name as string).sort();

  it("answers a category's facets with value counts, in display rank, values by display name", async () => {
    const res = await call("POST", "search/product-search", { categoryId: DRINKWARE, pageSize: 50 });
    expect(res.status).toBe(201);
    expect(res.body.facets.map((f: any) => f.nameOrId)).toEqual(["Brand__c", "Material__c"]);
    expect(res.body.facets[0]).toEqual({
      attributeType: "Custom",
      displayName: "Brand",
      displayRank: 1,
      displayType: "MultiSelect",
      facetType: "DistinctValue",
      nameOrId: "Brand__c",
      values: [
        { displayName: "Brewline", nameOrId: "Brewline", productCount: 1 },
        { displayName: "Clay & Kiln", nameOrId: "Clay & Kiln", productCount: 5 },
        { displayName: "Northside Roasting", nameOrId: "Northside Roasting", productCount: 1 },
        { displayName: "Trailhead Goods", nameOrId: "Trailhead Goods", productCount: 3 },
      ],
    });
    // Counted over the whole result, not the page shown.
    const firstOnly = await call("POST", "search/product-search", { categoryId: DRINKWARE, pageSize: 1 });
    expect(firstOnly.body.facets).toEqual(res.body.facets);
    // The GET search answers the same facets for the same search.
    const viaGet = await call("GET", `search/products?categoryId=${DRINKWARE}`);
    expect(viaGet.body.facets).toEqual(res.body.facets);
  });

  it("refines by two facets and a price range; a facet's own choice doesn't narrow its counts", async () => {
    const res = await call("POST", "search/product-search", {
      categoryId: DRINKWARE,
      refinements: [brand("Clay & Kiln"), material("Stoneware"), price("10", "20")],
      includePrices: true,
    });
    expect(res.status).toBe(201);
    expect(names(res)).toEqual(["Morning Ritual Mug, 16 oz", "Speckled Stoneware Mug, 14 oz"]);
    expect(res.body.productsPage.total).toBe(2);
    // Brands among Stoneware at $10-20; materials among Clay & Kiln at $10-20.
    expect(counts(res.body, "Brand__c")).toEqual({ "Clay & Kiln": 2, "Northside Roasting": 1 });
    expect(counts(res.body, "Material__c")).toEqual({ Glass: 1, Stoneware: 2 });

    // Values of one refinement are alternatives: Stoneware or Glass.
    const either = await call("POST", "search/product-search", {
      categoryId: DRINKWARE,
      refinements: [brand("Clay & Kiln"), material("Stoneware", "Glass"), price("10", "20")],
    });
    expect(names(either)).toEqual([
      "Double-Wall Glass Mug, 10 oz",
      "Morning Ritual Mug, 16 oz",
      "Speckled Stoneware Mug, 14 oz",
    ]);

    // Without the material: every Clay & Kiln piece at $10-20.
    const cleared = await call("POST", "search/product-search", {
      categoryId: DRINKWARE,
      refinements: [brand("Clay & Kiln"), price("10", "20")],
    });
    expect(cleared.body.productsPage.total).toBe(3);
    expect(counts(cleared.body, "Material__c")).toEqual({ Glass: 1, Stoneware: 2 });

    // A price bound alone, min or max: inclusive, on the unit price.
    const upTo13 = await call("POST", "search/product-search", {
      categoryId: MUGS,
      refinements: [price(undefined, "13")],
    });
    expect(names(upTo13)).toEqual(["Classic Diner Mug, 12 oz", "Enamel Camp Mug, 12 oz", "Morning Ritual Mug, 16 oz"]);
    const from32 = await call("POST", "search/product-search", { categoryId: MUGS, refinements: [price("32.00")] });
    expect(names(from32)).toEqual(["Espresso Cups & Saucers, Set of 4", "Hand-Thrown Studio Mug"]);
  });

  it("combines refinements with a search term, sorting and paging", async () => {
    const res = await call("POST", "search/product-search", {
      searchTerm: "mug",
      refinements: [brand("Clay & Kiln")],
      sortRuleId: "0qUDM0000000005", // price high to low
      includePrices: true,
      pageSize: 2,
      page: 1,
    });
    expect(res.status).toBe(201);
    // $77 (the Clay & Kiln Mug Set), $38 on page 0; $32, $16 here; $16, $13 on page 2.
    expect(res.body.productsPage.total).toBe(6);
    expect(res.body.productsPage.products.map((p: any) => p.prices.unitPrice)).toEqual(["32.00", "16.00"]);
    expect(counts(res.body, "Brand__c")).toMatchObject({ "Clay & Kiln": 6 });
  });

  it("answers an empty result with no facets", async () => {
    const res = await call("POST", "search/product-search", {
      categoryId: MUGS,
      refinements: [brand("Trailhead Goods"), price("100")],
    });
    expect(res.status).toBe(201);
    expect(res.body.productsPage).toMatchObject({ total: 0, products: [] });
    // Brand counts leave out the brand's own choice: the $100+ mugs are none, of any brand.
    expect(res.body.facets).toEqual([]);
  });

  it("refuses more than nine refinements and more than 20 values (400 INVALID_API_INPUT)", async () => {
    const nine = Array.from({ length: 9 }, () => brand("Clay & Kiln"));
    expect((await call("POST", "search/product-search", { categoryId: MUGS, refinements: nine })).status).toBe(201);
    const ten = await call("POST", "search/product-search", { categoryId: MUGS, refinements: [...nine, price("1")] });
    expect(ten.status).toBe(400);
    expect(ten.body[0]).toEqual({
      errorCode: "INVALID_API_INPUT",
      message: "refinements: up to 9 refinements are allowed; the request has 10.",
    });

    const twenty = Array.from({ length: 20 }, (_, i) => `Brand ${i}`);
    expect(
      (await call("POST", "search/product-search", { categoryId: MUGS, refinements: [brand(...twenty)] })).status,
    ).toBe(201);
    const tooMany = await call("POST", "search/product-search", {
      categoryId: MUGS,
      refinements: [brand(...twenty, "Clay & Kiln")],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body[0]).toEqual({
      errorCode: "INVALID_API_INPUT",
      message: "refinements[0].values: up to 20 values are allowed for a refinement; the request has 21.",
    });
  });

  it("takes a Range refinement from 64.0, where ConnectApi.RangeRefinementInput is documented", async () => {
    const body = { categoryId: MUGS, refinements: [price("30")] };
    expect((await call("POST", at("v64.0", "search/product-search"), body)).status).toBe(201);
    const older = await call("POST", at("v63.0", "search/product-search"), body);
    expect(older.status).toBe(400);
    expect(older.body[0].errorCode).toBe("INVALID_API_INPUT");
  });

  it("refuses a malformed refinement (400 INVALID_API_INPUT)", async () => {
    for (const refinement of [
      "Brand__c",
      { type: "Bucket", attributeType: "Custom", nameOrId: "Brand__c", values: ["Brewline"] },
      { type: "DistinctValue", attributeType: "ProductCategory", nameOrId: "Brand__c", values: ["Brewline"] },
      { type: "DistinctValue", attributeType: "Custom", nameOrId: "Colour__c", values: ["Red"] },
      { type: "DistinctValue", attributeType: "Custom", nameOrId: "Brand__c", values: [] },
      { type: "DistinctValue", attributeType: "Custom", nameOrId: "Brand__c", values: [7] },
      { type: "DistinctValue", attributeType: "Custom", values: ["Brewline"] },
      { type: "Range", attributeType: "Custom", nameOrId: "Brand__c", min: "1" },
      price(),
      price("ten"),
      price("-1"),
      price("20", "10"),
    ]) {
      const res = await call("POST", "search/product-search", { categoryId: MUGS, refinements: [refinement] });
      expect({ refinement, status: res.status, code: res.body[0]?.errorCode }).toEqual({
        refinement,
        status: 400,
        code: "INVALID_API_INPUT",
      });
    }
  });

  it("takes GET search/products refinements as Base64 JSON, answering as the POST does", async () => {
    const refinements = [brand("Clay & Kiln"), material("Stoneware"), price("10", "20")];
    const encoded = Buffer.from(JSON.stringify(refinements)).toString("base64");
    const viaGet = await call(
      "GET",
      `search/products?categoryId=${DRINKWARE}&refinements=${encodeURIComponent(encoded)}`,
    );
    expect(viaGet.status).toBe(200);
    const viaPost = await call("POST", "search/product-search", { categoryId: DRINKWARE, refinements });
    expect(names(viaGet)).toEqual(["Morning Ritual Mug, 16 oz", "Speckled Stoneware Mug, 14 oz"]);
    expect(names(viaGet)).toEqual(names(viaPost));
    expect(viaGet.body.facets).toEqual(viaPost.body.facets);
    // URL-safe Base64 without padding decodes the same.
    const urlSafe = encoded.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    expect(names(await call("GET", `search/products?categoryId=${DRINKWARE}&refinements=${urlSafe}`))).toEqual(
      names(viaGet),
    );
  });

  it("refuses a GET refinements value that is no Base64 JSON (400), and bad refinements as the POST does", async () => {
    for (const raw of ["not base64!", Buffer.from("{oops").toString("base64"), Buffer.from("7").toString("base64")]) {
      const res = await call("GET", `search/products?categoryId=${MUGS}&refinements=${encodeURIComponent(raw)}`);
      expect({ raw, status: res.status, code: res.body[0]?.errorCode }).toEqual({
        raw,
        status: 400,
        code: "ILLEGAL_QUERY_PARAMETER_VALUE",
      });
    }
    const ten = Array.from({ length: 10 }, () => brand("Clay & Kiln"));
    const tooMany = await call(
      "GET",
      `search/products?categoryId=${MUGS}&refinements=${encodeURIComponent(Buffer.from(JSON.stringify(ten)).toString("base64"))}`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body[0]).toEqual({
      errorCode: "INVALID_API_INPUT",
      message: "refinements: up to 9 refinements are allowed; the request has 10.",
    });
  });

  it("serves the storefront's client: refinements go in the search, facets come back", async () => {
    const client = (await guestClients(target))();
    const answer = await client.searchProducts({
      categoryId: DRINKWARE,
      refinements: [
        { type: "DistinctValue", attributeType: "Custom", nameOrId: "Material__c", values: ["Stainless steel"] },
      ],
    });
    expect(answer.productsPage.total).toBe(2);
    expect(answer.facets?.map((f) => f.nameOrId)).toEqual(["Brand__c", "Material__c"]);
  });
});
