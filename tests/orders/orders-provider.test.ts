import { describe, expect, it } from "vitest";
import { caught } from "../../app/lib/caught";
import {
  lastFour,
  orderProviderFailed,
  orderProviderKey,
  orderProviderLoaded,
  orderProviderLoading,
  reorderOutcome,
  toPayments,
  toProviderErrors,
} from "../../app/orders/model";

// The order provider (app/orders/model/provider.ts): its states and key, payments, errors and reorder outcome.
describe("the order provider's states", () => {
  it("starts loading, without data", () => {
    const state = orderProviderLoading();
    expect(state).toMatchObject({ isLoading: true, hasErrors: false, summary: null, deliveryGroups: null });
  });

  it("loaded with data: every section present", () => {
    const state = orderProviderLoaded({ id: "1Os1", fields: {}, deliveryGroups: [], adjustments: [], payments: [] });
    expect(state.isLoading).toBe(false);
    expect(state.hasErrors).toBe(false);
    expect(state.summary?.orderSummaryId).toBe("1Os1");
    expect(state.deliveryGroups).toEqual([]);
    expect(state.adjustments).toEqual([]);
    expect(state.payments).toEqual([]);
  });

  it("loaded with errors: hasErrors and every data section null", () => {
    const error = Object.assign(new Error("Not Found"), {
      name: "FetchError",
      errors: [{ type: "NOT_FOUND", message: "No such order." }],
    });
    const state = orderProviderFailed(caught(error));
    expect(state).toEqual({
      isLoading: false,
      hasErrors: true,
      errors: [{ code: "NOT_FOUND", message: "No such order." }],
      summary: null,
      deliveryGroups: null,
      adjustments: null,
      payments: null,
    });
  });
});

describe("the order provider's key", () => {
  const base = { recordId: "00000101", fields: ["A", "B"], accessToken: "t1", effectiveAccountId: "001A" };

  it("stays the same for the same inputs (field order and repeats do not matter)", () => {
    expect(orderProviderKey(base)).toBe(orderProviderKey({ ...base, fields: ["B", "A", "A"] }));
  });

  it("changes with the record id, the required fields, the access token or the effective account", () => {
    const key = orderProviderKey(base);
    expect(orderProviderKey({ ...base, recordId: "00000102" })).not.toBe(key);
    expect(orderProviderKey({ ...base, fields: ["A", "B", "C"] })).not.toBe(key);
    expect(orderProviderKey({ ...base, accessToken: "t2" })).not.toBe(key);
    expect(orderProviderKey({ ...base, accessToken: null })).not.toBe(key);
    expect(orderProviderKey({ ...base, effectiveAccountId: "001B" })).not.toBe(key);
  });
});

describe("payments", () => {
  it("show the type or brand and the last 4 characters, never a full number", () => {
    expect(
      toPayments([
        { id: "p1", type: "CreditCard", cardBrand: "Visa", last4: "4242", amount: "58.49" },
        { id: "p2", type: "PurchaseOrder", purchaseOrderNumber: "PO-2026-000123" },
        { id: "p3", type: "CreditCard", last4: "4111111111111111" },
        { type: "Other" },
      ]),
    ).toEqual([
      { id: "p1", label: "Visa ending in 4242", amount: "58.49" },
      { id: "p2", label: "Purchase order ending in 0123", amount: null },
      { id: "p3", label: "Card ending in 1111", amount: null },
      { id: "payment-4", label: "Other", amount: null },
    ]);
    expect(lastFour("  ")).toBeNull();
  });
});

describe("provider errors", () => {
  it("become {code from the error type, message}", () => {
    const fetchError = Object.assign(new Error("Not Found"), {
      errors: [{ type: "NOT_FOUND", message: "Something's not right." }],
    });
    expect(toProviderErrors(caught(fetchError))).toEqual([{ code: "NOT_FOUND", message: "Something's not right." }]);
    expect(toProviderErrors(caught([{ errorCode: "INVALID_ID_FIELD", message: "Bad id" }]))).toEqual([
      { code: "INVALID_ID_FIELD", message: "Bad id" },
    ]);
  });

  it("fall back to the error's own code or name, else UNKNOWN_ERROR", () => {
    expect(toProviderErrors(caught(Object.assign(new Error("aborted"), { name: "Aborted" })))).toEqual([
      { code: "Aborted", message: "aborted" },
    ]);
    expect(toProviderErrors(caught(new TypeError("orderSummaryId is required")))).toEqual([
      { code: "TypeError", message: "orderSummaryId is required" },
    ]);
    expect(toProviderErrors(caught(new Error("")))).toEqual([
      { code: "UNKNOWN_ERROR", message: "The order could not be loaded." },
    ]);
    expect(toProviderErrors(caught("boom"))).toEqual([
      { code: "UNKNOWN_ERROR", message: "The order could not be loaded." },
    ]);
  });
});

describe("reorder outcome", () => {
  it("reports success", () => {
    expect(reorderOutcome({ totalSucceededProductCount: 3, unaddedProducts: [] })).toEqual({
      variant: "success",
      message: "Added 3 products to your cart.",
    });
    expect(reorderOutcome({ totalSucceededProductCount: 1 }).message).toBe("Added 1 product to your cart.");
  });

  it("names every product that could not be added, with its reason", () => {
    const partial = reorderOutcome({
      totalSucceededProductCount: 1,
      unaddedProducts: [
        {
          productName: "Out Of Stock Thing",
          errorCode: "ERROR_SAVING_CARTITEM",
          errorMessage: "No more available items for current product.",
        },
        { productSKU: "ERR-105", errorCode: "ERROR_SAVING_CARTITEM" },
      ],
    });
    expect(partial.variant).toBe("warning");
    expect(partial.message).toBe(
      "Added 1 product to your cart. We couldn't add: Out Of Stock Thing (No more available items for current product); ERR-105 (ERROR_SAVING_CARTITEM).",
    );
    expect(
      reorderOutcome({ totalSucceededProductCount: 0, unaddedProducts: [{ productName: "X", errorMessage: "Gone" }] }),
    ).toEqual({
      variant: "error",
      message: "We couldn't add these products to your cart: X (Gone).",
    });
  });
});
