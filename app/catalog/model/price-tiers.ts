/**
 * Volume prices: the Product Price's `priceAdjustment` tiers as the product page's table shows them. A tier covers
 * the quantities from its lowerBound up to, but not including, its upperBound (PriceAdjustmentTier.UpperBound is
 * one above the tier's last quantity); no upperBound is "and more". Pure: the loader sends the page the rows only.
 */
import type { PriceAdjustmentTier, ProductPrice } from "../../../server/webstore/index";

/** One row of the table: the quantities it covers (to: null = no limit) and what one unit costs there. */
export interface VolumePriceRow {
  from: number;
  to: number | null;
  unitPrice: string;
}

const whole = (value: string | null | undefined): number | null => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.floor(n) : null;
};

/**
 * The rows of a product's volume prices, lowest quantities first: a first row at the entry's unit price for the
 * quantities below the first tier, then one per tier. Empty when the price has no tiers.
 */
export function volumePriceRows(price: Pick<ProductPrice, "unitPrice" | "priceAdjustment"> | null): VolumePriceRow[] {
  const tiers = (price?.priceAdjustment?.priceAdjustmentTiers ?? [])
    .map((t: PriceAdjustmentTier) => ({
      from: whole(t.lowerBound),
      upper: whole(t.upperBound),
      unitPrice: t.tierUnitPrice,
    }))
    .filter((t): t is { from: number; upper: number | null; unitPrice: string } => t.from !== null && !!t.unitPrice)
    .sort((a, b) => a.from - b.from);
  if (tiers.length === 0) return [];
  const rows: VolumePriceRow[] = tiers.map((t) => ({
    from: t.from,
    to: t.upper === null ? null : t.upper - 1,
    unitPrice: t.unitPrice,
  }));
  if (tiers[0].from > 1 && price?.unitPrice)
    rows.unshift({ from: 1, to: tiers[0].from - 1, unitPrice: price.unitPrice });
  return rows;
}

/** "1–9", "10–49", "50 or more", "12" (a one-quantity tier). */
export function quantityRange(row: Pick<VolumePriceRow, "from" | "to">): string {
  if (row.to === null) return `${row.from} or more`;
  return row.to === row.from ? String(row.from) : `${row.from}–${row.to}`;
}

/** The row a quantity falls in, or null (no tiers, or a quantity below 1). */
export function rowFor(rows: readonly VolumePriceRow[], quantity: number): VolumePriceRow | null {
  return rows.find((r) => quantity >= r.from && (r.to === null || quantity <= r.to)) ?? null;
}
