/**
 * The message a typed quantity shows: the first of its problems, in the kit's words ('Complete this field.', 'The
 * number is too low.' …), by the spec's flag priority. Brings lib/validation/validity (the messages), which only the pages that
 * show quantity fields need.
 */
import type { QuantityValue } from "./count";
import { quantityFlags, type QuantityRuleLike } from "./quantity";
import { firstError, VALIDITY_MESSAGES } from "~/lib/validation/validity";

export function quantityError(value: QuantityValue, rule: QuantityRuleLike = {}): string | undefined {
  return firstError(quantityFlags(value, rule).flags.map((flag) => VALIDITY_MESSAGES[flag]));
}
