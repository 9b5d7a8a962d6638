import { describe, expect, it } from "vitest";
import { TARGET_NAMES } from "./targets.js";
import { useTarget } from "./use-target.js";
import { signedIn } from "./orders-helpers.js";

/**
 * Order history (reference §8): order-summaries and purchased products. The reads of one order:
 * orders-detail.test.ts. Fixture orders: fixtures/orders.json.
 */

const B2C_ORDERS_NEWEST_FIRST = ["00000106", "00000105", "00000104", "00000103", "00000102"];

describe.each(TARGET_NAMES)("order summaries (%s)", (name) => {
  const { target, call } = useTarget(name);
  const buyer = signedIn(target);
  const b2b = signedIn(target, "b2b@demo.store");

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
