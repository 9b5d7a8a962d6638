/**
 * Typed quantities (spec §5, §9), checked the way lib/validation's zod `quantity()` checks them, without zod: the
 * cart and the product page check quantities in the browser, and zod would weigh more than the rest of their code.
 * Whether a quantity is valid needs only lib/validation/typed-numbers (the header's count asks that on every page); which
 * message to show is quantity-error.ts's.
 */
import { cleanWhitespace, isStepValid, parseNumberShortcut } from "~/lib/validation/typed-numbers";
import { QUANTITY_MAX, QUANTITY_MIN } from "../../../server/webstore/limits";
import { parseQuantity, type QuantityValue } from "./count";

/** The validity flags a typed quantity raises, in the order zod's quantity() reports them. */
export type QuantityFlag = "valueMissing" | "badNumericInput" | "rangeUnderflow" | "rangeOverflow" | "stepMismatch";

export interface QuantityRuleLike {
  minimum?: number | null;
  maximum?: number | null;
  increment?: number | null;
}

/**
 * A typed quantity read as lib/validation's zod `quantity()` reads it (the same checks, in the same order; the
 * unit tests compare both), then against the product's own rule if any.
 */
export function quantityFlags(
  value: QuantityValue,
  rule: QuantityRuleLike = {},
): { value: number; flags: QuantityFlag[] } {
  const cleaned = cleanWhitespace(typeof value === "string" ? value : value == null ? "" : String(value));
  if (cleaned === "") return { value: Number.NaN, flags: ["valueMissing"] };
  const number = parseNumberShortcut(cleaned);
  if (Number.isNaN(number)) return { value: number, flags: ["badNumericInput"] };
  const flags: QuantityFlag[] = [];
  if (number < QUANTITY_MIN) flags.push("rangeUnderflow");
  if (number > QUANTITY_MAX) flags.push("rangeOverflow");
  if (!isStepValid(number, 1, QUANTITY_MIN)) flags.push("stepMismatch");
  if (flags.length) return { value: number, flags };
  // The product's rule, checked once the spec's limits hold.
  if (rule.minimum != null && number < rule.minimum) return { value: number, flags: ["rangeUnderflow"] };
  if (rule.maximum != null && number > rule.maximum) return { value: number, flags: ["rangeOverflow"] };
  if (rule.increment != null && rule.increment > 1 && !isStepValid(number, rule.increment, rule.minimum ?? 0)) {
    return { value: number, flags: ["stepMismatch"] };
  }
  return { value: number, flags: [] };
}

/** The quantity as a number when it is valid (see quantityError), else null. Accepts the kit's 2k shortcuts. */
export function validQuantity(value: QuantityValue, rule: QuantityRuleLike = {}): number | null {
  const { value: number, flags } = quantityFlags(value, rule);
  return flags.length ? null : number;
}

/**
 * The quantity a line's − / + stepper asks for: one less or one more than what is in the field (or, when the field
 * holds no valid quantity, than the line's quantity), kept within 1..100000000.
 */
export function steppedQuantity(
  typed: QuantityValue,
  previous: QuantityValue,
  direction: "increase" | "decrease",
): number {
  const base = validQuantity(typed) ?? (parseQuantity(previous) || QUANTITY_MIN);
  const next = Math.floor(base) + (direction === "increase" ? 1 : -1);
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, next));
}
