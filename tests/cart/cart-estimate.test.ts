/** The shipping estimate's check of a postal code before the API is asked (app/cart/model/estimate.ts). */
import { describe, expect, it } from "vitest";
import { ESTIMATE_MESSAGES, postalCodeProblem } from "~/cart/model/estimate";

describe("postalCodeProblem", () => {
  it.each([
    ["US", "94105"],
    ["US", "94105-1234"],
    ["CA", "K1A 0B1"],
    ["CA", "k1a0b1"],
    ["GB", "SW1A 1AA"],
    ["GB", "M1 1AE"],
    ["DE", "10115"],
    ["FR", "75001"],
    ["JP", "100-0001"],
    ["JP", "1000001"],
    ["AU", "2000"],
  ])("takes %s %s", (country, code) => {
    expect(postalCodeProblem(country, code)).toBeNull();
  });

  it.each([
    ["US", "9410", "Enter a 5-digit ZIP code, like 94105."],
    ["US", "ABCDE", "Enter a 5-digit ZIP code, like 94105."],
    ["CA", "12345", "Enter a postal code like K1A 0B1."],
    ["GB", "12345", "Enter a postcode like SW1A 1AA."],
    ["DE", "1011", "Enter a 5-digit postal code, like 10115."],
    ["JP", "100 0001", "Enter a postal code like 100-0001."],
  ])("refuses %s %s in the shopper's words", (country, code, message) => {
    expect(postalCodeProblem(country, code)).toBe(message);
  });

  it("asks for a code when there is none, and refuses one longer than an address field holds", () => {
    expect(postalCodeProblem("US", "  ")).toBe(ESTIMATE_MESSAGES.postalCodeMissing);
    expect(postalCodeProblem("AU", "1".repeat(21))).toBe(ESTIMATE_MESSAGES.postalCodeTooLong);
  });
});
