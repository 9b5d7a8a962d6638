import { describe, expect, it } from "vitest";
import {
  cheapestMethod,
  deliveryMethodJson,
  estimatedDelivery,
  shippingFeeCents,
  type DeliveryMethodRow,
} from "../../server/emulator/checkout/shipping.js";

const method = (over: Partial<DeliveryMethodRow>): DeliveryMethodRow => ({
  id: "2DmDM000000STND",
  name: "Standard Shipping",
  carrier: "USPS",
  class_of_service: "Ground",
  fee_cents: 799,
  free_from_cents: 10_000,
  process_time: 1,
  process_time_unit: "Days",
  transit_time_min: 3,
  transit_time_max: 5,
  sort_order: 0,
  ...over,
});
const standard = method({});
const express = method({
  id: "2DmDM000000EXPR",
  name: "Express Shipping",
  fee_cents: 1999,
  free_from_cents: null,
  process_time: 4,
  process_time_unit: "Hours",
  transit_time_min: 1,
  transit_time_max: 2,
});
const overnight = method({ id: "2DmDM000000OVNT", name: "Overnight", fee_cents: 3499, free_from_cents: null });

describe("shipping fees", () => {
  it("charges the fee below the free-shipping threshold and nothing from it on", () => {
    expect(shippingFeeCents(standard, 9_999)).toBe(799);
    expect(shippingFeeCents(standard, 10_000)).toBe(0);
    expect(shippingFeeCents(express, 1_000_000)).toBe(1999);
  });

  it("picks the cheapest method for the amount, the earlier one on a tie, none from none", () => {
    expect(cheapestMethod([express, standard, overnight], 5_000)).toBe(standard);
    expect(cheapestMethod([overnight, express], 5_000)).toBe(express);
    const alsoFree = method({ id: "2DmX", free_from_cents: 0 });
    expect(cheapestMethod([standard, alsoFree], 20_000)).toBe(standard);
    expect(cheapestMethod([], 5_000)).toBeNull();
  });

  it("estimates delivery as processing time plus the carrier's transit days", () => {
    const now = Date.UTC(2030, 0, 1, 12);
    const day = 86_400_000;
    expect(estimatedDelivery(standard, now)).toEqual({ earliest: now + 4 * day, latest: now + 6 * day });
    expect(estimatedDelivery(express, now)).toEqual({
      earliest: now + 4 * 3_600_000 + day,
      latest: now + 4 * 3_600_000 + 2 * day,
    });
  });

  it("prints a Delivery Method with money as strings", () => {
    const json = deliveryMethodJson(standard, 5_000, Date.UTC(2030, 0, 1), "USD");
    expect(json).toEqual({
      id: "2DmDM000000STND",
      name: "Standard Shipping",
      carrier: "USPS",
      classOfService: "Ground",
      currencyIsoCode: "USD",
      shippingFee: "7.99",
      adjustedShippingFee: "7.99",
      totalAdjustmentAmount: "0.00",
      processTime: 1,
      processTimeUnit: "Days",
      transitTimeMin: 3,
      transitTimeMax: 5,
      earliestEstimatedDeliveryTime: "2030-01-05T00:00:00.000Z",
      latestEstimatedDeliveryTime: "2030-01-07T00:00:00.000Z",
    });
    expect(deliveryMethodJson(standard, 12_000, 0, "USD").shippingFee).toBe("0.00");
  });
});
