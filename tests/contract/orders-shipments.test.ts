import { describe, expect, it } from "vitest";
import { login, TARGET_NAMES, WEBSTORE_ID } from "./targets.js";
import { useTarget } from "./use-target.js";
import { signedIn } from "./orders-helpers.js";
import { PRODUCTS, payableCheckout, shopper } from "./checkout-helpers.js";

/**
 * Shipments (Commerce Webstore Order Shipments, Commerce Webstore Shipment Items; 52.0): GET
 * order-summaries/{id}/shipments and GET shipments/{id}/items. Demo shipments: fixtures/shipments.json.
 */

const NOT_FOUND = [{ errorCode: "NOT_FOUND", message: "Something's not right. Check your info and try again." }];
const ORDER_103_HOME = "0OBDM00000103S1"; // delivered by USPS, with a tracking URL
const ORDER_103_GIFT = "0OBDM00000103S2"; // shipped by UPS, no tracking URL
const ORDER_107_FIRST = "0OBDM00000107S1"; // the B2B buyer's

describe.each(TARGET_NAMES)("order shipments (%s)", (name) => {
  const { target, call } = useTarget(name);
  const buyer = signedIn(target);
  const b2b = signedIn(target, "b2b@demo.store");

  describe("GET order-summaries/{id}/shipments", () => {
    it("lists an order's shipments with carrier, tracking and status, by shipment number", async () => {
      const res = await call("GET", "order-summaries/00000103/shipments", undefined, buyer);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        count: 2,
        currentPageToken: null,
        nextPageToken: null,
        previousPageToken: null,
        sortOrder: "ShipmentNumberAsc",
      });
      expect(res.body.shipments.map((s: any) => [s.shipmentId, s.status, s.orderSummaryId])).toEqual([
        [ORDER_103_HOME, "Delivered", "1OsDM0000000103"],
        [ORDER_103_GIFT, "Shipped", "1OsDM0000000103"],
      ]);
      const [home, gift] = res.body.shipments;
      expect(home.shipmentNumber).toMatch(/^\d{8}$/);
      expect(home.expectedDeliveryDate).toBe("2026-09-08T20:00:00.000Z");
      expect(home.fields["Shipment.Provider"]).toMatchObject({ dataName: "Provider", text: "USPS" });
      expect(home.fields["Shipment.TrackingNumber"].text).toBe("9400111899223100010301");
      expect(home.fields["Shipment.TrackingUrl"].text).toMatch(/^https:\/\/tools\.usps\.com\//);
      expect(gift.fields["Shipment.Provider"].text).toBe("UPS");
      expect(gift.fields["Shipment.TrackingUrl"].text).toBeNull();
      expect(gift.fields["OrderDeliveryMethod.Name"].text).toBe("Express Shipping");
    });

    it("answers the fields asked for, in any case, and refuses unknown ones", async () => {
      const res = await call(
        "GET",
        "order-summaries/00000103/shipments?fields=Shipment.Status,shipment.actualdeliverydate,OrderDeliveryMethod.Carrier",
        undefined,
        buyer,
      );
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.shipments[0].fields).sort()).toEqual([
        "OrderDeliveryMethod.Carrier",
        "Shipment.ActualDeliveryDate",
        "Shipment.Status",
      ]);
      expect(res.body.shipments[0].fields["Shipment.ActualDeliveryDate"].text).toBe("2026-09-07T16:05:00.000Z");
      expect(res.body.shipments[1].fields["Shipment.ActualDeliveryDate"].text).toBeNull();
      const bad = await call("GET", "order-summaries/00000103/shipments?fields=Shipment.Weight", undefined, buyer);
      expect(bad.status).toBe(400);
      expect(bad.body[0].errorCode).toBe("INVALID_FIELD");
    });

    it("answers an order without shipments with an empty list", async () => {
      for (const key of ["00000106", "1OsDM0000000106"]) {
        const res = await call("GET", `order-summaries/${key}/shipments`, undefined, buyer);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ count: 0, shipments: [], nextPageToken: null });
      }
    });

    it("sorts by shipment number or expected delivery date and pages with tokens", async () => {
      const first = await call(
        "GET",
        "order-summaries/00000103/shipments?sortOrder=ExpectedDeliveryDateAsc&pageSize=1",
        undefined,
        buyer,
      );
      expect(first.status).toBe(200);
      // The gift group's express shipment is expected first.
      expect(first.body.shipments.map((s: any) => s.shipmentId)).toEqual([ORDER_103_GIFT]);
      expect(first.body.nextPageToken).toEqual(expect.any(String));
      const second = await call(
        "GET",
        `order-summaries/00000103/shipments?sortOrder=ExpectedDeliveryDateAsc&pageSize=1&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
        undefined,
        buyer,
      );
      expect(second.body.shipments.map((s: any) => s.shipmentId)).toEqual([ORDER_103_HOME]);
      expect(second.body.nextPageToken).toBeNull();
      expect(second.body.previousPageToken).toEqual(expect.any(String));

      const desc = await call(
        "GET",
        "order-summaries/00000103/shipments?sortOrder=ShipmentNumberDesc",
        undefined,
        buyer,
      );
      expect(desc.body.shipments.map((s: any) => s.shipmentId)).toEqual([ORDER_103_GIFT, ORDER_103_HOME]);

      for (const query of ["sortOrder=Newest", "pageSize=0", "pageSize=101", "pageToken=nope"]) {
        const res = await call("GET", `order-summaries/00000103/shipments?${query}`, undefined, buyer);
        expect(res.status, query).toBe(400);
        expect(res.body[0].errorCode, query).toBe("ILLEGAL_QUERY_PARAMETER_VALUE");
      }
    });

    it("answers another buyer's order, an unknown id and a guest as the order's other resources do", async () => {
      for (const [who, key] of [
        [buyer, "00000107"],
        [b2b, "00000103"],
        [buyer, "99999999"],
        [buyer, "not-an-id"],
        [{}, "00000101"],
      ] as const) {
        const res = await call("GET", `order-summaries/${key}/shipments`, undefined, who);
        expect({ status: res.status, body: res.body }, key).toEqual({ status: 404, body: NOT_FOUND });
      }
      const foreignAccount = await call(
        "GET",
        "order-summaries/00000103/shipments?effectiveAccountId=001DM00000ACME1",
        undefined,
        buyer,
      );
      expect(foreignAccount.status).toBe(403);
    });

    it("is served from API version 52.0", async () => {
      const path = `/commerce/webstores/${WEBSTORE_ID}/order-summaries/00000103/shipments`;
      expect((await call("GET", `/services/data/v52.0${path}`, undefined, buyer)).status).toBe(200);
      expect((await call("GET", `/services/data/v51.0${path}`, undefined, buyer)).status).toBe(404);
    });
  });

  describe("GET shipments/{id}/items", () => {
    it("lists which order lines a shipment carried, and how many", async () => {
      const res = await call("GET", `shipments/${ORDER_103_GIFT}/items`, undefined, buyer);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 2, sortOrder: "IdAsc", currentPageToken: null, nextPageToken: null });
      const items = res.body.items;
      expect(items.map((i: any) => [i.shipmentId, i.orderItemSummaryId, i.quantity])).toEqual([
        [ORDER_103_GIFT, "10uDM0000010304", 1],
        [ORDER_103_GIFT, "10uDM0000010305", 1],
      ]);
      expect(items[0].shipmentItemId).toBe("0ODDM0000010321");
      expect(items[0].productId).toMatch(/^01t/);
      expect(items[0].product).toMatchObject({ productId: items[0].productId, canViewProduct: true });
      expect(items[0].fields["OrderItemSummary.StockKeepingUnit"].text).toBe("EQ-KETTLE-GN");

      const asked = await call(
        "GET",
        `shipments/${ORDER_103_GIFT}/items?fields=ShipmentItem.Quantity,ShipmentItem.TrackingNumber,Product2.Name`,
        undefined,
        buyer,
      );
      expect(Object.keys(asked.body.items[0].fields).sort()).toEqual([
        "ShipmentItem.Quantity",
        "ShipmentItem.TrackingNumber",
      ]);
      expect(asked.body.items[0].fields["ShipmentItem.TrackingNumber"].text).toBe("1Z999AA10000010302");
      expect(asked.body.items[0].product.fields["Product2.Name"].text).toEqual(expect.any(String));
    });

    it("covers a partial shipment: only the lines that shipped", async () => {
      const shipments = await call("GET", "order-summaries/00000105/shipments", undefined, buyer);
      expect(shipments.body.shipments.map((s: any) => s.status)).toEqual(["Shipped"]);
      const items = await call("GET", `shipments/${shipments.body.shipments[0].shipmentId}/items`, undefined, buyer);
      expect(items.body.items.map((i: any) => i.fields["OrderItemSummary.StockKeepingUnit"].text)).toEqual([
        "CB-KEN-AA",
      ]);
    });

    it("pages and sorts by id", async () => {
      const first = await call(
        "GET",
        `shipments/${ORDER_103_HOME}/items?pageSize=2&sortOrder=IdDesc`,
        undefined,
        buyer,
      );
      expect(first.body.items.map((i: any) => i.shipmentItemId)).toEqual(["0ODDM0000010313", "0ODDM0000010312"]);
      const next = await call(
        "GET",
        `shipments/${ORDER_103_HOME}/items?pageSize=2&sortOrder=IdDesc&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
        undefined,
        buyer,
      );
      expect(next.body.items.map((i: any) => i.shipmentItemId)).toEqual(["0ODDM0000010311"]);
      expect(next.body.nextPageToken).toBeNull();
      const bad = await call("GET", `shipments/${ORDER_103_HOME}/items?sortOrder=Newest`, undefined, buyer);
      expect(bad.status).toBe(400);
    });

    it("answers another buyer's shipment and an unknown one with the orders' not found", async () => {
      expect((await call("GET", `shipments/${ORDER_107_FIRST}/items`, undefined, b2b)).status).toBe(200);
      for (const [who, id] of [
        [buyer, ORDER_107_FIRST],
        [b2b, ORDER_103_HOME],
        [buyer, "0OBDM00000999S1"],
        [buyer, "nope"],
        [{}, "0OBDM00000101S1"],
      ] as const) {
        const res = await call("GET", `shipments/${id}/items`, undefined, who);
        expect({ status: res.status, body: res.body }, id).toEqual({ status: 404, body: NOT_FOUND });
      }
    });
  });
});

// The emulator's fulfilment on the virtual clock (docs/emulator-orders.md, "Shipments": the timing is [I]). Its own
// target: moving the clock days ahead ends every session the other suites hold.
describe.each(TARGET_NAMES)("order shipments on the virtual clock (%s)", (name) => {
  const { target, call } = useTarget(name, { resetBeforeEach: true });
  const DAY = 24 * 60 * 60;

  it("ships a placed order's group 2 days after the order and delivers it 5 days after", async () => {
    const s = await shopper(target, "buyer@demo.store");
    const placed = await s.call(
      "POST",
      `checkouts/${await payableCheckout(s, [
        [PRODUCTS.coffee, 2],
        [PRODUCTS.mug, 1],
      ])}/orders`,
    );
    expect(placed.status).toBe(201);
    const order = placed.body.orderReferenceNumber as string;
    const shipments = async () =>
      call(
        "GET",
        `order-summaries/${order}/shipments?fields=Shipment.Provider,Shipment.TrackingNumber,Shipment.TrackingUrl,Shipment.ActualDeliveryDate,OrderDeliveryMethod.Carrier`,
        undefined,
        await login(target),
      );

    const fresh = await shipments();
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ count: 0, shipments: [] });

    await call("POST", "/__emulator/clock", { advanceSeconds: 2 * DAY - 60 });
    expect((await shipments()).body.shipments).toEqual([]);

    await call("POST", "/__emulator/clock", { advanceSeconds: 60 });
    const shipped = await shipments();
    expect(shipped.body.count).toBe(1);
    const [parcel] = shipped.body.shipments;
    expect(parcel).toMatchObject({ status: "Shipped", orderSummaryId: expect.stringMatching(/^1Os/) });
    expect(parcel.shipmentId).toMatch(/^0OB/);
    expect(parcel.shipmentNumber).toMatch(/^\d{8}$/);
    // The carrier is the group's delivery method's.
    expect(parcel.fields["Shipment.Provider"].text).toBe(parcel.fields["OrderDeliveryMethod.Carrier"].text);
    expect(parcel.fields["Shipment.Provider"].text).toEqual(expect.any(String));
    expect(parcel.fields["Shipment.TrackingNumber"].text).toEqual(expect.any(String));
    expect(parcel.fields["Shipment.TrackingUrl"].text).toBeNull();
    expect(parcel.fields["Shipment.ActualDeliveryDate"].text).toBeNull();
    const summary = await call("GET", `order-summaries/${order}`, undefined, await login(target));
    const orderedAt = Date.parse(summary.body.orderedDate);
    expect(Date.parse(parcel.expectedDeliveryDate) - orderedAt).toBe(5 * DAY * 1000);

    const items = await call("GET", `shipments/${parcel.shipmentId}/items`, undefined, await login(target));
    expect(items.status).toBe(200);
    expect(
      items.body.items.map((i: any) => [i.productId, i.quantity]).sort((a: any, b: any) => a[0].localeCompare(b[0])),
    ).toEqual([
      [PRODUCTS.coffee, 2],
      [PRODUCTS.mug, 1],
    ]);
    expect(items.body.items[0].shipmentItemId).toMatch(/^0OD/);

    await call("POST", "/__emulator/clock", { advanceSeconds: 3 * DAY });
    const delivered = await shipments();
    expect(delivered.body.shipments.map((x: any) => [x.shipmentId, x.status])).toEqual([
      [parcel.shipmentId, "Delivered"],
    ]);
    expect(Date.parse(delivered.body.shipments[0].fields["Shipment.ActualDeliveryDate"].text) - orderedAt).toBe(
      5 * DAY * 1000,
    );
  });

  it("leaves the demo orders as their fixtures have them, however far the clock moves", async () => {
    await call("POST", "/__emulator/clock", { advanceSeconds: 30 * DAY });
    const headers = await login(target);
    expect((await call("GET", "order-summaries/00000106/shipments", undefined, headers)).body.shipments).toEqual([]);
    const partial = await call("GET", "order-summaries/00000105/shipments", undefined, headers);
    expect(partial.body.shipments.map((x: any) => x.status)).toEqual(["Shipped"]);
  });
});
