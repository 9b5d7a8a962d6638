import { describe, expect, it } from "vitest";
import { moreItemsNote, shipmentsFrom } from "../../app/checkout/model/shipments";
import { line } from "./checkout-helpers";

// A long cart's checkout shows a page of its lines (25): shipments count their lines from the API's delivery groups,
// not from the page, and say how many of their lines the page doesn't show.

const group = (id: string, totalCartItemCount: number, extra: Record<string, unknown> = {}) => ({
  id,
  isDefault: false,
  totalCartItemCount,
  deliveryAddress: null,
  availableDeliveryMethods: [],
  selectedDeliveryMethod: null,
  ...extra,
});

const page = Array.from({ length: 25 }, (_, i) => line(String(i + 1), "0a7A"));

describe("shipments of a page of a long cart's lines", () => {
  it("keeps a shipment none of whose lines are on the page, with the API's count of its lines", () => {
    const { shipments, emptyShipments } = shipmentsFrom(
      [group("0a7A", 40, { isDefault: true }), group("0a7B", 90), group("0a7C", 0)],
      page,
      "USD",
      false,
    );
    expect(shipments.map((s) => [s.id, s.items.length, s.itemCount])).toEqual([
      ["0a7A", 25, 40],
      ["0a7B", 0, 90],
    ]);
    expect(emptyShipments.map((s) => s.id)).toEqual(["0a7C"]);
    expect(moreItemsNote(shipments[0])).toBe("and 15 more lines on the order summary's other pages");
    expect(moreItemsNote(shipments[1])).toBe("and 90 more lines on the order summary's other pages");
  });

  it("counts from the lines when the page holds them all, and then has nothing more to say", () => {
    const { shipments } = shipmentsFrom([group("0a7A", 99, { isDefault: true }), group("0a7B", 5)], page);
    expect(shipments.map((s) => [s.id, s.itemCount])).toEqual([["0a7A", 25]]);
    expect(moreItemsNote(shipments[0])).toBeNull();
    expect(moreItemsNote({ items: page.slice(0, 1), itemCount: 2 })).toBe(
      "and 1 more line on the order summary's other pages",
    );
  });
});
