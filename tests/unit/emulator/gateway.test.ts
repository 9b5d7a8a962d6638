import { describe, expect, it } from "vitest";
import { cardBrand, cardExpired, luhnValid, MAGIC_CARDS, tokenizeCard } from "../../../server/emulator/payments.js";

const card = (cardNumber: unknown, extra: Record<string, unknown> = {}) => ({ cardNumber, cvv: "123", expiryMonth: "12", expiryYear: "2099", ...extra });

describe("the test gateway", () => {
  it("checks card numbers with the Luhn algorithm", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000000000000002")).toBe(true);
    expect(luhnValid("4000000000000119")).toBe(true);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42424242a4242424")).toBe(false);
  });

  it("names the brand from the number's prefix", () => {
    expect(cardBrand("4242424242424242")).toBe("Visa");
    expect(cardBrand("5555555555554444")).toBe("MasterCard");
    expect(cardBrand("2223003122003222")).toBe("MasterCard");
    expect(cardBrand("378282246310005")).toBe("AmericanExpress");
    expect(cardBrand("6011111111111117")).toBe("Discover");
    expect(cardBrand("9999999999999995")).toBe("Unknown");
  });

  it("decides the magic outcomes at tokenisation and keeps only brand and last four", () => {
    expect(MAGIC_CARDS).toEqual({ "4242424242424242": "Success", "4000000000000002": "Decline", "4000000000000119": "SystemError" });
    expect(tokenizeCard(card("4000 0000 0000 0002"))).toEqual({
      cardType: "Visa", last4: "0002", expiryMonth: 12, expiryYear: 2099, cardHolderName: null, outcome: "Decline",
    });
    expect(tokenizeCard(card("4000-0000-0000-0119")).outcome).toBe("SystemError");
    expect(tokenizeCard(card("5555555555554444")).outcome).toBe("Success");
    expect(tokenizeCard(card("4242424242424242", { expiryYear: "31" })).expiryYear).toBe(2031);
    expect(JSON.stringify(tokenizeCard(card("4242424242424242")))).not.toContain("42424242");
  });

  it("rejects what the shopper must correct, without repeating the number", () => {
    const fails = (input: unknown) => {
      try {
        tokenizeCard(input);
      } catch (err) {
        return (err as Error).message;
      }
      return null;
    };
    expect(fails(card("4242424242424241"))).toBe("Enter a valid card number.");
    expect(fails(card("4242"))).toBe("Enter a valid card number.");
    expect(fails(card(undefined))).toBe("Enter a valid card number.");
    expect(fails(card("4242424242424242", { cvv: "12" }))).toBe("Enter a valid security code.");
    expect(fails(card("378282246310005", { cvv: "123" }))).toBe("Enter a valid security code.");
    expect(fails(card("378282246310005", { cvv: "1234" }))).toBeNull();
    expect(fails(card("4242424242424242", { expiryMonth: "0" }))).toBe("Enter a valid expiration date.");
    expect(fails(card("4242424242424242", { expiryYear: "soon" }))).toBe("Enter a valid expiration date.");
    expect(fails(null)).toMatch(/paymentMethod is required/);
  });

  it("treats a card as good through the last day of its expiry month", () => {
    const may15 = Date.UTC(2030, 4, 15);
    expect(cardExpired(5, 2030, may15)).toBe(false);
    expect(cardExpired(4, 2030, may15)).toBe(true);
    expect(cardExpired(12, 2029, may15)).toBe(true);
    expect(cardExpired(1, 2031, may15)).toBe(false);
  });
});
