import { describe, expect, it } from "vitest";
import { cardDigits, cardLabel } from "../../app/checkout/model/cards";
import {
  cardFieldErrors,
  cardFieldOfMessage,
  expiryYears,
  orderNumberFrom,
  paymentOutcome,
} from "../../app/checkout/model/index";

// Payment and the placed order's number (app/checkout/model/payment.ts).

describe("payment", () => {
  it("reads the gateway's result code", () => {
    expect(paymentOutcome({ salesforceResultCode: "Success", errors: [] }, "card")).toEqual({ ok: true });
    expect(paymentOutcome({ salesforceResultCode: "Decline" }, "card")).toEqual({
      ok: false,
      formError: "Your card was declined. Use another card or payment method.",
    });
    expect(paymentOutcome({ salesforceResultCode: "SystemError" }, "card")).toEqual({
      ok: false,
      formError: "We couldn't process your payment. Try again.",
    });
    expect(paymentOutcome(null, "card")).toEqual({
      ok: false,
      formError: "We couldn't process your payment. Try again.",
    });
    expect(
      paymentOutcome(
        {
          salesforceResultCode: "ValidationError",
          errors: [
            {
              type: "/commerce/errors/payment-failure",
              title: "Check",
              detail: "The payment token isn't known to the gateway. Enter your card details again.",
            },
          ],
        },
        "card",
      ),
    ).toEqual({
      ok: false,
      field: "cardNumber",
      fieldError: "The payment token isn't known to the gateway. Enter your card details again.",
    });
    expect(paymentOutcome({ salesforceResultCode: "ValidationError" }, "card")).toEqual({
      ok: false,
      field: "cardNumber",
      fieldError: "Check your card number.",
    });
    expect(paymentOutcome({ salesforceResultCode: "ValidationError" }, "purchaseOrder")).toEqual({
      ok: false,
      field: "purchaseOrderNumber",
      fieldError: "Check your purchase order number.",
    });
  });

  it("puts the gateway's refusal of an expired card on the expiry date, not the card number", () => {
    const expired = {
      type: "/commerce/errors/payment-failure",
      title: "Check your payment information.",
      detail: "Your card has expired. Use another card.",
    };
    expect(paymentOutcome({ salesforceResultCode: "ValidationError", errors: [expired] }, "card")).toEqual({
      ok: false,
      field: "expiryMonth",
      fieldError: "Your card has expired. Use another card.",
    });
  });

  it("puts a tokeniser's refusal on the field it is about", () => {
    expect(cardFieldOfMessage("Enter a valid card number.")).toBe("cardNumber");
    expect(cardFieldOfMessage("Enter a valid security code.")).toBe("cvv");
    expect(cardFieldOfMessage("Enter a valid expiration date.")).toBe("expiryMonth");
  });

  it("puts a gateway's refusal on the fields its invalidParameters name, else on the field its words are about", () => {
    expect(
      cardFieldErrors([
        { message: "Enter a valid card number.", invalidParameters: [{ name: "cardPaymentMethod.cardNumber" }] },
        { message: "Enter a valid security code.", invalidParameters: [{ name: "cardPaymentMethod.cvv" }] },
        { message: "Enter a valid expiration date.", invalidParameters: [{ name: "cardPaymentMethod.expiryYear" }] },
        {
          message: "The card number doesn't match the card type.",
          invalidParameters: [{ name: "cardPaymentMethod.cardType" }],
        },
        { message: "Enter the name on the card.", invalidParameters: [{ name: "cardPaymentMethod.cardHolderName" }] },
      ]),
    ).toEqual({
      cardNumber: ["Enter a valid card number.", "The card number doesn't match the card type."],
      cvv: ["Enter a valid security code."],
      expiryYear: ["Enter a valid expiration date."],
      cardholderName: ["Enter the name on the card."],
    });
    // Without invalidParameters (or naming fields the form doesn't have), the words decide; no words, the number.
    expect(cardFieldErrors([{ message: "Enter a valid expiration date." }])).toEqual({
      expiryMonth: ["Enter a valid expiration date."],
    });
    expect(
      cardFieldErrors([
        { message: "Enter a valid security code.", invalidParameters: [{ name: "billingAddress.city" }] },
      ]),
    ).toEqual({ cvv: ["Enter a valid security code."] });
    expect(cardFieldErrors([{ message: "" }])).toEqual({ cardNumber: ["Check your card number."] });
  });

  it("reads card numbers typed with spaces or dashes, and names a card by the typed number's brand and last four", () => {
    expect(cardDigits("4242 4242-4242 4242")).toBe("4242424242424242");
    expect(cardLabel("4242 4242 4242 4242")).toBe("Visa ending in 4242");
    expect(cardLabel("378282246310005")).toBe("American Express ending in 0005");
    expect(cardLabel("9999 9999 9999 1111")).toBe("Card ending in 1111");
  });

  it("offers expiry years from this year on", () => {
    expect(expiryYears(Date.parse("2030-06-01T00:00:00Z"), 3)).toEqual(["2030", "2031", "2032"]);
  });
});

describe("orderNumberFrom", () => {
  it("takes the order reference number from the first action result (v2), else the answer (v1)", () => {
    expect(
      orderNumberFrom({
        actions: [
          { action: "prepare", orderReferenceNumber: "ORN-1" },
          { action: "submit", orderReferenceNumber: "ORN-1" },
        ],
      }),
    ).toBe("ORN-1");
    expect(
      orderNumberFrom({ actions: [{ action: "prepare", status: "Failed", orderReferenceNumber: null }] }),
    ).toBeNull();
    expect(orderNumberFrom({ orderReferenceNumber: "ER37G-VYS2M", errors: [] })).toBe("ER37G-VYS2M");
    expect(orderNumberFrom(null)).toBeNull();
  });
});
