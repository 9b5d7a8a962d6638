import { percentOf } from "../core/money.js";
import type { Emu } from "../core/state.js";
import { cartTotalsRecord, recordedLinesUnder, type RecordedLine, type TotalsRow } from "./store.js";
import type { AppliedPromotion, CartTotals, PricedLine, PromotionRule } from "./pricing.js";

/**
 * A cart's totals and promotions worked out from what the database keeps of it (db/015_cart_totals.sql: the cart's
 * running totals, each line's recorded prices), reading only the lines a promotion targets, never the whole cart:
 * what one line's add, change or removal needs to answer that line (issue 23). The arithmetic is pricing.ts's
 * priceCart, term by term, so the answers are the same to the cent as pricing the whole cart.
 *
 * Call after every line of the cart is priced (view.ts priceUnpricedLines): the running totals count priced lines only.
 */

export interface IncrementalPricing {
  totals: CartTotals;
  promotions: AppliedPromotion[];
  /**
   * The line's amounts. Null when a cart-level discount applies: how it is spread over the lines (largest remainder
   * first) depends on every line, so the caller prices the whole cart for that.
   */
  line(item: RecordedLine): PricedLine | null;
}

export function cartTotalsRow(emu: Emu, cartId: string): TotalsRow {
  return (
    cartTotalsRecord(emu, cartId) ?? {
      line_count: 0,
      total_quantity: 0,
      unpriced_lines: 0,
      product_cents: 0,
      list_cents: 0,
    }
  );
}

/** The cart's lines under a category (the line's product's category or one of its ancestors): only those are read. */
function linesUnder(emu: Emu, cartId: string, categoryId: string): RecordedLine[] {
  return recordedLinesUnder(emu, cartId, categoryId);
}

/**
 * The cart's pricing from its running totals and the lines its item promotions target; null when an item promotion
 * that applies targets every line (then every line is read anyway: the caller prices the whole cart).
 */
export function incrementalPricing(emu: Emu, cartId: string, rules: PromotionRule[]): IncrementalPricing | null {
  const row = cartTotalsRow(emu, cartId);
  if (row.unpriced_lines > 0) throw new Error(`incrementalPricing: cart ${cartId} has lines not priced yet`);
  const subtotal = row.product_cents;
  const meetsSubtotal = (rule: PromotionRule) => rule.minSubtotalCents === null || subtotal >= rule.minSubtotalCents;

  // Item promotions, in order, each on the lines it targets (a line's earlier item discounts limit the next).
  const itemAdjustments = new Map<string, { cents: number; names: string[] }>();
  const applied: AppliedPromotion[] = [];
  let itemTotal = 0;
  for (const rule of rules.filter((r) => r.targetType === "Item")) {
    if (!meetsSubtotal(rule)) continue;
    if (!rule.targetCategoryId) {
      if (row.line_count === 0 || row.total_quantity < (rule.minQuantity ?? 1)) continue;
      return null;
    }
    const targets = linesUnder(emu, cartId, rule.targetCategoryId);
    const quantity = targets.reduce((sum, l) => sum + l.quantity, 0);
    if (targets.length === 0 || quantity < (rule.minQuantity ?? 1)) continue;
    let total = 0;
    for (const line of targets) {
      const lineCents = line.sales_cents! * line.quantity;
      const adjustment = itemAdjustments.get(line.id) ?? { cents: 0, names: [] };
      const off = Math.min(percentOf(lineCents, rule.percentOff), lineCents + adjustment.cents);
      if (off <= 0) continue;
      adjustment.cents -= off;
      adjustment.names.push(rule.displayName);
      itemAdjustments.set(line.id, adjustment);
      total -= off;
    }
    itemTotal += total;
    if (total < 0) applied.push({ rule, adjustmentCents: total });
  }

  // Cart promotions on the subtotal after item discounts.
  const base = subtotal + itemTotal;
  let cartTotal = 0;
  for (const rule of rules.filter((r) => r.targetType === "Cart")) {
    if (!meetsSubtotal(rule)) continue;
    const off = Math.min(percentOf(base, rule.percentOff), base + cartTotal);
    if (off <= 0) continue;
    cartTotal -= off;
    applied.push({ rule, adjustmentCents: -off });
  }

  const totalPromotionalAdjustmentCents = itemTotal + cartTotal;
  const totalProductAfterAdjustmentsCents = subtotal + totalPromotionalAdjustmentCents;
  return {
    promotions: applied,
    totals: {
      totalListCents: row.list_cents,
      totalProductCents: subtotal,
      totalItemAdjustmentCents: itemTotal,
      totalCartAdjustmentCents: cartTotal,
      totalPromotionalAdjustmentCents,
      totalAmountWithItemAdjustmentCents: subtotal + itemTotal,
      totalProductAfterAdjustmentsCents,
      // Tax and delivery charges are computed by checkout (as priceCart).
      totalTaxCents: 0,
      totalChargeCents: 0,
      grandTotalCents: totalProductAfterAdjustmentsCents,
      totalQuantity: row.total_quantity,
    },
    line(item) {
      if (cartTotal !== 0) return null;
      const adjustment = itemAdjustments.get(item.id);
      return {
        id: item.id,
        lineCents: item.sales_cents! * item.quantity,
        totalListCents: (item.list_cents ?? item.sales_cents!) * item.quantity,
        itemAdjustmentCents: adjustment?.cents ?? 0,
        cartAdjustmentCents: 0,
        promotionDisplayNames: adjustment ? [...adjustment.names] : [],
      };
    },
  };
}
