import { describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/** The lookup form's server method (lookupForOrder through /lwr/apex) and the community SEO properties of records. */

const APEX = "/lwr/apex/v65.0/OrderLookupController/lookupForOrder";
const SEO = "/services/data/v65.0/connect/communities/0DBDM0000000001/seo/properties";

describe.each(TARGET_NAMES)("lookupForOrder and SEO properties (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });

  const viaGet = (params: unknown, headers: Record<string, string> = {}) =>
    call("GET", `${APEX}?methodParams=${encodeURIComponent(JSON.stringify(params))}`, undefined, { "X-SFDC-Allow-Continuation": "false", ...headers });
  const viaPost = (params: unknown, headers: Record<string, string> = {}) => call("POST", APEX, params, { "X-SFDC-Allow-Continuation": "false", ...headers });

  describe("lookupForOrder", () => {
    it("answers success with the order's id over GET (methodParams) and POST (body)", async () => {
      const get = await viaGet({ orderNumber: "00000101", email: "Guest@demo.store" });
      expect(get.status).toBe(200);
      expect(get.body).toEqual({ success: true, orderSummaryId: "1OsDM0000000101", orderNumber: "00000101" });
      const post = await viaPost({ orderNumber: "00000101", email: "guest@demo.store" });
      expect(post.body).toEqual(get.body);
    });

    it("answers success:false alike for a wrong e-mail, an unknown number and a missing e-mail", async () => {
      const answers = await Promise.all([
        viaPost({ orderNumber: "00000101", email: "nobody@demo.store" }),
        viaPost({ orderNumber: "00099999", email: "guest@demo.store" }),
        viaGet({ orderNumber: "00000101" }),
      ]);
      for (const res of answers) expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { success: false } });
    });

    it("needs no e-mail from a signed-in buyer, for an order of their account only", async () => {
      const buyer = await login(target);
      expect((await viaPost({ orderNumber: "00000103" }, buyer)).body).toMatchObject({ success: true, orderSummaryId: "1OsDM0000000103" });
      expect((await viaPost({ orderNumber: "00000107" }, buyer)).body).toEqual({ success: false });
    });

    it("shares the lookup's rate limit", async () => {
      const headers = { "X-Forwarded-For": "198.51.100.7" };
      for (let i = 0; i < 10; i++) expect((await viaPost({ orderNumber: `0007000${i}`, email: "x@demo.store" }, headers)).body.success).toBe(false);
      const limited = await viaPost({ orderNumber: "00000101", email: "guest@demo.store" }, headers);
      expect(limited.status).toBe(429);
      expect(limited.body[0].errorCode).toBe("REQUEST_LIMIT_EXCEEDED");
    });

    it("refuses a missing order number (400), bad methodParams (400) and an unknown method (404)", async () => {
      expect((await viaPost({ email: "guest@demo.store" })).body[0].errorCode).toBe("INVALID_API_INPUT");
      const bad = await call("GET", `${APEX}?methodParams=%7Bnot-json`);
      expect(bad.status).toBe(400);
      expect(bad.body[0].errorCode).toBe("JSON_PARSER_ERROR");
      const unknown = await call("POST", "/lwr/apex/v65.0/OrderLookupController/deleteAllOrders", {});
      expect(unknown.status).toBe(404);
      expect(unknown.body[0].errorCode).toBe("NOT_FOUND");
      expect((await call("POST", "/lwr/apex/v65.0/OrderLookupController/toString", {})).status).toBe(404);
    });
  });

  describe("SEO properties", () => {
    it("titles an order number without telling whether the order exists", async () => {
      const real = await call("GET", `${SEO}/00000101`);
      expect(real.status).toBe(200);
      expect(real.body).toEqual({ recordId: "00000101", title: "Order 00000101", description: expect.any(String), keywords: null, imageUrl: null });
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
      for (const [id, headers] of [["1OsDM0000000107", buyer], ["1OsDM0000000103", {}]] as const) {
        const res = await call("GET", `${SEO}/${id}`, undefined, headers);
        expect({ status: res.status, body: res.body }).toEqual({ status: unknown.status, body: unknown.body });
      }
    });

    it("describes products and categories, and narrows to the requested fields", async () => {
      const product = await call("GET", `${SEO}/01tDM0000000001`);
      expect(product.body).toMatchObject({ recordId: "01tDM0000000001", title: "Ethiopia Yirgacheffe Whole Bean, 12 oz", keywords: expect.stringContaining("CB-ETH-YRG"), imageUrl: expect.any(String) });
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
