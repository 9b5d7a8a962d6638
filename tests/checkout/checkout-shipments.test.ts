import { describe, expect, it } from "vitest";
import { arrangementFromForm } from "../../app/checkout/model/arrangement";
import {
  checkoutLinesFrom,
  composeInstructions,
  firstIncompleteStep,
  nextShipmentName,
  shipmentLabel,
  shipmentsFrom,
  splitInstructions,
} from "../../app/checkout/model/index";
import { line, method } from "./checkout-helpers";

// Shipments (app/checkout/model/shipments.ts): labels, delivery-group normalisation, lines, moving items between
// shipments, the first step still to do, gift wrap in the instructions.

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const group = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  isDefault: false,
  totalCartItemCount: 0,
  deliveryAddress: null,
  availableDeliveryMethods: [],
  selectedDeliveryMethod: null,
  ...extra,
});

describe("shipment labels", () => {
  it("labels split-shipment groups 'Shipment {0}' by position", () => {
    expect(shipmentLabel(1)).toBe("Shipment 1");
    expect(shipmentLabel(3)).toBe("Shipment 3");
  });

  it("names an added shipment after the ones shown, empty ones included", () => {
    expect(nextShipmentName({ shipments: [], emptyShipments: [] })).toBe("Shipment 1");
    const one = shipmentsFrom([group("0a7A", { isDefault: true })], [line("1", "0a7A")]);
    expect(nextShipmentName(one)).toBe("Shipment 2");
    const withEmpty = shipmentsFrom([group("0a7A", { isDefault: true }), group("0a7B")], [line("1", "0a7A")]);
    expect(nextShipmentName(withEmpty)).toBe("Shipment 3");
  });
});

describe("shipmentsFrom (delivery-group normalisation)", () => {
  it("drops groups without items and lists them as places to move items to", () => {
    const result = shipmentsFrom(
      [group("0a7A", { isDefault: true }), group("0a7B"), group("0a7C")],
      [line("1", "0a7A", 2), line("2", "0a7C")],
    );
    expect(result.shipments.map((s) => [s.id, s.label])).toEqual([
      ["0a7A", "Shipment 1"],
      ["0a7C", "Shipment 2"],
    ]);
    expect(result.emptyShipments).toEqual([{ id: "0a7B", label: "Shipment 3" }]);
    expect(result.shipments[0].items.map((i) => i.quantity)).toEqual([2]);
  });

  it("makes the first group the default when the default one is empty", () => {
    const result = shipmentsFrom([group("0a7A", { isDefault: true }), group("0a7B")], [line("1", "0a7B")]);
    expect(result.shipments).toHaveLength(1);
    expect(result.shipments[0]).toMatchObject({ id: "0a7B", isDefault: true });
  });

  it("counts items from the group when the cart's lines are unknown", () => {
    const result = shipmentsFrom(
      [group("0a7A", { totalCartItemCount: 2 }), group("0a7B", { totalCartItemCount: 0 })],
      [],
    );
    expect(result.shipments.map((s) => s.id)).toEqual(["0a7A"]);
    expect(result.shipments[0].isDefault).toBe(true);
  });

  it("reads address, methods, selection, date, instructions and gift options", () => {
    const [shipment] = shipmentsFrom(
      [
        group("0a7A", {
          isDefault: true,
          deliveryAddress: {
            id: null,
            name: "Sam Shopper",
            street: "1 Main St",
            city: "Austin",
            region: "TX",
            postalCode: "78701",
            country: "US",
            shipToPhoneNumber: "5125550100",
          },
          availableDeliveryMethods: [method("2DmA", "7.99"), method("2DmB", "0.00", 1, 1)],
          selectedDeliveryMethod: { id: "2DmB" },
          desiredDeliveryDate: "2030-01-02T00:00:00.000Z",
          shippingInstructions: "Gift wrap requested. Leave at the door",
          isGift: true,
          giftMessage: "Enjoy",
        }),
      ],
      [line("1", "0a7A")],
    ).shipments;
    expect(shipment.address).toMatchObject({ street: "1 Main St", phoneNumber: "5125550100" });
    expect(shipment.methods.map((m) => m.id)).toEqual(["2DmA", "2DmB"]);
    expect(shipment.selectedMethodId).toBe("2DmB");
    expect(shipment.desiredDeliveryDate).toBe("2030-01-02");
    expect(shipment).toMatchObject({
      shippingInstructions: "Leave at the door",
      giftWrap: true,
      isGift: true,
      giftMessage: "Enjoy",
    });
  });
});

describe("checkoutLinesFrom", () => {
  it("reads product lines with their group, names and the API's stock messages", () => {
    const lines = checkoutLinesFrom({
      cartItems: [
        {
          cartItem: {
            cartItemId: "0a9A",
            productId: "01tA",
            quantity: "2.0",
            type: "Product",
            totalPrice: "37.00",
            cartDeliveryGroupId: "0a7A",
            productDetails: { name: "Coffee" },
            messagesSummary: {
              hasErrors: true,
              limitedMessages: [{ message: "Not enough inventory for selected quantity" }],
            },
          },
        },
        { cartItem: { cartItemId: "0a9B", productId: "01tB", quantity: "1.0", type: "DeliveryCharge" } },
      ],
    });
    expect(lines).toEqual([
      {
        id: "0a9A",
        productId: "01tA",
        name: "Coffee",
        quantity: 2,
        totalPrice: "37.00",
        groupId: "0a7A",
        errors: ["Not enough inventory for selected quantity"],
        term: null,
        attributes: [],
      },
    ]);
  });
});

describe("arrangementFromForm", () => {
  const shipments = shipmentsFrom(
    [group("0a7A", { isDefault: true }), group("0a7B")],
    [line("1", "0a7A", 3, "Coffee")],
  );

  it("builds one arrangement: the line, the target shipment and the quantity", () => {
    const result = arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "2" }), shipments);
    expect(result).toEqual({
      ok: true,
      arrangement: { cartItemId: "1", deliveryGroupId: "0a7B", quantity: 2 },
      itemName: "Coffee",
      targetLabel: "Shipment 2",
    });
  });

  it("refuses a quantity outside 1 to what the line holds, in the kit's words", () => {
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "4" }), shipments)).toMatchObject({
      ok: false,
      lineId: "1",
      error: "The number is too high.",
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "0" }), shipments)).toMatchObject({
      ok: false,
      error: "The number is too low.",
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "" }), shipments)).toMatchObject({
      ok: false,
      error: "Complete this field.",
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7B", quantity: "1.5" }), shipments)).toMatchObject(
      {
        ok: false,
        error: "Your entry isn't a valid increment.",
      },
    );
  });

  it("refuses the line's own shipment, an unknown shipment and an unknown line", () => {
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7A", quantity: "1" }), shipments)).toMatchObject({
      ok: false,
    });
    expect(arrangementFromForm(form({ lineId: "1", targetGroupId: "0a7Z", quantity: "1" }), shipments)).toMatchObject({
      ok: false,
    });
    expect(arrangementFromForm(form({ lineId: "9", targetGroupId: "0a7B", quantity: "1" }), shipments)).toMatchObject({
      ok: false,
      lineId: "9",
      error: "That item is no longer in your cart.",
    });
  });
});

describe("steps", () => {
  const [ready] = shipmentsFrom(
    [
      group("0a7A", {
        isDefault: true,
        deliveryAddress: { street: "1 Main", country: "US" },
        selectedDeliveryMethod: { id: "2DmA" },
      }),
    ],
    [line("1", "0a7A")],
  ).shipments;

  it("sends the shopper to the first step still to do", () => {
    const contact = { email: "a@b.c", lastName: "S" };
    expect(firstIncompleteStep({ shipments: [], needsContact: false, contact })).toBe("shipping");
    expect(
      firstIncompleteStep({ shipments: [ready], needsContact: true, contact: { email: null, lastName: "S" } }),
    ).toBe("shipping");
    expect(firstIncompleteStep({ shipments: [{ ...ready, address: null }], needsContact: false, contact })).toBe(
      "shipping",
    );
    expect(
      firstIncompleteStep({ shipments: [{ ...ready, selectedMethodId: null }], needsContact: false, contact }),
    ).toBe("delivery");
    expect(firstIncompleteStep({ shipments: [ready], needsContact: true, contact })).toBe("payment");
  });
});

describe("gift wrap in the shipping instructions", () => {
  it("round-trips the wish with the shopper's own words", () => {
    expect(composeInstructions("Leave at the door", true)).toBe("Gift wrap requested. Leave at the door");
    expect(composeInstructions("", true)).toBe("Gift wrap requested.");
    expect(composeInstructions("  Ring twice ", false)).toBe("Ring twice");
    expect(splitInstructions("Gift wrap requested. Leave at the door")).toEqual({
      instructions: "Leave at the door",
      giftWrap: true,
    });
    expect(splitInstructions("Gift wrap requested.")).toEqual({ instructions: null, giftWrap: true });
    expect(splitInstructions(null)).toEqual({ instructions: null, giftWrap: false });
  });
});
