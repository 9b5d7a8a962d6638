import { describe, expect, it } from "vitest";
import {
  checkoutTotals,
  formatCountdown,
  guestUserContextFrom,
  reservationRemainingMs,
  reservedUntilText,
  tomorrowIso,
} from "../../app/checkout/model/index";

// Totals, the inventory reservation's countdown and the guest user context (app/checkout/model/totals.ts).

describe("totals", () => {
  it("takes every amount from the API's checkout summary", () => {
    expect(
      checkoutTotals({
        currencyIsoCode: "USD",
        totalProductAmount: "67.50",
        totalPromotionalAdjustmentAmount: "-6.75",
        totalChargeAmount: "7.99",
        totalTaxAmount: "5.01",
        grandTotalAmount: "73.75",
        totalProductCount: "4.0",
      }),
    ).toEqual({
      currency: "USD",
      items: "67.50",
      discounts: "-6.75",
      shipping: "7.99",
      tax: "5.01",
      taxIncluded: false,
      total: "73.75",
      itemCount: 4,
    });
    expect(checkoutTotals(null)).toMatchObject({ total: null, itemCount: 0 });
    // Gross prices: the tax is inside them.
    expect(checkoutTotals({ taxType: "Gross", totalTaxAmount: "3.43" })).toMatchObject({
      tax: "3.43",
      taxIncluded: true,
    });
  });
});

describe("the inventory reservation", () => {
  const expiresAt = "2030-01-01T15:05:00.000Z";

  it("counts down to the expiry, never below zero", () => {
    const now = Date.parse("2030-01-01T14:50:00.000Z");
    expect(reservationRemainingMs(expiresAt, now)).toBe(15 * 60 * 1000);
    expect(reservationRemainingMs(expiresAt, now + 16 * 60 * 1000)).toBe(0);
    expect(reservationRemainingMs("not a date", now)).toBe(0);
  });

  it("formats the countdown as m:ss, h:mm:ss past an hour, rounding up", () => {
    expect(formatCountdown(15 * 60 * 1000)).toBe("15:00");
    expect(formatCountdown(61_500)).toBe("1:02");
    expect(formatCountdown(3_723_000)).toBe("1:02:03");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-5)).toBe("0:00");
  });

  it("says until when, in the spec's h:mm a", () => {
    expect(reservedUntilText(expiresAt)).toBe("Items reserved until 3:05 PM UTC");
    expect(reservedUntilText(expiresAt, "America/Chicago")).toBe("Items reserved until 9:05 AM");
  });

  it("lets the shopper choose a delivery date from tomorrow", () => {
    expect(tomorrowIso(Date.parse("2030-12-31T23:30:00.000Z"))).toBe("2031-01-01");
  });
});

describe("guest user context", () => {
  it("keeps only non-blank strings, trimmed", () => {
    expect(guestUserContextFrom({ lastName: " Shopper ", email: "", phoneNumber: "   " })).toEqual({
      lastName: "Shopper",
    });
    expect(guestUserContextFrom({ lastName: 5, email: "a@b.c", phoneNumber: "5125550100" })).toEqual({
      email: "a@b.c",
      phoneNumber: "5125550100",
    });
  });
});
