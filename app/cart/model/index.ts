/**
 * Pure cart helpers shared by the cart page, the product page and the header.
 *
 * Optimistic state is derived from the form data of pending submissions (the Hydrogen pattern): there is no
 * client-side cart store to keep in sync, and once the revalidation after a submission lands the server's
 * numbers replace the guesses. Quantities in the API's JSON are strings ("2.0"), money too; nothing here does
 * money arithmetic: totals are always the API's.
 */

export {
  CART_FIELDS,
  CART_INTENTS,
  cartLinkLabel,
  isCartIntent,
  itemsWord,
  optimisticCartCount,
  parseQuantity,
  pendingCountChanges,
  type CartIntent,
  type PendingCartChange,
} from "./count";
import { CART_FIELDS, isCartIntent, parseQuantity, type FormLike, type PendingCartChange } from "./count";

// Typed quantities: whether one is valid (the header's count needs it), and its message (quantity-error.ts, which
// brings lib/validation/validity's messages: only the pages with quantity fields import it).
import { validQuantity } from "./quantity";
export { steppedQuantity, validQuantity, type QuantityRuleLike } from "./quantity";
export { quantityError } from "./quantity-error";

export const CART_MESSAGES = {
  noIntent: "Choose an action.",
  failed: "We couldn't update your cart. Try again.",
  empty: "Your cart is empty.",
} as const;

/** What the cart's action answers a fetcher: whether the edit was made, and why not. */
export interface CartActionData {
  ok: boolean;
  error: string | null;
  /** The submission's intent as posted ("" when there was none). */
  intent: string;
  /** The spec's catalogue code of a refused submission, e.g. INTERNAL_ERROR when it names no action. */
  code?: string;
}

/** The cart change a submission's form data describes, or null when it is not a cart submission. */
export function readCartChange(formData: FormLike): PendingCartChange | null {
  if (!formData) return null;
  const intent = formData.get(CART_FIELDS.intent);
  if (!isCartIntent(intent)) return null;
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return {
    intent,
    lineId: text(CART_FIELDS.lineId),
    productId: text(CART_FIELDS.productId),
    quantity: validQuantity(text(CART_FIELDS.quantity)) ?? 0,
    previousQuantity: parseQuantity(text(CART_FIELDS.previousQuantity)),
  };
}

/** Collects the cart changes of pending submissions (e.g. `useFetchers().map(f => f.formData)`). */
export function pendingCartChanges(formDatas: readonly FormLike[]): PendingCartChange[] {
  return formDatas.map(readCartChange).filter((change): change is PendingCartChange => change !== null);
}

export interface OptimisticLine {
  id: string;
  quantity: number;
}

/**
 * Lines as they will be once pending edits land: removed lines are gone, updated lines show the new quantity
 * and are flagged `pending`. Lines keep their order.
 */
export function optimisticLines<L extends OptimisticLine>(
  lines: readonly L[],
  changes: readonly PendingCartChange[],
): Array<L & { pending: boolean }> {
  const removed = new Set<string>();
  const updated = new Map<string, number>();
  for (const change of changes) {
    if (!change.lineId) continue;
    if (change.intent === "remove") removed.add(change.lineId);
    else if (change.intent === "update" && change.quantity > 0) updated.set(change.lineId, change.quantity);
  }
  return lines
    .filter((line) => !removed.has(line.id))
    .map((line) => {
      const quantity = updated.get(line.id);
      return quantity === undefined ? { ...line, pending: false } : { ...line, quantity, pending: true };
    });
}
