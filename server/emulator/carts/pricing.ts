import { percentOf } from "../core/money.js";

const usd = (cents: number) => (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

/**
 * The cart's arithmetic, in integer cents and free of the database: line amounts, item-level and cart-level
 * promotions, how a cart-level discount spreads over the lines, and the totals of the cart summary.
 *
 * Order of work: item promotions first (each on its own lines), then cart promotions on the subtotal after
 * item discounts. Cart-level discounts are spread over the lines in proportion to what each line still costs,
 * so the lines' adjustments add up to the cart's to the cent.
 */

export interface PricingLine {
  id: string;
  quantity: number;
  /** Unit list price; null when the product has no list price (the sale price stands in for it). */
  listCents: number | null;
  salesCents: number;
  /** The line product's category and its ancestors, so item promotions can target a parent category. */
  categoryIds: string[];
}

export interface PromotionRule {
  id: string;
  displayName: string;
  targetType: "Cart" | "Item";
  percentOff: number;
  /** The coupon that brought the promotion to the cart; null for an automatic promotion. */
  couponCode: string | null;
  isExclusive: boolean;
  minSubtotalCents: number | null;
  targetCategoryId: string | null;
  minQuantity: number | null;
  termsAndConditions: string | null;
}

export interface PricedLine {
  id: string;
  /** Sale price × quantity, before any promotion. */
  lineCents: number;
  totalListCents: number;
  /** Item-level promotions on this line (≤ 0). */
  itemAdjustmentCents: number;
  /** This line's share of the cart-level promotions (≤ 0). */
  cartAdjustmentCents: number;
  promotionDisplayNames: string[];
}

export interface AppliedPromotion {
  rule: PromotionRule;
  adjustmentCents: number;
}

export interface CartTotals {
  totalListCents: number;
  totalProductCents: number;
  totalItemAdjustmentCents: number;
  totalCartAdjustmentCents: number;
  totalPromotionalAdjustmentCents: number;
  totalAmountWithItemAdjustmentCents: number;
  totalProductAfterAdjustmentsCents: number;
  totalTaxCents: number;
  totalChargeCents: number;
  grandTotalCents: number;
  totalQuantity: number;
}

export interface CartPricing {
  lines: PricedLine[];
  promotions: AppliedPromotion[];
  totals: CartTotals;
}

/** The cart subtotal promotions qualify against: sale prices × quantities, before any discount. */
export function subtotalCents(lines: PricingLine[]): number {
  return lines.reduce((sum, l) => sum + l.salesCents * l.quantity, 0);
}

export function qualifies(rule: PromotionRule, lines: PricingLine[]): boolean {
  if (rule.minSubtotalCents !== null && subtotalCents(lines) < rule.minSubtotalCents) return false;
  if (rule.targetType === "Item") {
    const targeted = itemTargets(rule, lines);
    const quantity = targeted.reduce((sum, l) => sum + l.quantity, 0);
    return targeted.length > 0 && quantity >= (rule.minQuantity ?? 1);
  }
  return true;
}

function itemTargets(rule: PromotionRule, lines: PricingLine[]) {
  return rule.targetCategoryId ? lines.filter((l) => l.categoryIds.includes(rule.targetCategoryId!)) : lines;
}

/**
 * Splits a (negative) amount over weights, largest remainder first, so the parts add up exactly.
 * Zero weights get nothing; with no positive weight the amount is not spread at all.
 */
export function distribute(amount: number, weights: number[]): number[] {
  const totalWeight = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (totalWeight === 0) return weights.map(() => 0);
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const exact = weights.map((w) => (abs * Math.max(0, w)) / totalWeight);
  const parts = exact.map(Math.floor);
  let left = abs - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (weights[i] > 0) {
      parts[i]++;
      left--;
    }
  }
  return parts.map((p) => (p === 0 ? 0 : sign * p));
}

export function priceCart(lines: PricingLine[], rules: PromotionRule[]): CartPricing {
  const priced: PricedLine[] = lines.map((l) => ({
    id: l.id,
    lineCents: l.salesCents * l.quantity,
    totalListCents: (l.listCents ?? l.salesCents) * l.quantity,
    itemAdjustmentCents: 0,
    cartAdjustmentCents: 0,
    promotionDisplayNames: [],
  }));
  const applied: AppliedPromotion[] = [];

  for (const rule of rules.filter((r) => r.targetType === "Item")) {
    if (!qualifies(rule, lines)) continue;
    const targets = new Set(itemTargets(rule, lines).map((l) => l.id));
    let total = 0;
    for (const line of priced) {
      if (!targets.has(line.id)) continue;
      const still = line.lineCents + line.itemAdjustmentCents;
      const off = Math.min(percentOf(line.lineCents, rule.percentOff), still);
      if (off <= 0) continue;
      line.itemAdjustmentCents -= off;
      line.promotionDisplayNames.push(rule.displayName);
      total -= off;
    }
    if (total < 0) applied.push({ rule, adjustmentCents: total });
  }

  const afterItems = priced.map((l) => l.lineCents + l.itemAdjustmentCents);
  const base = afterItems.reduce((a, b) => a + b, 0);
  let cartTotal = 0;
  for (const rule of rules.filter((r) => r.targetType === "Cart")) {
    if (!qualifies(rule, lines)) continue;
    const off = Math.min(percentOf(base, rule.percentOff), base + cartTotal);
    if (off <= 0) continue;
    cartTotal -= off;
    applied.push({ rule, adjustmentCents: -off });
  }
  distribute(cartTotal, afterItems).forEach((share, i) => (priced[i].cartAdjustmentCents = share));

  const sum = (f: (l: PricedLine) => number) => priced.reduce((a, l) => a + f(l), 0);
  const totalProductCents = sum((l) => l.lineCents);
  const totalItemAdjustmentCents = sum((l) => l.itemAdjustmentCents);
  const totalPromotionalAdjustmentCents = totalItemAdjustmentCents + cartTotal;
  const totalProductAfterAdjustmentsCents = totalProductCents + totalPromotionalAdjustmentCents;
  // Tax and delivery charges are computed by checkout; the cart before checkout carries neither.
  const totalTaxCents = 0;
  const totalChargeCents = 0;
  return {
    lines: priced,
    promotions: applied,
    totals: {
      totalListCents: sum((l) => l.totalListCents),
      totalProductCents,
      totalItemAdjustmentCents,
      totalCartAdjustmentCents: cartTotal,
      totalPromotionalAdjustmentCents,
      totalAmountWithItemAdjustmentCents: totalProductCents + totalItemAdjustmentCents,
      totalProductAfterAdjustmentsCents,
      totalTaxCents,
      totalChargeCents,
      grandTotalCents: totalProductAfterAdjustmentsCents + totalChargeCents + totalTaxCents,
      totalQuantity: lines.reduce((a, l) => a + l.quantity, 0),
    },
  };
}

export interface CouponRejection {
  errorCode: "ALREADY_APPLIED" | "MAX_LIMIT_EXCEEDED" | "BLOCKED_EXCLUSIVE" | "UNQUALIFIED_CART";
  message: string;
}

export const MAX_COUPONS_PER_CART = 3;

/** Why a known coupon can't join the cart's coupons, or null when it can. */
export function couponRejection(
  code: string,
  rule: PromotionRule,
  onCart: PromotionRule[],
  lines: PricingLine[],
): CouponRejection | null {
  if (onCart.some((r) => r.couponCode?.toUpperCase() === code.toUpperCase())) {
    return { errorCode: "ALREADY_APPLIED", message: `The coupon code ${code} is already applied to this cart.` };
  }
  if (onCart.length >= MAX_COUPONS_PER_CART) {
    return {
      errorCode: "MAX_LIMIT_EXCEEDED",
      message: `A cart can hold at most ${MAX_COUPONS_PER_CART} coupons. Remove one to apply ${code}.`,
    };
  }
  if (rule.isExclusive && onCart.length > 0) {
    return { errorCode: "BLOCKED_EXCLUSIVE", message: `The coupon code ${code} can't be combined with other coupons.` };
  }
  const exclusive = onCart.find((r) => r.isExclusive);
  if (exclusive) {
    return {
      errorCode: "BLOCKED_EXCLUSIVE",
      message: `The coupon code ${code} can't be combined with the exclusive coupon ${exclusive.couponCode}.`,
    };
  }
  if (!qualifies(rule, lines)) {
    const needs =
      rule.minSubtotalCents !== null ? ` It needs a subtotal of at least ${usd(rule.minSubtotalCents)}.` : "";
    return { errorCode: "UNQUALIFIED_CART", message: `The cart doesn't qualify for the coupon code ${code}.${needs}` };
  }
  return null;
}
