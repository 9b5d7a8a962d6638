/**
 * The cart domain: the shopper's cart (a buyer's current cart, or the guest cart whose id the session keeps), its
 * count, and adding to it. Owns the session's `guestCartId` and the recovery from a guest cart that is gone.
 */
import { addToCart, cartCount, cartRef } from "../webstore.server";
import type { Shop } from "./shop.server";

export interface CartHandler {
  /** The cart the shopper's reads go to: "current" for a buyer, the guest cart's id, or null (no cart yet). */
  ref(): string | null;
  /** The header's item count (sum of quantities); 0 when there is no cart or the summary fails. */
  count(): Promise<number>;
  /** Adds a product, creating the cart when there is none; throws GuestCartDisabledError for a guest without carts. */
  add(input: { productId: string; quantity: number; productSellingModelId?: string }): ReturnType<typeof addToCart>;
}

export function createCartHandler(shop: Shop): CartHandler {
  return {
    ref: () => cartRef(shop),
    count: () => cartCount(shop),
    add: (input) => addToCart(shop, input),
  };
}
