/**
 * The wishlist forms' field names and intents, shared by the forms (the product page's save button, the list page)
 * and the /wishlist action's schema (lib/wishlists). Plain constants: the product page carries no zod for them.
 */

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
