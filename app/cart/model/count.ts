/**
 * The part of the cart helpers the header needs on every page: the cart forms' fields and intents, and the item
 * count while submissions are in flight. Nothing here reads typed quantities by the kit's full rules (cart/model/quantity):
 * only the pages with quantity fields download those (cart/model re-exports this module for them).
 */
import { QUANTITY_MAX, QUANTITY_MIN } from "../../../server/webstore/limits";

export const CART_INTENTS = ["add", "update", "increase", "decrease", "remove", "applyCoupon", "removeCoupon"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

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

/**
 * A quantity as it arrives: a form field's value (null when the field is absent), the API's quantity string ("2.0"),
 * or a number.
 */
export type QuantityValue = FormDataEntryValue | number | null | undefined;

export function isCartIntent(value: FormDataEntryValue | null | undefined): value is CartIntent {
  return typeof value === "string" && (CART_INTENTS as readonly string[]).includes(value);
}

/** Reads the API's quantity strings ("2.0") and form values ("3"); anything else is 0. */
export function parseQuantity(value: QuantityValue): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/** What a pending cart submission tells the optimistic readers. */
export interface PendingCartChange {
  intent: CartIntent;
  lineId?: string;
  productId?: string;
  quantity: number;
  previousQuantity: number;
}

export type FormLike = { get(name: string): FormDataEntryValue | null } | null | undefined;

/**
 * The header's reading of pending submissions (on every page): a quantity counts when it is plainly a whole number
 * in range; the kit's shortcuts ("2k", "1,000") change the count only once the server has answered. Cheaper than
 * readCartChange, whose full quantity rules (./quantity) only the cart and product pages download.
 */
export function pendingCountChanges(formDatas: readonly FormLike[]): PendingCartChange[] {
  const plain = (value: FormDataEntryValue | null | undefined) => {
    const number = typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : NaN;
    return number >= QUANTITY_MIN && number <= QUANTITY_MAX ? number : 0;
  };
  return formDatas.flatMap((formData) => {
    const intent = formData?.get(CART_FIELDS.intent);
    if (!formData || !isCartIntent(intent)) return [];
    return [
      {
        intent,
        quantity: plain(formData.get(CART_FIELDS.quantity)),
        previousQuantity: parseQuantity(formData.get(CART_FIELDS.previousQuantity)),
      },
    ];
  });
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

/** "Cart, 3 items" — the cart link's accessible name. */
export const itemsWord = (count: number) => (count === 1 ? "item" : "items");

export function cartLinkLabel(count: number): string {
  return `Cart, ${count} ${itemsWord(count)}`;
}
