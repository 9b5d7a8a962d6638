import { describe, expect, it } from "vitest";
import {
  addressFormValues,
  defaultAddressChoice,
  deliveryMethodView,
  NEW_ADDRESS,
  sameAddress,
  savedAddressesFrom,
  shippingFeeText,
  transitTimeText,
} from "../../app/checkout/model/index";
import { method } from "./checkout-helpers";

// Delivery methods and addresses of a shipment (app/checkout/model/shipments.ts).

describe("delivery methods", () => {
  it("says the transit time in days", () => {
    expect(transitTimeText(3, 5)).toBe("3–5 days");
    expect(transitTimeText(1, 1)).toBe("1 day");
    expect(transitTimeText(2, undefined)).toBe("2 days");
    expect(transitTimeText(undefined, undefined)).toBeNull();
  });

  it("shows 'Free' for a zero fee and the formatted fee otherwise", () => {
    expect(shippingFeeText("0.00")).toBe("Free");
    expect(shippingFeeText("7.99")).toBe("$7.99");
    expect(shippingFeeText(null)).toBe("");
  });

  it("prefers the adjusted fee", () => {
    expect(deliveryMethodView({ ...method("2DmA", "7.99"), adjustedShippingFee: "0.00" })).toMatchObject({
      fee: "0.00",
      transit: "3–5 days in transit",
    });
    expect(deliveryMethodView({ name: "no id" })).toBeNull();
  });
});

describe("addresses", () => {
  const saved = savedAddressesFrom({
    items: [
      {
        addressId: "8lWA",
        name: "Home",
        firstName: "Alex",
        lastName: "Buyer",
        street: "12 Market St",
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
        isDefault: true,
      },
      {
        addressId: "8lWB",
        name: "Office",
        street: "200 Larkin St",
        city: "Austin",
        region: "TX",
        postalCode: "78701",
        country: "US",
      },
    ],
  });

  it("lists saved addresses as choices with their lines", () => {
    expect(saved.map((a) => [a.id, a.label, a.isDefault])).toEqual([
      ["8lWA", "Home", true],
      ["8lWB", "Office", false],
    ]);
    expect(saved[0].lines).toEqual(["Alex Buyer", "12 Market St", "San Francisco, CA 94105", "US"]);
  });

  it("starts from the saved address the shipment uses, else the default, else a new one", () => {
    expect(defaultAddressChoice(null, saved)).toBe("8lWA");
    expect(defaultAddressChoice({ ...saved[1].address }, saved)).toBe("8lWB");
    expect(defaultAddressChoice({ ...saved[1].address, id: null }, saved)).toBe("8lWB");
    expect(defaultAddressChoice({ ...saved[1].address, id: null, street: "9 Elsewhere" }, saved)).toBe(NEW_ADDRESS);
    expect(defaultAddressChoice(null, [])).toBe(NEW_ADDRESS);
  });

  it("compares addresses by saved id, else by their fields (case and name aside)", () => {
    expect(sameAddress({ ...saved[0].address }, { ...saved[0].address, street: "other" })).toBe(true);
    expect(
      sameAddress(
        { ...saved[0].address, id: null, name: "x" },
        { ...saved[0].address, id: null, city: "SAN FRANCISCO" },
      ),
    ).toBe(true);
    expect(sameAddress(null, saved[0].address)).toBe(false);
  });

  it("fills the kit's address form, phone as shipToPhoneNumber", () => {
    expect(addressFormValues({ ...saved[0].address, phoneNumber: "4155550100" })).toEqual({
      firstName: "Alex",
      lastName: "Buyer",
      street: "12 Market St",
      city: "San Francisco",
      region: "CA",
      postalCode: "94105",
      country: "US",
      shipToPhoneNumber: "4155550100",
    });
  });
});
