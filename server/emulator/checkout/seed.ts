import { readFixture } from "../core/context.js";
import { toCents } from "../core/money.js";
import type { Emu } from "../core/state.js";

/** The delivery methods and tax rates of fixtures/shipping.json: loaded once, in the seeding's transaction. */

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
