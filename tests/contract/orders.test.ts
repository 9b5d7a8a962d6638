import { beforeAll, describe, expect, it } from "vitest";
import { TARGET_NAMES, login } from "./targets.js";
import { useTarget } from "./use-target.js";

/**
 * Order history and the reads of one order (reference §8): order-summaries, order-summaries/{id} and its
 * delivery groups, items and adjustments, purchased products. Fixture orders: fixtures/orders.json.
 */

const B2C_ORDERS_NEWEST_FIRST = ["00000106", "00000105", "00000104", "00000103", "00000102"];
const NOT_FOUND = [{ errorCode: "NOT_FOUND", message: "Something's not right. Check your info and try again." }];

describe.each(TARGET_NAMES)("order summaries (%s)", (name) => {
  const { target, call } = useTarget(name);
  let buyer: Record<string, string>;
  let b2b: Record<string, string>;
  beforeAll(async () => {
    buyer = await login(target);
    b2b = await login(target, "b2b@demo.store");
  });

  const numbers = (body: any) => body.orderSummaries.map((o: any) => o.orderNumber);

  describe("GET order-summaries", () => {
    it("answers a guest 401 INVALID_SESSION_ID", async () => {
      const res = await call("GET", "order-summaries");
      expect(res.status).toBe(401);
      expect(res.body[0].errorCode).toBe("INVALID_SESSION_ID");
    });

    it("lists the buyer's orders newest first with the collection's paging fields", async () => {
      const res = await call("GET", "order-summaries", undefined, buyer);
      expect(res.status).toBe(200);
      expect(numbers(res.body)).toEqual(B2C_ORDERS_NEWEST_FIRST);
      expect(res.body).toMatchObject({
        count: 5,
        sortOrder: "OrderedDateDesc",
        currentPageToken: null,
        nextPageToken: null,
        nextPageUrl: null,
        previousPageToken: null,
      });
      expect(res.body.currentPageUrl).toMatch(/\/order-summaries$/);
      const first = res.body.orderSummaries[0];
      expect(first).toMatchObject({
        orderSummaryId: "1OsDM0000000106",
        orderNumber: "00000106",
        orderedDate: "2026-11-05T20:10:10.000Z",
        ownerId: "005DM0000000B2C",
        status: "Created",
        currencyIsoCode: "USD",
        orderProductTopLevelLineCount: 2,
        adjustmentAggregates: null,
      });
      expect(first.totalAmount).toMatch(/^\d+\.\d{2}$/);
      for (const field of [
        "OrderNumber",
        "OrderedDate",
        "CreatedDate",
        "TotalAmount",
        "GrandTotalAmount",
        "TotalAdjustedProductAmount",
        "TotalAdjustedDeliveryAmount",
        "TotalTaxAmount",
        "Status",
        "OwnerId",
        "AccountId",
      ]) {
        // A record field is {dataName, label, text, type}, as the LWR order fixtures show it.
        expect(first.fields[field], field).toEqual({
          dataName: field,
          label: expect.any(String),
          text: expect.anything(),
          type: expect.any(String),
        });
      }
      expect(first.fields.TotalAmount.text).toBe(first.totalAmount);
      expect(first.fields.BillingEmailAddress).toBeUndefined();
    });

    it("pages by token forward and back", async () => {
      const p1 = await call("GET", "order-summaries?pageSize=2", undefined, buyer);
      expect(numbers(p1.body)).toEqual(B2C_ORDERS_NEWEST_FIRST.slice(0, 2));
      expect(p1.body.previousPageToken).toBeNull();
      const p2 = await call(
        "GET",
        `order-summaries?pageSize=2&pageToken=${encodeURIComponent(p1.body.nextPageToken)}`,
        undefined,
        buyer,
      );
      expect(numbers(p2.body)).toEqual(B2C_ORDERS_NEWEST_FIRST.slice(2, 4));
      expect(p2.body.currentPageToken).toBe(p1.body.nextPageToken);
      const p3 = await call("GET", p2.body.nextPageUrl, undefined, buyer);
      expect(numbers(p3.body)).toEqual(B2C_ORDERS_NEWEST_FIRST.slice(4));
      expect(p3.body).toMatchObject({ count: 1, nextPageToken: null, nextPageUrl: null });
      const back = await call("GET", p3.body.previousPageUrl, undefined, buyer);
      expect(numbers(back.body)).toEqual(numbers(p2.body));
    });

    it("sorts by ordered or created date either way", async () => {
      const byOrdered = await call("GET", "order-summaries?sortOrder=OrderedDateAsc", undefined, buyer);
      expect(numbers(byOrdered.body)).toEqual([...B2C_ORDERS_NEWEST_FIRST].reverse());
      expect(byOrdered.body.sortOrder).toBe("OrderedDateAsc");
      // 00000104 was ordered in September but only created in November.
      const byCreated = await call("GET", "order-summaries?sortOrder=CreatedDateDesc", undefined, buyer);
      expect(numbers(byCreated.body)).toEqual(["00000104", "00000106", "00000105", "00000103", "00000102"]);
      const byCreatedAsc = await call("GET", "order-summaries?sortOrder=CreatedDateAsc", undefined, buyer);
      expect(numbers(byCreatedAsc.body)).toEqual(["00000102", "00000103", "00000105", "00000106", "00000104"]);
    });

    it("filters by an ordered-date range given as yyyy-MM-dd'T'HH:mm:ss.SSSZ", async () => {
      const sep = await call(
        "GET",
        `order-summaries?earliestDate=2026-09-01T00:00:00.000Z&latestDate=${encodeURIComponent("2026-09-30T23:59:59.999+0000")}`,
        undefined,
        buyer,
      );
      expect(sep.status).toBe(200);
      expect(numbers(sep.body)).toEqual(["00000104", "00000103"]);
      const since = await call(
        "GET",
        `order-summaries?earliestDate=${encodeURIComponent("2026-10-11T09:30:45.000-07:00")}`,
        undefined,
        buyer,
      );
      expect(numbers(since.body)).toEqual(["00000106", "00000105"]);
      const none = await call("GET", "order-summaries?latestDate=2026-01-01T00:00:00.000Z", undefined, buyer);
      expect(none.body).toMatchObject({ count: 0, orderSummaries: [] });
    });

    it("refuses bad query values with 400 ILLEGAL_QUERY_PARAMETER_VALUE", async () => {
      for (const query of [
        "sortOrder=NameAsc",
        "pageSize=0",
        "pageSize=101",
        "pageToken=not-a-token",
        "earliestDate=2026-09-01",
        "earliestDate=2026-02-30T00:00:00.000Z",
        "latestDate=2026-09-01T00:00:00Z",
        "earliestDate=2026-10-01T00:00:00.000Z&latestDate=2026-09-01T00:00:00.000Z",
        "ownerScoped=maybe",
      ]) {
        const res = await call("GET", `order-summaries?${query}`, undefined, buyer);
        expect(res.status, query).toBe(400);
        expect(res.body[0].errorCode, query).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
      }
    });

    it("refuses a page token of a list sorted another way", async () => {
      const p1 = await call("GET", "order-summaries?pageSize=2", undefined, buyer);
      const res = await call(
        "GET",
        `order-summaries?pageSize=2&sortOrder=CreatedDateAsc&pageToken=${encodeURIComponent(p1.body.nextPageToken)}`,
        undefined,
        buyer,
      );
      expect(res.status).toBe(400);
      expect(res.body[0].errorCode).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
    });

    it("returns exactly the requested fields, at most 35, and refuses unknown ones", async () => {
      const res = await call("GET", "order-summaries?fields=AccountId,OrderNumber", undefined, buyer);
      expect(Object.keys(res.body.orderSummaries[0].fields).sort()).toEqual(["AccountId", "OrderNumber"]);
      const unknown = await call("GET", "order-summaries?fields=NoSuchField", undefined, buyer);
      expect(unknown.status).toBe(400);
      expect(unknown.body[0].errorCode).toBe("INVALID_FIELD");
      const tooMany = await call(
        "GET",
        `order-summaries?fields=${Array.from({ length: 36 }, (_, i) => `F${i}`).join(",")}`,
        undefined,
        buyer,
      );
      expect(tooMany.status).toBe(400);
    });

    it("adds products and adjustment aggregates when asked", async () => {
      const res = await call(
        "GET",
        "order-summaries?includeProducts=true&includeAdjustmentDetails=true&earliestDate=2026-09-02T00:00:00.000Z&latestDate=2026-09-03T00:00:00.000Z",
        undefined,
        buyer,
      );
      const order = res.body.orderSummaries[0];
      expect(order.orderNumber).toBe("00000103");
      expect(order.products).toHaveLength(5);
      expect(order.products[0]).toMatchObject({
        id: expect.stringMatching(/^01t/),
        canViewProduct: true,
        errorCode: null,
        media: { url: expect.any(String) },
      });
      expect(order.adjustmentAggregates).toMatchObject({
        available: true,
        totalProductPromotionLineAmount: "-2.80",
        totalProductPromotionDistAmount: "-18.02",
        totalProductPromotionTotalAmount: "-20.82",
      });
    });

    it("scopes the list to the effective account, and refuses an account the buyer may not act for", async () => {
      const own = await call("GET", "order-summaries", undefined, b2b);
      expect(numbers(own.body)).toEqual(["00000107"]);
      const west = await call(
        "GET",
        "order-summaries?effectiveAccountId=001DM00000ACME2&ownerScoped=false",
        undefined,
        b2b,
      );
      expect(numbers(west.body)).toEqual(["00000108"]);
      const initech = await call("GET", "order-summaries?effectiveAccountId=001DM00000INIT1", undefined, b2b);
      expect(initech.body).toMatchObject({ count: 0, orderSummaries: [] });
      const foreign = await call("GET", "order-summaries?effectiveAccountId=001DM0000000B2C", undefined, b2b);
      expect(foreign.status).toBe(403);
      expect(foreign.body[0].errorCode).toBe("EFFECTIVE_ACCOUNT_NOT_FOUND");
    });
  });

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

  describe("GET order-summaries/purchased-products", () => {
    it("lists what the buyer bought, most recent first, and refuses guests", async () => {
      expect((await call("GET", "order-summaries/purchased-products")).status).toBe(401);
      const res = await call("GET", "order-summaries/purchased-products?fields=Description", undefined, buyer);
      expect(res.status).toBe(200);
      const skus = res.body.products.map((p: any) => p.sku);
      expect(skus.slice(0, 2).sort()).toEqual(["CB-ETH-YRG", "EQ-ESP-DUO"]);
      expect(skus).toContain("ERR-100");
      expect(res.body.count).toBe(res.body.products.length);
      expect(res.body.products[0]).toMatchObject({
        lastPurchasedDate: "2026-11-05T20:10:10.000Z",
        quantity: "1.0",
        canViewProduct: true,
        fields: { Description: expect.any(String) },
      });
      const paged = await call("GET", "order-summaries/purchased-products?pageSize=3", undefined, buyer);
      const next = await call("GET", paged.body.nextPageUrl, undefined, buyer);
      expect(next.body.products[0].productId).toBe(res.body.products[3].productId);
    });
  });
});
