import { describe, expect, it } from "vitest";
import { toOrderShipments, trackingUrl, type OrderDeliveryGroup } from "~/orders/model";

const field = (text: string | null) => ({ text });

describe("trackingUrl", () => {
  it("takes the API's tracking URL, else the store's page for a known carrier, else none", () => {
    expect(trackingUrl("UPS", "1Z1", "https://carrier.example/t/1Z1")).toBe("https://carrier.example/t/1Z1");
    expect(trackingUrl("UPS", "1Z1", null)).toBe("https://www.ups.com/track?tracknum=1Z1");
    // Names as a Shipping Provider may write them: any case, spaces or dashes.
    expect(trackingUrl("Royal Mail", "AB 123", null)).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB%20123",
    );
    expect(trackingUrl("fed-ex", "7946", null)).toBe("https://www.fedex.com/fedextrack/?trknbr=7946");
    expect(trackingUrl("Acme Couriers", "42", null)).toBeNull();
    expect(trackingUrl("USPS", null, null)).toBeNull();
    // Only a secure link is followed from the order page.
    expect(trackingUrl("DHL", "99", "javascript:alert(1)")).toBe(
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=99",
    );
  });
});

describe("toOrderShipments", () => {
  const group = {
    id: "0ag1",
    items: [
      { id: "10u1", name: "Kenya AA", quantity: 2 },
      { id: "10u2", name: "Gesha", quantity: 1 },
    ],
  } as unknown as OrderDeliveryGroup;

  it("reads each shipment with its lines, and names the page's lines not (all) shipped", () => {
    const view = toOrderShipments(
      {
        shipments: [
          {
            shipmentId: "0OB1",
            shipmentNumber: "00000001",
            status: "Shipped",
            expectedDeliveryDate: "2026-10-17T20:00:00.000Z",
            fields: {
              "Shipment.Provider": field("USPS"),
              "Shipment.TrackingNumber": field("9400"),
              "Shipment.TrackingUrl": field(null),
              "Shipment.ActualDeliveryDate": field(null),
              "Shipment.CreatedDate": field("2026-10-13T15:00:00.000Z"),
              "OrderDeliveryMethod.Name": field("Standard Shipping"),
            },
          },
        ],
        nextPageToken: null,
      },
      [
        {
          items: [
            {
              orderItemSummaryId: "10u1",
              quantity: 1,
              fields: { "OrderItemSummary.Name": field("Kenya AA"), "OrderItemSummary.StockKeepingUnit": field("KEN") },
            },
          ],
        },
      ],
      [group],
    );
    expect(view).toEqual({
      kind: "shown",
      more: false,
      shipments: [
        {
          id: "0OB1",
          number: "00000001",
          status: "Shipped",
          carrier: "USPS",
          trackingNumber: "9400",
          trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400",
          deliveryMethod: "Standard Shipping",
          shippedDate: "2026-10-13T15:00:00.000Z",
          expectedDeliveryDate: "2026-10-17T20:00:00.000Z",
          deliveredDate: null,
          lines: [{ orderItemSummaryId: "10u1", name: "Kenya AA", sku: "KEN", quantity: 1 }],
        },
      ],
      unshipped: [
        { name: "Kenya AA", quantity: 1 },
        { name: "Gesha", quantity: 1 },
      ],
    });
  });

  it("an order without shipments has nothing 'still to ship' to list: it is 'Not shipped yet' whole", () => {
    expect(toOrderShipments({ shipments: [] }, [], [group])).toEqual({
      kind: "shown",
      shipments: [],
      unshipped: [],
      more: false,
    });
  });
});
