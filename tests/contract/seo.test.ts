import { describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * The community SEO properties of records. (The lookup form uses the documented order-summaries/actions/lookup:
 * no server method of ours is emulated, and /lwr/apex answers 404 like any path the site does not have.)
 */

const SEO = "/services/data/v65.0/connect/communities/0DBDM0000000001/seo/properties";

describe.each(TARGET_NAMES)("SEO properties (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  it("has no server method of the storefront's own: /lwr/apex answers 404", async () => {
    const res = await call("POST", "/lwr/apex/v65.0/OrderLookupController/lookupForOrder", {
      orderNumber: "00000101",
      email: "guest@demo.store",
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual([{ errorCode: "NOT_FOUND", message: "The requested resource does not exist" }]);
  });

  describe("SEO properties", () => {
    it("titles an order number without telling whether the order exists", async () => {
      const real = await call("GET", `${SEO}/00000101`);
      expect(real.status).toBe(200);
      expect(real.body).toEqual({
        recordId: "00000101",
        title: "Order 00000101",
        description: expect.any(String),
        keywords: null,
        imageUrl: null,
      });
      const unknown = await call("GET", `${SEO}/00099999`);
      expect(unknown.body.title).toBe("Order 00099999");
      expect(JSON.stringify(real.body)).not.toContain("guest@demo.store");
    });

    it("titles an order id for a buyer who may read it, and answers everyone else like an unknown id", async () => {
      const buyer = await login(target);
      const own = await call("GET", `${SEO}/1OsDM0000000103`, undefined, buyer);
      expect(own.body).toMatchObject({ recordId: "1OsDM0000000103", title: "Order 00000103" });
      const unknown = await call("GET", `${SEO}/1OsDM0000009999`, undefined, buyer);
      expect(unknown.status).toBe(404);
      for (const [id, headers] of [
        ["1OsDM0000000107", buyer],
        ["1OsDM0000000103", {}],
      ] as const) {
        const res = await call("GET", `${SEO}/${id}`, undefined, headers);
        expect({ status: res.status, body: res.body }).toEqual({ status: unknown.status, body: unknown.body });
      }
    });

    it("describes products and categories, and narrows to the requested fields", async () => {
      const product = await call("GET", `${SEO}/01tDM0000000001`);
      expect(product.body).toMatchObject({
        recordId: "01tDM0000000001",
        title: "Ethiopia Yirgacheffe Whole Bean, 12 oz",
        keywords: expect.stringContaining("CB-ETH-YRG"),
        imageUrl: expect.any(String),
      });
      const some = await call("GET", `${SEO}/01tDM0000000001?fields=title,imageUrl`);
      expect(Object.keys(some.body).sort()).toEqual(["imageUrl", "recordId", "title"]);
      const category = await call("GET", `${SEO}/0ZGDM0000000MUG`);
      expect(category.body.title).toBe("Mugs");
      const nothing = await call("GET", `${SEO}/a0Xnotarecord01`);
      expect(nothing.status).toBe(404);
      expect(nothing.body[0].errorCode).toBe("NOT_FOUND");
    });
  });
});
