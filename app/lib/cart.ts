/**
 * Pure cart helpers shared by the cart page, the product page and the header.
 *
 * Optimistic state is derived from the form data of pending submissions (the Hydrogen pattern): there is no
 * client-side cart store to keep in sync, and once the revalidation after a submission lands the server's
 * numbers replace the guesses. Quantities in the API's JSON are strings ("2.0"), money too; nothing here does
 * money arithmetic: totals are always the API's.
 */


export const CART_INTENTS = ["add", "update", "increase", "decrease", "remove", "applyCoupon", "removeCoupon"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** The spec's cart quantity limits (§5, §9), as lib/validity's QUANTITY_MIN and QUANTITY_MAX. */
export const MIN_CART_QUANTITY = 1;
export const MAX_CART_QUANTITY = 100_000_000;
/** Cart lines per page (spec §9). */
export const CART_PAGE_SIZE = 25;

/** Form field names of the cart forms, so the forms, the actions and the optimistic readers agree. */
export const CART_FIELDS = {
  intent: "intent",
  productId: "productId",
  lineId: "lineId",
  quantity: "quantity",
  /** The line's quantity when the page was rendered: lets the header compute a delta without the lines. */
  previousQuantity: "previousQuantity",
  couponCode: "couponCode",
  couponId: "couponId",
} as const;

export function isCartIntent(value: unknown): value is CartIntent {
  return typeof value === "string" && (CART_INTENTS as readonly string[]).includes(value);
}

/** Reads the API's quantity strings ("2.0") and form values ("3"); anything else is 0. */
export function parseQuantity(value: unknown): number {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : 0;
}

// Typed quantities: whether one is valid (the header's count needs it), and its message (quantity-error.ts, which
// brings lib/validity's messages: only the pages with quantity fields import it).
import { validQuantity } from "./quantity";
export { steppedQuantity, validQuantity, type QuantityRuleLike } from "./quantity";
export { quantityError } from "./quantity-error";

/** The spec's product errors about the quantity asked for (§8: 101 and 107): the quantity field's to show. */
export const QUANTITY_PROBLEMS = ["Not enough inventory for selected quantity", "Requested quantity is invalid"] as const;

/** Whether an add-to-cart failure is about the quantity typed (then it belongs on the quantity field). */
export function isQuantityProblem(message: string): boolean {
  const bare = message.trim().replace(/\.$/, "");
  return (QUANTITY_PROBLEMS as readonly string[]).includes(bare);
}

/** What a pending cart submission tells the optimistic readers. */
export interface PendingCartChange {
  intent: CartIntent;
  lineId?: string;
  productId?: string;
  quantity: number;
  previousQuantity: number;
}

type FormLike = { get(name: string): FormDataEntryValue | null } | null | undefined;

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

/**
 * The header's item count while submissions are in flight: the server's count plus what each pending
 * submission will change. An invalid quantity changes nothing (the server will refuse it).
 */
export function optimisticCartCount(serverCount: number, changes: readonly PendingCartChange[]): number {
  let count = Math.max(0, serverCount);
  for (const change of changes) {
    if (change.intent === "add") count += change.quantity;
    else if (change.intent === "update" && change.quantity > 0) count += change.quantity - change.previousQuantity;
    else if (change.intent === "remove") count -= change.previousQuantity;
  }
  return Math.max(0, Math.round(count));
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

/** "Cart, 3 items" — the cart link's accessible name. */
export const itemsWord = (count: number) => (count === 1 ? "item" : "items");

export function cartLinkLabel(count: number): string {
  return `Cart, ${count} ${itemsWord(count)}`;
}
