import { describe, expect, it } from "vitest";
import {
  fieldText,
  mapFirstPaymentFields,
  mergeAdjustments,
  orderDataFromLookup,
  sumAmounts,
  toOrderSummary,
} from "../../app/orders/model";
import { field } from "./orders-helpers";

// The order summary (app/orders/model/summary.ts): its derived fields and totals, first-payment fields, adjustments.
describe("the order summary's derived fields", () => {
  it("takes orderSummaryId from the record and the rest from OrderedDate, CreatedDate, TotalAmount, OwnerId", () => {
    const summary = toOrderSummary({
      id: "1OsDM0000000103",
      orderedDate: "2000-01-01T00:00:00.000Z",
      fields: {
        OrderedDate: field("OrderedDate", "2026-09-02T19:41:03.000Z", "datetime"),
        CreatedDate: field("CreatedDate", "2026-09-02T19:41:04.000Z", "datetime"),
        TotalAmount: field("TotalAmount", "181.99", "currency"),
        OwnerId: field("OwnerId", "005DM0000000B2C", "reference"),
        OrderNumber: field("OrderNumber", "00000103"),
        Status: field("Status", "Fulfilled", "picklist"),
      },
    });
    expect(summary).toMatchObject({
      orderSummaryId: "1OsDM0000000103",
      orderNumber: "00000103",
      // The field wins over the plain property.
      orderedDate: "2026-09-02T19:41:03.000Z",
      createdDate: "2026-09-02T19:41:04.000Z",
      totalAmount: "181.99",
      ownerId: "005DM0000000B2C",
      status: "Fulfilled",
    });
  });

  it("reads fields keyed by entity and falls back to plain properties when a field is missing", () => {
    const summary = toOrderSummary({
      orderSummaryId: "1Os2",
      ownerId: "005X",
      createdDate: "2026-01-01T00:00:00.000Z",
      fields: { "OrderSummary.TotalAmount": field("TotalAmount", "10.00") },
    });
    expect(summary).toMatchObject({
      orderSummaryId: "1Os2",
      ownerId: "005X",
      createdDate: "2026-01-01T00:00:00.000Z",
      totalAmount: "10.00",
      orderedDate: null,
    });
  });

  it("works out the totals: subtotal before discounts, discounts, shipping, tax, total", () => {
    const summary = toOrderSummary({
      fields: {
        TotalProductAmount: field("TotalProductAmount", "183.00"),
        TotalAdjustedProductAmount: field("TotalAdjustedProductAmount", "162.18"),
        TotalAdjustedDeliveryAmount: field("TotalAdjustedDeliveryAmount", "19.99"),
        TotalTaxAmount: field("TotalTaxAmount", "15.65"),
        GrandTotalAmount: field("GrandTotalAmount", "197.82"),
      },
    });
    expect(summary.totals).toEqual({
      subtotal: "183.00",
      discounts: "-20.82",
      shipping: "19.99",
      tax: "15.65",
      total: "197.82",
    });
  });

  it("with only the adjusted subtotal, shows it as the subtotal and no separate discount", () => {
    const summary = toOrderSummary({ totalAmount: "9.00", fields: { TotalAdjustedProductAmount: field("x", "9.00") } });
    expect(summary.totals).toMatchObject({ subtotal: "9.00", discounts: null, total: "9.00" });
  });

  it("never fails on a broken answer", () => {
    expect(toOrderSummary(null)).toMatchObject({
      orderSummaryId: null,
      orderNumber: null,
      currencyIsoCode: "USD",
      itemCount: null,
    });
    expect(fieldText("nope", "Name")).toBeNull();
  });
});

describe("first-payment fields", () => {
  it("map to their regular totals (camelCase, PascalCase and entity-prefixed keys)", () => {
    expect(
      mapFirstPaymentFields({
        totalAmount: "100.00",
        firstPymtTotalAmount: "25.00",
        FirstPymtGrandTotalAmount: "27.00",
        "OrderSummary.FirstPymtTotalTaxAmount": "2.00",
      }),
    ).toEqual({ totalAmount: "25.00", GrandTotalAmount: "27.00", "OrderSummary.TotalTaxAmount": "2.00" });
  });

  it("leave the regular total alone when they carry no value", () => {
    expect(mapFirstPaymentFields({ totalAmount: "100.00", firstPymtTotalAmount: null })).toEqual({
      totalAmount: "100.00",
    });
    expect(
      mapFirstPaymentFields({
        GrandTotalAmount: field("GrandTotalAmount", "9.00"),
        FirstPymtGrandTotalAmount: field("FirstPymtGrandTotalAmount", null),
      }),
    ).toEqual({ GrandTotalAmount: field("GrandTotalAmount", "9.00") });
    // Not a first-payment field: a name that merely starts alike.
    expect(mapFirstPaymentFields({ firstPymtish: "1" })).toEqual({ firstPymtish: "1" });
  });

  it("count in the order summary's totals", () => {
    const summary = toOrderSummary({
      fields: {
        GrandTotalAmount: field("GrandTotalAmount", "120.00"),
        FirstPymtGrandTotalAmount: field("FirstPymtGrandTotalAmount", "30.00"),
      },
    });
    expect(summary.totals.total).toBe("30.00");
  });
});

describe("adjustments", () => {
  it("are merged by displayName with amounts summed to 2 decimals, in first-seen order", () => {
    expect(
      mergeAdjustments([
        { displayName: "Buy 3+ mugs, save 5%", amount: "-1.2", type: "Promotion" },
        { displayName: "Spring sale", amount: "-0.1" },
        { displayName: "Buy 3+ mugs, save 5%", amount: "-1.60", type: "Promotion" },
        { displayName: "Spring sale", amount: "-0.2" },
      ]),
    ).toEqual([
      { displayName: "Buy 3+ mugs, save 5%", amount: "-2.80", type: "Promotion" },
      // 0.1 + 0.2 without floating-point drift.
      { displayName: "Spring sale", amount: "-0.30", type: null },
    ]);
  });

  it("skip entries without an amount and name the nameless", () => {
    expect(mergeAdjustments([{ displayName: "x", amount: "abc" }, null, { amount: "-1" }])).toEqual([
      { displayName: "Adjustment", amount: "-1.00", type: null },
    ]);
    expect(mergeAdjustments([])).toEqual([]);
    expect(sumAmounts(["1.005", "2", null, "x"])).toBe("3.01");
  });

  it("of an order: order-level ones first, then the lines' merged", () => {
    const data = orderDataFromLookup({
      adjustments: [
        { displayName: "10% off your order", amount: "-18.02", targetType: "Order" },
        { displayName: "Mugs", amount: "-1.20", targetType: "Item" },
        { displayName: "Mugs", amount: "-1.60", targetType: "Item" },
      ],
    });
    expect(data.adjustments.map((a) => [a.displayName, a.amount])).toEqual([
      ["10% off your order", "-18.02"],
      ["Mugs", "-2.80"],
    ]);
  });
});
