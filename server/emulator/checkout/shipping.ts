import { readFixture } from "../core/context.js";
import { isoDate } from "../core/clock.js";
import { money, toCents } from "../core/money.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * Delivery methods, their fees and sales tax, seeded from fixtures/shipping.json. The rules are pure functions
 * so they are tested without a database; the store reads the tables once per emulator.
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

const stores = new WeakMap<Emu, ReturnType<typeof createShippingStore>>();

export function shippingStore(emu: Emu) {
  let store = stores.get(emu);
  if (!store) stores.set(emu, (store = createShippingStore(emu)));
  return store;
}

function createShippingStore(emu: Emu) {
  const byId = emu.db.prepare("SELECT * FROM delivery_methods WHERE id = ?");
  const forCountry = emu.db.prepare(`
    SELECT m.* FROM delivery_methods m
    WHERE NOT EXISTS (SELECT 1 FROM delivery_method_countries c WHERE c.delivery_method_id = m.id)
       OR EXISTS (SELECT 1 FROM delivery_method_countries c WHERE c.delivery_method_id = m.id AND c.country = ?)
    ORDER BY m.sort_order`);
  const rate = emu.db.prepare(`
    SELECT rate_basis_points AS rateBasisPoints, taxes_shipping AS taxesShipping FROM tax_rates
    WHERE country = ? AND region IN ('', ?) ORDER BY region DESC LIMIT 1`);
  return {
    method: (id: string) => byId.get(id) as DeliveryMethodRow | undefined,
    /** Methods that ship to the country; none without a destination (nothing to rate yet). */
    methodsFor: (country: string | null | undefined): DeliveryMethodRow[] =>
      country ? (forCountry.all(country.toUpperCase()) as DeliveryMethodRow[]) : [],
    taxRate(country: string | null | undefined, region: string | null | undefined): TaxRate | null {
      if (!country) return null;
      const row = rate.get(country.toUpperCase(), (region ?? "").toUpperCase()) as
        { rateBasisPoints: number; taxesShipping: number } | undefined;
      return row ? { rateBasisPoints: row.rateBasisPoints, taxesShipping: row.taxesShipping === 1 } : null;
    },
  };
}

interface ShippingFixture {
  deliveryMethods: {
    id: string;
    name: string;
    carrier: string;
    classOfService: string;
    fee: string;
    freeFrom: string | null;
    processTime: number;
    processTimeUnit: string;
    transitTimeMin: number;
    transitTimeMax: number;
    countries?: string[];
  }[];
  taxRates: { country: string; region: string; rate: string; taxesShipping: boolean }[];
}

export function seedShipping(emu: Emu) {
  const fixture = readFixture<ShippingFixture>(emu, "shipping.json");
  const insertMethod = emu.db.prepare(`
    INSERT INTO delivery_methods(id, name, carrier, class_of_service, fee_cents, free_from_cents, process_time, process_time_unit,
      transit_time_min, transit_time_max, sort_order)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCountry = emu.db.prepare(
    "INSERT INTO delivery_method_countries(delivery_method_id, country) VALUES (?, ?)",
  );
  fixture.deliveryMethods.forEach((m, i) => {
    insertMethod.run(
      m.id,
      m.name,
      m.carrier,
      m.classOfService,
      toCents(m.fee),
      m.freeFrom === null ? null : toCents(m.freeFrom),
      m.processTime,
      m.processTimeUnit,
      m.transitTimeMin,
      m.transitTimeMax,
      i,
    );
    for (const c of m.countries ?? []) insertCountry.run(m.id, c);
  });
  const insertRate = emu.db.prepare(
    "INSERT INTO tax_rates(country, region, rate_basis_points, taxes_shipping) VALUES (?, ?, ?, ?)",
  );
  for (const t of fixture.taxRates) insertRate.run(t.country, t.region, toCents(t.rate), t.taxesShipping ? 1 : 0);
}

/** Seeds delivery methods and tax rates; their API surface is the delivery groups' and checkouts'. */
export const shippingModule: EmulatorModule = { name: "shipping", routes: () => {}, seed: seedShipping };
