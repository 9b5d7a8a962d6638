import { describe, expect, it } from "vitest";
import { TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";
import { signedIn } from "./orders-helpers.js";

/**
 * The reads of one order (reference §8): order-summaries/{id} and its delivery groups, items and adjustments. The
 * order history: orders.test.ts. Fixture orders: fixtures/orders.json.
 */

const NOT_FOUND = [{ errorCode: "NOT_FOUND", message: "Something's not right. Check your info and try again." }];

describe.each(TARGET_NAMES)("order summaries (%s)", (name) => {
  const { target, call } = useTarget(name);
  const buyer = signedIn(target);
  const b2b = signedIn(target, "b2b@demo.store");

  describe("GET order-summaries/{id}", () => {
    it("finds an order by id (15 or 18 characters) or by order number", async () => {
      for (const key of ["1OsDM0000000103", "1OsDM0000000103AAA", "00000103"]) {
        const res = await call("GET", `order-summaries/${key}`, undefined, buyer);
        expect(res.status, key).toBe(200);
        expect(res.body).toMatchObject({
          orderSummaryId: "1OsDM0000000103",
          orderNumber: "00000103",
          orderProductTopLevelLineCount: 5,
        });
      }
      const detailed = await call(
        "GET",
        "order-summaries/00000103?includeAdjustmentDetails=true&fields=OrderNumber,OrderSummary.GrandTotalAmount",
        undefined,
        buyer,
      );
      expect(Object.keys(detailed.body.fields).sort()).toEqual(["GrandTotalAmount", "OrderNumber"]);
      expect(detailed.body.adjustmentAggregates.available).toBe(true);
    });

    it("answers the documented OrderSummary billing and total fields, named in any case", async () => {
      const names = [
        "BillingStreet",
        "BillingCity",
        "BillingState",
        "BillingPostalCode",
        "BillingCountry",
        "BillingLatitude",
        "BillingLongitude",
        "TotalProductTaxAmount",
        "TotalDeliveryAmount",
        "TotalAdjustedDeliveryAmount",
        "TotalAdjustedDeliveryTaxAmount",
        "TotalAdjDeliveryAmtWithTax",
        "TotalAdjustedProductAmount",
        "TotalAdjustedProductTaxAmount",
        "TotalAdjProductAmtWithTax",
        "TotalTaxAmount",
        "grandtotalamount",
        "createdDate",
      ];
      const res = await call("GET", `order-summaries/00000103?fields=${names.join(",")}`, undefined, buyer);
      expect(res.status).toBe(200);
      const f = res.body.fields;
      // The answer names each field as the API does, whatever case it was asked in.
      expect(Object.keys(f).sort()).toEqual(
        names
          .map((n) => (n === "grandtotalamount" ? "GrandTotalAmount" : n === "createdDate" ? "CreatedDate" : n))
          .sort(),
      );
      expect(f.BillingStreet).toMatchObject({ dataName: "BillingStreet", type: "textarea" });
      expect(f.BillingCity.text).toBe("San Francisco");
      expect(f.BillingCountry.text).toBe("US");
      expect(f.BillingLatitude).toMatchObject({ type: "double", text: null });
      const amount = (n: string) => Number(f[n].text);
      expect(amount("TotalAdjDeliveryAmtWithTax")).toBeCloseTo(
        amount("TotalAdjustedDeliveryAmount") + amount("TotalAdjustedDeliveryTaxAmount"),
      );
      expect(amount("TotalAdjProductAmtWithTax")).toBeCloseTo(
        amount("TotalAdjustedProductAmount") + amount("TotalAdjustedProductTaxAmount"),
      );
      expect(amount("TotalProductTaxAmount") + amount("TotalAdjustedDeliveryTaxAmount")).toBeCloseTo(
        amount("TotalTaxAmount"),
      );
      expect(amount("TotalDeliveryAmount")).toBeGreaterThan(0);

      const unknown = await call("GET", "order-summaries/00000103?fields=BillingPlanet", undefined, buyer);
      expect(unknown.status).toBe(400);
      expect(unknown.body[0].errorCode).toBe("INVALID_FIELD");
    });

    it("answers another account's order exactly like an unknown one", async () => {
      const unknown = await call("GET", "order-summaries/99999999", undefined, buyer);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
      for (const [who, key] of [
        [buyer, "00000107"],
        [buyer, "1OsDM0000000101"],
        [b2b, "00000103"],
        [{}, "00000101"],
      ] as const) {
        const res = await call("GET", `order-summaries/${key}`, undefined, who);
        expect(res.status, key).toBe(404);
        expect(res.body, key).toEqual(unknown.body);
      }
      for (const sub of ["delivery-groups", "items", "adjustments"]) {
        const res = await call("GET", `order-summaries/00000107/${sub}`, undefined, buyer);
        expect({ status: res.status, body: res.body }, sub).toEqual({ status: 404, body: NOT_FOUND });
      }
    });

    it("lets the B2B buyer read the orders of every account they may act for", async () => {
      for (const key of ["00000107", "00000108", "00000109"]) {
        expect((await call("GET", `order-summaries/${key}`, undefined, b2b)).status, key).toBe(200);
      }
    });
  });

  describe("GET order-summaries/{id}/delivery-groups", () => {
    it("lists the groups with address, method, gift details and an unnamed second group", async () => {
      const res = await call("GET", "order-summaries/00000103/delivery-groups", undefined, buyer);
      expect(res.status).toBe(200);
      const [home, gift] = res.body.orderDeliveryGroups;
      expect(res.body.orderDeliveryGroups).toHaveLength(2);
      // Each entry is its field map and nothing else (LWR commerce_builder/orderProducts fixture).
      expect(Object.keys(home)).toEqual(["fields"]);
      const text = (group: any, name: string) => group.fields[name]?.text;
      expect(text(home, "OrderDeliveryGroupSummary.Id")).toBe("0agDM00000103G1");
      expect(text(home, "OrderDeliveryGroupSummary.DeliverToCity")).toBe("San Francisco");
      expect(text(home, "OrderDeliveryGroupSummary.IsGift")).toBe("false");
      expect(text(home, "OrderDeliveryMethod.Name")).toBe("Standard Shipping");
      expect(
        Object.fromEntries(
          Object.entries(gift.fields).map(([k, f]: [string, any]) => [k.replace(/^.*\./, ""), f.text]),
        ),
      ).toMatchObject({
        Id: "0agDM00000103G2",
        DeliverToName: "Jordan Buyer",
        DeliverToStreet: "301 Elm Street, Apt 4",
        DeliverToState: "TX",
        DeliverToPostalCode: "78701",
        DeliverToCountry: "US",
        PhoneNumber: "5125550188",
        DesiredDeliveryDate: "2026-09-08",
        IsGift: "true",
        GiftMessage: "Happy birthday, Jordan! Enjoy the kettle. — Alex",
        TotalLineAmount: "93.00",
      });
      expect(gift.fields["OrderDeliveryMethod.Name"]).toMatchObject({ dataName: "Name", text: "Express Shipping" });
      expect(Object.keys(gift.fields)).toHaveLength(15);
    });

    it("honours fields (at most 15), sort and page tokens", async () => {
      const some = await call(
        "GET",
        "order-summaries/00000103/delivery-groups?fields=OrderDeliveryGroupSummary.DeliverToCity,OrderDeliveryMethod.Carrier",
        undefined,
        buyer,
      );
      expect(Object.keys(some.body.orderDeliveryGroups[0].fields)).toEqual([
        "OrderDeliveryGroupSummary.DeliverToCity",
        "OrderDeliveryMethod.Carrier",
      ]);
      const desc = await call(
        "GET",
        "order-summaries/00000103/delivery-groups?sort=IdDesc&pageSize=1",
        undefined,
        buyer,
      );
      const ids = (body: any) =>
        body.orderDeliveryGroups.map((g: any) => g.fields["OrderDeliveryGroupSummary.Id"].text);
      expect(ids(desc.body)).toEqual(["0agDM00000103G2"]);
      const next = await call("GET", desc.body.nextPageUrl, undefined, buyer);
      expect(ids(next.body)).toEqual(["0agDM00000103G1"]);
      expect(next.body.nextPageToken).toBeNull();
      const tooMany = await call(
        "GET",
        `order-summaries/00000103/delivery-groups?fields=${Array.from({ length: 16 }, (_, i) => `F${i}`).join(",")}`,
        undefined,
        buyer,
      );
      expect(tooMany.status).toBe(400);
      const badSort = await call("GET", "order-summaries/00000103/delivery-groups?sort=NameAsc", undefined, buyer);
      expect(badSort.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    });
  });

  describe("GET order-summaries/{id}/items", () => {
    it("lists product and delivery-charge lines with their product and adjustments", async () => {
      const res = await call("GET", "order-summaries/00000103/items?includeAdjustmentDetails=true", undefined, buyer);
      expect(res.status).toBe(200);
      const types = res.body.items.map((i: any) => i.fields["OrderItemSummary.Type"].text);
      expect(types.filter((t: string) => t === "Order Product")).toHaveLength(5);
      expect(types.filter((t: string) => t === "Delivery Charge")).toHaveLength(2);
      const mug = res.body.items[0];
      expect(mug).toMatchObject({
        orderItemSummaryId: "10uDM0000010301",
        orderSummaryId: "1OsDM0000000103",
        adjustmentAggregates: { available: true, totalLinePromotionAmount: "-1.20" },
        product: {
          productId: expect.stringMatching(/^01t/),
          canViewProduct: true,
          errorCode: null,
          errorMessage: null,
          media: { url: expect.any(String), alternateText: expect.any(String) },
        },
      });
      expect(mug.fields["OrderItemSummary.Quantity"].text).toBe("2.0");
      expect(mug.fields["OrderItemSummary.AdjustedLineAmount"].text).toBe("22.80");
      expect(mug.product.fields["Product2.StockKeepingUnit"].text).toBe("MUG-DINER-12");
      expect(Object.keys(mug).sort()).toEqual([
        "adjustmentAggregates",
        "fields",
        "orderItemSummaryId",
        "orderSummaryId",
        "product",
      ]);
      const charge = res.body.items.find((i: any) => i.fields["OrderItemSummary.Type"].text === "Delivery Charge");
      expect(charge.product).toBeNull();
    });

    it("filters by delivery group and pages by token", async () => {
      const group = await call(
        "GET",
        "order-summaries/00000103/items?orderDeliveryGroupSummaryId=0agDM00000103G2",
        undefined,
        buyer,
      );
      expect(group.body.items.map((i: any) => i.fields["OrderItemSummary.StockKeepingUnit"].text)).toEqual([
        "EQ-KETTLE-GN",
        "KIT-BISCOTTI",
        null,
      ]);
      const p1 = await call("GET", "order-summaries/00000103/items?pageSize=3", undefined, buyer);
      expect(p1.body.items).toHaveLength(3);
      const p2 = await call(
        "GET",
        `order-summaries/00000103/items?pageSize=3&page=${encodeURIComponent(p1.body.nextPageToken)}`,
        undefined,
        buyer,
      );
      expect(p2.body.items[0].orderItemSummaryId).not.toBe(p1.body.items[0].orderItemSummaryId);
      expect(p2.body.currentPageToken).toBe(p1.body.nextPageToken);
      const fields = await call(
        "GET",
        "order-summaries/00000103/items?fields=OrderItemSummary.Quantity,Product2.Name",
        undefined,
        buyer,
      );
      expect(Object.keys(fields.body.items[0].fields)).toEqual(["OrderItemSummary.Quantity"]);
      expect(Object.keys(fields.body.items[0].product.fields)).toEqual(["Product2.Name"]);
      // Commerce Webstore Order Items: up to 15 fields.
      const fifteen = Array.from({ length: 15 }, () => "OrderItemSummary.Quantity").join(",");
      expect((await call("GET", `order-summaries/00000103/items?fields=${fifteen}`, undefined, buyer)).status).toBe(
        200,
      );
      const tooMany = await call(
        "GET",
        `order-summaries/00000103/items?fields=${Array.from({ length: 16 }, (_, i) => `F${i}`).join(",")}`,
        undefined,
        buyer,
      );
      expect(tooMany.status).toBe(400);
    });

    it("shows a variation's attributes", async () => {
      const res = await call("GET", "order-summaries/00000104/items", undefined, buyer);
      const apron = res.body.items.find((i: any) => i.fields["OrderItemSummary.StockKeepingUnit"].text === "APR-DENIM");
      expect(apron.product.productAttributes.attributes[0]).toMatchObject({ sequence: 0, value: expect.any(String) });
    });
  });

  describe("adjustments", () => {
    it("lists item-level and order-level adjustments as strings", async () => {
      const res = await call("GET", "order-summaries/00000103/adjustments", undefined, buyer);
      expect(res.status).toBe(200);
      expect(res.body.adjustments).toEqual([
        {
          type: "Promotion",
          displayName: "Buy 3+ mugs, save 5%",
          amount: "-1.20",
          currencyIsoCode: "USD",
          targetType: "Item",
        },
        {
          type: "Promotion",
          displayName: "Buy 3+ mugs, save 5%",
          amount: "-1.60",
          currencyIsoCode: "USD",
          targetType: "Item",
        },
        {
          type: "Promotion",
          displayName: "10% off your order",
          amount: "-18.02",
          currencyIsoCode: "USD",
          targetType: "Order",
        },
      ]);
      const none = await call("GET", "order-summaries/00000102/adjustments", undefined, buyer);
      expect(none.body).toEqual({ adjustments: [] });
    });

    it("answers item adjustments keyed by item id (POST items/adjustments)", async () => {
      const res = await call(
        "POST",
        "order-summaries/00000103/items/adjustments",
        { orderItemSummaries: [{ orderItemSummaryId: "10uDM0000010301" }, { orderItemSummaryId: "10uDM0000010305" }] },
        buyer,
      );
      expect(res.status).toBe(200);
      expect(res.body.orderItemSummaries["10uDM0000010301"].adjustments).toEqual([
        {
          type: "Promotion",
          displayName: "Buy 3+ mugs, save 5%",
          amount: "-1.20",
          currencyIsoCode: "USD",
          targetType: "Item",
        },
      ]);
      expect(res.body.orderItemSummaries["10uDM0000010305"]).toEqual({ adjustments: [] });
    });

    it("refuses a missing or foreign item id list", async () => {
      for (const body of [{}, { orderItemSummaries: [] }, { orderItemSummaries: [{}] }]) {
        const res = await call("POST", "order-summaries/00000103/items/adjustments", body, buyer);
        expect(res.status).toBe(400);
        expect(res.body[0]).toMatchObject({
          errorCode: "INVALID_API_INPUT",
          message: expect.stringMatching(/orderItemSummary/),
        });
      }
      const foreign = await call(
        "POST",
        "order-summaries/00000103/items/adjustments",
        { orderItemSummaries: [{ orderItemSummaryId: "10uDM0000010701" }] },
        buyer,
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body[0].errorCode).toBe("INVALID_ID_FIELD");
      const otherOrder = await call(
        "POST",
        "order-summaries/00000107/items/adjustments",
        { orderItemSummaries: [{ orderItemSummaryId: "10uDM0000010701" }] },
        buyer,
      );
      expect({ status: otherOrder.status, body: otherOrder.body }).toEqual({ status: 404, body: NOT_FOUND });
    });
  });

  describe("POST order-summaries/async-actions/adjustment-aggregates", () => {
    const path = "order-summaries/async-actions/adjustment-aggregates";

    it("accepts the buyer's order summary ids and answers where to read the aggregates", async () => {
      const res = await call("POST", path, { orderSummaryIds: ["1OsDM0000000103", "1OsDM0000000106AAA"] }, buyer);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        statusURL: expect.stringContaining("/order-summaries?includeAdjustmentDetails=true"),
      });
      const read = await call("GET", "order-summaries/00000103?includeAdjustmentDetails=true", undefined, buyer);
      expect(read.body.adjustmentAggregates).toMatchObject({ available: true });
    });

    it("refuses a missing or empty list, a guest, and an order the buyer may not read", async () => {
      for (const body of [
        {},
        { orderSummaryIds: [] },
        { orderSummaryIds: "1OsDM0000000103" },
        { orderSummaryIds: [""] },
      ]) {
        const res = await call("POST", path, body, buyer);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body[0].errorCode).toBe("INVALID_API_INPUT");
      }
      expect((await call("POST", path, { orderSummaryIds: ["1OsDM0000000103"] }, {})).status).toBe(401);
      const foreign = await call("POST", path, { orderSummaryIds: ["1OsDM0000000103", "1OsDM0000000107"] }, buyer);
      expect({ status: foreign.status, body: foreign.body }).toEqual({ status: 404, body: NOT_FOUND });
    });
  });
});
