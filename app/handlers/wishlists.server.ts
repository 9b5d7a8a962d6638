/** The wishlists domain (being moved here from the routes and app/wishlists.server.ts). */
import type { Shop } from "./shop.server";

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in as the domain moves here
export interface WishlistsHandler {}

export function createWishlistsHandler(shop: Shop): WishlistsHandler {
  void shop;
  return {};
}
