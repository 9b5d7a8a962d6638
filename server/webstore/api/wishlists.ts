/** Wishlists (spec §7 "Wishlists"). Failures carry the HTTP status text as message (spec §8). */
import { type ClientCore, pageSizeInRange, required, send } from "../core.js";
import { path } from "../http.js";
import type { JsonObject, Wishlist } from "../types/index.js";

/** Spec §2: the name of the list created for a shopper's first wishlist item. */
export const DEFAULT_WISHLIST_NAME = "My List";
export const WISHLIST_ITEMS_PAGE_SIZE_MAX = 200;

export interface WishlistQuery {
  includeDisplayedList?: boolean;
  pageSize?: number;
  productFields?: string[];
  sortItemsBy?: "CreatedDateAsc" | "CreatedDateDesc";
  wishlistId?: string;
}

export interface WishlistSummaries {
  summaries?: { id: string; name?: string; wishlistProductCount?: number }[];
  displayedList?: Wishlist;
  wishlistCount?: number;
}

const wishlist = (wishlistId: string) => required(wishlistId, "wishlistId is required");

export function wishlistsApi(core: ClientCore) {
  const request = <T>(r: Parameters<typeof send>[1]) => send<T>(core, { ...r, statusTextAsMessage: true });

  const api = {
    async getWishlists(query: WishlistQuery = {}): Promise<WishlistSummaries> {
      return request({
        path: "wishlists",
        query: {
          ...query,
          pageSize: pageSizeInRange(query.pageSize),
          productFields: query.productFields?.length ? query.productFields : undefined,
        },
      });
    },

    async getWishlist(
      wishlistId: string,
      query: {
        pageSize?: number;
        page?: string;
        productFields?: string[];
        sortItemsBy?: WishlistQuery["sortItemsBy"];
      } = {},
    ): Promise<Wishlist> {
      return request({
        path: path`wishlists/${wishlist(wishlistId)}`,
        query: {
          ...query,
          pageSize: pageSizeInRange(query.pageSize, WISHLIST_ITEMS_PAGE_SIZE_MAX),
          productFields: query.productFields?.length ? query.productFields : undefined,
        },
      });
    },

    async createWishlist(input: { name: string; products?: { productId: string }[] }): Promise<Wishlist> {
      return request({
        method: "POST",
        path: "wishlists",
        body: { ...input, name: required(input.name, "name is required") },
      });
    },

    async updateWishlist(wishlistId: string, input: { name: string }): Promise<JsonObject> {
      return request({ method: "PATCH", path: path`wishlists/${wishlist(wishlistId)}`, body: input });
    },

    async deleteWishlist(wishlistId: string): Promise<void> {
      await request({ method: "DELETE", path: path`wishlists/${wishlist(wishlistId)}` });
    },

    async addWishlistItem(wishlistId: string, productId: string): Promise<JsonObject> {
      return request({
        method: "POST",
        path: path`wishlists/${wishlist(wishlistId)}/wishlist-items`,
        body: { productId: required(productId, "productId is required") },
      });
    },

    async removeWishlistItem(wishlistId: string, wishlistItemId: string): Promise<void> {
      await request({
        method: "DELETE",
        path: path`wishlists/${wishlist(wishlistId)}/wishlist-items/${required(wishlistItemId, "wishlistItemId is required")}`,
      });
    },

    /**
     * The reference documents the cart as query `cartId` (default: the active cart), the spec as the body:
     * sending both is understood by either reading.
     */
    async addWishlistToCart(wishlistId: string, cartId?: string): Promise<JsonObject> {
      return request({
        method: "POST",
        path: path`wishlists/${wishlist(wishlistId)}/actions/add-wishlist-to-cart`,
        query: { cartId },
        body: cartId ? { cartId } : {},
      });
    },

    /**
     * Spec §4 wishlist add: into the known default list, else the displayed (oldest) list, else a new 'My List'.
     * Returns the list used, so the caller can remember it as the default.
     */
    async addToWishlist(productId: string, options: { defaultWishlistId?: string } = {}) {
      required(productId, "productId is required");
      let wishlistId = options.defaultWishlistId;
      if (!wishlistId) {
        const summaries = await api.getWishlists({ includeDisplayedList: true });
        wishlistId = summaries.displayedList?.summary?.id ?? summaries.summaries?.[0]?.id;
      }
      if (!wishlistId) {
        const created = (await api.createWishlist({ name: DEFAULT_WISHLIST_NAME })) as { summary?: { id?: string } };
        wishlistId = required(created.summary?.id, "The new wishlist has no id");
      }
      const item = await api.addWishlistItem(wishlistId, productId);
      return { wishlistId, item };
    },
  };
  return api;
}
