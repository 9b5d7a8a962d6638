import { describe, expect, it } from "vitest";
import { apiCardType, cardBrand, cardLabel } from "../../app/checkout/model/cards";

describe("card brand from the typed number's IIN", () => {
  it("names the major networks from their published ranges", () => {
    expect(cardBrand("4242 4242 4242 4242")).toBe("Visa");
    expect(cardBrand("4000-0000-0000-0002")).toBe("Visa");
    expect(cardBrand("5555555555554444")).toBe("Mastercard");
    expect(cardBrand("5105105105105100")).toBe("Mastercard");
    expect(cardBrand("2221000000000009")).toBe("Mastercard");
    expect(cardBrand("2720990000000007")).toBe("Mastercard");
    expect(cardBrand("378282246310005")).toBe("American Express");
    expect(cardBrand("341111111111111")).toBe("American Express");
    expect(cardBrand("6011111111111117")).toBe("Discover");
    expect(cardBrand("6445644564456445")).toBe("Discover");
    expect(cardBrand("6500000000000002")).toBe("Discover");
    expect(cardBrand("6221260000000000")).toBe("Discover");
    expect(cardBrand("3566002020360505")).toBe("JCB");
    expect(cardBrand("30569309025904")).toBe("Diners Club");
    expect(cardBrand("36227206271667")).toBe("Diners Club");
    expect(cardBrand("6200000000000005")).toBe("UnionPay");
  });

  it("knows nothing of numbers outside the ranges, at the ranges' edges, or not numbers at all", () => {
    expect(cardBrand("2220999999999999")).toBeNull();
    expect(cardBrand("2721000000000000")).toBeNull();
    expect(cardBrand("5600000000000000")).toBeNull();
    expect(cardBrand("3527000000000000")).toBeNull();
    expect(cardBrand("9999999999999995")).toBeNull();
    expect(cardBrand("")).toBeNull();
    expect(cardBrand("2")).toBeNull();
    expect(cardBrand("4242a")).toBeNull();
  });

  it("sends the tokenization input's cardType only for the brands it documents", () => {
    expect(apiCardType("Visa")).toBe("Visa");
    expect(apiCardType("Mastercard")).toBe("MasterCard");
    expect(apiCardType("American Express")).toBe("AmericanExpress");
    expect(apiCardType("Discover")).toBeUndefined();
    expect(apiCardType(null)).toBeUndefined();
  });

  it("labels a card by brand and last four only", () => {
    expect(cardLabel("5555 5555 5555 4444")).toBe("Mastercard ending in 4444");
    expect(cardLabel("6011111111111117")).toBe("Discover ending in 1117");
    expect(cardLabel("1234567890123456")).toBe("Card ending in 3456");
    expect(cardLabel("4242 4242 4242 4242")).not.toContain("42424242");
  });
});
