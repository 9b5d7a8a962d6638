import { describe, expect, it } from "vitest";
import { ApiError } from "../../server/emulator/core/errors.js";
import {
  CardRefused,
  cardBrand,
  cardExpired,
  luhnValid,
  MAGIC_CARDS,
  refusalBody,
  tokenizeCard,
} from "../../server/emulator/checkout/payments.js";

const card = (cardNumber: unknown, extra: Record<string, unknown> = {}) => ({
  cardHolderName: "Sam Shopper",
  cardNumber,
  cvv: "123",
  expiryMonth: "12",
  expiryYear: "2099",
  ...extra,
});

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

  it("decides the magic outcomes at tokenisation and keeps only brand, last four and expiry", () => {
    expect(MAGIC_CARDS).toEqual({
      "4242424242424242": "Success",
      "4000000000000002": "Decline",
      "4000000000000119": "SystemError",
    });
    expect(tokenizeCard(card("4000 0000 0000 0002"))).toEqual({
      cardType: "Visa",
      last4: "0002",
      expiryMonth: 12,
      expiryYear: 2099,
      outcome: "Decline",
    });
    expect(tokenizeCard(card("4000-0000-0000-0119")).outcome).toBe("SystemError");
    expect(tokenizeCard(card("5555555555554444")).outcome).toBe("Success");
    expect(tokenizeCard(card("4242424242424242", { expiryYear: "31" })).expiryYear).toBe(2031);
    expect(JSON.stringify(tokenizeCard(card("4242424242424242")))).not.toContain("42424242");
    expect(JSON.stringify(tokenizeCard(card("4242424242424242", { nickName: "Sam's card" })))).not.toContain("Sam");
    // The documented numeric form of the input (cvv, expiryMonth and expiryYear as integers) is taken too.
    expect(
      tokenizeCard(card("4242424242424242", { cvv: 123, expiryMonth: 1, expiryYear: 2031, cardType: "Visa" })),
    ).toMatchObject({ expiryMonth: 1, expiryYear: 2031 });
  });

  it("refuses what the shopper must correct, every refused field at once, without repeating the number", () => {
    const refused = (input: unknown) => {
      try {
        tokenizeCard(input);
      } catch (err) {
        if (err instanceof CardRefused) return err.refusals;
        throw err;
      }
      return [];
    };
    expect(refused(card("4242424242424241"))).toEqual([{ field: "cardNumber", message: "Enter a valid card number." }]);
    expect(refused(card("4242"))).toEqual([{ field: "cardNumber", message: "Enter a valid card number." }]);
    expect(refused(card("4242424242424242", { cvv: "12" }))).toEqual([
      { field: "cvv", message: "Enter a valid security code." },
    ]);
    expect(refused(card("378282246310005", { cvv: "123" }))).toEqual([
      { field: "cvv", message: "Enter a valid security code." },
    ]);
    expect(refused(card("378282246310005", { cvv: "1234" }))).toEqual([]);
    expect(refused(card("4242424242424242", { expiryMonth: "0" }))).toEqual([
      { field: "expiryMonth", message: "Enter a valid expiration date." },
    ]);
    expect(refused(card("4242424242424242", { expiryYear: "soon" }))).toEqual([
      { field: "expiryYear", message: "Enter a valid expiration date." },
    ]);
    expect(refused(card("4242424242424242", { cardHolderName: " " }))).toEqual([
      { field: "cardHolderName", message: "Enter the name on the card." },
    ]);
    expect(refused(card("4242424242424242", { cardType: "MasterCard" }))).toEqual([
      { field: "cardType", message: "The card number doesn't match the card type." },
    ]);
    expect(refused(card("4242424242424241", { cvv: "1", expiryMonth: "13" })).map((r) => r.field)).toEqual([
      "cardNumber",
      "cvv",
      "expiryMonth",
    ]);
  });

  it("answers a refusal as payment-failure errors naming the refused input fields, never the number", () => {
    const refusal = new CardRefused([{ field: "cardNumber", message: "Enter a valid card number." }]);
    expect(refusalBody(refusal)).toEqual({
      errors: [
        {
          type: "/commerce/errors/payment-failure",
          title: "Check your payment information.",
          detail: "Enter a valid card number.",
          instance: null,
          invalidParameters: [{ name: "cardPaymentMethod.cardNumber", reason: "Enter a valid card number." }],
        },
      ],
    });
  });

  it("answers a malformed input with the API's 400, before any gateway check", () => {
    const status = (input: unknown) => {
      try {
        tokenizeCard(input);
      } catch (err) {
        if (err instanceof ApiError) return `${err.status} ${err.errorCode} ${err.message}`;
        throw err;
      }
      return "accepted";
    };
    expect(status(null)).toMatch(/^400 INVALID_API_INPUT cardPaymentMethod is required/);
    expect(status(card(undefined))).toBe("400 INVALID_API_INPUT cardPaymentMethod.cardNumber is required.");
    expect(status(card("4242424242424242", { cardHolderName: undefined }))).toBe(
      "400 INVALID_API_INPUT cardPaymentMethod.cardHolderName is required.",
    );
    expect(status(card({ digits: "4242424242424242" }))).toMatch(
      /^400 INVALID_API_INPUT cardPaymentMethod.cardNumber must be/,
    );
    expect(status(card("4242424242424242", { cardType: "Diners" }))).toMatch(
      /^400 INVALID_API_INPUT cardPaymentMethod.cardType must be one of/,
    );
    expect(status(card("4242424242424242", { cardCategory: "Prepaid" }))).toMatch(
      /^400 INVALID_API_INPUT cardPaymentMethod.cardCategory/,
    );
    expect(status(card("4242424242424242", { cardCategory: "CreditCard", nickName: "Mine" }))).toBe("accepted");
    expect(status(card("4242424242424242", { last4: "4242" }))).toBe(
      '400 JSON_PARSER_ERROR Unrecognized field "last4" in cardPaymentMethod.',
    );
  });

  it("treats a card as good through the last day of its expiry month", () => {
    const may15 = Date.UTC(2030, 4, 15);
    expect(cardExpired(5, 2030, may15)).toBe(false);
    expect(cardExpired(4, 2030, may15)).toBe(true);
    expect(cardExpired(12, 2029, may15)).toBe(true);
    expect(cardExpired(1, 2031, may15)).toBe(false);
  });
});
