import { describe, expect, it } from "vitest";
import { quantityRange, rowFor, volumePriceRows } from "../../app/catalog/model/price-tiers";

const tier = (lowerBound: string, upperBound: string | null, tierUnitPrice: string) => ({
  adjustmentType: "PercentageBasedAdjustment",
  adjustmentValue: "5",
  id: `0uP${lowerBound}`,
  lowerBound,
  upperBound,
  tierUnitPrice,
});

describe("volume price rows", () => {
  const price = {
    unitPrice: "8.00",
    priceAdjustment: { id: "0uO1", priceAdjustmentTiers: [tier("50", null, "7.20"), tier("10", "50", "7.60")] },
  };

  it("covers a tier's lower bound up to one below its upper bound, after a row at the unit price", () => {
    const rows = volumePriceRows(price);
    expect(rows).toEqual([
      { from: 1, to: 9, unitPrice: "8.00" },
      { from: 10, to: 49, unitPrice: "7.60" },
      { from: 50, to: null, unitPrice: "7.20" },
    ]);
    expect(rows.map(quantityRange)).toEqual(["1–9", "10–49", "50 or more"]);
  });

  it("finds the row of a quantity at both sides of every bound", () => {
    const rows = volumePriceRows(price);
    expect([1, 9, 10, 49, 50, 5000].map((q) => rowFor(rows, q)?.unitPrice)).toEqual([
      "8.00",
      "8.00",
      "7.60",
      "7.60",
      "7.20",
      "7.20",
    ]);
    expect(rowFor(rows, 0)).toBeNull();
  });

  it("is empty without tiers, and starts at the first tier when it begins at 1", () => {
    expect(volumePriceRows({ unitPrice: "8.00", priceAdjustment: null })).toEqual([]);
    expect(volumePriceRows(null)).toEqual([]);
    const fromOne = volumePriceRows({
      unitPrice: "8.00",
      priceAdjustment: { priceAdjustmentTiers: [tier("1", "2", "8.00"), tier("2", null, "7.00")] },
    });
    expect(fromOne.map(quantityRange)).toEqual(["1", "2 or more"]);
  });
});
