/**
 * The cart's session keys (spec §4): the guest's cart, the cart page's shipping estimate, the carts saved in this
 * browser and what failed to move when the guest cart was preserved at login.
 */
import type { ShopCore } from "~/shop/core.server";
import type { CoreSessionData, SessionKeys, StoreSession } from "~/shop/session.server";

export interface CartSessionData {
  guestCartId: string;
  /**
   * The cart page's shipping estimate: the address it was asked for (or a buyer's default shipping address, to fill
   * the form in; empty when they have none) and the cart it was evaluated on (null: not evaluated yet).
   */
  shippingEstimate: { postalCode: string; country: string; cartId: string | null };
  /**
   * The carts buyers saved for later in this browser, by buyer and account (`userId|accountId`): no API resource lists
   * a buyer's carts, so the storefront remembers the ones it made (cart/server/saved-carts). Kept across sign-out, as
   * the carts are: ids only, each read through the API, which answers only its owner.
   */
  savedCarts: Record<string, string[]>;
  /** Spec §4: products that failed to move when the guest cart was preserved at login. */
  preserveCartErrorCount: number;
}

/** The shipping estimate is either shopper's: it goes at sign-in and at sign-out. */
export const CART_SESSION_KEYS: SessionKeys<CartSessionData> = {
  signedIn: ["preserveCartErrorCount", "shippingEstimate"],
  guest: ["guestCartId", "shippingEstimate"],
};

export type CartSession = StoreSession<CoreSessionData & CartSessionData>;
export type CartCore = ShopCore<CoreSessionData & CartSessionData>;
