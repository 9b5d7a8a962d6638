import { describe, expect, it } from "vitest";
import { TARGET_NAMES, at, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * GET products/{productId}/featured-products (64.0): Commerce Webstore Product Featured Products,
 * https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_resources_commerce_webstore_products_featured_products.htm,
 * answering Featured Products Output,
 * https://developer.salesforce.com/docs/atlas.en-us.chatterapi.meta/chatterapi/connect_responses_featured_products_output.htm.
 */

const FRENCH_PRESS = "01tDM0000000023";
const DRIPPER = "01tDM0000000020";
const DRIP_MAKER = "01tDM0000000024";
const COLD_TOWER = "01tDM0000000026";
const DINER_MUG = "01tDM0000000027";
const MUG_SET = "01tDM0000000S01";
const ETHIOPIA = "01tDM0000000001";
const ROASTERS_CHOICE = "01tDM0000000013";
const FILTER_CASE = "01tDM000000E107";
const TAMPER = "01tDM0000000017"; // features nothing
const TOTE = "01tDM0000000T00"; // a variation parent

describe.each(TARGET_NAMES)("featured products (%s)", (name) => {
  const { target, call } = useTarget(name);
  const ids = (body: any, type = "similarProducts") =>
    body.featuredProductsByRelationshipType[type].map((p: any) => p.id as string);

  it("lists a product's featured products by relationship type, in their sequence, as the page's example", async () => {
    const res = await call("GET", `products/${FRENCH_PRESS}/featured-products`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["featuredProductsByRelationshipType"]);
    expect(Object.keys(res.body.featuredProductsByRelationshipType)).toEqual(["similarProducts"]);
    expect(ids(res.body)).toEqual([DRIPPER, DRIP_MAKER, COLD_TOWER]);
    // Without the include flags: every field, no media groups, selling models or quantity rule, no attribute set.
    expect(res.body.featuredProductsByRelationshipType.similarProducts[0]).toEqual({
      defaultImage: null,
      fields: expect.objectContaining({ Name: "Glass Pour-Over Dripper", StockKeepingUnit: "EQ-DRIP-GLS" }),
      id: DRIPPER,
      mediaGroups: [],
      productClass: "Simple",
      productSellingModels: [],
      purchaseQuantityRule: null,
      urlName: expect.any(String),
    });
    // A set is featured like any product.
    expect(ids((await call("GET", `products/${DINER_MUG}/featured-products`)).body)).toContain(MUG_SET);
  });

  it("answers an empty map for a product that features nothing, and for a relationship type it has none of", async () => {
    const none = await call("GET", `products/${TAMPER}/featured-products`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ featuredProductsByRelationshipType: {} });
    const other = await call("GET", `products/${FRENCH_PRESS}/featured-products?relationshipTypes=newArrivals`);
    expect(other.body).toEqual({ featuredProductsByRelationshipType: {} });
    const asked = await call(
      "GET",
      `products/${FRENCH_PRESS}/featured-products?relationshipTypes=newArrivals,similarProducts`,
    );
    expect(ids(asked.body)).toEqual([DRIPPER, DRIP_MAKER, COLD_TOWER]);
  });

  it("narrows fields and media groups and adds selling models, quantity rules and attribute sets when asked", async () => {
    const narrow = await call(
      "GET",
      `products/${FRENCH_PRESS}/featured-products?fields=Name&includeMediaGroups=true&mediaGroups=productListImage` +
        "&includeAttributeSetInfo=true",
    );
    const first = narrow.body.featuredProductsByRelationshipType.similarProducts[0];
    expect(first.fields).toEqual({ Name: "Glass Pour-Over Dripper" });
    expect(first.mediaGroups).toEqual([
      expect.objectContaining({
        developerName: "productListImage",
        usageType: "Listing",
        mediaItems: [expect.objectContaining({ mediaType: "Image", url: expect.any(String) })],
      }),
    ]);
    expect(first).toMatchObject({ attributeSetInfo: null });
    const all = await call("GET", `products/${FRENCH_PRESS}/featured-products?includeMediaGroups=true`);
    expect(
      all.body.featuredProductsByRelationshipType.similarProducts[0].mediaGroups.map((g: any) => g.developerName),
    ).toEqual(["productDetailImage", "productListImage"]);
    const bare = await call("GET", `products/${FRENCH_PRESS}/featured-products?excludeFields=true&fields=Name`);
    expect(bare.body.featuredProductsByRelationshipType.similarProducts[0].fields).toEqual({});

    // The Roaster's Choice subscription, featured beside the Ethiopia, is sold with three selling models.
    const plain = await call("GET", `products/${ETHIOPIA}/featured-products`);
    const subscription = (body: any) =>
      body.featuredProductsByRelationshipType.similarProducts.find((p: any) => p.id === ROASTERS_CHOICE);
    expect(subscription(plain.body).productSellingModels).toEqual([]);
    const models = await call("GET", `products/${ETHIOPIA}/featured-products?includeProductSellingModel=true`);
    expect(subscription(models.body).productSellingModels.map((m: any) => m.id)).toEqual(
      expect.arrayContaining(["0jPDM00000ONETM", "0jPDM00000MONTH", "0jPDM00000YEAR1"]),
    );
    // The bulk filter case, featured beside the dripper, is sold in 2s, 2 to 10 cases.
    const rule = (body: any) =>
      body.featuredProductsByRelationshipType.similarProducts.find((p: any) => p.id === FILTER_CASE)
        .purchaseQuantityRule;
    expect(rule((await call("GET", `products/${DRIPPER}/featured-products`)).body)).toBeNull();
    const ruled = await call("GET", `products/${DRIPPER}/featured-products?includePurchaseQuantityRules=true`);
    expect(rule(ruled.body)).toEqual({ minimum: "2", maximum: "10", increment: "2" });
  });

  it("refuses a flag that is no boolean, a malformed or unknown product, and is unknown before 64.0", async () => {
    const flag = await call("GET", `products/${FRENCH_PRESS}/featured-products?includeMediaGroups=yes`);
    expect(flag.status).toBe(400);
    expect(flag.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    const malformed = await call("GET", "products/not-an-id/featured-products");
    expect(malformed.status).toBe(400);
    expect(malformed.body[0].errorCode).toBe("INVALID_ID_FIELD");
    const unknown = await call("GET", "products/01tDM0000000ZZZ/featured-products");
    expect(unknown.status).toBe(404);
    expect(unknown.body[0].errorCode).toBe("NOT_FOUND");
    const early = await call("GET", at("v63.0", `products/${FRENCH_PRESS}/featured-products`));
    expect(early.status).toBe(404);
    expect(early.body).toEqual([{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
    expect((await call("GET", at("v64.0", `products/${FRENCH_PRESS}/featured-products`))).status).toBe(200);
  });

  it("serves a signed-in buyer too, and refuses an account the buyer may not act for", async () => {
    const buyer = await login(target, "b2b@demo.store");
    const own = await call("GET", `products/${TOTE}/featured-products`, undefined, buyer);
    expect(own.status).toBe(200);
    const foreign = await call(
      "GET",
      `products/${FRENCH_PRESS}/featured-products?effectiveAccountId=001DM0000000ZZZ`,
      undefined,
      buyer,
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body[0].errorCode).toBe("EFFECTIVE_ACCOUNT_NOT_FOUND");
  });
});
