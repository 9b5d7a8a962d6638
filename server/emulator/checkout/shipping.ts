import { isoDate } from "../core/clock.js";
import { money } from "../core/money.js";
import { seedShipping } from "./seed.js";
import type { EmulatorModule } from "../core/state.js";

/**
 * Delivery methods, their fees and sales tax, seeded from fixtures/shipping.json. The rules are pure functions
 * so they are tested without a database; store.ts (shippingStore) reads the tables, prepared once per emulator.
 */

export interface DeliveryMethodRow {
  id: string;
  name: string;
  carrier: string;
  class_of_service: string;
  fee_cents: number;
  free_from_cents: number | null;
  process_time: number;
  process_time_unit: "Hours" | "Days" | "Weeks";
  transit_time_min: number;
  transit_time_max: number;
  sort_order: number;
}

export interface TaxRate {
  rateBasisPoints: number;
  taxesShipping: boolean;
}

export type TaxType = "Net" | "Gross";

/** The method's fee for a shipment whose products come to `productAmountCents` (after adjustments). */
export function shippingFeeCents(
  method: Pick<DeliveryMethodRow, "fee_cents" | "free_from_cents">,
  productAmountCents: number,
): number {
  if (method.free_from_cents !== null && productAmountCents >= method.free_from_cents) return 0;
  return method.fee_cents;
}

/** The cheapest of the methods for that amount; ties go to the earlier method (the fixture's order). */
export function cheapestMethod<T extends Pick<DeliveryMethodRow, "fee_cents" | "free_from_cents">>(
  methods: T[],
  productAmountCents: number,
): T | null {
  let best: T | null = null;
  for (const m of methods) {
    if (!best || shippingFeeCents(m, productAmountCents) < shippingFeeCents(best, productAmountCents)) best = m;
  }
  return best;
}

/**
 * Tax of one shipment. Net: prices exclude tax, so tax is added on top. Gross: prices already include it, so
 * the tax is the part of the price that is tax (shown, never added to the total). Rounded half up per amount.
 */
export function taxCents(taxType: TaxType, rate: TaxRate | null, productCents: number, shippingCents: number): number {
  if (!rate || rate.rateBasisPoints === 0) return 0;
  const taxable = Math.max(0, productCents) + (rate.taxesShipping ? shippingCents : 0);
  const bp = rate.rateBasisPoints;
  return taxType === "Gross" ? Math.round((taxable * bp) / (10_000 + bp)) : Math.round((taxable * bp) / 10_000);
}

const MS = { Hours: 3_600_000, Days: 86_400_000, Weeks: 7 * 86_400_000 } as const;
const DAY = 86_400_000;

/** Earliest and latest arrival if ordered at `now`: processing time, then the carrier's transit days. */
export function estimatedDelivery(method: DeliveryMethodRow, now: number) {
  const shipped = now + method.process_time * MS[method.process_time_unit];
  return { earliest: shipped + method.transit_time_min * DAY, latest: shipped + method.transit_time_max * DAY };
}

/** The API's Delivery Method output for one shipment. Shipping promotions don't exist in the demo store. */
export function deliveryMethodJson(
  method: DeliveryMethodRow,
  productAmountCents: number,
  now: number,
  currencyIsoCode: string,
) {
  const fee = shippingFeeCents(method, productAmountCents);
  const { earliest, latest } = estimatedDelivery(method, now);
  return {
    id: method.id,
    name: method.name,
    carrier: method.carrier,
    classOfService: method.class_of_service,
    currencyIsoCode,
    shippingFee: money(fee),
    adjustedShippingFee: money(fee),
    totalAdjustmentAmount: money(0),
    processTime: method.process_time,
    processTimeUnit: method.process_time_unit,
    transitTimeMin: method.transit_time_min,
    transitTimeMax: method.transit_time_max,
    earliestEstimatedDeliveryTime: isoDate(earliest),
    latestEstimatedDeliveryTime: isoDate(latest),
  };
}

/** Seeds delivery methods and tax rates; their API surface is the delivery groups' and checkouts'. */
export const shippingModule: EmulatorModule = { name: "shipping", routes: () => {}, seed: seedShipping };
