import { readFixture } from "../core/context.js";
import { money, toCents } from "../core/money.js";
import type { Emu } from "../core/state.js";
import type { ProductRow } from "./store.js";

/**
 * Volume (tier) prices: the price adjustment schedules linked to price book entries, their tiers, the Product
 * Price's `priceAdjustment` and the unit price a quantity reaches (docs/emulator.md, "Volume prices").
 *
 * A tier's lowerBound is the first quantity it covers; its upperBound is the first quantity it no longer covers
 * (PriceAdjustmentTier.UpperBound: "the value isn't included", one above the tier's last quantity), null for the
 * last tier. Tiers of a schedule neither overlap nor leave gaps. The method is Range: every unit of a line gets
 * the tier its quantity falls in. A quantity below the first tier pays the entry's unit price.
 */

export type TierType = "PercentageBasedAdjustment" | "AmountBasedAdjustment";

export interface TierRow {
  id: string;
  schedule_id: string;
  lower_bound: number;
  upper_bound: number | null;
  adjustment_type: TierType;
  /** The value × 100: hundredths of a percent, or cents. */
  adjustment_value: number;
}

export interface ScheduleRow {
  id: string;
  name: string;
  currency_iso_code: string;
  adjustment_method: "Range";
  schedule_type: "Volume";
}

/** The tier a quantity falls in (lowerBound ≤ quantity < upperBound), or null below the first tier. */
export function tierFor<T extends Pick<TierRow, "lower_bound" | "upper_bound">>(tiers: readonly T[], qty: number) {
  return tiers.find((t) => t.lower_bound <= qty && (t.upper_bound === null || qty < t.upper_bound)) ?? null;
}

/** A tier's unit price from the entry's unit price, to the cent (half away from zero); never below zero. */
export function tierUnitCents(unitCents: number, tier: Pick<TierRow, "adjustment_type" | "adjustment_value">) {
  if (tier.adjustment_type === "AmountBasedAdjustment") return Math.max(0, unitCents - tier.adjustment_value);
  return Math.round((unitCents * (10000 - tier.adjustment_value)) / 10000);
}

/** "5", "2.5", "1.60": the adjustment value as the API's strings print it (percent without trailing zeros). */
function adjustmentValue(tier: TierRow): string {
  if (tier.adjustment_type === "AmountBasedAdjustment") return money(tier.adjustment_value)!;
  return String(tier.adjustment_value / 100);
}

/**
 * ConnectApi.PriceAdjustmentSchedule: `id`, `priceAdjustmentTiers` (49.0) and, from 59.0, `adjustmentMethod` and
 * `scheduleType` (documented as reserved; answered with the schedule's AdjustmentMethod and type). Each tier is a
 * ConnectApi.PriceAdjustmentTier, its bounds and values strings.
 */
export function priceAdjustmentJson(schedule: ScheduleRow, tiers: readonly TierRow[], unitCents: number, v: number) {
  return {
    ...(v >= 59 ? { adjustmentMethod: schedule.adjustment_method } : {}),
    id: schedule.id,
    priceAdjustmentTiers: tiers.map((t) => ({
      adjustmentType: t.adjustment_type,
      adjustmentValue: adjustmentValue(t),
      id: t.id,
      lowerBound: String(t.lower_bound),
      tierUnitPrice: money(tierUnitCents(unitCents, t)),
      upperBound: t.upper_bound === null ? null : String(t.upper_bound),
    })),
    ...(v >= 59 ? { scheduleType: schedule.schedule_type } : {}),
  };
}

const stores = new WeakMap<Emu, ReturnType<typeof createTierStore>>();

/** Read access to the schedules (one per emulator): by price book entry, all through the tables' keys. */
export function tierStore(emu: Emu) {
  let store = stores.get(emu);
  if (!store) stores.set(emu, (store = createTierStore(emu)));
  return store;
}

function createTierStore(emu: Emu) {
  const schedule = emu.db.prepare(`
    SELECT s.* FROM pricebook_entry_adjustments a JOIN price_adjustment_schedules s ON s.id = a.schedule_id
    WHERE a.pricebook_entry_id = ?`);
  const tiers = emu.db.prepare("SELECT * FROM price_adjustment_tiers WHERE schedule_id = ? ORDER BY lower_bound");
  // The one tier a quantity reaches: read for every cart line of a tiered product.
  const tierAt = emu.db.prepare(`
    SELECT t.* FROM pricebook_entry_adjustments a JOIN price_adjustment_tiers t ON t.schedule_id = a.schedule_id
    WHERE a.pricebook_entry_id = ? AND t.lower_bound <= ? AND (t.upper_bound IS NULL OR t.upper_bound > ?)
    ORDER BY t.lower_bound DESC LIMIT 1`);
  return {
    /** The schedule adjusting the product's price book entry, with its tiers; null when it has none. */
    scheduleOf(p: Pick<ProductRow, "pricebook_entry_id">) {
      if (!p.pricebook_entry_id) return null;
      const row = schedule.get(p.pricebook_entry_id) as ScheduleRow | undefined;
      return row ? { schedule: row, tiers: tiers.all(row.id) as TierRow[] } : null;
    },
    /**
     * The product as a line of `qty` units pays for it: its unit price is the tier's when the quantity reaches
     * one (the row is a copy; the list price stays).
     */
    pricedFor<P extends ProductRow>(p: P, qty: number): P {
      if (!p.pricebook_entry_id || p.unit_price_cents === null) return p;
      const tier = tierAt.get(p.pricebook_entry_id, qty, qty) as TierRow | undefined;
      return tier ? { ...p, unit_price_cents: tierUnitCents(p.unit_price_cents, tier) } : p;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Seed

interface TierFixture {
  id: string;
  lowerBound: number;
  upperBound: number | null;
  adjustmentType: TierType;
  /** A percentage ("5") or an amount of the schedule's currency ("2.00"). */
  adjustmentValue: string;
}

interface ScheduleFixture {
  id: string;
  name: string;
  currencyIsoCode: string;
  /** The products whose price book entries (in the schedule's currency) the schedule adjusts. */
  products: string[];
  tiers: TierFixture[];
}

interface TierFixtures {
  priceBooks?: { currencyIsoCode: string; idPrefix: string; fromDefaultRate: number }[];
  priceAdjustmentSchedules?: ScheduleFixture[];
}

/**
 * The id of a schedule's (or tier's) copy in another currency's book: the fourth character becomes the book's
 * letter (`01uG…` entries, `0uOG…` schedules) [I].
 */
const copyId = (id: string, book: { idPrefix: string }) =>
  `${id.slice(0, 3)}${book.idPrefix.slice(3, 4)}${id.slice(4)}`;

/**
 * Seeds `priceAdjustmentSchedules` of fixtures/catalog.json after the price book entries. A schedule in the
 * default currency is copied into every other price book by its rule: amounts × the book's rate (to the cent),
 * percentages as they are, the same bounds.
 */
export function seedPriceTiers(emu: Emu) {
  const fixture = readFixture<TierFixtures>(emu, "catalog.json");
  const db = emu.db;
  const insertSchedule = db.prepare(
    "INSERT INTO price_adjustment_schedules(id, name, currency_iso_code) VALUES (?, ?, ?)",
  );
  const insertTier = db.prepare(`
    INSERT INTO price_adjustment_tiers(id, schedule_id, lower_bound, upper_bound, adjustment_type, adjustment_value)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const entryOf = db.prepare("SELECT id FROM pricebook_entries WHERE product_id = ? AND currency_iso_code = ?");
  const link = db.prepare("INSERT INTO pricebook_entry_adjustments(pricebook_entry_id, schedule_id) VALUES (?, ?)");

  const seed = (s: ScheduleFixture, id: string, currency: string, idOf: (id: string) => string, rate: number) => {
    insertSchedule.run(id, s.name, currency);
    for (const t of s.tiers) {
      const hundredths = toCents(t.adjustmentValue);
      if (hundredths === null) throw new Error(`fixtures/catalog.json: tier ${t.id} has no adjustmentValue`);
      const value = t.adjustmentType === "AmountBasedAdjustment" ? Math.round(hundredths * rate) : hundredths;
      insertTier.run(idOf(t.id), id, t.lowerBound, t.upperBound, t.adjustmentType, value);
    }
    for (const productId of s.products) {
      const entry = entryOf.get(productId, currency) as { id: string } | undefined;
      if (!entry)
        throw new Error(`fixtures/catalog.json: schedule ${s.id} names ${productId}, unpriced in ${currency}`);
      link.run(entry.id, id);
    }
  };
  for (const s of fixture.priceAdjustmentSchedules ?? []) {
    seed(s, s.id, s.currencyIsoCode, (id) => id, 1);
    for (const book of fixture.priceBooks ?? []) {
      if (book.currencyIsoCode === s.currencyIsoCode) continue;
      seed(s, copyId(s.id, book), book.currencyIsoCode, (id) => copyId(id, book), book.fromDefaultRate);
    }
  }
}
