/**
 * The order page's shipments (GET `order-summaries/{id}/shipments` and `shipments/{id}/items`, 52.0): carrier,
 * tracking number (a link: the API's tracking URL, else the store's for a known carrier), status, dates and the lines
 * each shipment carried; "Not shipped yet" until the emulator's fulfilment ships a new order on the virtual clock;
 * the order still shows when the shipments can't be read.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { placeOrderThroughApi } from "../support/api-order";
import { BUYER, useStore, type Answer } from "../support/routes";

const COFFEE = "01tDM0000000001";
const DAY = 24 * 60 * 60;

const store = useStore();
beforeEach(() => store.reset());

/** The page's Shipments section: its text only. */
function shipmentsText(page: Answer): string {
  const at = page.text.indexOf("Shipments");
  expect(at, "the page has a Shipments section").toBeGreaterThanOrEqual(0);
  return page.text.slice(at);
}

describe("A buyer's order page shows its shipments", () => {
  test("each with carrier, tracking number, status, dates and the lines it carried", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/OrderSummary/00000103");
    expect(page.status).toBe(200);
    const text = shipmentsText(page);
    expect(text).toMatch(/Shipment 1: Delivered Carrier USPS Tracking number 9400111899223100010301/);
    expect(text).toMatch(/Shipment 2: Shipped Carrier UPS Tracking number 1Z999AA10000010302/);
    expect(text).toContain("Delivered Sep 7, 2026");
    expect(text).toContain("Expected delivery Sep 6, 2026");
    expect(text).toMatch(/Classic Diner Mug, 12 oz · SKU MUG-DINER-12 × 2/);
    // The API's tracking URL where the shipment has one; the store's UPS page for the one without.
    expect(page.html).toContain('href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100010301"');
    expect(page.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10000010302"');
    expect(text).not.toContain("Not shipped yet");
  });

  test("an order shipped in part names the lines still to ship", async () => {
    const buyer = await store.signedIn(BUYER);
    const text = shipmentsText(await buyer.load("/OrderSummary/00000105"));
    expect(text).toContain("Part of this order has shipped. Not shipped yet:");
    expect(text).toMatch(/Shipment 1: Shipped Carrier USPS/);
    expect(text).not.toContain("Shipment 2");
  });

  test("an order without shipments says 'Not shipped yet.'", async () => {
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/OrderSummary/00000106");
    expect(page.status).toBe(200);
    expect(shipmentsText(page)).toMatch(/^Shipments Not shipped yet\./);
  });

  test("a new order: 'Not shipped yet', then its shipment once the virtual clock has passed the shipping day", async () => {
    const number = await placeOrderThroughApi(store.url, BUYER, [{ productId: COFFEE, quantity: 2 }]);
    const before = await (await store.signedIn(BUYER)).load(`/OrderSummary/${number}`);
    expect(before.status).toBe(200);
    expect(shipmentsText(before)).toMatch(/^Shipments Not shipped yet\./);

    expect((await store.control("POST", "/__emulator/clock", { advanceSeconds: 2 * DAY })).ok).toBe(true);
    // Two days on, the session's token has lapsed: the buyer signs in again.
    const after = await (await store.signedIn(BUYER)).load(`/OrderSummary/${number}`);
    expect(after.status).toBe(200);
    const text = shipmentsText(after);
    expect(text).toMatch(/Shipment 1: Shipped Carrier \w+ Tracking number \w+/);
    expect(text).toContain("Expected delivery");
    expect(text).toMatch(/× 2/);
    expect(text).not.toContain("Not shipped yet");
  });

  test("when the shipments can't be read, the order still shows and says so", async () => {
    const fault = await store.control("POST", "/__emulator/faults", {
      method: "GET",
      path: "*/order-summaries/*/shipments",
      status: 503,
      errorCode: "SERVICE_UNAVAILABLE",
      times: 0,
    });
    expect(fault.status).toBe(201);
    const buyer = await store.signedIn(BUYER);
    const page = await buyer.load("/OrderSummary/00000103");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Order 00000103");
    expect(page.text).toContain("Classic Diner Mug, 12 oz");
    expect(shipmentsText(page)).toMatch(/^Shipments We can't show this order's shipments right now/);
  });
});

describe("A guest's order page", () => {
  test("says where shipments are shown: the shipment resources answer registered buyers only", async () => {
    const guest = store.visitor();
    const lookup = await guest.submit("/OrderLookup", { orderNumber: "00000101", email: "guest@demo.store" });
    expect(lookup.status).toBe(303);
    const page = await guest.load(lookup.location!);
    expect(page.status).toBe(200);
    expect(shipmentsText(page)).toMatch(/^Shipments Shipment tracking is shown to signed-in buyers/);
  });
});
