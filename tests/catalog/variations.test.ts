import { describe, expect, it } from "vitest";
import {
  attributeSetSummary,
  choiceFromQuery,
  chosenVariation,
  lineAttributes,
  pickerView,
  variationFamily,
} from "../../app/catalog/model/variations";

/** A two-attribute family as products/{id} answers it (docs/emulator-variations.md): no large olive one. */
const TOTE = {
  id: "01tP",
  productClass: "VariationParent",
  variationParentId: null,
  variationInfo: {
    variationAttributeInfo: {
      Color__c: {
        apiName: "Color__c",
        label: "Color",
        sequence: 1,
        allowableValues: ["Natural", "Olive", "Red"],
        availableValues: ["Natural", "Olive"],
      },
      Size__c: {
        apiName: "Size__c",
        label: "Size",
        sequence: 0,
        allowableValues: ["Small", "Large"],
        availableValues: ["Small", "Large"],
      },
    },
    attributesToProductMappings: [
      ["01tSN", "Small", "Natural"],
      ["01tSO", "Small", "Olive"],
      ["01tLN", "Large", "Natural"],
    ].map(([productId, size, color]) => ({
      productId,
      selectedAttributes: [
        { apiName: "Size__c", label: "Size", sequence: 0, value: size },
        { apiName: "Color__c", label: "Color", sequence: 1, value: color },
      ],
    })),
  },
};

describe("a variation family", () => {
  const family = variationFamily(TOTE)!;

  it("orders the attributes by sequence and names their URL parameters by label", () => {
    expect(family.attributes.map((a) => [a.param, a.values])).toEqual([
      ["Size", ["Small", "Large"]],
      ["Color", ["Natural", "Olive", "Red"]],
    ]);
    expect(variationFamily({ id: "01tS", variationInfo: null })).toBeNull();
  });

  it("reads the choice from the URL, ignoring values the attribute doesn't have", () => {
    const choice = choiceFromQuery(family, new URLSearchParams("Size=Large&Color=Purple"));
    expect(choice).toEqual({ Size__c: "Large", Color__c: null });
    expect(chosenVariation(family, choice)).toBeNull();
    expect(chosenVariation(family, { Size__c: "Large", Color__c: "Natural" })).toBe("01tLN");
  });

  it("marks a value no variation has as unavailable, and one that doesn't go with the other choice", () => {
    const picker = pickerView(family, { Size__c: "Large", Color__c: null });
    expect(picker.attributes[1].options).toEqual([
      { value: "Natural", state: "available" },
      { value: "Olive", state: "combination-unavailable" },
      { value: "Red", state: "unavailable" },
    ]);
    expect(picker.missing).toEqual(["Color"]);
    expect(picker.query).toBe("Size=Large");
  });
});

describe("a line's attributes", () => {
  it("reads a cart item's map in sequence, and an order item's attribute set summary", () => {
    expect(
      lineAttributes({
        Color__c: { label: "Color", sequence: 1, value: "Black" },
        Size__c: { label: "Size", sequence: 0, value: "Large" },
      }),
    ).toEqual([
      { label: "Size", value: "Large" },
      { label: "Color", value: "Black" },
    ]);
    expect(lineAttributes({})).toEqual([]);
    expect(
      attributeSetSummary({
        apiName: "Set",
        attributes: [{ apiName: "Color__c", label: "Color", sequence: 0, value: "Denim" }],
      }),
    ).toEqual([{ label: "Color", value: "Denim" }]);
  });
});
