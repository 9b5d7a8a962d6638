/**
 * The wishlist forms' field names and intents, shared by the forms (the product page's save button, the list page)
 * and the /wishlist action's schema (wishlists-forms.server.ts). Plain constants: the product page carries no zod
 * for them.
 */
import type { SubmissionResult } from "@conform-to/react";

/** Field names of the wishlist forms, shared by the forms and the /wishlist action. */
export const WISHLIST_FIELDS = {
  intent: "intent",
  productId: "productId",
  productName: "productName",
  wishlistId: "wishlistId",
  listName: "name",
  itemId: "wishlistItemId",
  redirectTo: "redirectTo",
} as const;

export const WISHLIST_INTENTS = {
  save: "saveToWishlist",
  remove: "removeFromWishlist",
  addAllToCart: "addWishlistToCart",
  createList: "createList",
  renameList: "renameList",
  deleteList: "deleteList",
  makeDefault: "makeDefaultList",
} as const;

/** What the /wishlist action answers a fetcher (without JavaScript it redirects instead). */
export interface WishlistActionData {
  ok: boolean;
  intent: string;
  message: string;
}

/** What a refused list form gets back (400): which form, and Conform's reply with the messages and what was typed. */
export interface ListFormData {
  form: typeof WISHLIST_INTENTS.createList | typeof WISHLIST_INTENTS.renameList;
  result: SubmissionResult<string[]>;
}
