import { z } from "zod";
import { id, money, tokenPage, optional, jsonField } from "./common.js";
import { CartProductSummarySchema } from "./carts.js";

/** Wishlists: summaries, items, collections. */

/** Wishlist Summary (Apex ConnectApi.WishlistSummary also lists createdDate and modifiedDate). */
export const WishlistSummarySchema = z
  .object({
    id,
    name: optional(z.string()),
    wishlistProductCount: optional(z.number().int()),
    createdDate: optional(z.string()),
    modifiedDate: optional(z.string()),
  })
  .catchall(jsonField);

/** Wishlist Item: `error` is the emulator's reading of the collection's `hasErrors` [I]. */
export const WishlistItemSchema = z
  .object({
    wishlistItemId: id,
    productSummary: optional(CartProductSummarySchema),
    listPrice: optional(money),
    salesPrice: optional(money),
    error: optional(z.object({ errorCode: optional(z.string()), message: optional(z.string()) }).catchall(jsonField)),
  })
  .catchall(jsonField);
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** Wishlist Item Collection (connect_responses_wishlist_item_collection). */
export const WishlistItemCollectionSchema = z
  .object({
    currencyIsoCode: optional(z.string()),
    hasErrors: optional(z.boolean()),
    items: z.array(WishlistItemSchema),
    ...tokenPage,
  })
  .catchall(jsonField);

/** Wishlist (Apex ConnectApi.Wishlist): `{summary, page}`. */
export const WishlistSchema = z
  .object({ summary: WishlistSummarySchema, page: WishlistItemCollectionSchema })
  .catchall(jsonField);
export type Wishlist = z.infer<typeof WishlistSchema>;

/** Wishlists Summaries: GET wishlists. */
export const WishlistSummariesSchema = z
  .object({
    summaries: z.array(WishlistSummarySchema),
    displayedList: optional(WishlistSchema),
    wishlistCount: optional(z.number().int()),
  })
  .catchall(jsonField);
