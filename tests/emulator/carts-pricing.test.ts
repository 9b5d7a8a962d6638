import { describe, expect, it } from "vitest";
import {
  couponRejection,
  distribute,
  priceCart,
  type PricingLine,
  type PromotionRule,
} from "../../server/emulator/carts/pricing.js";

const MUGS = "0ZGMUGS";
const line = (id: string, quantity: number, salesCents: number, extra: Partial<PricingLine> = {}): PricingLine => ({
  id,
  quantity,
  salesCents,
  listCents: null,
  categoryIds: ["0ZGROOT"],
  ...extra,
});
const rule = (over: Partial<PromotionRule>): PromotionRule => ({
  id: "0c8X",
  displayName: "Promo",
  targetType: "Cart",
  percentOff: 10,
  couponCode: null,
  isExclusive: false,
  minSubtotalCents: null,
  targetCategoryId: null,
  minQuantity: null,
  termsAndConditions: null,
  ...over,
});
const save10 = rule({ id: "SAVE10", couponCode: "SAVE10", percentOff: 10 });
const exclusive20 = rule({ id: "EX20", couponCode: "EXCLUSIVE20", percentOff: 20, isExclusive: true });
const bigSpender = rule({ id: "BIG", couponCode: "BIGSPENDER", percentOff: 15, minSubtotalCents: 1_000_000 });
const mugTrio = rule({
  id: "MUGS",
  targetType: "Item",
  percentOff: 5,
  targetCategoryId: MUGS,
  minQuantity: 3,
  displayName: "Buy 3+ mugs",
});

describe("priceCart", () => {
  it("multiplies sale prices by quantities and takes list prices for the list total", () => {
    const p = priceCart([line("a", 2, 1150, { listCents: 1299 }), line("b", 1, 5550)], []);
    expect(p.lines.map((l) => l.lineCents)).toEqual([2300, 5550]);
    expect(p.totals).toMatchObject({
      totalProductCents: 7850,
      totalListCents: 2598 + 5550,
      grandTotalCents: 7850,
      totalQuantity: 3,
    });
    expect(p.promotions).toEqual([]);
  });

  it("takes a cart-level percentage off the subtotal and spreads it over the lines to the cent", () => {
    const p = priceCart([line("a", 1, 1000), line("b", 1, 2001), line("c", 3, 333)], [save10]);
    const subtotal = 1000 + 2001 + 999;
    expect(p.totals.totalCartAdjustmentCents).toBe(-Math.round(subtotal / 10));
    expect(p.lines.reduce((s, l) => s + l.cartAdjustmentCents, 0)).toBe(p.totals.totalCartAdjustmentCents);
    expect(p.totals.grandTotalCents).toBe(subtotal - 400);
    expect(p.promotions).toEqual([{ rule: save10, adjustmentCents: -400 }]);
  });

  it("applies the automatic mug promotion only from 3 mugs on, and only to mugs", () => {
    const two = priceCart([line("m", 2, 1200, { categoryIds: ["0ZGDRINK", MUGS] }), line("x", 5, 1000)], [mugTrio]);
    expect(two.totals.totalPromotionalAdjustmentCents).toBe(0);
    const three = priceCart(
      [
        line("m", 2, 1200, { categoryIds: ["0ZGDRINK", MUGS] }),
        line("n", 1, 1600, { categoryIds: [MUGS] }),
        line("x", 5, 1000),
      ],
      [mugTrio],
    );
    expect(three.lines.map((l) => l.itemAdjustmentCents)).toEqual([-120, -80, 0]);
    expect(three.lines[0].promotionDisplayNames).toEqual(["Buy 3+ mugs"]);
    expect(three.totals.totalItemAdjustmentCents).toBe(-200);
  });

  it("computes cart-level discounts on the subtotal after item discounts", () => {
    const p = priceCart([line("m", 4, 1000, { categoryIds: [MUGS] })], [mugTrio, save10]);
    expect(p.totals.totalItemAdjustmentCents).toBe(-200);
    expect(p.totals.totalCartAdjustmentCents).toBe(-380);
    expect(p.totals.totalAmountWithItemAdjustmentCents).toBe(3800);
    expect(p.totals.totalProductAfterAdjustmentsCents).toBe(3420);
  });

  it("leaves out a coupon whose condition no longer holds", () => {
    const p = priceCart([line("a", 1, 999_999)], [bigSpender]);
    expect(p.promotions).toEqual([]);
    expect(priceCart([line("a", 1, 1_000_000)], [bigSpender]).totals.totalCartAdjustmentCents).toBe(-150_000);
  });
});

describe("distribute", () => {
  it("splits an amount in proportion, the parts adding up exactly", () => {
    expect(distribute(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(distribute(-7, [0, 10, 0])).toEqual([0, -7, 0]);
    expect(distribute(-5, [0, 0])).toEqual([0, 0]);
  });
});

describe("couponRejection", () => {
  const lines = [line("a", 1, 5000)];
  it("accepts a coupon on a cart without coupons", () => {
    expect(couponRejection("SAVE10", save10, [], lines)).toBeNull();
  });
  it("refuses a code already on the cart, whatever its case", () => {
    expect(couponRejection("save10", save10, [save10], lines)?.errorCode).toBe("ALREADY_APPLIED");
  });
  it("keeps an exclusive coupon alone on the cart, both ways", () => {
    expect(couponRejection("EXCLUSIVE20", exclusive20, [save10], lines)?.errorCode).toBe("BLOCKED_EXCLUSIVE");
    expect(couponRejection("SAVE10", save10, [exclusive20], lines)?.errorCode).toBe("BLOCKED_EXCLUSIVE");
  });
  it("refuses BIGSPENDER below $10,000 and names the threshold", () => {
    const r = couponRejection("BIGSPENDER", bigSpender, [], lines);
    expect(r).toEqual({ errorCode: "UNQUALIFIED_CART", message: expect.stringContaining("$10,000.00") });
  });
  it("refuses a fourth coupon", () => {
    const three = [rule({ couponCode: "A" }), rule({ couponCode: "B" }), rule({ couponCode: "C" })];
    expect(couponRejection("SAVE10", save10, three, lines)?.errorCode).toBe("MAX_LIMIT_EXCEEDED");
  });
});
