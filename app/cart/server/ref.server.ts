/**
 * Which cart the shopper's calls go to, and forgetting a guest cart the API no longer knows: what every part of the
 * cart domain (the cart slice: cart.server and server/) starts from.
 */
import type { FetchError } from "../../../server/webstore/index";
import type { CartCore } from "~/cart/server/session.server";

/** What the cart's functions need of the request's shop (tests hand them a look-alike). */
export type CartShop = Pick<CartCore, "client" | "session" | "shopper"> &
  // The limits on new carts are the server's (a look-alike without them is never refused).
  Partial<Pick<CartCore, "context">>;

/**
 * The cart the shopper's reads go to: a buyer's current cart, or the guest cart in the session (null: a guest
 * without a cart, whose cart is empty by definition).
 */
export function cartRef(shop: Pick<CartCore, "shopper" | "session">): string | null {
  if (shop.shopper.isLoggedIn) return "current";
  return shop.session.get("guestCartId") ?? null;
}

export const isNotFound = (failure: FetchError | null) => failure?.status === 404;

/** A guest cart the API no longer knows (checked out, deleted) is forgotten: the guest's cart is empty again. */
export function forgetGoneGuestCart(shop: CartShop, failure: FetchError | null): boolean {
  if (shop.shopper.isLoggedIn || !isNotFound(failure)) return false;
  shop.session.unset("guestCartId");
  return true;
}
