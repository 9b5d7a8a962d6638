import { describe, expect, it } from "vitest";
import { checkoutActiveCart, webstoreAs } from "../support/api-order.js";
import { TARGET_NAMES, at, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * GET ai/recommendations (55.0): Commerce Einstein Webstore Recommendations,
 * https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_ai_recommendations.htm
 * (its parameters and their versions; the cqcid cookie without which "an empty set of results is returned"). The
 * answer's own page (Commerce Einstein Recommendation Results) was not found: its shape is the one Salesforce's
 * store components read, `{productPage: {currencyIsoCode, products}, uuid}` [I]. Which products are recommended is
 * emulator-only: for CustomersWhoBoughtAlsoBought, the products ordered most often with the anchors.
 */

const ETHIOPIA = "01tDM0000000001";
const BREAKFAST = "01tDM0000000008";
const ESPRESSO_DUO = "01tDM0000000014";
const KENYA = "01tDM0000000004";
const GESHA = "01tDM000000E100";
const DISCONTINUED_APRON = "01tDM000000E105"; // not sellable
const TAMPER = "01tDM0000000017";
const COFFEE = "0ZGDM0000000CFE";
const COOKIE = { cookie: "cqcid=shopper-1" };
const bought = (anchors: string) =>
  `ai/recommendations?recommender=CustomersWhoBoughtAlsoBought&anchorValues=${anchors}`;

describe.each(TARGET_NAMES)("recommendations (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const ids = (body: any) => body.productPage.products.map((p: any) => p.id as string);

  it("answers the products ordered with the anchor, as {productPage: {currencyIsoCode, products}, uuid}", async () => {
    const res = await call("GET", bought(ETHIOPIA), undefined, COOKIE);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["productPage", "uuid"]);
    expect(res.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.productPage.currencyIsoCode).toBe("USD");
    // Ordered once each with the Ethiopia (orders 101 and 106): the latest order's product first.
    expect(ids(res.body)).toEqual([ESPRESSO_DUO, BREAKFAST]);
    // Without includePricingAndProductInformation a product is its id alone [I].
    expect(res.body.productPage.products[0]).toEqual({ id: ESPRESSO_DUO });
  });

  it("adds each product's fields, image, quantity rule and prices with includePricingAndProductInformation (63.0)", async () => {
    const res = await call("GET", `${bought(ETHIOPIA)}&includePricingAndProductInformation=true`, undefined, COOKIE);
    const breakfast = res.body.productPage.products.find((p: any) => p.id === BREAKFAST);
    expect(breakfast).toEqual({
      defaultImage: expect.objectContaining({ url: expect.any(String), mediaType: "Image" }),
      fields: expect.objectContaining({ Name: "Breakfast Blend Ground Coffee, 12 oz", StockKeepingUnit: "CG-BRKFST" }),
      id: BREAKFAST,
      name: "Breakfast Blend Ground Coffee, 12 oz",
      prices: expect.objectContaining({ listPrice: "15.00", unitPrice: "13.50", productId: BREAKFAST, success: true }),
      productClass: "Simple",
      purchaseQuantityRule: null,
      urlName: expect.any(String),
    });
    // The flag is 63.0's: an older version ignores it.
    const old = await call(
      "GET",
      at("v62.0", `${bought(ETHIOPIA)}&includePricingAndProductInformation=true`),
      undefined,
      COOKIE,
    );
    expect(old.body.productPage.products[0]).toEqual({ id: ESPRESSO_DUO });
  });

  it("never recommends the anchors or a product that can't be bought", async () => {
    // The Kenya's order also held the Gesha and the discontinued apron, which is not sellable.
    const res = await call("GET", bought(KENYA), undefined, COOKIE);
    expect(ids(res.body)).toEqual([GESHA]);
    expect(ids(res.body)).not.toContain(DISCONTINUED_APRON);
    const both = await call("GET", bought(`${ETHIOPIA},${BREAKFAST}`), undefined, COOKIE);
    expect(ids(both.body)).toEqual([ESPRESSO_DUO]);
  });

  it("counts an order placed since: a product ordered together shows up, the most often ordered first", async () => {
    expect(ids((await call("GET", bought(TAMPER), undefined, COOKIE)).body)).toEqual(["01tDM0000000005"]);
    const buyer = await webstoreAs({ username: "buyer@demo.store", password: "demo-pass-1" }, target.baseUrl, (r) =>
      target.fetch(r),
    );
    for (let round = 0; round < 2; round++) {
      await buyer("POST", "carts/active/cart-items", { productId: TAMPER, quantity: "1", type: "Product" });
      await buyer("POST", "carts/active/cart-items", { productId: BREAKFAST, quantity: "1", type: "Product" });
      await checkoutActiveCart(buyer);
    }
    expect(ids((await call("GET", bought(TAMPER), undefined, COOKIE)).body)).toEqual([BREAKFAST, "01tDM0000000005"]);
  });

  it("takes the shopper's cart as the anchors with anchorFromCurrentCart (63.0)", async () => {
    const buyer = await login(target, "buyer@demo.store");
    await call("POST", "carts/active/cart-items", { productId: ETHIOPIA, quantity: "1", type: "Product" }, buyer);
    const res = await call(
      "GET",
      "ai/recommendations?recommender=CustomersWhoBoughtAlsoBought&anchorFromCurrentCart=true",
      undefined,
      { ...buyer, ...COOKIE },
    );
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([ESPRESSO_DUO, BREAKFAST]);
  });

  it("answers no products without the cqcid cookie, and none from the recommenders the emulator has no model for", async () => {
    const bare = await call("GET", bought(ETHIOPIA));
    expect(bare.status).toBe(200);
    expect(bare.body.productPage.products).toEqual([]);
    for (const recommender of ["SimilarProducts", "TopSelling", "RecentlyViewed"]) {
      const anchors = recommender === "SimilarProducts" ? `&anchorValues=${ETHIOPIA}` : "";
      const res = await call("GET", `ai/recommendations?recommender=${recommender}${anchors}`, undefined, COOKIE);
      expect(res.status).toBe(200);
      expect(res.body.productPage.products).toEqual([]);
    }
    const category = await call(
      "GET",
      `ai/recommendations?recommender=TopSellingByCategory&anchorValues=${COFFEE}`,
      undefined,
      COOKIE,
    );
    expect(category.status).toBe(200);
  });

  it("refuses a missing or unknown recommender, missing or mixed anchors, a malformed flag or id", async () => {
    const refused = async (path: string, status: number, errorCode: string) => {
      const res = await call("GET", path, undefined, COOKIE);
      expect(res.status, path).toBe(status);
      expect(res.body[0].errorCode, path).toBe(errorCode);
      expect(res.body[0].message, path).toEqual(expect.any(String));
    };
    await refused(`ai/recommendations?anchorValues=${ETHIOPIA}`, 400, "INVALID_API_INPUT");
    await refused(
      `ai/recommendations?recommender=FrequentlyBought&anchorValues=${ETHIOPIA}`,
      400,
      "ILLEGAL_QUERY_PARAMETER_VALUE",
    );
    await refused("ai/recommendations?recommender=CustomersWhoBoughtAlsoBought", 400, "INVALID_API_INPUT");
    await refused(bought(`${ETHIOPIA},${COFFEE}`), 400, "INVALID_API_INPUT");
    await refused(bought("not-an-id"), 400, "INVALID_ID_FIELD");
    await refused(
      `ai/recommendations?recommender=TopSellingByCategory&anchorValues=${ETHIOPIA}`,
      400,
      "INVALID_ID_FIELD",
    );
    await refused(`${bought(ETHIOPIA)}&includePricingAndProductInformation=yes`, 400, "ILLEGAL_QUERY_PARAMETER_VALUE");
    await refused(`${bought(ETHIOPIA)}&currencyIsoCode=JPY`, 400, "INVALID_API_INPUT");
  });

  it("is unknown before 55.0, as every resource before its version", async () => {
    const early = await call("GET", at("v54.0", bought(ETHIOPIA)), undefined, COOKIE);
    expect(early.status).toBe(404);
    expect(early.body).toEqual([{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
    expect((await call("GET", at("v55.0", bought(ETHIOPIA)), undefined, COOKIE)).status).toBe(200);
  });
});
