import { money } from "../core/money.js";
import type { Emu } from "../core/state.js";
import { scheduleOfEntry, tierAtQuantity, tiersOfSchedule, type ProductRow } from "./store.js";

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
 * `scheduleType`, which the page lists with no type and "Reserved for future use": an org fills neither, so they
 * are null [I: null rather than absent, as the Connect API writes a property it lists but doesn't set]. Each tier
 * is a ConnectApi.PriceAdjustmentTier, its bounds and values strings.
 */
export function priceAdjustmentJson(schedule: ScheduleRow, tiers: readonly TierRow[], unitCents: number, v: number) {
  return {
    ...(v >= 59 ? { adjustmentMethod: null } : {}),
    id: schedule.id,
    priceAdjustmentTiers: tiers.map((t) => ({
      adjustmentType: t.adjustment_type,
      adjustmentValue: adjustmentValue(t),
      id: t.id,
      lowerBound: String(t.lower_bound),
      tierUnitPrice: money(tierUnitCents(unitCents, t)),
      upperBound: t.upper_bound === null ? null : String(t.upper_bound),
    })),
    ...(v >= 59 ? { scheduleType: null } : {}),
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
  const schedule = scheduleOfEntry(emu);
  const tiers = tiersOfSchedule(emu);
  // The one tier a quantity reaches: read for every cart line of a tiered product.
  const tierAt = tierAtQuantity(emu);
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
