import { describe, expect, it } from "vitest";
import { tierFor, tierUnitCents, type TierRow } from "../../server/emulator/catalog/price-tiers.js";

/** Tier selection as PriceAdjustmentTier documents its bounds: LowerBound included, UpperBound not; null = no limit. */
const tier = (lower: number, upper: number | null, value: number, type: TierRow["adjustment_type"]): TierRow => ({
  id: `t${lower}`,
  schedule_id: "s",
  lower_bound: lower,
  upper_bound: upper,
  adjustment_type: type,
  adjustment_value: value,
});
const tiers = [tier(10, 50, 500, "PercentageBasedAdjustment"), tier(50, null, 1000, "PercentageBasedAdjustment")];

describe("volume price tiers", () => {
  it("picks the tier whose lower bound the quantity reaches and whose upper bound it stays below", () => {
    expect(tierFor(tiers, 1)).toBeNull();
    expect(tierFor(tiers, 9)).toBeNull();
    expect(tierFor(tiers, 10)?.id).toBe("t10");
    expect(tierFor(tiers, 49)?.id).toBe("t10");
    expect(tierFor(tiers, 50)?.id).toBe("t50");
    expect(tierFor(tiers, 100_000)?.id).toBe("t50");
  });

  it("prices a percentage off the unit price to the cent, and an amount off without going below zero", () => {
    expect(tierUnitCents(800, tiers[0])).toBe(760);
    expect(tierUnitCents(2700, tiers[0])).toBe(2565);
    // 5% of $0.99 is 4.95 cents: 94.05 rounds to 94.
    expect(tierUnitCents(99, tiers[0])).toBe(94);
    expect(tierUnitCents(3800, tier(6, 24, 200, "AmountBasedAdjustment"))).toBe(3600);
    expect(tierUnitCents(150, tier(6, 24, 200, "AmountBasedAdjustment"))).toBe(0);
  });
});
