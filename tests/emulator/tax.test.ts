import { describe, expect, it } from "vitest";
import { taxCents } from "../../server/emulator/checkout/shipping.js";

const texas = { rateBasisPoints: 825, taxesShipping: true };
const california = { rateBasisPoints: 725, taxesShipping: false };

describe("tax by tax type", () => {
  it("adds Net tax on products and, where the rate says so, on shipping, rounding half up", () => {
    expect(taxCents("Net", texas, 3_700, 0)).toBe(305); // 305.25
    expect(taxCents("Net", texas, 0, 799)).toBe(66); // 65.9175
    expect(taxCents("Net", texas, 3_700, 799)).toBe(371);
    expect(taxCents("Net", california, 10_000, 799)).toBe(725);
    expect(taxCents("Net", { rateBasisPoints: 1000, taxesShipping: true }, 5, 0)).toBe(1); // 0.5 → 1
  });

  it("finds the tax already inside Gross prices instead of adding it", () => {
    // 120.00 at 20 % holds 20.00 of tax.
    expect(taxCents("Gross", { rateBasisPoints: 2000, taxesShipping: true }, 12_000, 0)).toBe(2_000);
    expect(taxCents("Gross", texas, 10_825, 0)).toBe(825);
    expect(taxCents("Gross", california, 10_725, 1_000)).toBe(725);
  });

  it("charges nothing without a rate, at a zero rate, or on a negative amount", () => {
    expect(taxCents("Net", null, 10_000, 799)).toBe(0);
    expect(taxCents("Net", { rateBasisPoints: 0, taxesShipping: true }, 10_000, 799)).toBe(0);
    expect(taxCents("Net", texas, -500, 0)).toBe(0);
  });
});
