/**
 * Saved carts (issue 37, item 4): a signed-in buyer's carts as /account/carts lists them, the forms' names and the
 * words. Pure: the page, the cart page's "Save cart for later" form and the server module share it.
 */

import { CART_NAME_MAX_LENGTH } from "../../../server/webstore/limits";

export { SAVED_CARTS_PATH } from "~/lib/paths";
export { CART_NAME_MAX_LENGTH };
export const SAVED_CARTS_HEADING_ID = "saved-carts-title";

/** What each form on the page (and the cart page's save form) posts as its `intent`. */
export const SAVED_CART_INTENTS = {
  save: "saveCart",
  makePrimary: "makePrimary",
  remove: "deleteCart",
  toWishlist: "saveToWishlist",
} as const;
export type SavedCartIntent = (typeof SAVED_CART_INTENTS)[keyof typeof SAVED_CART_INTENTS];

export const SAVED_CART_FIELDS = {
  intent: "intent",
  cartId: "cartId",
  name: "cartName",
  wishlistId: "wishlistId",
} as const;

/** How many saved carts the storefront remembers for one buyer and account: each is a read when the list is shown. */
export const SAVED_CARTS_MAX = 10;

/** The wishlist option that stands for a new list (the buyer has none yet), as the first wishlist save makes one. */
export const NEW_WISHLIST_OPTION = "new";

export interface SavedCartSummary {
  id: string;
  name: string;
  /** The cart's lines: its distinct products (Cart Summary `uniqueProductCount`). */
  lineCount: number;
  /** Units, all lines together (`totalProductCount`). */
  itemCount: number;
  /** The cart's total as the cart page shows it (`grandTotalAmount`); null while the API is still calculating. */
  total: string | null;
  currency: string;
  /** The cart `current` names: the one the cart page and the header's count show. */
  primary: boolean;
}

export interface SavedCartsView {
  carts: SavedCartSummary[];
  /** The buyer's wishlists, for "Save to wishlist"; empty when they have none (a new one is offered instead). */
  wishlists: { id: string; name: string }[];
  /** Saved carts at the limit: saving another is refused until one is deleted or made primary. */
  full: boolean;
}

export const SAVED_CART_MESSAGES = {
  emptyCart: "Your cart is empty: there is nothing to save.",
  nameTooLong: `Enter a cart name of at most ${CART_NAME_MAX_LENGTH} characters.`,
  full: `You can keep ${SAVED_CARTS_MAX} saved carts. Delete one to save another.`,
  gone: "We couldn't find that cart. It may have been deleted.",
  failed: "We couldn't do that. Try again.",
  chooseList: "Choose a wishlist.",
} as const;

/** The name a cart is saved under when the buyer gives none. */
export const DEFAULT_SAVED_CART_NAME = "Saved cart";

/** "1 line", "3 lines". */
export const lineCount = (n: number) => `${n} ${n === 1 ? "line" : "lines"}`;
/** "1 item", "3 items". */
export const unitCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;
/** "1 product", "3 products". */
export const productCount = (n: number) => `${n} ${n === 1 ? "product" : "products"}`;
